import type { Prisma } from "~/generated/prisma/client";
import { isRecordId } from "~/lib/text";
import { assertAdministrator, isAdministrator } from "~/modules/auth/roles";
import { bumpSearchGeneration } from "~/modules/search/answer-cache.server";
import { notifyIndexing } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { Refusal, notFound } from "~/server/refusal";
import { shownPhotos } from "~/modules/storage/image-addresses.server";
import { publicName } from "~/modules/sellers/public-profile";
import { MODERATION_PAGE_SIZE, type ModerationKind, type ResolveAction } from "./constants";
import type { ResolveInput, UnsuspendInput } from "./schemas";

// Moderation, for administrators only (every function here refuses anyone else, whatever gate
// let them in): the open reports grouped by listing with what a moderator needs to judge them,
// and the actions. Each action is a ModerationAction row (who, what, why, when), linked from the
// reports it closed. One rule keeps listings out of sight: "hiddenAt" is set (the browse
// statement, listing details and the search documents all read it):
// - hiding a listing sets it, cause 'moderator' (the seller cannot undo it by activating);
// - suspending a seller sets it, cause 'suspension', on each of their listings not already hidden
//   by a moderator, and ends their sessions; lifting the suspension clears exactly those;
// - the three-reports rule sets it, cause 'reports' (reports.server.ts), until a moderator looks:
//   dismissing the reports clears it.

type Tx = Prisma.TransactionClient;
type Moderator = { id: string; role: string };

/** How a user is named to others: first name and the initial of the last, as on seller pages. */
const shownName = (user: { firstName: string; lastName: string }) => publicName(user.firstName, user.lastName);

const personSelect = { id: true, firstName: true, lastName: true } as const;
const person = (user: { id: string; firstName: string; lastName: string } | null) =>
  user ? { id: user.id, name: shownName(user) } : null;

const actionSelect = {
  id: true,
  kind: true,
  note: true,
  createdAt: true,
  listingId: true,
  moderator: { select: personSelect },
} as const;
type ActionRow = Prisma.ModerationActionGetPayload<{ select: typeof actionSelect }>;

/** A recorded action as the moderation page shows it: who (null: the three-reports rule), what, why, when. */
function actionDto(action: ActionRow) {
  return {
    id: action.id,
    kind: action.kind as ModerationKind,
    note: action.note,
    listingId: action.listingId,
    moderator: person(action.moderator),
    createdAt: action.createdAt.toISOString(),
  };
}
export type ModerationActionDto = ReturnType<typeof actionDto>;

const reportSelect = {
  id: true,
  reason: true,
  note: true,
  status: true,
  createdAt: true,
  resolvedAt: true,
  reporter: { select: { ...personSelect, phoneVerifiedAt: true } },
  action: { select: actionSelect },
} as const;
type ReportRow = Prisma.ListingReportGetPayload<{ select: typeof reportSelect }>;

/** A report as administrators read it: the reporter by shown name (and whether their phone is verified), never to the seller. */
function reportDto(report: ReportRow) {
  return {
    id: report.id,
    reason: report.reason,
    note: report.note,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    reporter: { ...person(report.reporter)!, phoneVerified: report.reporter.phoneVerifiedAt !== null },
    action: report.action ? actionDto(report.action) : null,
  };
}
export type ModerationReportDto = ReturnType<typeof reportDto>;

const listingSelect = {
  id: true,
  title: true,
  priceNgn: true,
  status: true,
  images: true,
  locality: true,
  createdAt: true,
  hiddenAt: true,
  hiddenCause: true,
  hiddenReason: true,
  sellerId: true,
  product: { select: { name: true, unit: true, images: true } },
} as const;

/**
 * The open reports, grouped by listing, the listing with the newest report first (at most
 * MODERATION_PAGE_SIZE listings): each with the listing, its seller's history (member since,
 * listings, sold, earlier reports and actions against them, suspended or not), its open reports,
 * and its earlier reports with the actions taken.
 */
