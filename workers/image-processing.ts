import type { Processor } from "./types";

// Validates, strips metadata and resizes uploaded photos. The upload store
// arrives with photo uploads; until then the job is acknowledged and logged.
export const processImage: Processor<"image-processing"> = async (job, log) => {
  log.info({ uploadId: job.data.uploadId, purpose: job.data.purpose }, "image job received");
  return { uploadId: job.data.uploadId, processed: false };
};
