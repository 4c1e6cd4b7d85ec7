import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { distanceKm, encodeGeohash, sharedGeohash } from "~/lib/geo";
import { apiClient, indexPendingChanges, signedInUser, type SignedIn } from "./api-client";
import { serveForTests } from "./web";

// Where a listing is, as each reader is told: its seller gets the place as their phone gave it;
// everyone else gets it to about a kilometre (coordinates to 0.01°, a 6-character geohash of
// the rounded point, distances in whole kilometres). The suite a test file runs on its web
// server (whichever search backend it configured): a seller's listing near Ibadan, read by its
// seller and by a buyer through every answer `answers` names.

/** Every answer that carries a listing's place (or a distance to it). */
export function everyPlaceAnswer(listing: { id: string; sellerId: string; words: string; near: string }) {
  return [
    `/api/market/listings?seller_id=${listing.sellerId}`,
    `/api/market/listings?${listing.near}&sort=distance`,
    `/api/market/listings/${listing.id}`,
    `/marketplace/${listing.id}/seller`,
    `/marketplace?search=${listing.words}&${listing.near}&sort=distance`,
    `/marketplace.data?search=${listing.words}&${listing.near}&sort=distance`,
    `/marketplace.data?${listing.near}&sort=distance`,
    ...searchPlaceAnswers(listing),
  ];
}

/** The answers that go through the search engine: words in the listings API, /api/search and the search page. */
export function searchPlaceAnswers(listing: { words: string; near: string }) {
  return [
    `/api/market/listings?search=${listing.words}&${listing.near}`,
    `/api/search?q=${listing.words}&${listing.near}`,
    `/search?q=${listing.words}&${listing.near}`,
    `/search.data?q=${listing.words}&${listing.near}`,
  ];
}

