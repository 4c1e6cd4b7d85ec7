import type { Processor } from "./types";

// Keeps the search backend in step with products, listings and farms. The
// backends arrive with search; until then each change is acknowledged and logged.
export const processSearchIndexing: Processor<"search-indexing"> = async (job, { log }) => {
  const { entity, id, action } = job.data;
  log.info({ entity, id, action }, "search indexing job received");
  return { entity, id, action, indexed: false };
};
