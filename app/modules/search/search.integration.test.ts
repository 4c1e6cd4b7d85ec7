import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing, deleteListing, setListingStatus } from "~/modules/listings/listings.server";
import { listingSchema } from "~/modules/listings/schemas";
import { createProduct } from "~/modules/products/products.server";
import { productSchema } from "~/modules/products/schemas";
import { prisma } from "~/server/db.server";
import type { MatchQuery, SearchBackend, SearchQuery } from "./backend";
import { applyPendingIndexChanges, recordIndexChange } from "./indexing.server";
import { meilisearchSynonyms } from "../../../search/synonyms";
import { startFakeMeilisearch } from "../../../tests/support/fake-meilisearch";
import { createMeilisearchBackend } from "./meilisearch.server";
import { createPostgresBackend } from "./postgres.server";

// The search behaviour every backend must have, written through the app's own writes (each
// records its index change in the outbox) and applied as the worker's sweep applies them.

const tag = randomBytes(4).toString("hex");
const TOWNS = {
  lagos: { latitude: 6.5244, longitude: 3.3792, locality: "Lagos" },
  ibadan: { latitude: 7.3775, longitude: 3.947, locality: "Ibadan, Oyo" },
  kano: { latitude: 12.0022, longitude: 8.592, locality: "Kano" },
};

// The same behaviour on PostgreSQL, on Meilisearch's protocol (the local stand-in), and on a
// real Meilisearch: the run's own (tests/setup/global.ts), or the one MEILI_TEST_HOST names.
const realMeili = process.env.MEILI_TEST_HOST?.trim() || null;
if (!realMeili)
  console.info(
    `search behaviour: no real Meilisearch in this run (${process.env.MEILI_TEST_UNAVAILABLE ?? "MEILI_TEST_HOST is not set"})`,
  );

type Started = { backend: SearchBackend; stop: () => Promise<void> };
const meilisearch = (host: string, apiKey: string | null): SearchBackend =>
  createMeilisearchBackend({ host, apiKey, synonyms: meilisearchSynonyms(), indexUid: `behaviour_${tag}` });
const backends: [string, () => Promise<Started>][] = [
  ["PostgreSQL", async () => ({ backend: createPostgresBackend(), stop: async () => {} })],
  [
    "Meilisearch (local stand-in)",
    async () => {
      const fake = await startFakeMeilisearch({ apiKey: "behaviour-key" });
      return { backend: meilisearch(fake.url, "behaviour-key"), stop: () => fake.close() };
    },
  ],
  ...(realMeili
    ? [
        [
          "Meilisearch",
          async () => ({
            backend: meilisearch(realMeili, process.env.MEILI_TEST_KEY?.trim() || null),
            stop: async () => {},
          }),
        ] as [string, () => Promise<Started>],
      ]
    : []),
];

