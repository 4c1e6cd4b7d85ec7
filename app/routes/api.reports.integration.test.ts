import { afterAll, describe, expect, it } from "vitest";
import { searchBackend } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import {
  apiClient,
  indexPendingChanges,
  signedInUser,
  uniqueName,
  type SignedIn,
} from "../../tests/support/api-client";
import { createListing } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// Reporting a listing over HTTP against the real database: POST /api/market/listings/{id}/reports
// (signed in, not one's own, one open report per user per listing, limited per user), what the
// seller can read afterwards (never who reported), and the three-reports rule: open reports from
// three different users with verified phones hide the listing at once from the marketplace,
// search and its details, until an administrator looks.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const indexed: string[] = [];

afterAll(async () => {
  await searchBackend().remove(indexed.map((id) => `listing_${id}`));
});

async function listingOf(seller: SignedIn, title: string) {
  const listing = await createListing(seller.user.id, { title, locality: "Nsukka, Enugu" }, { indexed: true });
  indexed.push(listing.id);
  return listing;
}

const report = (listingId: string, who: SignedIn | null, body: unknown = { reason: "scam" }) =>
  call("POST", `/api/market/listings/${listingId}/reports`, body, { cookie: who?.cookie });

async function buyer(verified: boolean) {
  const user = await signedInUser("USER", "reporter");
  if (verified) await prisma.user.update({ where: { id: user.user.id }, data: { phoneVerifiedAt: new Date() } });
  return user;
}

/** The ids of the public marketplace's listings whose title holds `tag`, as `who` browses it. */
async function marketIds(tag: string, who: SignedIn) {
  // Words go through the search engine: its documents as the worker leaves them.
  await indexPendingChanges();
  const response = await call("GET", `/api/market/listings?search=${tag}`, undefined, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return response.body.data.listings.map((listing: { id: string }) => listing.id) as string[];
}

async function searchIds(tag: string, who: SignedIn) {
  await indexPendingChanges();
  const response = await call("GET", `/api/search?q=${tag}`, undefined, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return response.body.data.listings.map((listing: { id: string }) => listing.id) as string[];
}

describe("POST /api/market/listings/{id}/reports", () => {
  it("takes a signed-in buyer's report of someone else's listing: 201, open, with what they sent", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await listingOf(seller, uniqueName("Ugu"));
    const reporter = await buyer(false);
    const response = await report(listing.id, reporter, { reason: "misleading", note: "  Photo is of yam, not ugu  " });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      data: {
        report: { listingId: listing.id, reason: "misleading", note: "Photo is of yam, not ugu", status: "open" },
      },
    });
    const stored = await prisma.listingReport.findUniqueOrThrow({ where: { id: response.body.data.report.id } });
    expect(stored).toMatchObject({ reporterId: reporter.user.id, status: "open", actionId: null });
  });

  it("answers 401 to a visitor and stores nothing", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await listingOf(seller, uniqueName("Ugu"));
    const response = await report(listing.id, null);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
    expect(await prisma.listingReport.count({ where: { listingId: listing.id } })).toBe(0);
  });

  it("refuses a second open report by the same user with 409 DB_DUPLICATE_ENTRY, and takes one again once it is closed", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await listingOf(seller, uniqueName("Ugu"));
    const reporter = await buyer(false);
    expect((await report(listing.id, reporter)).status).toBe(201);
    const again = await report(listing.id, reporter, { reason: "other" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      error: {
        code: "DB_DUPLICATE_ENTRY",
        message: "You have already reported this listing. A moderator will look at it.",
      },
    });
    expect(await prisma.listingReport.count({ where: { listingId: listing.id } })).toBe(1);
    // Someone else reports it too: one open report each.
    expect((await report(listing.id, await buyer(false))).status).toBe(201);
    // Closed by a moderator, it may be reported again.
    await prisma.listingReport.updateMany({ where: { listingId: listing.id }, data: { status: "dismissed" } });
    expect((await report(listing.id, reporter)).status).toBe(201);
  });

  it("refuses reporting one's own listing (403) and someone else's paused or unknown one (404)", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await listingOf(seller, uniqueName("Ugu"));
    const own = await report(listing.id, seller);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({
      error: { code: "AUTHZ_INSUFFICIENT_PERMISSIONS", message: "You cannot report your own listing." },
    });
    const paused = await createListing(seller.user.id, { title: "Paused ugu", status: "paused" });
    const reporter = await buyer(false);
    for (const id of [paused.id, "cm000000000000000000000000", "not an id!", "%00"]) {
      const response = await report(encodeURIComponent(id), reporter);
      expect(response.status, id).toBe(404);
      expect(response.body.error.code, id).toBe("DB_RECORD_NOT_FOUND");
    }
    expect(await prisma.listingReport.count({ where: { listingId: { in: [listing.id, paused.id] } } })).toBe(0);
  });

  it("refuses a reason off the list and a note that is too long or cannot be stored (400), storing nothing", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await listingOf(seller, uniqueName("Ugu"));
    const reporter = await buyer(false);
    for (const body of [
      {},
      { reason: "boring" },
      { reason: "scam", note: "x".repeat(1001) },
      { reason: "scam", note: "yam\u0000" },
      { reason: "scam", note: 42 },
      { reason: "scam", reporterId: "someone" },
    ]) {
      const response = await report(listing.id, reporter, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.success).toBe(false);
    }
    const surrogate = await call("POST", `/api/market/listings/${listing.id}/reports`, undefined, {
      cookie: reporter.cookie,
      raw: '{"reason":"scam","note":"yam\\ud800"}',
    });
    expect(surrogate.status).toBe(400);
    // 1,000 characters exactly is fine.
    expect((await report(listing.id, reporter, { reason: "other", note: "ẹ".repeat(1000) })).status).toBe(201);
    expect(await prisma.listingReport.count({ where: { listingId: listing.id } })).toBe(1);
  });

  it("limits how many reports one user sends in an hour (429)", async () => {
    const seller = await signedInUser("USER", "seller");
    const reporter = await buyer(false);
    const listings = await Promise.all(
      Array.from({ length: 11 }, (_, index) => createListing(seller.user.id, { title: `Ugu ${index}` })),
    );
    const statuses: number[] = [];
    for (const listing of listings) statuses.push((await report(listing.id, reporter)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });

  it("never tells the seller who reported: nothing the seller reads names a reporter", async () => {
    const seller = await signedInUser("USER", "seller");
    const listing = await listingOf(seller, uniqueName("Ugu"));
    const reporter = await buyer(true);
    await prisma.user.update({ where: { id: reporter.user.id }, data: { firstName: "Chidinma", lastName: "Okafor" } });
    expect((await report(listing.id, reporter, { reason: "scam", note: "asked me to pay first" })).status).toBe(201);
    const reads = [
      await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: seller.cookie }),
      await call("GET", `/api/market/listings?seller_id=${seller.user.id}`, undefined, { cookie: seller.cookie }),
      await call("GET", "/my-listings", undefined, { cookie: seller.cookie }),
    ];
    for (const read of reads) {
      expect(read.status).toBe(200);
      const text = JSON.stringify(read.body);
      expect(text).not.toContain(reporter.user.id);
      expect(text).not.toContain("Chidinma");
      expect(text).not.toContain("asked me to pay first");
    }
    // And the moderation routes are not theirs.
    expect((await call("GET", "/api/admin/reports", undefined, { cookie: seller.cookie })).status).toBe(403);
  });
});

