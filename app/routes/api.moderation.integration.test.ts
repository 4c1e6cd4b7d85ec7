import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/modules/auth/password.server";
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

// Moderation over HTTP against the real database: GET /api/admin/reports, POST
// /api/admin/reports/{id}/resolve (dismiss, hide the listing, suspend the seller) and POST
// /api/admin/users/{id}/unsuspend, administrators only; and what each action does to the
// marketplace (GET /api/market/listings), search (GET /api/search), the listing's details for
// others, the seller's own pages, and signing in.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const indexed: string[] = [];
const PASSWORD = "correct-horse-8";

afterAll(async () => {
  await searchBackend().remove(indexed.map((id) => `listing_${id}`));
});

/** A seller who can sign in with PASSWORD, with a listing whose title holds a tag of its own. */
async function sellerWithListing(prefix = "seller") {
  const seller = await signedInUser("USER", prefix);
  await prisma.user.update({
    where: { id: seller.user.id },
    data: { passwordHash: await hashPassword(PASSWORD), firstName: "Emeka", lastName: "Nwosu" },
  });
  const tag = uniqueName("yam").replace("_", "");
  const listing = await createListing(
    seller.user.id,
    { title: `Puna yam ${tag}`, locality: "Zaki-Biam, Benue" },
    { indexed: true },
  );
  indexed.push(listing.id);
  return { seller, listing, tag };
}

async function reported(listingId: string, note = "Asked me to pay before seeing the yams") {
  const reporter = await signedInUser("USER", "reporter");
  await prisma.user.update({ where: { id: reporter.user.id }, data: { firstName: "Amina", lastName: "Bello" } });
  const response = await call(
    "POST",
    `/api/market/listings/${listingId}/reports`,
    { reason: "scam", note },
    { cookie: reporter.cookie },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { reporter, reportId: response.body.data.report.id as string };
}

const resolve = (reportId: string, who: SignedIn | null, body: unknown) =>
  call("POST", `/api/admin/reports/${reportId}/resolve`, body, { cookie: who?.cookie });

async function marketIds(tag: string, who: SignedIn) {
  // Words go through the search engine: its documents as the worker leaves them.
  await indexPendingChanges();
  const response = await call("GET", `/api/market/listings?search=${tag}`, undefined, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return response.body.data.listings.map((listing: { id: string }) => listing.id) as string[];
}

async function newestIds(who: SignedIn) {
  const response = await call("GET", "/api/market/listings?limit=100", undefined, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return response.body.data.listings.map((listing: { id: string }) => listing.id) as string[];
}

async function searchIds(tag: string, who: SignedIn) {
  await indexPendingChanges();
  const response = await call("GET", `/api/search?q=${tag}`, undefined, { cookie: who.cookie });
  expect(response.status).toBe(200);
  return response.body.data.listings.map((listing: { id: string }) => listing.id) as string[];
}

const details = (id: string, who: SignedIn) =>
  call("GET", `/api/market/listings/${id}`, undefined, { cookie: who.cookie });

const login = (username: string, password = PASSWORD) => call("POST", "/api/login", { username, password });

describe("who reaches the moderation routes", () => {
  it("administrators only: 401 for visitors, 403 for everyone else, nothing changed", async () => {
    const { listing } = await sellerWithListing();
    const { reportId } = await reported(listing.id);
    const plain = await signedInUser("USER", "plain");
    const suspendedUser = await signedInUser("USER", "suspended");
    await prisma.user.update({ where: { id: suspendedUser.user.id }, data: { suspendedAt: new Date() } });
    const routes = [
      ["GET", "/api/admin/reports", undefined],
      ["POST", `/api/admin/reports/${reportId}/resolve`, { action: "hide_listing", note: "spam" }],
      ["POST", `/api/admin/users/${suspendedUser.user.id}/unsuspend`, {}],
    ] as const;
    for (const [method, path, body] of routes) {
      const visitor = await call(method, path, body);
      expect(visitor.status, path).toBe(401);
      expect(visitor.body.error.code).toBe("AUTH_SESSION_EXPIRED");
      const user = await call(method, path, body, { cookie: plain.cookie });
      expect(user.status, path).toBe(403);
      expect(user.body.error.code).toBe("AUTHZ_INSUFFICIENT_PERMISSIONS");
    }
    expect((await prisma.listingReport.findUniqueOrThrow({ where: { id: reportId } })).status).toBe("open");
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).hiddenAt).toBeNull();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: suspendedUser.user.id } })).suspendedAt).not.toBeNull();
    // The page too: a plain user is told it is for administrators.
    const page = await call("GET", "/moderation", undefined, { cookie: plain.cookie });
    expect(page.status).toBe(403);
    expect(String(page.body)).toContain("Only administrators can moderate reports.");
  });
});

