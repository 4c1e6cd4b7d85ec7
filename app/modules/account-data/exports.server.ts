import { strToU8, zipSync, type Zippable } from "fflate";
import { enqueue } from "~/jobs/enqueue.server";
import { UPLOAD_WIDTHS } from "~/modules/storage/renditions";
import { readRendition } from "~/modules/storage/uploads.server";
import { fileStore } from "~/modules/storage/file-store.server";
import { prisma } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { EXPORT_KEEP_HOURS, EXPORTS_PER_DAY } from "./constants";

// "Download my data": every row the account owns and its photos, as a ZIP of JSON files and the
// photos' largest WebP size. Asked for on Settings (or POST /api/user/export), made by a
// maintenance job, kept in the file store under private/exports/ (which no public address
// reaches) until it expires; only its owner can download it.

const exportKey = (id: string) => `private/exports/${id}.zip`;

export interface ExportView {
  id: string;
  status: "pending" | "ready" | "failed";
  createdAt: string;
  expiresAt: string;
  bytes: number | null;
  downloadUrl: string | null;
}

type ExportRow = { id: string; status: ExportView["status"]; createdAt: Date; expiresAt: Date; bytes: number | null };

function view(row: ExportRow): ExportView {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    bytes: row.bytes,
    downloadUrl: row.status === "ready" ? `/api/user/export/${row.id}` : null,
  };
}

