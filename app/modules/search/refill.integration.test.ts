import { randomBytes } from "node:crypto";
import { Meilisearch } from "meilisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing, deleteListing } from "~/modules/listings/listings.server";
import { listingSchema } from "~/modules/listings/schemas";
import { prisma } from "~/server/db.server";
import { listingDocument } from "../../../search/documents";
import { meilisearchSettings } from "../../../search/settings";
import { meilisearchSynonyms } from "../../../search/synonyms";
import { startFakeMeilisearch } from "../../../tests/support/fake-meilisearch";
import type { SearchBackend } from "./backend";
import { prepareSearchIndex } from "./indexing.server";
import { createMeilisearchBackend } from "./meilisearch.server";

// Pointed at a new or emptied Meilisearch, or at an index made with older settings, the app fills
// it from the tables by itself (the worker calls prepareSearchIndex at its start), without
// emptying it first, so search keeps answering while it fills; documents whose record is gone
// are removed. On the run's real Meilisearch (tests/setup/global.ts) and on the local stand-in.

const tag = randomBytes(4).toString("hex");
const realHost = process.env.MEILI_TEST_HOST?.trim() || null;
const realKey = process.env.MEILI_TEST_KEY?.trim() || null;
if (!realHost)
  console.info(
    `search index filling: no real Meilisearch in this run (${process.env.MEILI_TEST_UNAVAILABLE ?? "MEILI_TEST_HOST is not set"}); the local stand-in only`,
  );

type Engine = { host: string; key: string | null; stop: () => Promise<void> };
const engines: [string, () => Promise<Engine>][] = [
  ...(realHost
    ? [
        ["Meilisearch", async () => ({ host: realHost, key: realKey, stop: async () => {} })] as [
          string,
          () => Promise<Engine>,
        ],
      ]
    : []),
  [
    "the local stand-in",
    async () => {
      const fake = await startFakeMeilisearch({ apiKey: "refill-key" });
      return { host: fake.url, key: "refill-key", stop: () => fake.close() };
    },
  ],
];

/** A hold always free, as for the only worker. */
const freeHold = { take: async () => true, release: async () => {} };