export async function openReports(moderator: Moderator) {
  assertAdministrator(moderator, "moderation.denied");
  const newest = await prisma.listingReport.groupBy({
    by: ["listingId"],
    where: { status: "open" },
    _max: { createdAt: true },
    _count: { _all: true },
    orderBy: { _max: { createdAt: "desc" } },
    take: MODERATION_PAGE_SIZE,
  });
  const listingIds = newest.map((group) => group.listingId);
  if (listingIds.length === 0) return { listings: [], total: 0 };
  const [listings, reports, total] = await Promise.all([
    prisma.listing.findMany({ where: { id: { in: listingIds } }, select: listingSelect }),
    prisma.listingReport.findMany({
      where: { listingId: { in: listingIds } },
      select: { ...reportSelect, listingId: true },
      orderBy: { createdAt: "desc" },
    }),
    prisma.listingReport.groupBy({ by: ["listingId"], where: { status: "open" } }).then((groups) => groups.length),
  ]);
  const sellerIds = [...new Set(listings.map((listing) => listing.sellerId))];
  const histories = new Map((await Promise.all(sellerIds.map(sellerHistory))).map((history) => [history.id, history]));
  const byId = new Map(listings.map((listing) => [listing.id, listing]));
  return {
    total,
    listings: listingIds.flatMap((id) => {
      const listing = byId.get(id);
      if (!listing) return [];
      const own = reports.filter((report) => report.listingId === id);
      return [
        {
          listing: {
            id: listing.id,
            title: listing.title ?? listing.product?.name ?? null,
            unit: listing.product?.unit ?? null,
            priceNgn: listing.priceNgn.toFixed(2),
            status: listing.status,
            image: shownPhotos(listing.images)[0] ?? shownPhotos(listing.product?.images ?? [])[0] ?? null,
            locality: listing.locality,
            createdAt: listing.createdAt.toISOString(),
            hidden: listing.hiddenAt
              ? { at: listing.hiddenAt.toISOString(), cause: listing.hiddenCause, reason: listing.hiddenReason }
              : null,
          },
          seller: histories.get(listing.sellerId)!,
          reports: own.filter((report) => report.status === "open").map(reportDto),
          earlierReports: own.filter((report) => report.status !== "open").map(reportDto),
        },
      ];
    }),
  };
}
export type OpenReports = Awaited<ReturnType<typeof openReports>>;
export type ReportedListing = OpenReports["listings"][number];

/** A seller as a moderator judges them: since when, how much they list and sell, what was reported and done before. */
async function sellerHistory(sellerId: string) {
  const [seller, statuses, closedReports, actions] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: sellerId },
      select: { ...personSelect, createdAt: true, suspendedAt: true, suspensionReason: true, role: true },
    }),
    prisma.listing.groupBy({ by: ["status"], where: { sellerId }, _count: { _all: true } }),
    prisma.listingReport.count({ where: { listing: { sellerId }, status: { not: "open" } } }),
    prisma.moderationAction.findMany({
      where: { userId: sellerId },
      select: actionSelect,
      orderBy: { createdAt: "desc" },
      take: 20,
    }),
  ]);
  const count = (status: string) => statuses.find((group) => group.status === status)?._count._all ?? 0;
  return {
    id: seller.id,
    name: shownName(seller),
    memberSince: seller.createdAt.toISOString(),
    isAdmin: isAdministrator(seller),
    listings: statuses.reduce((sum, group) => sum + group._count._all, 0),
    sold: count("sold"),
    earlierReports: closedReports,
    actions: actions.map(actionDto),
    suspended: seller.suspendedAt ? { at: seller.suspendedAt.toISOString(), reason: seller.suspensionReason } : null,
  };
}
export type SellerHistory = Awaited<ReturnType<typeof sellerHistory>>;