export function listingPlaceSuite(
  answers: (listing: { id: string; sellerId: string; words: string; near: string }) => string[],
) {
  const web = serveForTests();
  const call = apiClient(() => web.baseUrl);
  const tag = `zp${randomBytes(3).toString("hex")}`;
  /** Where the seller's phone put the listing (Bodija market, Ibadan), to the metre. */
  const EXACT = { latitude: 7.413562, longitude: 3.915274 };
  /** Where a buyer searches from: about 4 km south-east. */
  const FROM = { latitude: 7.383, longitude: 3.94 };
  const exactKm = distanceKm(EXACT, FROM);
  /** What would give the exact place away in any answer: its digits, its geohash past 6 characters, the exact distance. */
  const EXACT_TRACES = [
    "7.413562",
    "3.915274",
    "7.4135",
    "3.9152",
    encodeGeohash(EXACT.latitude, EXACT.longitude, 7),
    exactKm.toFixed(3),
  ];

  let seller: SignedIn;
  let buyer: SignedIn;
  let listingId = "";

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([signedInUser("USER", "place_seller"), signedInUser("USER", "place_buyer")]);
    const created = await call(
      "POST",
      "/api/market/listings",
      {
        title: `Fresh pepper ${tag}`,
        custom: true,
        priceNgn: "4500",
        quantity: 12,
        condition: "new",
        images: ["/images/products/pepper.svg"],
        latitude: String(EXACT.latitude),
        longitude: String(EXACT.longitude),
        locality: "Bodija, Ibadan",
        status: "active",
      },
      { cookie: seller.cookie },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Its seller is told the place as given.
    expect(created.body.data.listing).toMatchObject({ latitude: EXACT.latitude, longitude: EXACT.longitude });
    listingId = created.body.data.listing.id;
    await indexPendingChanges();
  });

  const near = `lat=${FROM.latitude}&lng=${FROM.longitude}&radius_km=20`;
  const listing = () => ({ id: listingId, sellerId: seller.user.id, words: tag, near });

  async function read(path: string, who: SignedIn) {
    const response = await call("GET", path, undefined, { cookie: who.cookie });
    expect(response.status, path).toBe(200);
    return {
      body: response.body,
      text: typeof response.body === "string" ? response.body : JSON.stringify(response.body),
    };
  }

  type Listed = { id: string; latitude: number | null; longitude: number | null; distanceKm?: number };
  const ours = (items: Listed[]) => items.find((item) => item.id === listingId)!;

  describe("a listing's place", () => {
    it("reaches another reader to about a kilometre in every answer, whoever asked first", async () => {
      // The seller reads each answer first, then the buyer, then the seller again: answers kept in
      // memory for readers to share never carry the seller's view to the buyer, or the buyer's to the seller.
      for (const path of answers(listing())) {
        expect((await read(path, seller)).text, path).toContain(listingId);
        const { text } = await read(path, buyer);
        expect(text, path).toContain(listingId);
        for (const trace of EXACT_TRACES) expect(text.includes(trace), `${path} shows the buyer ${trace}`).toBe(false);
      }
    });

    it("gives the buyer coordinates to 0.01°, the distance in whole kilometres, and the geohash of the rounded point", async () => {
      const list = ours((await read(`/api/market/listings?seller_id=${seller.user.id}`, buyer)).body.data.listings);
      expect(list).toMatchObject({ latitude: 7.41, longitude: 3.92 });
      const one = (await read(`/api/market/listings/${listingId}`, buyer)).body.data.listing;
      expect(one).toMatchObject({ latitude: 7.41, longitude: 3.92 });

      for (const path of [`/api/market/listings?${near}&sort=distance`, `/api/market/listings?search=${tag}&${near}`]) {
        const listing = ours((await read(path, buyer)).body.data.listings);
        expect(listing.distanceKm, path).toBe(Math.round(exactKm));
        expect(listing).toMatchObject({ latitude: 7.41, longitude: 3.92 });
      }
      const [result] = (await read(`/api/search?q=${tag}&${near}`, buyer)).body.data.listings;
      expect(result).toMatchObject({ id: listingId, geoGeohash: sharedGeohash(EXACT.latitude, EXACT.longitude) });
      expect(result.geoGeohash).toHaveLength(6);
      expect(result.distanceKm).toBe(Math.round(exactKm));
    });

    it("gives its seller the place as their phone gave it, and the distance to a tenth of a kilometre", async () => {
      const exactTenth = Math.round(exactKm * 10) / 10;
      expect(exactTenth % 1).not.toBe(0);
      const list = ours((await read(`/api/market/listings?seller_id=${seller.user.id}`, seller)).body.data.listings);
      expect(list).toMatchObject({ latitude: EXACT.latitude, longitude: EXACT.longitude });
      const one = (await read(`/api/market/listings/${listingId}`, seller)).body.data.listing;
      expect(one).toMatchObject({ latitude: EXACT.latitude, longitude: EXACT.longitude });
      for (const path of [`/api/market/listings?${near}&sort=distance`, `/api/market/listings?search=${tag}&${near}`]) {
        const listing = ours((await read(path, seller)).body.data.listings);
        expect(listing.distanceKm, path).toBe(exactTenth);
        expect(listing).toMatchObject({ latitude: EXACT.latitude, longitude: EXACT.longitude });
      }
      const [result] = (await read(`/api/search?q=${tag}&${near}`, seller)).body.data.listings;
      expect(result).toMatchObject({ id: listingId, geoGeohash: encodeGeohash(EXACT.latitude, EXACT.longitude) });
      expect(result.distanceKm).toBe(exactTenth);
      // The seller's own pages: My Listings, and its data.
      for (const path of ["/my-listings", "/my-listings.data"]) {
        expect((await read(path, seller)).text, path).toContain(String(EXACT.latitude));
      }
      const changed = await call(
        "PATCH",
        `/api/market/listings/${listingId}`,
        { status: "active" },
        {
          cookie: seller.cookie,
        },
      );
      expect(changed.body.data.listing).toMatchObject({ latitude: EXACT.latitude, longitude: EXACT.longitude });
    });

    it("is still searched and sorted by where it really is", async () => {
      // About 4.4 km away as it really is; its rounded point (7.41, 3.92) is nearer (3.7 km): a radius
      // between the two leaves the listing out, as its real place is outside it.
      const radius = Math.ceil(exactKm * 10) / 10 + 0.05;
      const within = await read(
        `/api/market/listings?lat=${FROM.latitude}&lng=${FROM.longitude}&radius_km=${Math.max(1, radius)}&seller_id=${seller.user.id}`,
        buyer,
      );
      expect(within.body.data.listings.map((listing: { id: string }) => listing.id)).toEqual([listingId]);
      const tighter = await read(
        `/api/market/listings?lat=${FROM.latitude}&lng=${FROM.longitude}&radius_km=${Math.max(1, radius - 0.2)}&seller_id=${seller.user.id}`,
        buyer,
      );
      expect(tighter.body.data.listings).toEqual([]);
    });
  });
}
