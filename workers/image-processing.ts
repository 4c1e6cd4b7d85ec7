import { processUpload } from "~/modules/storage/uploads.server";
import type { Processor } from "./types";

// Makes the WebP sizes of an uploaded photo (metadata stripped) and deletes the original.
export const processImage: Processor<"image-processing"> = async (job, { log }) => {
  const outcome = await processUpload(job.data.uploadId);
  if (outcome.status === "failed") log.warn({ uploadId: job.data.uploadId }, "upload does not decode; marked failed");
  else log.info({ uploadId: job.data.uploadId, status: outcome.status }, "upload processed");
  return { uploadId: job.data.uploadId, ...outcome };
};
