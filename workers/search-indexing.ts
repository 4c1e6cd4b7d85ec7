import { applyIndexChange } from "~/modules/search/indexing.server";
import type { Processor } from "./types";

// Keeps the search backend in step with products, listings and farms: the entity is read as it
// is now (the job's action is only a hint), so a late or repeated job never undoes a newer change.
export const processSearchIndexing: Processor<"search-indexing"> = async (job, { log }) => {
  const { entity, id } = job.data;
  const outcome = await applyIndexChange(entity, id);
  log.info(outcome, "search document updated");
  return outcome;
};
