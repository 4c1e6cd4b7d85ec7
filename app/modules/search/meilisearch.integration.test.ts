import { randomBytes } from "node:crypto";
import { Meilisearch } from "meilisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchDocument } from "../../../search/documents";
import { haversineMetres, startFakeMeilisearch, type FakeMeilisearch } from "../../../tests/support/fake-meilisearch";
import type { SearchBackend, SearchQuery } from "./backend";
import { createMeilisearchBackend } from "./meilisearch.server";

// The Meilisearch backend against the local fake (tests/support/fake-meilisearch.ts) and
// against a real Meilisearch too: the run's own (tests/setup/global.ts starts the pinned build),
// or the one MEILI_TEST_HOST (and MEILI_TEST_KEY) names. The same expectations for both.

const realHost = process.env.MEILI_TEST_HOST?.trim() || null;
const realKey = process.env.MEILI_TEST_KEY?.trim() || null;
if (!realHost) {
  console.info(
    `Meilisearch backend: no real Meilisearch in this run (${process.env.MEILI_TEST_UNAVAILABLE ?? "MEILI_TEST_HOST is not set"}); the local stand-in was used.`,
  );
}

const LAGOS = { lat: 6.5244, lng: 3.3792 };
const IBADAN = { lat: 7.3775, lng: 3.947 };
const KANO = { lat: 12.0022, lng: 8.592 };

const SELLER_A = "user_seller_a";
const SELLER_B = "user_seller_b";
const STRANGER = "user_stranger";

const SYNONYMS: Record<string, string[]> = {
  cassava: ["rogo", "gbaguda"],
  rogo: ["cassava", "gbaguda"],
  gbaguda: ["cassava", "rogo"],
  "guinea corn": ["sorghum"],
};

let sequence = 0;
function document(fields: Partial<SearchDocument> & Pick<SearchDocument, "type" | "title">): SearchDocument {
  const entityId = fields.entityId ?? `e${++sequence}`;
  return {
    id: `${fields.type}_${entityId}`,
    entityId,
    snippet: "",
    keywords: [],
    geoGeohash: null,
    _geo: null,
    visibility: "public",
    ownerId: null,
    updatedAt: 1_700_000_000_000 + sequence,
    priceNgn: null,
    unit: null,
    status: "active",
    locality: null,
    image: null,
    categories: [],
    ...fields,
  };
}

const cassavaProduct = document({
  type: "product",
  entityId: "cassava",
  title: "Cassava",
  keywords: ["tubers"],
  categories: ["tubers"],
  unit: "bag",
});
const maizeLagos = document({
  type: "listing",
  entityId: "maize_lagos",
  title: "Yellow Maize",
  snippet: "₦30,000 / bag · Qty: 20 · Lagos",
  keywords: ["grains", "Lagos"],
  categories: ["grains"],
  _geo: LAGOS,
  geoGeohash: "s0bqe",
  ownerId: SELLER_A,
  priceNgn: 30000,
  unit: "bag",
  locality: "Lagos",
});
const cassavaIbadan = document({
  type: "listing",
  entityId: "cassava_ibadan",
  title: "Cassava tubers",
  keywords: ["tubers", "Ibadan"],
  categories: ["tubers"],
  _geo: IBADAN,
  ownerId: SELLER_B,
  priceNgn: 18000,
  locality: "Ibadan",
});
const cassavaKano = document({
  type: "listing",
  entityId: "cassava_kano",
  title: "Cassava flour",
  keywords: ["tubers", "Kano"],
  categories: ["tubers"],
  _geo: KANO,
  ownerId: SELLER_B,
  priceNgn: 25000,
  locality: "Kano",
});
const pausedTomatoes = document({
  type: "listing",
  entityId: "tomatoes_paused",
  title: "Fresh tomatoes",
  keywords: ["vegetables"],
  categories: ["vegetables"],
  _geo: LAGOS,
  ownerId: SELLER_A,
  visibility: "owner",
  status: "paused",
});
const farmA = document({
  type: "farm",
  entityId: "farm_a",
  title: "Green Acres Farm",
  keywords: ["cassava", "maize"],
  _geo: LAGOS,
  ownerId: SELLER_A,
  visibility: "owner",
  status: null,
});
const ALL = [cassavaProduct, maizeLagos, cassavaIbadan, cassavaKano, pausedTomatoes, farmA];