/** The suspended sellers, most recently suspended first, with who suspended them and why. */
export async function suspendedSellers(moderator: Moderator) {
  assertAdministrator(moderator, "moderation.denied");
  const users = await prisma.user.findMany({
    where: { suspendedAt: { not: null } },
    select: {
      ...personSelect,
      suspendedAt: true,
      suspensionReason: true,
      _count: { select: { listings: true } },
      moderationsReceived: {
        where: { kind: "suspend_seller" },
        select: actionSelect,
        orderBy: { createdAt: "desc" },
        take: 1,
      },
    },
    orderBy: { suspendedAt: "desc" },
    take: 200,
  });
  return users.map((user) => ({
    id: user.id,
    name: shownName(user),
    suspendedAt: user.suspendedAt!.toISOString(),
    reason: user.suspensionReason,
    listings: user._count.listings,
    action: user.moderationsReceived[0] ? actionDto(user.moderationsReceived[0]) : null,
  }));
}
export type SuspendedSeller = Awaited<ReturnType<typeof suspendedSellers>>[number];

/** Records the listings whose documents change (inside the transaction); answers their ids, for notifyIndexing after it. */
async function recordListingsChange(tx: Tx, ids: string[]) {
  if (ids.length > 0)
    await tx.$executeRaw`INSERT INTO "SearchOutbox" (entity, "entityId") SELECT 'listing', unnest(${ids}::text[])`;
  return ids;
}

/**
 * After the commit: the worker brings each document up to date, and remembered answers of word
 * searches (answer-cache.server.ts) are not served again, so a hide takes effect at once.
 */
async function notifyListings(ids: string[]) {
  if (ids.length === 0) return;
  for (const id of ids) await notifyIndexing("listing", id);
  await bumpSearchGeneration();
}

/**
 * Suspends a seller inside `tx`: they cannot sign in (their sessions end now), and each of their
 * listings not already hidden by a moderator leaves the marketplace and search (cause
 * 'suspension'; a listing hidden by three reports joins them, the moderator having looked).
 * Answers the listings hidden.
 */
async function suspendInTx(tx: Tx, sellerId: string, reason: string, at: Date) {
  await tx.user.update({ where: { id: sellerId }, data: { suspendedAt: at, suspensionReason: reason } });
  await tx.session.deleteMany({ where: { userId: sellerId } });
  const hiding = await tx.listing.findMany({
    where: { sellerId, OR: [{ hiddenAt: null }, { hiddenCause: "reports" }] },
    select: { id: true },
  });
  const ids = hiding.map((listing) => listing.id);
  await tx.listing.updateMany({
    where: { id: { in: ids } },
    data: { hiddenAt: at, hiddenCause: "suspension", hiddenReason: reason },
  });
  return recordListingsChange(tx, ids);
}

/** 403 for suspending an administrator (oneself included): an operator's account is not moderated here. */
function refuseSuspendingAdministrator(moderator: Moderator, seller: { id: string; role: string }) {
  if (seller.id === moderator.id) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "moderation.errors.suspendSelf");
  if (isAdministrator(seller)) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "moderation.errors.suspendAdmin");
}

/**
 * Acts on a report's listing and closes all its open reports with one recorded action:
 * - dismiss: nothing was wrong; a listing hidden by the three-reports rule comes back;
 * - hide_listing: a moderator's hide, with the reason the seller is shown;
 * - suspend_seller: the seller's suspension (see suspendInTx), with the reason.
 * 404 for a report that does not exist, 409 for one already closed (another moderator acted).
 */