describe("GET /api/admin/reports", () => {
  it("groups open reports by listing, newest first, with the listing, the seller's history and earlier reports", async () => {
    const admin = await signedInUser("ADMIN", "moderator");
    const older = await sellerWithListing();
    const newer = await sellerWithListing();
    await createListing(newer.seller.user.id, { title: "Sold yams", status: "sold" });
    const first = await reported(older.listing.id);
    const earlier = await reported(newer.listing.id, "first complaint");
    expect((await resolve(earlier.reportId, admin, { action: "dismiss", note: "Looks fine" })).status).toBe(200);
    const second = await reported(newer.listing.id, "second complaint");
    const third = await reported(newer.listing.id, "third complaint");

    const response = await call("GET", "/api/admin/reports", undefined, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const groups = response.body.data.listings as { listing: { id: string } }[];
    const mine = groups.filter((group) => [older.listing.id, newer.listing.id].includes(group.listing.id));
    expect(mine.map((group) => group.listing.id)).toEqual([newer.listing.id, older.listing.id]);
    expect(mine[0]).toMatchObject({
      listing: {
        id: newer.listing.id,
        title: `Puna yam ${newer.tag}`,
        priceNgn: "5000.00",
        status: "active",
        hidden: null,
      },
      seller: {
        id: newer.seller.user.id,
        name: "Emeka N.",
        listings: 2,
        sold: 1,
        earlierReports: 1,
        suspended: null,
        actions: [{ kind: "dismiss", note: "Looks fine", moderator: { id: admin.user.id } }],
      },
      reports: [
        {
          id: third.reportId,
          reason: "scam",
          note: "third complaint",
          reporter: { name: "Amina B.", phoneVerified: false },
        },
        { id: second.reportId, note: "second complaint" },
      ],
      earlierReports: [
        {
          id: earlier.reportId,
          status: "dismissed",
          note: "first complaint",
          action: { kind: "dismiss", note: "Looks fine", moderator: { id: admin.user.id, name: "Test A." } },
        },
      ],
    });
    expect(mine[1]).toMatchObject({ reports: [{ id: first.reportId }], earlierReports: [] });
    // Administrators read reporters' shown names only: no e-mail, no phone, no username.
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(first.reporter.user.username);
    expect(response.body.data.suspendedSellers).toEqual(expect.any(Array));
  });
});

describe("POST /api/admin/reports/{id}/resolve", () => {
  it("dismiss: closes every open report of the listing with one recorded action; the listing stays", async () => {
    const admin = await signedInUser("ADMIN", "moderator");
    const { listing, tag } = await sellerWithListing();
    const one = await reported(listing.id);
    const two = await reported(listing.id);
    const response = await resolve(two.reportId, admin, { action: "dismiss" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ action: { kind: "dismiss", note: null }, closedReports: 2 });
    const reports = await prisma.listingReport.findMany({ where: { listingId: listing.id } });
    expect(reports.map((report) => report.status)).toEqual(["dismissed", "dismissed"]);
    expect(new Set(reports.map((report) => report.actionId))).toEqual(new Set([response.body.data.action.id]));
    expect(reports.every((report) => report.resolvedAt !== null)).toBe(true);
    const onlooker = await signedInUser("USER", "onlooker");
    expect(await marketIds(tag, onlooker)).toEqual([listing.id]);
    // Closed: acting on it again is refused.
    const again = await resolve(one.reportId, admin, { action: "hide_listing", note: "changed my mind" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "DB_CONSTRAINT_VIOLATION",
      message: "This report was already resolved.",
    });
  });

  it("dismiss brings back a listing the three-reports rule hid", async () => {
    const admin = await signedInUser("ADMIN", "moderator");
    const { listing, tag } = await sellerWithListing();
    let last = "";
    for (let index = 0; index < 3; index += 1) {
      const { reporter, reportId } = await reported(listing.id);
      await prisma.user.update({ where: { id: reporter.user.id }, data: { phoneVerifiedAt: new Date() } });
      last = reportId;
    }
    // Verified after reporting: the next report applies the rule (four open reports, three verified).
    await reported(listing.id);
    const onlooker = await signedInUser("USER", "onlooker");
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).hiddenCause).toBe("reports");
    expect(await marketIds(tag, onlooker)).toEqual([]);
    expect((await resolve(last, admin, { action: "dismiss", note: "Checked with the seller" })).status).toBe(200);
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).hiddenAt).toBeNull();
    expect(await marketIds(tag, onlooker)).toEqual([listing.id]);
    expect(await searchIds(tag, onlooker)).toEqual([listing.id]);
    expect((await details(listing.id, onlooker)).status).toBe(200);
  });

  it("hide_listing: needs a reason; hides it from everyone but its seller, who sees why and cannot activate it", async () => {
    const admin = await signedInUser("ADMIN", "moderator");
    const { seller, listing, tag } = await sellerWithListing();
    const onlooker = await signedInUser("USER", "onlooker");
    await indexPendingChanges();
    expect(await searchIds(tag, onlooker)).toEqual([listing.id]);
    const { reportId } = await reported(listing.id);

    const withoutNote = await resolve(reportId, admin, { action: "hide_listing" });
    expect(withoutNote.status).toBe(400);
    expect(withoutNote.body.error.message).toBe("Say why: the seller is shown it.");
    for (const body of [
      { action: "delete_everything", note: "x" },
      { action: "hide_listing", note: "x".repeat(1001) },
    ])
      expect((await resolve(reportId, admin, body)).status).toBe(400);
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).hiddenAt).toBeNull();

    const response = await resolve(reportId, admin, {
      action: "hide_listing",
      note: "Photos taken from another seller",
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      action: { kind: "hide_listing", note: "Photos taken from another seller", moderator: { id: admin.user.id } },
      closedReports: 1,
    });
    expect(await prisma.listingReport.findUniqueOrThrow({ where: { id: reportId } })).toMatchObject({
      status: "actioned",
      actionId: response.body.data.action.id,
    });

    // Gone for everyone else: the marketplace (words or not), search, the details.
    expect(await marketIds(tag, onlooker)).toEqual([]);
    expect(await newestIds(onlooker)).not.toContain(listing.id);
    expect(await searchIds(tag, onlooker)).toEqual([]);
    expect((await details(listing.id, onlooker)).status).toBe(404);
    expect(
      (await call("GET", `/api/market/listings?seller_id=${seller.user.id}`, undefined, { cookie: onlooker.cookie }))
        .body.data.listings,
    ).toEqual([]);
    // Its seller still has it, with the reason, in My Listings and in their own search.
    const own = await details(listing.id, seller);
    expect(own.status).toBe(200);
    expect(own.body.data.listing.hidden).toMatchObject({
      cause: "moderator",
      reason: "Photos taken from another seller",
    });
    const mine = await call("GET", `/api/market/listings?seller_id=${seller.user.id}`, undefined, {
      cookie: seller.cookie,
    });
    expect(mine.body.data.listings).toMatchObject([{ id: listing.id, hidden: { cause: "moderator" } }]);
    expect(await searchIds(tag, seller)).toEqual([listing.id]);
    const page = await call("GET", "/my-listings", undefined, { cookie: seller.cookie });
    expect(String(page.body)).toContain("Hidden by a moderator");
    expect(String(page.body)).toContain("Photos taken from another seller");

    // The seller may pause it, never make it active again: not by the button, not by the form.
    const patch = (body: unknown) =>
      call("PATCH", `/api/market/listings/${listing.id}`, body, { cookie: seller.cookie });
    expect((await patch({ status: "paused" })).status).toBe(200);
    const activate = await patch({ status: "active" });
    expect(activate.status).toBe(403);
    expect(activate.body.error).toMatchObject({
      code: "AUTHZ_INSUFFICIENT_PERMISSIONS",
      message: "A moderator hid this listing, so it cannot be made active again. To ask about it, contact support.",
    });
    const form = await patch({
      title: "Puna yam, fresh",
      priceNgn: "4000.00",
      quantity: 3,
      condition: "new",
      images: ["/images/products/maize.svg"],
      status: "active",
    });
    expect(form.status).toBe(403);
    const stored = await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } });
    expect(stored).toMatchObject({ status: "paused", hiddenCause: "moderator" });
    expect(stored.priceNgn.toFixed(2)).toBe("5000.00");
  });

  it("refuses unknown and malformed report ids (404) and a strange body (400)", async () => {
    const admin = await signedInUser("ADMIN", "moderator");
    for (const id of ["cm000000000000000000000000", "not%20an%20id", "%00"]) {
      const response = await resolve(id, admin, { action: "dismiss" });
      expect(response.status, id).toBe(404);
      expect(response.body.success).toBe(false);
    }
    expect((await resolve("cm000000000000000000000000", admin, { action: "dismiss" })).body.error.code).toBe(
      "DB_RECORD_NOT_FOUND",
    );
    const { listing } = await sellerWithListing();
    const { reportId } = await reported(listing.id);
    for (const body of [{}, { action: "dismiss", note: "a\u0000b" }, { action: "dismiss", extra: 1 }, []])
      expect((await resolve(reportId, admin, body)).status, JSON.stringify(body)).toBe(400);
    expect((await prisma.listingReport.findUniqueOrThrow({ where: { id: reportId } })).status).toBe("open");
  });

  it("refuses suspending an administrator, oneself included", async () => {
    const admin = await signedInUser("ADMIN", "moderator");
    const other = await signedInUser("ADMIN", "moderator");
    for (const [owner, message] of [
      [admin, "You cannot suspend yourself."],
      [other, "An administrator cannot be suspended here."],
    ] as const) {
      const listing = await createListing(owner.user.id, { title: "Admin's maize" });
      const { reportId } = await reported(listing.id);
      const response = await resolve(reportId, admin, { action: "suspend_seller", note: "testing" });
      expect(response.status).toBe(403);
      expect(response.body.error).toMatchObject({ code: "AUTHZ_INSUFFICIENT_PERMISSIONS", message });
      expect((await prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } })).suspendedAt).toBeNull();
      expect((await prisma.listingReport.findUniqueOrThrow({ where: { id: reportId } })).status).toBe("open");
    }
  });
});