describe.each(backends)("search on %s", (_name, start) => {
  let started: Started;
  // Started in beforeAll; the tests talk to it through this stand-in for the variable.
  const backend: SearchBackend = {
    get name() {
      return started.backend.name;
    },
    prepare: () => started.backend.prepare(),
    upsert: (documents) => started.backend.upsert(documents),
    remove: (ids) => started.backend.remove(ids),
    clear: () => started.backend.clear(),
    search: (query) => started.backend.search(query),
    matchingIds: (query) => started.backend.matchingIds(query),
  };
  const userIds: string[] = [];
  let seller = "";
  let buyer = "";
  let admin = "";
  const productIds: Record<string, string> = {};
  const listingIds: Record<string, string> = {};

  async function user(name: string, role: "USER" | "ADMIN" = "USER") {
    const created = await prisma.user.create({
      data: { username: `srch_${name}_${tag}`, passwordHash: "x", firstName: name, lastName: "Test", role },
    });
    userIds.push(created.id);
    return created.id;
  }

  async function product(name: string, categories: string[], unit = "kg") {
    const created = await createProduct(
      { id: admin, role: "ADMIN" },
      productSchema.parse({ name, categories, unit, isActive: true, images: [] }),
    );
    productIds[name] = created.id;
    return created.id;
  }

  async function listing(key: string, productId: string, town: keyof typeof TOWNS, price = "15000") {
    const created = await createListing(
      listingSchema.parse({
        productId,
        priceNgn: price,
        quantity: 5,
        condition: "new",
        images: ["/images/products/maize.svg"],
        status: "active",
        ...TOWNS[town],
      }),
      seller,
    );
    listingIds[key] = created.id;
    return created.id;
  }

  const search = (query: Partial<SearchQuery> & { viewerId: string }) =>
    backend.search({ text: "", types: [], limit: 50, ...query });
  const ids = (hits: { document: { entityId: string } }[]) => hits.map((hit) => hit.document.entityId);

  beforeAll(async () => {
    started = await start();
    await backend.prepare();
    admin = await user("admin", "ADMIN");
    seller = await user("seller");
    buyer = await user("buyer");
    const sorghum = await product(`Guinea Corn Sorghum ${tag}`, ["Grains & Cereals"]);
    const yam = await product(`Puna Yam Tubers ${tag}`, ["Root Vegetables"], "pieces");
    const cassava = await product(`Cassava Tubers ${tag}`, ["Root Vegetables"], "bags");
    await listing("sorghumLagos", sorghum, "lagos");
    await listing("yamIbadan", yam, "ibadan");
    await listing("cassavaKano", cassava, "kano");
    await applyPendingIndexChanges(backend);
  });

  afterAll(async () => {
    const documents = [
      ...Object.values(productIds).map((id) => `product_${id}`),
      ...Object.values(listingIds).map((id) => `listing_${id}`),
    ];
    await backend.remove(documents);
    await prisma.listing.deleteMany({ where: { sellerId: { in: userIds } } });
    await prisma.product.deleteMany({ where: { id: { in: Object.values(productIds) } } });
    await prisma.farm.deleteMany({ where: { ownerId: { in: userIds } } });
    await prisma.user.deleteMany({ where: { id: { in: userIds } } });
    await started.stop();
  });

  it("finds a product and its listings by a word, and marks the word matched", async () => {
    const answer = await search({ text: `sorghum ${tag}`, viewerId: buyer });
    expect(ids(answer.hits.product)).toEqual([productIds[`Guinea Corn Sorghum ${tag}`]]);
    expect(ids(answer.hits.listing)).toEqual([listingIds.sorghumLagos]);
    expect(answer.hits.product[0]!.matched).toContain("sorghum");
    expect(answer.totals).toMatchObject({ product: 1, listing: 1 });
  });

  it("finds through a typo", async () => {
    const answer = await search({ text: `casava ${tag}`, viewerId: buyer, types: ["product"] });
    expect(ids(answer.hits.product)).toContain(productIds[`Cassava Tubers ${tag}`]);
  });

  it("finds a crop by its Hausa, Igbo and Yoruba names (and a name of several words)", async () => {
    const names: [string, string][] = [
      ["rogo", `Cassava Tubers ${tag}`],
      ["akpu", `Cassava Tubers ${tag}`],
      ["gbaguda", `Cassava Tubers ${tag}`],
      ["doya", `Puna Yam Tubers ${tag}`],
      ["ji", `Puna Yam Tubers ${tag}`],
      ["isu", `Puna Yam Tubers ${tag}`],
      ["dawa", `Guinea Corn Sorghum ${tag}`],
      ["oka baba", `Guinea Corn Sorghum ${tag}`],
    ];
    for (const [word, product] of names) {
      const answer = await search({ text: word, viewerId: buyer, types: ["product"] });
      expect(ids(answer.hits.product), `${word} finds ${product}`).toContain(productIds[product]);
    }
    // The crop named comes before anything a typo-tolerant prefix reaches ('rogo' is one letter from 'roo[t vegetables]').
    const found = ids((await search({ text: "rogo", viewerId: buyer, types: ["product"] })).hits.product);
    const yam = found.indexOf(productIds[`Puna Yam Tubers ${tag}`]!);
    if (yam >= 0) expect(found.indexOf(productIds[`Cassava Tubers ${tag}`]!)).toBeLessThan(yam);
  });

  it("filters by type and by category", async () => {
    const products = await search({ text: tag, viewerId: buyer, types: ["product"] });
    expect(products.hits.listing).toEqual([]);
    expect(products.hits.product).toHaveLength(3);
    const roots = await search({ text: tag, viewerId: buyer, categories: ["Root Vegetables"] });
    expect(ids(roots.hits.product).sort()).toEqual(
      [productIds[`Puna Yam Tubers ${tag}`], productIds[`Cassava Tubers ${tag}`]].sort(),
    );
    expect(ids(roots.hits.listing)).not.toContain(listingIds.sorghumLagos);
  });

  it("keeps to a radius, nearest first, with known distances between Lagos, Ibadan and Kano", async () => {
    const near = { lat: TOWNS.lagos.latitude, lng: TOWNS.lagos.longitude, radiusKm: 150 };
    const answer = await search({ viewerId: seller, ownOnly: true, types: ["listing"], near });
    expect(ids(answer.hits.listing)).toEqual([listingIds.sorghumLagos, listingIds.yamIbadan]);
    expect(answer.hits.listing[0]!.distanceKm).toBe(0);
    // Lagos to Ibadan is about 113 km as the crow flies.
    expect(answer.hits.listing[1]!.distanceKm).toBeGreaterThan(105);
    expect(answer.hits.listing[1]!.distanceKm).toBeLessThan(120);
    const wide = await search({
      viewerId: seller,
      ownOnly: true,
      types: ["listing"],
      near: { ...near, radiusKm: 900 },
    });
    expect(ids(wide.hits.listing)).toEqual([listingIds.sorghumLagos, listingIds.yamIbadan, listingIds.cassavaKano]);
    expect(wide.hits.listing[2]!.distanceKm).toBeGreaterThan(780);
  });

  it("drops a paused listing for buyers (not for its seller) and brings it back when activated", async () => {
    const query = { text: `yam ${tag}`, types: ["listing" as const] };
    expect(ids((await search({ ...query, viewerId: buyer })).hits.listing)).toEqual([listingIds.yamIbadan]);
    await setListingStatus(listingIds.yamIbadan!, seller, "paused");
    await applyPendingIndexChanges(backend);
    expect((await search({ ...query, viewerId: buyer })).hits.listing).toEqual([]);
    expect(ids((await search({ ...query, viewerId: seller })).hits.listing)).toEqual([listingIds.yamIbadan]);
    await setListingStatus(listingIds.yamIbadan!, seller, "active");
    await applyPendingIndexChanges(backend);
    expect(ids((await search({ ...query, viewerId: buyer })).hits.listing)).toEqual([listingIds.yamIbadan]);
  });

  it("shows a sold listing to buyers, marked sold", async () => {
    await setListingStatus(listingIds.cassavaKano!, seller, "sold");
    await applyPendingIndexChanges(backend);
    const answer = await search({ text: `cassava ${tag}`, viewerId: buyer, types: ["listing"] });
    expect(answer.hits.listing.map((hit) => [hit.document.entityId, hit.document.status])).toEqual([
      [listingIds.cassavaKano, "sold"],
    ]);
  });

  it("forgets a deleted listing", async () => {
    const id = await listing("doomed", productIds[`Guinea Corn Sorghum ${tag}`]!, "lagos");
    await applyPendingIndexChanges(backend);
    expect(ids((await search({ text: `sorghum ${tag}`, viewerId: buyer, types: ["listing"] })).hits.listing)).toContain(
      id,
    );
    await deleteListing(id, seller);
    await applyPendingIndexChanges(backend);
    expect(
      ids((await search({ text: `sorghum ${tag}`, viewerId: buyer, types: ["listing"] })).hits.listing),
    ).not.toContain(id);
    expect(await prisma.searchOutbox.count({ where: { entityId: id } })).toBe(0);
  });

  it("finds a farm for its owner and for nobody else", async () => {
    const farm = await prisma.$transaction(async (tx) => {
      const created = await tx.farm.create({
        data: {
          ownerId: seller,
          name: `Okra Farm ${tag}`,
          crops: ["Okra"],
          centerLat: 7.4,
          centerLng: 3.9,
          geohash: "s1",
        },
      });
      await recordIndexChange(tx, "farm", created.id);
      return created;
    });
    await applyPendingIndexChanges(backend);
    expect(ids((await search({ text: `okra ${tag}`, viewerId: seller, types: ["farm"] })).hits.farm)).toEqual([
      farm.id,
    ]);
    expect((await search({ text: `okra ${tag}`, viewerId: buyer, types: ["farm"] })).hits.farm).toEqual([]);
    expect(
      (await search({ text: "", viewerId: buyer, types: ["farm"], near: { lat: 7.4, lng: 3.9, radiusKm: 5 } })).hits
        .farm,
    ).toEqual([]);
  });

  it("indexes a record whose id is as long as ids may be (100 characters)", async () => {
    const id = `long_${tag}_`.padEnd(100, "x");
    await prisma.$transaction(async (tx) => {
      await tx.listing.create({
        data: {
          id,
          productId: productIds[`Guinea Corn Sorghum ${tag}`]!,
          sellerId: seller,
          priceNgn: "9000",
          quantity: 1,
          condition: "new",
          images: ["/images/products/maize.svg"],
          status: "active",
        },
      });
      await recordIndexChange(tx, "listing", id);
    });
    await applyPendingIndexChanges(backend);
    expect(ids((await search({ text: `sorghum ${tag}`, viewerId: buyer, types: ["listing"] })).hits.listing)).toContain(
      id,
    );
  });

  it("hands a page its matches as ids: typos and local names, nearest first, owner-only and category rules kept", async () => {
    const match = (query: Partial<MatchQuery> & { viewerId: string }) =>
      backend.matchingIds({ type: "listing", text: "", limit: 50, ...query });
    expect(await match({ text: `casava ${tag}`, viewerId: buyer })).toContain(listingIds.cassavaKano);
    expect(await match({ text: `rogo ${tag}`, viewerId: buyer })).toContain(listingIds.cassavaKano);
    expect(await match({ text: `sorghum ${tag}`, viewerId: buyer })).not.toContain(listingIds.cassavaKano);
    const near = { lat: TOWNS.kano.latitude, lng: TOWNS.kano.longitude, radiusKm: 900 };
    const nearest = (await match({ viewerId: seller, ownOnly: true, near })).filter((id) =>
      Object.values(listingIds).includes(id),
    );
    expect(nearest.slice(0, 3)).toEqual([listingIds.cassavaKano, listingIds.yamIbadan, listingIds.sorghumLagos]);
    expect(await match({ viewerId: buyer, ownOnly: true, near })).toEqual([]);
    expect(await match({ text: tag, viewerId: buyer, categories: ["Grains & Cereals"] })).not.toContain(
      listingIds.yamIbadan,
    );
    expect(await match({ text: tag, viewerId: buyer, limit: 1 })).toHaveLength(1);
    // One seller's listings, as the buyer may see them; nobody's else.
    const sellers = await match({ text: tag, viewerId: buyer, ownerId: seller });
    expect(sellers).toEqual(
      expect.arrayContaining([listingIds.sorghumLagos, listingIds.yamIbadan, listingIds.cassavaKano]),
    );
    const owners = await prisma.listing.findMany({ where: { id: { in: sellers } }, select: { sellerId: true } });
    expect(new Set(owners.map((owner) => owner.sellerId))).toEqual(new Set([seller]));
    expect(await match({ text: tag, viewerId: buyer, ownerId: buyer })).toEqual([]);
    expect(await match({ text: "!!!", viewerId: buyer })).toEqual([]);
  });

  it("answers nothing, not an error, for text with nothing searchable in it", async () => {
    for (const text of ["!!!", "' OR 1=1 --", "a & b | !c", "(((", "\\"]) {
      const answer = await search({ text, viewerId: buyer });
      expect(answer.total, text).toBe(0);
    }
  });
});
