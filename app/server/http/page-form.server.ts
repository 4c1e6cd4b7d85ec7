import { Refusal } from "~/server/refusal";
import { readTextBody } from "./api.server";
import { readMultipart } from "./multipart.server";

// Page forms post a few short fields: read them with a cap counted while the
// body streams in, never the whole of whatever was sent.

/** More than any of our forms sends (a listing with its photo addresses, a product with its description). */
export const MAX_PAGE_FORM_BYTES = 64 * 1024;

/** The posted fields; a body past the cap is answered 413 (the page's error boundary shows it), not read on. */
export async function readPageForm(request: Request, maxBytes = MAX_PAGE_FORM_BYTES): Promise<FormData> {
  try {
    return await readCappedForm(request, maxBytes);
  } catch (error) {
    if (error instanceof Refusal)
      throw new Response(error.message, { status: error.status, headers: { Connection: "close" } });
    throw error;
  }
}

async function readCappedForm(request: Request, maxBytes: number): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    return readMultipart(request, { maxFileBytes: 0, maxFieldBytes: maxBytes, maxParts: 200, maxTotalBytes: maxBytes });
  }
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(await readTextBody(request, maxBytes))) form.append(name, value);
  return form;
}