describe("suspending a seller, and lifting the suspension", () => {
  it("ends their sessions, refuses their sign-in with the support contact, hides every listing; lifting brings them back", async () => {
    const admin = await signedInUser("ADMIN", "moderator");
    const { seller, listing, tag } = await sellerWithListing();
    const second = await createListing(seller.user.id, { title: `Water yam ${tag}` }, { indexed: true });
    indexed.push(second.id);
    const hiddenBefore = await createListing(
      seller.user.id,
      { title: `Old yam ${tag}`, hiddenAt: new Date(), hiddenCause: "moderator", hiddenReason: "Stolen photos" },
      { indexed: true },
    );
    indexed.push(hiddenBefore.id);
    const onlooker = await signedInUser("USER", "onlooker");
    await indexPendingChanges();
    expect((await marketIds(tag, onlooker)).sort()).toEqual([listing.id, second.id].sort());
    expect((await login(seller.user.username)).status).toBe(200);

    const { reportId } = await reported(listing.id);
    const response = await resolve(reportId, admin, { action: "suspend_seller", note: "Repeated advance-fee scams" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.action).toMatchObject({ kind: "suspend_seller", note: "Repeated advance-fee scams" });
    expect(await prisma.user.findUniqueOrThrow({ where: { id: seller.user.id } })).toMatchObject({
      suspensionReason: "Repeated advance-fee scams",
    });

    // Signed out everywhere, and cannot sign in again: told whom to write to.
    expect((await call("GET", "/api/user", undefined, { cookie: seller.cookie })).status).toBe(401);
    expect(await prisma.session.count({ where: { userId: seller.user.id } })).toBe(0);
    const refused = await login(seller.user.username);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      error: {
        code: "AUTH_ACCOUNT_LOCKED",
        message: "This account is suspended. To ask why or to appeal, write to support@asiiko.ng.",
      },
    });
    expect(refused.cookie ?? "").not.toMatch(/__session=[^;]/);
    // A wrong password is answered as ever: nothing tells a stranger the account is suspended.
    expect((await login(seller.user.username, "wrong-password-1")).status).toBe(401);

    // Every listing of theirs left the marketplace and search; the one a moderator hid keeps its own reason.
    expect(await marketIds(tag, onlooker)).toEqual([]);
    expect(await newestIds(onlooker)).not.toContain(second.id);
    expect(await searchIds(tag, onlooker)).toEqual([]);
    expect((await details(second.id, onlooker)).status).toBe(404);
    const rows = await prisma.listing.findMany({ where: { sellerId: seller.user.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.id, row.hiddenCause])).toEqual([
      [listing.id, "suspension"],
      [second.id, "suspension"],
      [hiddenBefore.id, "moderator"],
    ]);
    expect(rows[1]!.hiddenReason).toBe("Repeated advance-fee scams");

    // The moderation answer lists them as suspended; suspending again is refused.
    const list = await call("GET", "/api/admin/reports", undefined, { cookie: admin.cookie });
    expect(list.body.data.suspendedSellers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: seller.user.id,
          name: "Emeka N.",
          reason: "Repeated advance-fee scams",
          listings: 3,
          action: expect.objectContaining({
            kind: "suspend_seller",
            moderator: { id: admin.user.id, name: "Test A." },
          }),
        }),
      ]),
    );
    // Nobody else can reach their listings, so nobody reports them meanwhile.
    const gone = await call(
      "POST",
      `/api/market/listings/${second.id}/reports`,
      { reason: "scam" },
      {
        cookie: onlooker.cookie,
      },
    );
    expect(gone.status).toBe(404);

    // Lifted: they sign in again, and exactly the listings the suspension hid come back.
    const lift = await call(
      "POST",
      `/api/admin/users/${seller.user.id}/unsuspend`,
      { note: "Appeal accepted" },
      {
        cookie: admin.cookie,
      },
    );
    expect(lift.status, JSON.stringify(lift.body)).toBe(200);
    expect(lift.body.data).toMatchObject({ action: { kind: "unsuspend", note: "Appeal accepted" }, listingsShown: 2 });
    expect((await login(seller.user.username)).status).toBe(200);
    expect((await marketIds(tag, onlooker)).sort()).toEqual([listing.id, second.id].sort());
    expect((await searchIds(tag, onlooker)).sort()).toEqual([listing.id, second.id].sort());
    expect((await details(hiddenBefore.id, onlooker)).status).toBe(404);
    const actions = await prisma.moderationAction.findMany({
      where: { userId: seller.user.id },
      orderBy: { createdAt: "asc" },
    });
    expect(actions.map((action) => [action.kind, action.moderatorId])).toEqual([
      ["suspend_seller", admin.user.id],
      ["unsuspend", admin.user.id],
    ]);

    // Not suspended any more: lifting again is refused, as is an unknown user.
    const again = await call("POST", `/api/admin/users/${seller.user.id}/unsuspend`, undefined, {
      cookie: admin.cookie,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This user is not suspended.");
    const unknown = await call("POST", "/api/admin/users/cm000000000000000000000000/unsuspend", undefined, {
      cookie: admin.cookie,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("DB_RECORD_NOT_FOUND");
  });
});
