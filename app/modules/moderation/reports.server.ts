import { isRecordId } from "~/lib/text";
import { bumpSearchGeneration } from "~/modules/search/answer-cache.server";
import { notifyIndexing, recordIndexChange } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { Refusal, notFound } from "~/server/refusal";
import { AUTO_HIDE_REPORTERS } from "./constants";
import type { ReportInput } from "./schemas";
import { isDatabaseRefusal } from "~/server/db-errors";

// Reporting a listing: any signed-in user but its seller, one open report per user per listing
// (a partial unique index, ListingReport_open_per_reporter_key). The seller never learns who
// reported: nothing the seller can read names a reporter. Open reports from AUTO_HIDE_REPORTERS
// different users with verified phones hide the listing at once, until an administrator looks
// (moderation.server.ts: dismissing brings it back, hiding makes it a moderator's hide).

/** A report as its reporter is answered: what they sent, and that it is open. */
export interface ReportDto {
  id: string;
  listingId: string;
  reason: string;
  note: string | null;
  status: string;
  createdAt: string;
}

/**
 * Files `reporterId`'s report of a listing they can see (404 otherwise, as if it were gone; 403
 * for their own; 409 DB_DUPLICATE_ENTRY while their earlier report of it is open), and applies
 * the three-reports rule in the same transaction (the listing's row is locked meanwhile, so two
 * reports arriving together count each other).
 */
export async function reportListing(listingId: string, reporterId: string, input: ReportInput): Promise<ReportDto> {
  if (!isRecordId(listingId)) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
  const { report, hidden } = await prisma
    .$transaction(async (tx) => {
      const [listing] = await tx.$queryRaw<{ sellerId: string; status: string; hidden: boolean }[]>`
        SELECT "sellerId", status::text AS status, "hiddenAt" IS NOT NULL AS hidden
        FROM "Listing" WHERE id = ${listingId} FOR UPDATE`;
      if (!listing) throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
      if (listing.sellerId === reporterId)
        throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", "reports.errors.ownListing");
      // Someone else's paused or hidden listing: nobody else can see it, so nobody reports it.
      if (listing.status === "paused" || listing.hidden)
        throw notFound("DB_RECORD_NOT_FOUND", "listing.errors.notFound");
      const report = await tx.listingReport.create({
        data: { listingId, reporterId, reason: input.reason, note: input.note ?? null },
      });
      const [{ verified } = { verified: 0 }] = await tx.$queryRaw<{ verified: number }[]>`
        SELECT count(DISTINCT r."reporterId")::int AS verified
        FROM "ListingReport" r JOIN "User" u ON u.id = r."reporterId"
        WHERE r."listingId" = ${listingId} AND r.status = 'open' AND u."phoneVerifiedAt" IS NOT NULL`;
      if (verified < AUTO_HIDE_REPORTERS) return { report, hidden: false };
      const action = await tx.moderationAction.create({
        data: { kind: "auto_hide", listingId, userId: listing.sellerId, moderatorId: null },
      });
      await tx.listing.update({
        where: { id: listingId },
        data: { hiddenAt: action.createdAt, hiddenCause: "reports", hiddenReason: null },
      });
      await recordIndexChange(tx, "listing", listingId);
      return { report, hidden: true };
    })
    .catch((error: unknown) => {
      if (isDatabaseRefusal(error, "P2002")) throw new Refusal("DB_DUPLICATE_ENTRY", "reports.errors.alreadyReported");
      throw error;
    });
  if (hidden) {
    await notifyIndexing("listing", listingId);
    // Hidden at once: remembered answers of word searches are not served again (answer-cache.server.ts).
    await bumpSearchGeneration();
  }
  return {
    id: report.id,
    listingId: report.listingId,
    reason: report.reason,
    note: report.note,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
  };
}
