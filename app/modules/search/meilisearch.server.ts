import {
  Meilisearch,
  MeilisearchApiError,
  MeilisearchRequestError,
  MeilisearchTaskTimeOutError,
  type EnqueuedTask,
  type EnqueuedTaskPromise,
  type MultiSearchQuery,
  type Task,
} from "meilisearch";
import {
  SEARCH_DOCUMENT_FIELDS,
  SEARCH_ENTITIES,
  type SearchDocument,
  type SearchEntity,
} from "../../../search/documents";
import { SEARCH_INDEX_UID, meilisearchSettings } from "../../../search/settings";
import type { SearchAnswer, SearchBackend, SearchHit, SearchQuery } from "./backend";

// The Meilisearch backend (when MEILI_HOST is set): one index holds products, listings and
// farms; a search asks for each kind in one multi-search request, each kind filtered by the
// same visibility rule as the PostgreSQL backend. Every write waits for its task, so a search
// right after sees the change; failures become Errors naming the host (the indexing worker
// retries them). Filling the index from the tables is the exception (bulkWriter): its batches are
// sent without waiting for each, so Meilisearch merges them into large ones.

export interface MeilisearchBackendOptions {
  host: string;
  apiKey?: string | null;
  /** Meilisearch's synonyms setting (search/synonyms.ts `meilisearchSynonyms()`). */
  synonyms: Record<string, string[]>;
  indexUid?: string;
  /** How long a write may wait for its task (settings on a large index take longest). */
  taskTimeoutMs?: number;
  /** How long one HTTP request may take. */
  requestTimeoutMs?: number;
  /** How long filling the index may wait for one of its batches (merged, on a large index: minutes). */
  bulkTaskTimeoutMs?: number;
}

/**
 * Filling the index: at most this many batches sent and not yet waited for. Meilisearch merges
 * document additions waiting in its queue into one batch, and each batch rewrites the word lists
 * of every word it holds, so on a large index a few large batches are many times faster than
 * many small ones (each one waited for, 1,000,000 listings took over 40 minutes on two cores).
 */
const BULK_IN_FLIGHT = 10;

// Highlight tags no title contains: the matched words are read back from `_formatted.title`.
const PRE_TAG = "\u0002";
const POST_TAG = "\u0003";