describe.each(engines)("filling the index on %s", (_name, start) => {
  let engine: Engine;
  let seller = "";
  const listingIds: string[] = [];
  const indexes: string[] = [];
  let serial = 0;

  /** A backend on an index of its own, new to the engine. */
  function freshBackend(): { backend: SearchBackend; uid: string } {
    const uid = `refill_${tag}_${++serial}`;
    indexes.push(uid);
    return {
      uid,
      backend: createMeilisearchBackend({
        host: engine.host,
        apiKey: engine.key,
        synonyms: meilisearchSynonyms(),
        indexUid: uid,
      }),
    };
  }
  const client = () => new Meilisearch({ host: engine.host, apiKey: engine.key ?? undefined });
  const found = async (backend: SearchBackend, text: string) =>
    (await backend.search({ text, types: ["listing"], limit: 50, viewerId: seller })).hits.listing.map(
      (hit) => hit.document.entityId,
    );

  beforeAll(async () => {
    engine = await start();
    seller = (
      await prisma.user.create({
        data: { username: `refill_${tag}`, passwordHash: "x", firstName: "Refill", lastName: "Test", role: "USER" },
      })
    ).id;
    for (const title of [`Bambara nuts ${tag}`, `Tiger nuts ${tag}`, `Locust beans ${tag}`]) {
      const listing = await createListing(
        listingSchema.parse({
          custom: true,
          title,
          priceNgn: "9000",
          quantity: 4,
          condition: "new",
          images: ["/images/products/maize.svg"],
          latitude: 9.0765,
          longitude: 7.3986,
          locality: "Abuja",
        }),
        seller,
      );
      listingIds.push(listing.id);
    }
  });

  afterAll(async () => {
    for (const uid of indexes) await client().deleteIndex(uid).waitTask();
    await prisma.listing.deleteMany({ where: { sellerId: seller } });
    await prisma.user.delete({ where: { id: seller } });
    await engine.stop();
  });

  it("fills a new index from the tables, and leaves a filled one alone at the next start", async () => {
    const { backend } = freshBackend();
    const first = await prepareSearchIndex(backend, freeHold);
    expect(first.rebuild).toBe("new");
    await first.filling;
    expect((await found(backend, `nuts ${tag}`)).sort()).toEqual([listingIds[0], listingIds[1]].sort());
    expect(await found(backend, `locust ${tag}`)).toEqual([listingIds[2]]);
    const again = await prepareSearchIndex(backend, freeHold);
    expect(again).toEqual({ rebuild: null, filling: null });
  });

  it("fills an emptied index, and keeps answering while it fills", async () => {
    const { backend, uid } = freshBackend();
    await (
      await prepareSearchIndex(backend, freeHold)
    ).filling;
    await client().index(uid).deleteAllDocuments().waitTask();
    expect(await found(backend, `nuts ${tag}`)).toEqual([]);
    const emptied = await prepareSearchIndex(backend, freeHold);
    expect(emptied.rebuild).toBe("empty");
    // Searches while the filling runs answer (what is there so far), never fail.
    const during = await Promise.all([found(backend, `nuts ${tag}`), found(backend, `beans ${tag}`)]);
    for (const answer of during) expect(Array.isArray(answer)).toBe(true);
    await emptied.filling;
    expect(await found(backend, `nuts ${tag}`)).toHaveLength(2);
  });

  it("brings an index made with older settings to this version's and fills it again", async () => {
    const { backend, uid } = freshBackend();
    await (
      await prepareSearchIndex(backend, freeHold)
    ).filling;
    // As an older version left it: 'status' not yet filterable, fewer synonyms.
    await client()
      .index(uid)
      .updateSettings({
        filterableAttributes: meilisearchSettings.filterableAttributes.filter((field) => field !== "status"),
        synonyms: { cassava: ["rogo"] },
      })
      .waitTask();
    const older = await prepareSearchIndex(backend, freeHold);
    expect(older.rebuild).toBe("settings");
    await older.filling;
    const settings = await client().index(uid).getSettings();
    expect(settings.filterableAttributes).toEqual(expect.arrayContaining(["status"]));
    expect(Object.keys(settings.synonyms ?? {}).length).toBeGreaterThan(1);
    expect(await found(backend, `nuts ${tag}`)).toHaveLength(2);
    expect((await prepareSearchIndex(backend, freeHold)).rebuild).toBeNull();
  });

  it("removes the documents whose record is gone, and only those", async () => {
    const { backend, uid } = freshBackend();
    await (
      await prepareSearchIndex(backend, freeHold)
    ).filling;
    // A listing deleted while the engine was away: its document stayed behind.
    const doomed = await createListing(
      listingSchema.parse({
        custom: true,
        title: `Shea butter ${tag}`,
        priceNgn: "3000",
        quantity: 1,
        condition: "new",
        images: ["/images/products/maize.svg"],
      }),
      seller,
    );
    const row = await prisma.listing.findUniqueOrThrow({ where: { id: doomed.id }, include: { product: true } });
    await backend.upsert([listingDocument(row)]);
    await deleteListing(doomed.id, seller);
    expect(await found(backend, `shea ${tag}`)).toEqual([doomed.id]);
    await client()
      .index(uid)
      .updateSettings({ rankingRules: ["words", "typo"] })
      .waitTask();
    const stale = await prepareSearchIndex(backend, freeHold);
    expect(stale.rebuild).toBe("settings");
    await stale.filling;
    expect(await found(backend, `shea ${tag}`)).toEqual([]);
    expect(await found(backend, `nuts ${tag}`)).toHaveLength(2);
  });

  it("leaves the filling to the process that holds it", async () => {
    const { backend } = freshBackend();
    const taken = { take: async () => false, release: async () => {} };
    const outcome = await prepareSearchIndex(backend, taken);
    expect(outcome).toEqual({ rebuild: "new", filling: null });
    expect(await found(backend, `nuts ${tag}`)).toEqual([]);
  });
});