function query(fields: Partial<SearchQuery>): SearchQuery {
  return { text: "", types: [], viewerId: STRANGER, limit: 10, ...fields };
}

const ids = (hits: { document: SearchDocument }[]) => hits.map((hit) => hit.document.id);

interface Target {
  name: string;
  host: string;
  apiKey: string | null;
  fake: FakeMeilisearch | null;
}

const targets: { name: string; real: boolean }[] = [
  { name: "fake Meilisearch", real: false },
  ...(realHost ? [{ name: `real Meilisearch at ${realHost}`, real: true }] : []),
];

describe.each(targets)("Meilisearch backend against the $name", ({ real }) => {
  const indexUid = `asiiko_test_${randomBytes(4).toString("hex")}`;
  let target: Target;
  let backend: SearchBackend;

  beforeAll(async () => {
    if (real) {
      target = { name: "real", host: realHost!, apiKey: realKey, fake: null };
    } else {
      const fake = await startFakeMeilisearch({ apiKey: "test-master-key" });
      target = { name: "fake", host: fake.url, apiKey: fake.apiKey, fake };
    }
    backend = createMeilisearchBackend({ host: target.host, apiKey: target.apiKey, synonyms: SYNONYMS, indexUid });
  });

  afterAll(async () => {
    if (real)
      await new Meilisearch({ host: target.host, apiKey: target.apiKey ?? undefined }).deleteIndexIfExists(indexUid);
    await target.fake?.close();
  });

  it("prepare() creates the index with its settings and synonyms, and can run again", async () => {
    // New, then (its settings already this version's, no documents yet) empty: both to be filled.
    expect(await backend.prepare()).toEqual({ rebuild: "new" });
    expect(await backend.prepare()).toEqual({ rebuild: "empty" });
    const client = new Meilisearch({ host: target.host, apiKey: target.apiKey ?? undefined });
    const index = await client.getRawIndex(indexUid);
    expect(index.primaryKey).toBe("id");
    const settings = await client.index(indexUid).getSettings();
    expect(settings.filterableAttributes).toEqual(
      expect.arrayContaining(["type", "visibility", "ownerId", "categories", "status", "_geo"]),
    );
    expect(settings.sortableAttributes).toEqual(expect.arrayContaining(["_geo", "updatedAt"]));
    expect(settings.synonyms?.rogo).toEqual(expect.arrayContaining(["cassava"]));
    expect(settings.synonyms?.["guinea corn"]).toEqual(["sorghum"]);
    if (target.fake) {
      expect(target.fake.requestsTo("POST", "/indexes")).toHaveLength(1);
      // Sent once: the second start found them as they should be (an update re-indexes everything).
      const updates = target.fake.requestsTo("PATCH", `/indexes/${indexUid}/settings`);
      expect(updates).toHaveLength(1);
      expect(updates[0]!.body).toMatchObject({
        synonyms: SYNONYMS,
        filterableAttributes: expect.arrayContaining(["categories", "status"]),
      });
      expect(target.fake.requests.every((request) => request.authorization === "Bearer test-master-key")).toBe(true);
    }
  });

  it("finds an upserted document by a word, a one-letter typo and a synonym, and says which title words matched", async () => {
    await backend.upsert(ALL);

    const exact = await backend.search(query({ text: "cassava" }));
    expect(ids(exact.hits.product)).toEqual([cassavaProduct.id]);
    expect(ids(exact.hits.listing).sort()).toEqual([cassavaIbadan.id, cassavaKano.id].sort());
    expect(exact.totals).toEqual({ product: 1, listing: 2, farm: 0 });
    expect(exact.total).toBe(3);
    expect(exact.hits.product[0]!.matched).toEqual(["cassava"]);
    expect(exact.hits.product[0]!.document).toEqual(cassavaProduct);
    expect(exact.hits.product[0]!.distanceKm).toBeNull();

    const typo = await backend.search(query({ text: "casava", types: ["listing"] }));
    expect(ids(typo.hits.listing).sort()).toEqual([cassavaIbadan.id, cassavaKano.id].sort());
    expect(typo.hits.listing.map((hit) => hit.matched)).toEqual([["cassava"], ["cassava"]]);

    // A typo on the first letter counts as two: too many for a six-letter word.
    const firstLetter = await backend.search(query({ text: "kasava" }));
    expect(firstLetter.total).toBe(0);

    const prefix = await backend.search(query({ text: "yellow mai", types: ["listing"] }));
    expect(ids(prefix.hits.listing)).toEqual([maizeLagos.id]);
    expect(prefix.hits.listing[0]!.matched.sort()).toEqual(["maize", "yellow"]);

    const synonym = await backend.search(query({ text: "rogo", types: ["product"] }));
    expect(ids(synonym.hits.product)).toEqual([cassavaProduct.id]);
    expect(synonym.hits.product[0]!.matched).toEqual(["cassava"]);

    const nothing = await backend.search(query({ text: "cassava zebra" }));
    expect(nothing.total).toBe(0);
  });

  it("pages each kind with limit and offset, and counts them all", async () => {
    const first = await backend.search(query({ text: "cassava", types: ["listing"], limit: 1 }));
    const second = await backend.search(query({ text: "cassava", types: ["listing"], limit: 1, offset: 1 }));
    expect(first.totals.listing).toBe(2);
    expect(second.totals.listing).toBe(2);
    expect(first.hits.listing).toHaveLength(1);
    expect(second.hits.listing).toHaveLength(1);
    expect(ids([...first.hits.listing, ...second.hits.listing]).sort()).toEqual(
      [cassavaIbadan.id, cassavaKano.id].sort(),
    );
  });

  it("shows an owner-only document to its owner alone", async () => {
    const stranger = await backend.search(query({ text: "tomatoes" }));
    expect(stranger.total).toBe(0);
    const owner = await backend.search(query({ text: "tomatoes", viewerId: SELLER_A }));
    expect(ids(owner.hits.listing)).toEqual([pausedTomatoes.id]);

    const farmByStranger = await backend.search(query({ text: "green acres" }));
    expect(farmByStranger.hits.farm).toEqual([]);
    const farmByOwner = await backend.search(query({ text: "green acres", viewerId: SELLER_A }));
    expect(ids(farmByOwner.hits.farm)).toEqual([farmA.id]);

    const mine = await backend.search(query({ viewerId: SELLER_A, ownOnly: true }));
    expect(ids(mine.hits.listing).sort()).toEqual([maizeLagos.id, pausedTomatoes.id].sort());
    expect(ids(mine.hits.farm)).toEqual([farmA.id]);
    expect(mine.hits.product).toEqual([]);
  });

  it("narrows by kinds and by categories", async () => {
    const products = await backend.search(query({ text: "cassava", types: ["product"] }));
    expect(ids(products.hits.product)).toEqual([cassavaProduct.id]);
    expect(products.hits.listing).toEqual([]);
    expect(products.totals.listing).toBe(0);

    const grains = await backend.search(query({ categories: ["grains"], viewerId: SELLER_A }));
    expect(ids(grains.hits.listing)).toEqual([maizeLagos.id]);
    expect(grains.hits.product).toEqual([]);
    expect(grains.hits.farm).toEqual([]);

    const either = await backend.search(query({ categories: ["grains", "tubers"], types: ["listing"] }));
    expect(ids(either.hits.listing).sort()).toEqual([maizeLagos.id, cassavaIbadan.id, cassavaKano.id].sort());
  });

  it("keeps to a radius, nearest first, with the distance in kilometres", async () => {
    const around = await backend.search(query({ types: ["listing"], near: { ...LAGOS, radiusKm: 150 } }));
    expect(ids(around.hits.listing)).toEqual([maizeLagos.id, cassavaIbadan.id]);
    const [lagos, ibadan] = around.hits.listing;
    expect(lagos!.distanceKm).toBe(0);
    const trueKm = haversineMetres(LAGOS, IBADAN) / 1000;
    expect(trueKm).toBeGreaterThan(110);
    expect(trueKm).toBeLessThan(116);
    expect(Math.abs(ibadan!.distanceKm! - trueKm)).toBeLessThan(0.5);

    const cassavaNear = await backend.search(
      query({ text: "cassava", types: ["listing", "product"], near: { ...LAGOS, radiusKm: 150 } }),
    );
    expect(ids(cassavaNear.hits.listing)).toEqual([cassavaIbadan.id]);
    // Products have no place: a radius leaves them out.
    expect(cassavaNear.hits.product).toEqual([]);

    const far = await backend.search(query({ types: ["listing"], near: { ...LAGOS, radiusKm: 900 } }));
    expect(ids(far.hits.listing)).toEqual([maizeLagos.id, cassavaIbadan.id, cassavaKano.id]);
    const kanoKm = far.hits.listing[2]!.distanceKm!;
    expect(kanoKm).toBeGreaterThan(800);
    expect(kanoKm).toBeLessThan(860);
    expect(Math.abs(kanoKm - haversineMetres(LAGOS, KANO) / 1000)).toBeLessThan(0.5);
  });

  it("cannot be talked into a wider filter by a viewer id or a category", async () => {
    const hostileViewers = [
      `x" OR visibility = "owner`,
      `x\\" OR visibility = "owner" OR ownerId = "`,
      `${SELLER_A}\\`,
      `x' OR ownerId EXISTS OR '`,
      `") OR (visibility = "owner"`,
    ];
    for (const viewerId of hostileViewers) {
      const answer = await backend.search(query({ viewerId }));
      expect(ids(answer.hits.listing).sort(), viewerId).toEqual(
        [maizeLagos.id, cassavaIbadan.id, cassavaKano.id].sort(),
      );
      expect(answer.hits.farm, viewerId).toEqual([]);
      const own = await backend.search(query({ viewerId, ownOnly: true }));
      expect(own.total, viewerId).toBe(0);
    }
    const hostileCategory = await backend.search(
      query({ categories: [`grains" OR type = "listing`, `x"] OR visibility = "owner" OR categories IN ["x`] }),
    );
    expect(hostileCategory.total).toBe(0);
  });

  it("removes documents, and clears them all", async () => {
    await backend.remove([cassavaIbadan.id, "listing_never_indexed"]);
    const afterRemove = await backend.search(query({ text: "cassava", types: ["listing"] }));
    expect(ids(afterRemove.hits.listing)).toEqual([cassavaKano.id]);

    await backend.clear();
    const afterClear = await backend.search(query({ viewerId: SELLER_A }));
    expect(afterClear.total).toBe(0);
    // Settings survive a clear: a reindex needs no new prepare().
    await backend.upsert([cassavaProduct]);
    const again = await backend.search(query({ text: "rogo" }));
    expect(ids(again.hits.product)).toEqual([cassavaProduct.id]);
  });

  it("fills through the bulk writer: batches sent without waiting, all searchable once done", async () => {
    const writer = backend.bulkWriter!();
    // More batches than are ever left waiting at once, so the writer also waits for the oldest.
    const made = Array.from({ length: 14 }, (_, batch) =>
      Array.from({ length: 5 }, (_, index) =>
        document({ type: "listing", entityId: `bulk_${batch}_${index}`, title: `Zobo leaves lot ${batch}` }),
      ),
    );
    for (const batch of made) await writer.add(batch);
    await writer.add([]);
    await writer.done();
    const found = await backend.search(query({ text: "zobo", types: ["listing"], limit: 100 }));
    expect(found.totals.listing).toBe(70);
    await backend.remove(made.flat().map((each) => each.id));
  });

  it.skipIf(real && !realKey)("refuses a wrong API key with an error that says so and names the host", async () => {
    const wrong = createMeilisearchBackend({ host: target.host, apiKey: "not-the-key", synonyms: {}, indexUid });
    await expect(wrong.search(query({ text: "cassava" }))).rejects.toThrow(
      new RegExp(
        `Meilisearch at ${target.host.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*(invalid_api_key|The provided API key is invalid)`,
      ),
    );
    await expect(wrong.upsert([cassavaProduct])).rejects.toThrow(/HTTP 403/);
  });
});