export async function resolveReport(moderator: Moderator, reportId: string, input: ResolveInput) {
  assertAdministrator(moderator, "moderation.denied");
  if (!isRecordId(reportId)) throw notFound("DB_RECORD_NOT_FOUND", "moderation.errors.reportNotFound");
  const action: ResolveAction = input.action;
  const note = input.note ?? null;
  const { result, changed } = await prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ listingId: string }[]>`
      SELECT "listingId" FROM "ListingReport" WHERE id = ${reportId} FOR UPDATE`;
    if (!locked) throw notFound("DB_RECORD_NOT_FOUND", "moderation.errors.reportNotFound");
    // The listing's row is the lock every report and action of it takes (reports.server.ts too).
    await tx.$queryRaw`SELECT id FROM "Listing" WHERE id = ${locked.listingId} FOR UPDATE`;
    const report = await tx.listingReport.findUniqueOrThrow({
      where: { id: reportId },
      select: {
        status: true,
        listing: {
          select: { id: true, hiddenCause: true, seller: { select: { id: true, role: true, suspendedAt: true } } },
        },
      },
    });
    if (report.status !== "open") throw new Refusal("DB_CONSTRAINT_VIOLATION", "moderation.errors.alreadyResolved");
    const { listing } = report;
    if (action === "suspend_seller") {
      refuseSuspendingAdministrator(moderator, listing.seller);
      if (listing.seller.suspendedAt)
        throw new Refusal("DB_CONSTRAINT_VIOLATION", "moderation.errors.alreadySuspended");
    }
    const recorded = await tx.moderationAction.create({
      data: { kind: action, note, moderatorId: moderator.id, userId: listing.seller.id, listingId: listing.id },
      select: actionSelect,
    });
    let changed: string[] = [];
    if (action === "dismiss" && listing.hiddenCause === "reports") {
      await tx.listing.update({
        where: { id: listing.id },
        data: { hiddenAt: null, hiddenCause: null, hiddenReason: null },
      });
      changed = await recordListingsChange(tx, [listing.id]);
    } else if (action === "hide_listing") {
      await tx.listing.update({
        where: { id: listing.id },
        data: { hiddenAt: recorded.createdAt, hiddenCause: "moderator", hiddenReason: note },
      });
      changed = await recordListingsChange(tx, [listing.id]);
    } else if (action === "suspend_seller") {
      changed = await suspendInTx(tx, listing.seller.id, note ?? "", recorded.createdAt);
    }
    const closed = await tx.listingReport.updateMany({
      where: { listingId: listing.id, status: "open" },
      data: {
        status: action === "dismiss" ? "dismissed" : "actioned",
        actionId: recorded.id,
        resolvedAt: recorded.createdAt,
      },
    });
    return { result: { action: actionDto(recorded), closedReports: closed.count }, changed };
  });
  await notifyListings(changed);
  return result;
}

/**
 * Lifts a seller's suspension: they can sign in again, and exactly the listings their suspension
 * hid come back (a moderator's own hides stay). 404 for no such user, 409 for one not suspended.
 */
export async function liftSuspension(moderator: Moderator, userId: string, input: UnsuspendInput) {
  assertAdministrator(moderator, "moderation.denied");
  if (!isRecordId(userId)) throw notFound("DB_RECORD_NOT_FOUND", "moderation.errors.userNotFound");
  const { result, changed } = await prisma.$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ suspended: boolean }[]>`
      SELECT "suspendedAt" IS NOT NULL AS suspended FROM "User" WHERE id = ${userId} FOR UPDATE`;
    if (!user) throw notFound("DB_RECORD_NOT_FOUND", "moderation.errors.userNotFound");
    if (!user.suspended) throw new Refusal("DB_CONSTRAINT_VIOLATION", "moderation.errors.notSuspended");
    const recorded = await tx.moderationAction.create({
      data: { kind: "unsuspend", note: input.note ?? null, moderatorId: moderator.id, userId },
      select: actionSelect,
    });
    await tx.user.update({ where: { id: userId }, data: { suspendedAt: null, suspensionReason: null } });
    const hidden = await tx.listing.findMany({
      where: { sellerId: userId, hiddenCause: "suspension" },
      select: { id: true },
    });
    const ids = hidden.map((listing) => listing.id);
    await tx.listing.updateMany({
      where: { id: { in: ids } },
      data: { hiddenAt: null, hiddenCause: null, hiddenReason: null },
    });
    return {
      result: { action: actionDto(recorded), listingsShown: ids.length },
      changed: await recordListingsChange(tx, ids),
    };
  });
  await notifyListings(changed);
  return result;
}
