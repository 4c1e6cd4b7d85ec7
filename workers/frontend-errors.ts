import { storeFrontendError } from "~/modules/errors/frontend-errors.server";
import type { Processor } from "./types";

// Stores each error boundary report so operators can find it by its Error ID.
export const processFrontendError: Processor<"frontend-errors"> = async (job, { log }) => {
  const stored = await storeFrontendError(job.data);
  const { report } = job.data;
  log.warn(
    { errorId: report.errorId, boundary: report.boundary, level: report.level, url: report.url },
    `frontend error: ${report.message}`,
  );
  return { storedId: stored.id };
};
