import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient, indexPendingChanges, signedInUser, type ApiResponse, type SignedIn } from "../support/api-client";
import { createListing } from "../support/market";
import { serveForTests } from "../support/web";

// The routes the search work added or changed (GET /api/search, /search, the marketplace's and
// My Listings' search through GET /api/market/listings and their pages, and the listing details'
// seller loader), over HTTP with what a hostile or careless client sends: texts no field may hold,
// a megabyte where a word belongs (in the address and in a cookie), the wrong method, a body where
// none belongs, sent without a length, and every kind of visitor: nobody, another user, a user
// whose trial is spent. Nothing may answer 5xx; /api answers are the catalogue's JSON.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
let seller: SignedIn;
let buyer: SignedIn;
let spent: SignedIn;
let paused = "";
let active = "";

const MEGABYTE = "m".repeat(1024 * 1024);
const TEXTS = {
  nul: "maize%00bags",
  loneHigh: "yam%ED%A0%80",
  loneLow: "%ED%B0%80cassava",
  encodedLone: "%5Cud800",
  megabyte: MEGABYTE,
};
const API_PATHS = (text: string) => [
  `/api/search?q=${text}`,
  `/api/market/listings?search=${text}`,
  `/api/market/listings?search=${text}&lat=7.4&lng=3.9`,
];
const PAGE_PATHS = (text: string) => [
  `/search?q=${text}`,
  `/marketplace?search=${text}`,
  `/my-listings?search=${text}`,
];

function catalogueRefusal(response: ApiResponse) {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.body).toMatchObject({
    success: false,
    error: { code: expect.stringMatching(/^[A-Z]+_[A-Z_]+$/), message: expect.any(String) },
  });
}

beforeAll(async () => {
  seller = await signedInUser("USER", "hostile_seller");
  buyer = await signedInUser("USER", "hostile_buyer");
  spent = await signedInUser("USER", "hostile_spent");
  // A trial ended by its first premium use, with no subscription.
  await prisma.user.update({
    where: { id: spent.user.id },
    data: { firstPremiumUseAt: new Date(Date.now() - 3600_000) },
  });
  const make = async (status: "active" | "paused") =>
    (
      await createListing(
        seller.user.id,
        { title: "Hostile test maize", status, latitude: 7.4, longitude: 3.9 },
        { indexed: true },
      )
    ).id;
  active = await make("active");
  paused = await make("paused");
  await indexPendingChanges();
});

describe("the search routes under hostile input", () => {
  it("NUL bytes and lone surrogates in the search text: a catalogue answer or results, never 5xx", async () => {
    for (const text of [TEXTS.nul, TEXTS.loneHigh, TEXTS.loneLow, TEXTS.encodedLone]) {
      for (const path of API_PATHS(text)) {
        const response = await call("GET", path, undefined, { cookie: buyer.cookie });
        if (response.status === 200) expect(response.body.success, path).toBe(true);
        else catalogueRefusal(response);
      }
      for (const path of PAGE_PATHS(text)) {
        const response = await call("GET", path, undefined, { cookie: buyer.cookie });
        expect(response.status, path).toBeLessThan(500);
      }
    }
  });

  it("a megabyte in the address or in a cookie is refused with the catalogue's JSON (431), on pages and the API", async () => {
    for (const path of [
      ...API_PATHS(TEXTS.megabyte),
      ...PAGE_PATHS(TEXTS.megabyte),
      `/marketplace/${TEXTS.megabyte}/seller`,
    ]) {
      const response = await call("GET", path, undefined, { cookie: buyer.cookie });
      expect(response.status, path.slice(0, 40)).toBe(431);
      catalogueRefusal(response);
      expect(response.body.error.code).toBe("SEC_MALICIOUS_REQUEST");
    }
    for (const path of ["/api/search?q=maize", "/search?q=maize", "/marketplace/x/seller"]) {
      const response = await call("GET", path, undefined, { cookie: `${buyer.cookie}; asiiko-lang=${MEGABYTE}` });
      expect(response.status, path).toBe(431);
      catalogueRefusal(response);
    }
    // The server is still there for the next request.
    expect((await call("GET", "/api/search?q=maize", undefined, { cookie: buyer.cookie })).status).toBe(200);
  });

  it("a wrong method, and a body with no length where none belongs, get 405 as JSON", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await call(method, "/api/search?q=maize", {}, { cookie: buyer.cookie });
      expect(response.status, method).toBe(405);
      catalogueRefusal(response);
    }
    // Two megabytes, chunked (no Content-Length), to a route that reads no body.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL("/api/search?q=maize", web.baseUrl);
      const request = http.request(
        url,
        {
          method: "POST",
          headers: { Cookie: buyer.cookie, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
        },
        (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on("error", reject);
      const piece = Buffer.alloc(64 * 1024, "a");
      for (let sent = 0; sent < 2 * 1024 * 1024; sent += piece.length) request.write(piece);
      request.end();
    });
    expect(chunked.status).toBe(405);
    expect(JSON.parse(chunked.body)).toMatchObject({ success: false, error: { code: expect.any(String) } });
    // The seller loader reads nothing but its address: other methods never reach a 5xx.
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await call(method, `/marketplace/${active}/seller`, {}, { cookie: buyer.cookie });
      expect(response.status, method).toBeGreaterThanOrEqual(400);
      expect(response.status, method).toBeLessThan(500);
    }
  });

  it("nobody signed in: 401 from the API, a way to sign in from the pages and the seller loader", async () => {
    for (const path of API_PATHS("maize")) {
      const response = await call("GET", path);
      expect(response.status, path).toBe(401);
      catalogueRefusal(response);
    }
    for (const path of [...PAGE_PATHS("maize"), `/marketplace/${active}/seller`]) {
      const response = await call("GET", path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/auth\?redirectTo=/);
    }
  });

  it("another user sees the seller's active listing, never the paused one, and not as the seller's own", async () => {
    const search = await call(
      "GET",
      `/api/market/listings?search=hostile%20test%20maize&seller_id=${seller.user.id}&status=active,paused`,
      undefined,
      { cookie: buyer.cookie },
    );
    expect(search.status).toBe(200);
    expect(search.body.data.listings.map((listing: { id: string }) => listing.id)).toEqual([active]);
    const own = await call(
      "GET",
      `/api/market/listings?search=hostile%20test%20maize&seller_id=${seller.user.id}`,
      undefined,
      { cookie: seller.cookie },
    );
    expect(own.body.data.listings.map((listing: { id: string }) => listing.id).sort()).toEqual([active, paused].sort());
    const hidden = await call("GET", `/marketplace/${paused}/seller`, undefined, { cookie: buyer.cookie });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ ok: false, code: "DB_RECORD_NOT_FOUND" });
  });

  it("a user whose trial is spent searches like anyone (search is not a premium feature)", async () => {
    for (const path of [...API_PATHS("hostile%20test%20maize"), `/marketplace/${active}/seller`]) {
      const response = await call("GET", path, undefined, { cookie: spent.cookie });
      expect(response.status, path).toBe(200);
    }
    const listings = await call("GET", "/api/market/listings?search=hostile%20test%20maize", undefined, {
      cookie: spent.cookie,
    });
    expect(listings.body.data.listings.map((listing: { id: string }) => listing.id)).toContain(active);
    for (const path of PAGE_PATHS("hostile%20test%20maize")) {
      expect((await call("GET", path, undefined, { cookie: spent.cookie })).status, path).toBe(200);
    }
  });
});