describe("Meilisearch backend failures (fake)", () => {
  let fake: FakeMeilisearch;
  beforeAll(async () => {
    fake = await startFakeMeilisearch({ apiKey: "k" });
  });
  afterAll(async () => {
    await fake.close();
  });

  it("names the host when Meilisearch cannot be reached", async () => {
    const closed = await startFakeMeilisearch();
    const host = closed.url;
    await closed.close();
    const backend = createMeilisearchBackend({ host, apiKey: "k", synonyms: {}, indexUid: "unreachable" });
    await expect(backend.search(query({ text: "yam" }))).rejects.toThrow(
      `Meilisearch at ${host} could not be reached (searching)`,
    );
    await expect(backend.prepare()).rejects.toThrow(host);
  });

  it("throws when a task fails, with Meilisearch's reason", async () => {
    const backend = createMeilisearchBackend({ host: fake.url, apiKey: "k", synonyms: {}, indexUid: "failing" });
    await backend.prepare();
    fake.failNextTask(/^documentAdditionOrUpdate$/, "invalid_document_geo_field", "The `_geo` field is not valid.");
    await expect(backend.upsert([cassavaProduct])).rejects.toThrow(
      /indexing 1 document\(s\) \(task \d+\) failed: The `_geo` field is not valid\. \[invalid_document_geo_field\]/,
    );
    await expect(backend.upsert([document({ type: "product", entityId: "bad id!", title: "Bad" })])).rejects.toThrow(
      /invalid_document_id/,
    );
  });

  it("a bulk writer's refused batch fails done(), with Meilisearch's reason", async () => {
    const backend = createMeilisearchBackend({ host: fake.url, apiKey: "k", synonyms: {}, indexUid: "bulk-failing" });
    await backend.prepare();
    const writer = backend.bulkWriter!();
    fake.failNextTask(/^documentAdditionOrUpdate$/, "invalid_document_geo_field", "The `_geo` field is not valid.");
    await writer.add([cassavaProduct]);
    await expect(writer.done()).rejects.toThrow(
      /indexing a batch of the tables' documents \(task \d+\) failed: The `_geo` field is not valid\. \[invalid_document_geo_field\]/,
    );
  });

  it("asks for every kind in one multi-search, with the filters and the distance sort", async () => {
    const backend = createMeilisearchBackend({ host: fake.url, apiKey: "k", synonyms: {}, indexUid: "shape" });
    await backend.prepare();
    fake.reset();
    await backend.search(
      query({
        text: "yam",
        viewerId: 'a"b\\c',
        categories: ["tubers"],
        near: { ...LAGOS, radiusKm: 25 },
        limit: 5,
        offset: 10,
      }),
    );
    const [request, ...others] = fake.requests;
    expect(others).toEqual([]);
    expect(request!.path).toBe("/multi-search");
    const queries = (request!.body as { queries: Record<string, unknown>[] }).queries;
    expect(queries.map((entry) => entry.filter)).toEqual(
      ["product", "listing", "farm"].map(
        (type) =>
          `type = "${type}" AND (visibility = "public" OR ownerId = "a\\"b\\\\c") AND categories IN ["tubers"] AND _geoRadius(6.5244, 3.3792, 25000)`,
      ),
    );
    expect(queries[0]).toMatchObject({
      indexUid: "shape",
      q: "yam",
      limit: 5,
      offset: 10,
      matchingStrategy: "all",
      sort: ["_geoPoint(6.5244,3.3792):asc"],
    });
  });
});