/** The account's latest copy that has not expired, or null. */
export async function latestExport(userId: string, now = new Date()): Promise<ExportView | null> {
  const row = await prisma.accountExport.findFirst({
    where: { userId, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
  });
  return row ? view(row) : null;
}

/** Asks for a copy: the one being made is answered again rather than a second one started. */
export async function requestExport(userId: string, now = new Date()): Promise<ExportView> {
  const pending = await prisma.accountExport.findFirst({
    where: { userId, status: "pending", expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
  });
  if (pending) return view(pending);
  const today = await prisma.accountExport.count({
    where: { userId, createdAt: { gt: new Date(now.getTime() - 24 * 3600_000) } },
  });
  if (today >= EXPORTS_PER_DAY)
    throw new Refusal(429, "RATE_LIMIT_EXCEEDED", "accountData.export.tooMany", undefined, { "Retry-After": "3600" });
  const row = await prisma.accountExport.create({
    data: { userId, expiresAt: new Date(now.getTime() + EXPORT_KEEP_HOURS * 3600_000) },
  });
  try {
    await enqueue("maintenance", { task: "account-export", exportId: row.id });
  } catch (error) {
    await prisma.accountExport.delete({ where: { id: row.id } });
    logger.error({ err: error }, "account export not queued");
    throw new Refusal(503, "SYS_SERVICE_DEGRADED", "accountData.export.unavailable");
  }
  return view(row);
}

/** The ZIP of a ready copy, for its owner only; anyone else's, a pending or an expired one is 404. */
export async function readExportFile(userId: string, exportId: string, now = new Date()) {
  const row = await prisma.accountExport.findUnique({ where: { id: exportId } });
  if (!row || row.userId !== userId || row.status !== "ready" || row.expiresAt <= now)
    throw new Refusal(404, "DB_RECORD_NOT_FOUND", "accountData.export.notFound");
  const bytes = await fileStore().get(exportKey(row.id));
  if (!bytes) throw new Refusal(404, "DB_RECORD_NOT_FOUND", "accountData.export.notFound");
  return { bytes, createdAt: row.createdAt };
}

const json = (value: unknown) => strToU8(JSON.stringify(value, null, 2));

/** Every row the account owns, file by file: what the ZIP's JSON files hold. */
export async function collectAccountData(userId: string) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    // Everything but credentials: the password's and the USSD PIN's hashes, and the PIN's wrong
    // tries and lock (what someone guessing it would want to know).
    omit: { passwordHash: true, pinHash: true, pinFailures: true, pinLockedUntil: true },
  });
  const [
    sessions,
    devices,
    listings,
    farms,
    analyses,
    uploads,
    subscriptions,
    payments,
    paymentCheckouts,
    texts,
    phoneCodes,
    savedListings,
    reports,
    cart,
    orders,
    orderMessages,
    reviews,
    notifications,
    priceAlerts,
    tradeReports,
    premiumUses,
    errorReports,
    products,
    exports,
  ] = await Promise.all([
    // A session's id is what its cookie carries: the copy names it by its public id.
    prisma.session.findMany({
      where: { userId },
      omit: { id: true },
      orderBy: { createdAt: "asc" },
    }),
    // A device's key hash is a credential of the browser's, not information about the owner.
    prisma.device.findMany({ where: { userId }, omit: { keyHash: true }, orderBy: { createdAt: "asc" } }),
    prisma.listing.findMany({ where: { sellerId: userId }, orderBy: { createdAt: "asc" } }),
    prisma.farm.findMany({
      where: { ownerId: userId },
      include: { plots: { orderBy: { createdAt: "asc" } } },
      orderBy: { createdAt: "asc" },
    }),
    prisma.analysis.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    prisma.upload.findMany({ where: { ownerId: userId }, orderBy: { createdAt: "asc" } }),
    // The e-mail token is the provider's credential for stopping the renewal, not information about the owner.
    prisma.subscription.findMany({ where: { userId }, omit: { emailToken: true }, orderBy: { createdAt: "asc" } }),
    prisma.payment.findMany({ where: { userId }, orderBy: { paidAt: "asc" } }),
    prisma.paymentCheckout.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    // A code's text is sealed (and may be to a number that is not theirs): never in the copy.
    prisma.smsMessage.findMany({ where: { userId }, omit: { sealedBody: true }, orderBy: { createdAt: "asc" } }),
    // A code's hash and its wrong tries are credentials, not information about the owner: the numbers and times are.
    // The file holds the codes that verified numbers, as it always has (sign-in codes joined the table later).
    prisma.phoneCode.findMany({
      where: { userId, purpose: "verify_phone" },
      omit: { codeHash: true, attempts: true, purpose: true },
      orderBy: { createdAt: "asc" },
    }),
    prisma.savedListing.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    // What this person reported and what became of each (who moderated it is the operators' own record).
    prisma.listingReport.findMany({
      where: { reporterId: userId },
      include: { action: { select: { kind: true, createdAt: true } } },
      orderBy: { createdAt: "asc" },
    }),
    prisma.cartItem.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    // Orders they sent and received, with what was asked for and agreed.
    prisma.order.findMany({
      where: { OR: [{ buyerId: userId }, { sellerId: userId }] },
      include: { items: { orderBy: { id: "asc" } } },
      orderBy: { createdAt: "asc" },
    }),
    // The threads of those orders: what they wrote and what was written to them there.
    prisma.orderMessage.findMany({
      where: { order: { OR: [{ buyerId: userId }, { sellerId: userId }] } },
      orderBy: { createdAt: "asc" },
    }),
    prisma.review.findMany({
      where: { OR: [{ reviewerId: userId }, { sellerId: userId }] },
      orderBy: { createdAt: "asc" },
    }),
    prisma.notification.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    prisma.priceAlert.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    prisma.tradeReport.findMany({
      where: { reporterId: userId },
      include: { action: { select: { kind: true, createdAt: true } } },
      orderBy: { createdAt: "asc" },
    }),
    prisma.premiumFeatureUse.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    prisma.frontendError.findMany({ where: { userId }, orderBy: { receivedAt: "asc" } }),
    prisma.product.findMany({ where: { createdById: userId }, orderBy: { createdAt: "asc" } }),
    prisma.accountExport.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
  ]);
  return {
    files: {
      "profile.json": user,
      "sessions.json": sessions,
      "devices.json": devices,
      "listings.json": listings,
      "farms.json": farms,
      "analyses.json": analyses,
      "photos.json": uploads,
      "subscriptions.json": subscriptions,
      "payments.json": payments,
      "payment-checkouts.json": paymentCheckouts,
      "texts.json": texts,
      "phone-codes.json": phoneCodes,
      "saved-listings.json": savedListings,
      "listing-reports.json": reports,
      "cart-items.json": cart,
      "order-requests.json": orders,
      "order-messages.json": orderMessages,
      "order-reviews.json": reviews,
      "your-notifications.json": notifications,
      "price-alerts.json": priceAlerts,
      "trade-reports.json": tradeReports,
      "premium-uses.json": premiumUses,
      "error-reports.json": errorReports,
      "catalogue-products.json": products,
      "data-exports.json": exports,
    },
    uploads,
  };
}

