import { randomUUID } from "node:crypto";
import { getEnv } from "~/env.server";
import type { Prisma } from "~/generated/prisma/client";
import { enqueue } from "~/jobs/enqueue.server";
import { prisma } from "~/server/db.server";
import { sharedRedisConnection } from "~/server/redis.server";
import { logger } from "~/server/logger.server";
import { singleton } from "~/server/singleton.server";
import {
  farmDocument,
  listingDocument,
  productDocument,
  type SearchDocument,
  type SearchEntity,
} from "../../../search/documents";
import { meilisearchSynonyms } from "../../../search/synonyms";
import { bumpSearchGeneration } from "./answer-cache.server";
import type { BulkWriter, RebuildReason, SearchBackend } from "./backend";
import { createMeilisearchBackend } from "./meilisearch.server";
import { createPostgresBackend } from "./postgres.server";

// Keeping the search backend in step with products, listings and farms, with nothing lost:
// 1. every write records its pending change in "SearchOutbox" inside the write's own
//    transaction (recordIndexChange), so the change exists exactly when the write does;
// 2. after the commit, a search-indexing job is queued (notifyIndexing); if Redis is down the
//    write still stands and only the job is missing;
// 3. the job (or the sweep, for changes whose job never ran) reads the entity as it is now,
//    gives the backend its document or removes it, and clears the outbox rows it covered.

type Tx = Prisma.TransactionClient;

/** Meilisearch when MEILI_HOST is set, else PostgreSQL (the embedded default). */
export function searchBackend(): SearchBackend {
  return singleton("search-backend", () => {
    const env = getEnv();
    if (!env.MEILI_HOST) return createPostgresBackend();
    return createMeilisearchBackend({
      host: env.MEILI_HOST,
      apiKey: env.MEILI_MASTER_KEY ?? null,
      synonyms: meilisearchSynonyms(),
    });
  });
}

/** Records that a product, listing or farm changed; call inside the write's transaction. */
export async function recordIndexChange(tx: Tx, entity: SearchEntity, id: string) {
  await tx.searchOutbox.create({ data: { entity, entityId: id } });
}

/** A product's name, categories and unit are part of its listings' documents: they change with it. */
export async function recordProductListingsChange(tx: Tx, productId: string) {
  await tx.$executeRaw`INSERT INTO "SearchOutbox" (entity, "entityId") SELECT 'listing', id FROM "Listing" WHERE "productId" = ${productId}`;
}

/**
 * Asks the search-indexing worker to apply a recorded change now. Called after the commit;
 * if the queue cannot be reached the outbox keeps the change and the sweep applies it.
 */
export async function notifyIndexing(entity: SearchEntity, id: string, action: "upsert" | "delete" = "upsert") {
  try {
    await enqueue("search-indexing", { entity, id, action });
  } catch (error) {
    logger.warn({ err: error, entity, id }, "search indexing not queued; the outbox sweep will apply it");
  }
}

/**
 * A write of a product, listing or farm with its index change: the change is recorded in the
 * write's transaction, and the worker is asked to apply it once the write has committed.
 * `idOf` names the entity written (for a create, read from what the write answers).
 */
export async function writeIndexed<T>(
  entity: SearchEntity,
  write: (tx: Tx) => Promise<T>,
  idOf: string | ((written: T) => string),
  action: "upsert" | "delete" = "upsert",
): Promise<T> {
  const { written, id } = await prisma.$transaction(async (tx) => {
    const result = await write(tx);
    const entityId = typeof idOf === "string" ? idOf : idOf(result);
    await recordIndexChange(tx, entity, entityId);
    return { written: result, id: entityId };
  });
  await notifyIndexing(entity, id, action);
  return written;
}

