import { enqueue } from "~/jobs/enqueue.server";
import { logger } from "~/server/logger.server";

/**
 * Asks the search-indexing worker to bring one product, listing or farm up to
 * date. Called after the write has committed; if the queue cannot be reached
 * the write still stands and the miss is logged (a reindex catches it up).
 */
export async function queueIndexing(entity: "product" | "listing" | "farm", id: string, action: "upsert" | "delete") {
  try {
    await enqueue("search-indexing", { entity, id, action });
  } catch (error) {
    logger.error({ err: error, entity, id, action }, "could not queue search indexing");
  }
}
