import { ApiError } from "~/lib/http/errors";
import { postWithProgress, type UploadProgress } from "~/lib/http/upload";

// A photo of a listing or product sent to POST /api/uploads, which answers the processed image's address.

/** Uploads one photo; resolves with its processed address. Throws ApiError (refused) or UploadBrokenError. */
export async function uploadPhoto(
  file: File,
  purpose: "listing" | "product",
  signal: AbortSignal,
  onProgress: (progress: UploadProgress) => void,
) {
  const body = new FormData();
  body.set("file", file);
  body.set("purpose", purpose);
  // The bytes as they leave, a way to stop, and a send that breaks on the way tried again.
  const answer = await postWithProgress("/api/uploads", body, { signal, onProgress, stallMs: 30_000 });
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.text, answer.statusText);
  return (JSON.parse(answer.text) as { data: { url: string } }).data.url;
}
