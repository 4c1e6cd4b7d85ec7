import type { Prisma } from "~/generated/prisma/client";
import { verifyPassword } from "~/modules/auth/password.server";
import { releaseBuyersHolds } from "~/modules/listings/stock.server";
import { paymentProvider } from "~/modules/payments/providers.server";
import { notifyIndexing, recordIndexChange } from "~/modules/search/indexing.server";
import { discardUpload } from "~/modules/storage/uploads.server";
import { prisma } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { removeExportFiles } from "./exports.server";
import type { DeleteAccountInput } from "./schemas";

// Deleting an account (Settings, DELETE /api/user/account), confirmed by its password. What goes:
// the account, its sessions and browsers, listings, farms and plots, analyses, premium uses,
// photos of every kind but those a catalogue product shows (their files too, on disk or in the
// bucket), its copies of its data, and its search
// documents (through the outbox, in the same transaction). What stays, because the law on
// accounting and tax requires it: the subscription's payment records, detached from the account
// (no user, no name, no phone: only the provider's references, amounts and dates). A running
// subscription is cancelled with its provider first, so no renewal is charged to nobody.

/** Which of `uploadIds` a catalogue product shows (as /uploads/<id>/<width>.webp, at any width). */
async function catalogueUploads(tx: Prisma.TransactionClient, uploadIds: string[]): Promise<Set<string>> {
  if (uploadIds.length === 0) return new Set();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT u.id FROM unnest(${uploadIds}::text[]) AS u(id)
    WHERE EXISTS (
      SELECT 1 FROM "Product" p, unnest(p.images) AS image
      WHERE image LIKE '/uploads/%' AND split_part(image, '/', 3) = u.id
    )`;
  return new Set(rows.map((row) => row.id));
}

export async function deleteAccount(userId: string, input: DeleteAccountInput, now = new Date()) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw new Refusal("SEC_INVALID_TOKEN", "accountData.delete.passwordWrong", {
      fields: { password: ["accountData.delete.passwordWrong"] },
    });
  }

  // Renewal stops at the provider before anything is removed: if the provider cannot be reached,
  // nothing is deleted and the user can try again.
  const renewing = await prisma.subscription.findMany({
    // A month paid by transfer renews by itself never: only cards are charged again.
    where: { userId, method: "card", cancelAtPeriodEnd: false, status: { in: ["active", "past_due", "incomplete"] } },
  });
  for (const subscription of renewing) {
    try {
      await paymentProvider(subscription.provider).cancelAtPeriodEnd(subscription);
    } catch (error) {
      logger.error({ err: error, provider: subscription.provider }, "The payment provider refused the cancellation");
      throw new Refusal("PAY_PROCESSING_ERROR", "accountData.delete.cancelFailed");
    }
  }

  // Read in the deleting transaction, with the account's row locked: a listing or farm written
  // meanwhile (its insert waits on that lock) cannot slip past the outbox into a cascade.
  const { listings, farms, uploads, exports } = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const [listings, farms, uploads, exports] = await Promise.all([
      tx.listing.findMany({ where: { sellerId: userId }, select: { id: true } }),
      tx.farm.findMany({ where: { ownerId: userId }, select: { id: true } }),
      tx.upload.findMany({ where: { ownerId: userId }, select: { id: true, purpose: true } }),
      tx.accountExport.findMany({ where: { userId }, select: { id: true } }),
    ]);
    // A photo the catalogue shows stays (without its owner); every other one goes, whatever it
    // was sent as, so nothing of the account stays public after it.
    const shown = await catalogueUploads(
      tx,
      uploads.map((upload) => upload.id),
    );
    for (const listing of listings) await recordIndexChange(tx, "listing", listing.id);
    for (const farm of farms) await recordIndexChange(tx, "farm", farm.id);
    // Orders they were buying go with them: what sellers held for those goes back on sale.
    await releaseBuyersHolds(tx, userId);
    await tx.subscription.updateMany({
      where: { userId },
      data: { userId: null, cancelAtPeriodEnd: true, canceledAt: now },
    });
    // Sessions, browsers, listings, farms and plots, analyses, premium uses and exports go with
    // the account (ON DELETE CASCADE); error reports, catalogue entries it made and the photos
    // they show stay without it (SET NULL); its other uploads are removed below.
    await tx.user.delete({ where: { id: userId } });
    return { listings, farms, uploads: uploads.filter((upload) => !shown.has(upload.id)), exports };
  });

  // After the commit: the search documents' removal is asked for now (the outbox's sweep applies it
  // otherwise), then the files. A store out of reach leaves files no record names or serves.
  await Promise.all([
    ...listings.map((listing) => notifyIndexing("listing", listing.id, "delete")),
    ...farms.map((farm) => notifyIndexing("farm", farm.id, "delete")),
  ]);
  for (const upload of uploads) {
    await discardUpload(upload.id).catch((error: unknown) =>
      logger.error({ err: error, uploadId: upload.id }, "a deleted account's photo could not be removed"),
    );
  }
  await removeExportFiles(exports.map((each) => each.id)).catch((error: unknown) =>
    logger.error({ err: error }, "a deleted account's data copies could not be removed"),
  );
  logger.info({ listings: listings.length, farms: farms.length, photos: uploads.length }, "account deleted");
  return { listings: listings.length, farms: farms.length, photos: uploads.length };
}