const README = `This is a copy of everything Asiiko keeps about your account, made at your request.
Each .json file holds one kind of record: profile.json (your account, without your password),
sessions.json and devices.json (where you are signed in), listings.json, farms.json (with their
plots and boundaries), analyses.json (Asiiko AI), photos.json and the photos/ folder (the photos
you sent, in their largest web size), subscriptions.json (your plan), payments.json (each payment
received) and payment-checkouts.json (each payment you started), texts.json (text messages sent
to your phone, their words erased once sent; a code's words are never kept readable), phone-codes.json
(codes asked for to verify a phone, without the codes), saved-listings.json, listing-reports.json (listings you reported), cart-items.json,
order-requests.json (orders you sent or received, with their items), order-messages.json (the
messages of those orders), order-reviews.json (reviews you gave or received), your-notifications.json,
price-alerts.json (the prices you follow and your targets), trade-reports.json (disputes and the messages or reviews you reported), premium-uses.json,
error-reports.json (error reports your browser sent), catalogue-products.json (catalogue entries
you created, administrators only) and data-exports.json (the copies you asked for).
Nothing that lets someone in is copied: no password, USSD PIN or code, nor their hashes or tries.
Times are UTC (ISO 8601); amounts are in naira, or in kobo (1/100 naira) where the field says Kobo.
`;

/** The worker's part: reads the account, writes the ZIP, marks the copy ready (or failed). */
export async function buildExport(exportId: string) {
  const row = await prisma.accountExport.findUnique({ where: { id: exportId } });
  if (!row) return { status: "missing" as const };
  if (row.status !== "pending") return { status: row.status };
  try {
    const { files, uploads } = await collectAccountData(row.userId);
    const zip: Zippable = { "README.txt": strToU8(README) };
    for (const [name, value] of Object.entries(files)) zip[name] = json(value);
    let photos = 0;
    for (const upload of uploads) {
      if (upload.status !== "ready") continue;
      const width = [...UPLOAD_WIDTHS].reverse().find((each) => upload.sizes.includes(each)) ?? UPLOAD_WIDTHS[0];
      const purpose = upload.purpose === "analysis" ? "analysis" : "listing";
      const bytes = await readRendition(upload.id, purpose, width);
      if (!bytes) continue;
      // WebP is compressed already: stored as it is.
      zip[`photos/${upload.id}.webp`] = [new Uint8Array(bytes), { level: 0 }];
      photos += 1;
    }
    const archive = Buffer.from(zipSync(zip, { level: 6 }));
    await fileStore().put(exportKey(row.id), archive, "application/zip");
    await prisma.accountExport.update({
      where: { id: row.id },
      data: { status: "ready", bytes: archive.length, readyAt: new Date() },
    });
    return { status: "ready" as const, bytes: archive.length, photos };
  } catch (error) {
    await prisma.accountExport.update({
      where: { id: row.id },
      data: { status: "failed", error: String(error).slice(0, 200) },
    });
    throw error;
  }
}

/** Removes the files of the given copies (the rows go with the account, or with deleteExpiredExports). */
export async function removeExportFiles(ids: string[]) {
  if (ids.length > 0) await fileStore().remove(ids.map(exportKey));
}

/** Copies past their expiry: file and row. */
export async function deleteExpiredExports(now = new Date()) {
  const expired = await prisma.accountExport.findMany({ where: { expiresAt: { lte: now } }, select: { id: true } });
  const ids = expired.map((row) => row.id);
  await removeExportFiles(ids);
  await prisma.accountExport.deleteMany({ where: { id: { in: ids } } });
  return ids.length;
}