/** The entity's search document as it is now, or null when it no longer exists. */
export async function currentDocument(entity: SearchEntity, id: string): Promise<SearchDocument | null> {
  if (entity === "product") {
    const product = await prisma.product.findUnique({ where: { id } });
    return product ? productDocument(product) : null;
  }
  if (entity === "listing") {
    const listing = await prisma.listing.findUnique({
      where: { id },
      include: { product: { select: { name: true, description: true, categories: true, unit: true, images: true } } },
    });
    return listing ? listingDocument(listing) : null;
  }
  const farm = await prisma.farm.findUnique({ where: { id } });
  return farm ? farmDocument(farm) : null;
}

/**
 * Brings one entity's document up to date and clears the outbox rows recorded before it was
 * read (a change recorded meanwhile stays for its own job). Safe to run twice.
 */
export async function applyIndexChange(entity: SearchEntity, id: string, backend = searchBackend()) {
  const covered = await prisma.searchOutbox.aggregate({ where: { entity, entityId: id }, _max: { id: true } });
  const document = await currentDocument(entity, id);
  if (document) await backend.upsert([document]);
  else await backend.remove([`${entity}_${id}`]);
  await bumpSearchGeneration();
  if (covered._max.id !== null) {
    await prisma.searchOutbox.deleteMany({ where: { entity, entityId: id, id: { lte: covered._max.id } } });
  }
  return { entity, id, indexed: document !== null, removed: document === null };
}

/**
 * Applies the changes whose job never ran (Redis was down, a worker stopped): those older than
 * `olderThanMs` (a change's own job normally applies it within milliseconds; one applied twice
 * is harmless).
 */
export async function sweepIndexChanges(olderThanMs = 10_000, batch = 500, backend = searchBackend()) {
  // Age 0 is every change: a bound of 'now' could miss one written this very millisecond (the
  // column rounds to milliseconds, so it can read as a moment later than the sweep's clock).
  const where = olderThanMs > 0 ? { createdAt: { lt: new Date(Date.now() - olderThanMs) } } : {};
  const pending = await prisma.searchOutbox.findMany({
    where,
    distinct: ["entity", "entityId"],
    select: { entity: true, entityId: true },
    take: batch,
    orderBy: { entity: "asc" },
  });
  for (const change of pending) await applyIndexChange(change.entity as SearchEntity, change.entityId, backend);
  return pending.length;
}

/** Applies every pending change now, whatever its age (after an outage, after seeding); answers how many. */
export async function applyPendingIndexChanges(backend = searchBackend()) {
  let applied = 0;
  for (
    let batch = await sweepIndexChanges(0, 500, backend);
    batch > 0;
    batch = await sweepIndexChanges(0, 500, backend)
  )
    applied += batch;
  return applied;
}