describe("three reports from verified phones", () => {
  it("hide the listing at once from the marketplace, search and its details, and record the automatic hide", async () => {
    const tag = uniqueName("ofada").replace("_", "");
    const seller = await signedInUser("USER", "seller");
    const listing = await listingOf(seller, `Ofada rice ${tag}`);
    const onlooker = await signedInUser("USER", "onlooker");
    await indexPendingChanges();
    expect(await marketIds(tag, onlooker)).toEqual([listing.id]);
    expect(await searchIds(tag, onlooker)).toEqual([listing.id]);

    const reporters = await Promise.all([buyer(true), buyer(true), buyer(true)]);
    expect((await report(listing.id, reporters[0]!)).status).toBe(201);
    expect((await report(listing.id, reporters[1]!)).status).toBe(201);
    // Two are not enough.
    expect(await marketIds(tag, onlooker)).toEqual([listing.id]);
    expect((await report(listing.id, reporters[2]!)).status).toBe(201);

    const stored = await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } });
    expect(stored.hiddenAt).not.toBeNull();
    expect(stored.hiddenCause).toBe("reports");
    const actions = await prisma.moderationAction.findMany({ where: { listingId: listing.id } });
    expect(actions).toMatchObject([{ kind: "auto_hide", moderatorId: null, userId: seller.user.id }]);

    expect(await marketIds(tag, onlooker)).toEqual([]);
    expect(await searchIds(tag, onlooker)).toEqual([]);
    const details = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: onlooker.cookie });
    expect(details.status).toBe(404);
    expect(details.body.error.code).toBe("DB_RECORD_NOT_FOUND");
    // Nobody else can report it now either: it is gone for them.
    expect((await report(listing.id, await buyer(true))).status).toBe(404);
    // The seller still sees it, and why.
    const own = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: seller.cookie });
    expect(own.status).toBe(200);
    expect(own.body.data.listing.hidden).toMatchObject({ cause: "reports", reason: null });
    const mine = await call("GET", `/api/market/listings?seller_id=${seller.user.id}`, undefined, {
      cookie: seller.cookie,
    });
    expect(mine.body.data.listings).toMatchObject([{ id: listing.id, hidden: { cause: "reports" } }]);
    expect(await searchIds(tag, seller)).toEqual([listing.id]);
  });

  it("do not hide it when the reporters' phones are not verified, nor when one user reports twice", async () => {
    const tag = uniqueName("garri").replace("_", "");
    const seller = await signedInUser("USER", "seller");
    const listing = await listingOf(seller, `Garri ${tag}`);
    const onlooker = await signedInUser("USER", "onlooker");
    for (const reporter of [await buyer(false), await buyer(false), await buyer(false), await buyer(true)])
      expect((await report(listing.id, reporter)).status).toBe(201);
    // One verified reporter's earlier, closed report does not count twice.
    const verified = await buyer(true);
    expect((await report(listing.id, verified)).status).toBe(201);
    await prisma.listingReport.updateMany({
      where: { listingId: listing.id, reporterId: verified.user.id },
      data: { status: "dismissed" },
    });
    expect((await report(listing.id, verified)).status).toBe(201);
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).hiddenAt).toBeNull();
    await indexPendingChanges();
    expect(await marketIds(tag, onlooker)).toEqual([listing.id]);
    expect(await searchIds(tag, onlooker)).toEqual([listing.id]);
    expect(await prisma.moderationAction.count({ where: { listingId: listing.id } })).toBe(0);
  });
});
