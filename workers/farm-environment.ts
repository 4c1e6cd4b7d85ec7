import { refreshFarmEnvironment } from "~/modules/environment/environment.server";
import type { Processor } from "./types";

// Asks the forecast or soil service about one farm and keeps the answer (or its failure) for the
// mapping page; the queue's time limit is the ask's.
export const processFarmEnvironment: Processor<"farm-environment"> = async (job, { log, signal }) => {
  const result = await refreshFarmEnvironment(job.data.farmId, job.data.kind, signal);
  log.info({ farmId: job.data.farmId, ...result }, `farm ${job.data.kind} ${result.outcome}`);
  return result;
};