/** A string value inside a Meilisearch filter: double-quoted, backslashes and quotes escaped. */
export function filterString(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function filterNumber(value: number, what: string): string {
  if (!Number.isFinite(value)) throw new Error(`Meilisearch search: ${what} is not a finite number`);
  // Fixed notation: never an exponent the filter grammar might not read.
  return String(Number(value.toFixed(7)));
}

/** The filter for one kind: the kind, who may see it, categories, the radius. */
export function searchFilter(
  query: Pick<SearchQuery, "viewerId" | "ownOnly" | "categories" | "near"> & { ownerId?: string },
  type: SearchEntity,
): string {
  const parts = [`type = ${filterString(type)}`];
  const viewer = query.viewerId;
  if (viewer === null) {
    // Nobody: public documents only (an answer readers share), and nothing of their own.
    parts.push(query.ownOnly ? `(visibility = "public" AND visibility = "owner")` : `visibility = "public"`);
  } else {
    parts.push(
      query.ownOnly
        ? `ownerId = ${filterString(viewer)}`
        : `(visibility = "public" OR ownerId = ${filterString(viewer)})`,
    );
  }
  if (query.ownerId !== undefined) parts.push(`ownerId = ${filterString(query.ownerId)}`);
  if (query.categories && query.categories.length > 0)
    parts.push(`categories IN [${query.categories.map(filterString).join(", ")}]`);
  if (query.near) {
    const { lat, lng, radiusKm } = query.near;
    if (lat < -90 || lat > 90 || lng < -180 || lng > 180)
      throw new Error(`Meilisearch search: no such place (${lat}, ${lng})`);
    parts.push(
      `_geoRadius(${filterNumber(lat, "latitude")}, ${filterNumber(lng, "longitude")}, ${Math.max(0, Math.round(radiusKm * 1000))})`,
    );
  }
  return parts.join(" AND ");
}

/** Lower case, accents and tone marks removed: the words the PostgreSQL backend reports too. */
function normaliseWord(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The whole words of a highlighted title that contain a highlighted part. */
export function highlightedWords(formatted: string): string[] {
  const plain: string[] = [];
  const marked: boolean[] = [];
  let inside = false;
  for (const char of formatted) {
    if (char === PRE_TAG) inside = true;
    else if (char === POST_TAG) inside = false;
    else {
      plain.push(char);
      marked.push(inside);
    }
  }
  const text = plain.join("");
  const words = new Set<string>();
  for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const start = [...text.slice(0, match.index)].length;
    const length = [...match[0]].length;
    if (marked.slice(start, start + length).some(Boolean)) words.add(normaliseWord(match[0]));
  }
  return [...words];
}

/** Text typed with no letter or digit in it: Meilisearch would read it as "everything"; it finds nothing, as on PostgreSQL. */
function nothingSearchable(text: string): boolean {
  return text.trim() !== "" && !/[\p{L}\p{N}]/u.test(text);
}

/** Nearest first. */
function geoSort(near: { lat: number; lng: number }): string {
  return `_geoPoint(${filterNumber(near.lat, "latitude")},${filterNumber(near.lng, "longitude")}):asc`;
}

type RawHit = Record<string, unknown> & { _formatted?: Record<string, unknown>; _geoDistance?: number };

function toDocument(hit: RawHit): SearchDocument {
  const document: Record<string, unknown> = {};
  for (const key of SEARCH_DOCUMENT_FIELDS) document[key] = hit[key] ?? null;
  document.keywords = Array.isArray(hit.keywords) ? hit.keywords : [];
  document.categories = Array.isArray(hit.categories) ? hit.categories : [];
  return document as unknown as SearchDocument;
}

function toHit(hit: RawHit, near: boolean): SearchHit {
  const title = hit._formatted?.title;
  return {
    document: toDocument(hit),
    distanceKm: near && typeof hit._geoDistance === "number" ? Math.round(hit._geoDistance / 100) / 10 : null,
    matched: typeof title === "string" ? highlightedWords(title) : [],
  };
}

/** Settings Meilisearch keeps as sets (it answers them in an order of its own): compared whatever the order. */
const UNORDERED_SETTINGS = new Set(["synonyms", "filterableAttributes", "sortableAttributes"]);

/**
 * Whether an index's settings include every one `wanted` sets, as sent (Meilisearch answers
 * more: defaults of what is not set, such as typo tolerance's other fields). Synonyms and the
 * filterable and sortable attributes compare as sets; ranking rules and searchable attributes in order.
 */
export function hasSettings(current: Record<string, unknown>, wanted: Record<string, unknown>): boolean {
  return Object.entries(wanted).every(([key, value]) => covers(current[key], value, UNORDERED_SETTINGS.has(key)));
}

function covers(current: unknown, wanted: unknown, unordered = false): boolean {
  if (Array.isArray(wanted))
    return (
      Array.isArray(current) &&
      current.length === wanted.length &&
      (unordered
        ? [...wanted].sort().every((item, index) => item === [...current].sort()[index])
        : wanted.every((item, index) => covers(current[index], item)))
    );
  if (wanted !== null && typeof wanted === "object") {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return false;
    const entries = Object.entries(wanted);
    // Synonyms: the same keys, no more (a word dropped from the list must go from the index too).
    if (unordered && Object.keys(current).length !== entries.length) return false;
    return entries.every(([key, value]) => covers((current as Record<string, unknown>)[key], value, unordered));
  }
  return current === wanted;
}

export function createMeilisearchBackend(options: MeilisearchBackendOptions): SearchBackend {
  const host = options.host.replace(/\/+$/, "");
  const indexUid = options.indexUid ?? SEARCH_INDEX_UID;
  const taskTimeout = options.taskTimeoutMs ?? 60_000;
  const bulkTaskTimeout = options.bulkTaskTimeoutMs ?? 15 * 60_000;
  const client = new Meilisearch({
    host,
    apiKey: options.apiKey ?? undefined,
    timeout: options.requestTimeoutMs ?? 15_000,
    defaultWaitOptions: { timeout: taskTimeout, interval: 50 },
  });
  const index = client.index<SearchDocument>(indexUid);

  /** An Error that names the host and what was being done, keeping the original as its cause. */
  function failure(what: string, error: unknown): Error {
    if (error instanceof MeilisearchApiError) {
      const code = error.cause?.code ? ` [${error.cause.code}]` : "";
      return new Error(
        `Meilisearch at ${host}: ${what} refused (HTTP ${error.response.status}${code}): ${error.message}`,
        { cause: error },
      );
    }
    if (error instanceof MeilisearchRequestError) {
      const reason = error.cause instanceof Error ? error.cause.message : String(error.cause);
      return new Error(`Meilisearch at ${host} could not be reached (${what}): ${reason}`, { cause: error });
    }
    if (error instanceof MeilisearchTaskTimeOutError) {
      return new Error(`Meilisearch at ${host}: ${what} did not finish within ${taskTimeout} ms`, { cause: error });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new Error(`Meilisearch at ${host}: ${what} failed: ${message}`, { cause: error });
  }

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw failure(what, error);
    }
  }

  /** Sends a write and waits for its task; a failed or cancelled task is an Error too. */
  async function write(what: string, send: () => EnqueuedTaskPromise, accept?: (task: Task) => boolean): Promise<Task> {
    const task = await call(what, () => send().waitTask({ timeout: taskTimeout }));
    if (task.status !== "succeeded" && !accept?.(task)) {
      const reason = task.error ? `${task.error.message} [${task.error.code}]` : "no reason given";
      throw new Error(`Meilisearch at ${host}: ${what} (task ${task.uid}) ${task.status}: ${reason}`);
    }
    return task;
  }

  return {
    name: "meilisearch",

    async prepare() {
      const wanted = { ...meilisearchSettings, synonyms: options.synonyms };
      const exists = await call(`looking up index "${indexUid}"`, async () => {
        try {
          await client.getRawIndex(indexUid);
          return true;
        } catch (error) {
          if (error instanceof MeilisearchApiError && error.cause?.code === "index_not_found") return false;
          throw error;
        }
      });
      if (!exists) {
        // Another process starting at the same time may have made it first: that is fine.
        await write(
          `creating index "${indexUid}"`,
          () => client.createIndex(indexUid, { primaryKey: "id" }),
          (task) => task.error?.code === "index_already_exists",
        );
      }
      // Settings are sent only when they differ: an update makes Meilisearch index everything again.
      const current = exists ? await call(`reading the settings of "${indexUid}"`, () => index.getSettings()) : null;
      const stale = current === null || !hasSettings(current, wanted);
      if (stale) await write(`updating the settings of "${indexUid}"`, () => index.updateSettings(wanted));
      if (!exists) return { rebuild: "new" };
      if (stale) return { rebuild: "settings" };
      const stats = await call(`counting the documents of "${indexUid}"`, () => index.getStats());
      return { rebuild: stats.numberOfDocuments === 0 ? "empty" : null };
    },

    async *entries(pageSize) {
      for (let offset = 0; ; offset += pageSize) {
        const page = await call(`listing the documents of "${indexUid}"`, () =>
          index.getDocuments({ fields: ["id", "type", "entityId"], limit: pageSize, offset }),
        );
        if (page.results.length > 0) yield page.results.map(({ id, type, entityId }) => ({ id, type, entityId }));
        if (page.results.length < pageSize) return;
      }
    },

    async upsert(documents) {
      if (documents.length === 0) return;
      await write(`indexing ${documents.length} document(s)`, () =>
        index.addDocuments([...documents], { primaryKey: "id" }),
      );
    },

    bulkWriter() {
      const sent: EnqueuedTask[] = [];
      const settle = async (enqueued: EnqueuedTask) => {
        const what = `indexing a batch of the tables' documents (task ${enqueued.taskUid})`;
        const task = await call(what, () => client.tasks.waitForTask(enqueued, { timeout: bulkTaskTimeout }));
        if (task.status !== "succeeded") {
          const reason = task.error ? `${task.error.message} [${task.error.code}]` : "no reason given";
          throw new Error(`Meilisearch at ${host}: ${what} ${task.status}: ${reason}`);
        }
      };
      return {
        async add(documents) {
          if (documents.length === 0) return;
          sent.push(
            await call(`sending ${documents.length} document(s)`, () =>
              index.addDocuments([...documents], { primaryKey: "id" }),
            ),
          );
          if (sent.length > BULK_IN_FLIGHT) await settle(sent.shift()!);
        },
        async done() {
          while (sent.length > 0) await settle(sent.shift()!);
        },
      };
    },

    async remove(ids) {
      if (ids.length === 0) return;
      await write(`removing ${ids.length} document(s)`, () => index.deleteDocuments([...ids]));
    },

    async clear() {
      await write(`removing every document of "${indexUid}"`, () => index.deleteAllDocuments());
    },

    async matchingIds(query) {
      if (nothingSearchable(query.text)) return [];
      const near = query.near ?? null;
      const result = await call("searching", () =>
        index.search(query.text, {
          filter: searchFilter(query, query.type),
          limit: query.limit,
          attributesToRetrieve: ["entityId"],
          matchingStrategy: "all",
          ...(near ? { sort: [geoSort(near)] } : {}),
        }),
      );
      return result.hits.map((hit) => hit.entityId);
    },

    async search(query) {
      const types: readonly SearchEntity[] =
        query.types.length > 0 ? SEARCH_ENTITIES.filter((type) => query.types.includes(type)) : SEARCH_ENTITIES;
      const near = query.near ?? null;
      const queries: MultiSearchQuery[] = types.map((type) => ({
        indexUid,
        q: query.text,
        filter: searchFilter(query, type),
        limit: query.limit,
        offset: query.offset ?? 0,
        // Every typed word must match, as in the PostgreSQL backend.
        matchingStrategy: "all",
        attributesToHighlight: ["title"],
        highlightPreTag: PRE_TAG,
        highlightPostTag: POST_TAG,
        ...(near ? { sort: [geoSort(near)] } : {}),
      }));
      const answer: SearchAnswer = {
        total: 0,
        totals: { product: 0, listing: 0, farm: 0 },
        hits: { product: [], listing: [], farm: [] },
      };
      if (queries.length === 0 || nothingSearchable(query.text)) return answer;
      const response = await call("searching", () => client.multiSearch<{ queries: MultiSearchQuery[] }>({ queries }));
      response.results.forEach((result, position) => {
        const type = types[position]!;
        const total = result.estimatedTotalHits ?? result.totalHits ?? result.hits.length;
        answer.totals[type] = total;
        answer.total += total;
        answer.hits[type] = result.hits.map((hit) => toHit(hit as RawHit, near !== null));
      });
      return answer;
    },
  };
}