/** Gives the backend the document of every product, listing and farm, `batch` records at a time; resolves once all are in. */
async function upsertFromTables(backend: SearchBackend, batch: number) {
  const counts = { product: 0, listing: 0, farm: 0 };
  const writer: BulkWriter = backend.bulkWriter?.() ?? {
    add: (documents) => backend.upsert(documents),
    done: async () => {},
  };
  for (let cursor: string | undefined; ;) {
    const products = await prisma.product.findMany({
      take: batch,
      orderBy: { id: "asc" },
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (products.length === 0) break;
    await writer.add(products.map(productDocument));
    counts.product += products.length;
    cursor = products.at(-1)!.id;
  }
  for (let cursor: string | undefined; ;) {
    const listings = await prisma.listing.findMany({
      take: batch,
      orderBy: { id: "asc" },
      include: { product: { select: { name: true, description: true, categories: true, unit: true, images: true } } },
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (listings.length === 0) break;
    await writer.add(listings.map(listingDocument));
    counts.listing += listings.length;
    cursor = listings.at(-1)!.id;
  }
  for (let cursor: string | undefined; ;) {
    const farms = await prisma.farm.findMany({
      take: batch,
      orderBy: { id: "asc" },
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    if (farms.length === 0) break;
    await writer.add(farms.map(farmDocument));
    counts.farm += farms.length;
    cursor = farms.at(-1)!.id;
  }
  await writer.done();
  return counts;
}

/** Rebuilds every document from the tables (npm run search:reindex): emptied first, so search answers little until it is done. */
export async function reindexAll(backend = searchBackend(), batch = 500) {
  await backend.prepare();
  await backend.clear();
  const started = await prisma.searchOutbox.aggregate({ _max: { id: true } });
  const counts = await upsertFromTables(backend, batch);
  await bumpSearchGeneration();
  // What was pending when the rebuild began is in it now.
  if (started._max.id !== null) await prisma.searchOutbox.deleteMany({ where: { id: { lte: started._max.id } } });
  return counts;
}

/** The ids, among `ids`, of the records of one kind that still exist. */
async function existingIds(entity: SearchEntity, ids: string[]): Promise<Set<string>> {
  const where = { where: { id: { in: ids } }, select: { id: true } } as const;
  const rows =
    entity === "product"
      ? await prisma.product.findMany(where)
      : entity === "listing"
        ? await prisma.listing.findMany(where)
        : await prisma.farm.findMany(where);
  return new Set(rows.map((row) => row.id));
}

/**
 * Fills the index from the tables without emptying it first, so search keeps answering all the
 * while (for an index found new, empty, or made with older settings): every record's document is
 * written again, then the documents whose record is gone are removed. A change made meanwhile is
 * in the outbox and applied after, as any other.
 */
export async function refillIndex(backend = searchBackend(), batch = 500) {
  const started = await prisma.searchOutbox.aggregate({ _max: { id: true } });
  const counts = await upsertFromTables(backend, batch);
  let removed = 0;
  if (backend.entries) {
    const gone: string[] = [];
    for await (const page of backend.entries(1_000)) {
      for (const entity of ["product", "listing", "farm"] as const) {
        const ofKind = page.filter((entry) => entry.type === entity);
        if (ofKind.length === 0) continue;
        const existing = await existingIds(
          entity,
          ofKind.map((entry) => entry.entityId),
        );
        gone.push(...ofKind.filter((entry) => !existing.has(entry.entityId)).map((entry) => entry.id));
      }
    }
    // After the listing, so its pages are not shifted under it.
    await backend.remove(gone);
    removed = gone.length;
  }
  await bumpSearchGeneration();
  if (started._max.id !== null) await prisma.searchOutbox.deleteMany({ where: { id: { lte: started._max.id } } });
  return { ...counts, removed };
}

/**
 * At a worker's start: prepares the backend and, when it says the index needs it (Meilisearch new,
 * emptied, or with older settings), fills it from the tables in the background. One process
 * fills it at a time (a Redis hold); the promise it answers settles when the filling is done.
 */
export async function prepareSearchIndex(
  backend = searchBackend(),
  hold: { take(): Promise<boolean>; release(): Promise<void> } = redisHold(),
): Promise<{ rebuild: RebuildReason | null; filling: Promise<void> | null }> {
  const { rebuild } = await backend.prepare();
  if (!rebuild) return { rebuild, filling: null };
  if (!(await hold.take())) {
    logger.info({ rebuild }, "search index being filled by another process");
    return { rebuild, filling: null };
  }
  logger.info({ rebuild }, "search index to be filled from the tables; search keeps answering meanwhile");
  const filling = refillIndex(backend)
    .then((counts) => logger.info({ rebuild, ...counts }, "search index filled from the tables"))
    .catch((error: unknown) =>
      logger.error({ err: error, rebuild }, "filling the search index failed; npm run search:reindex rebuilds it"),
    )
    .finally(() => hold.release().catch(() => {}));
  return { rebuild, filling };
}

/** The hold on filling the index, in Redis for an hour at most (a process that dies lets go then). */
function redisHold() {
  const key = `${getEnv().QUEUE_PREFIX}:search-refill`;
  const token = randomUUID();
  const redis = () => sharedRedisConnection("app", "app", 55);
  return {
    async take() {
      return (await redis().set(key, token, "EX", 3_600, "NX")) === "OK";
    },
    async release() {
      if ((await redis().get(key)) === token) await redis().del(key);
    },
  };
}
