import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { Refusal } from "~/server/refusal";

// A multipart body read with caps counted while it streams in: each file,
// each text field, the number of parts and the whole body. Nothing past a cap
// is kept: the reading stops and the request is refused with 413.

export interface MultipartCaps {
  maxFileBytes: number;
  /** Text fields carry a word or two (a purpose, a name). */
  maxFieldBytes?: number;
  maxParts?: number;
  maxTotalBytes: number;
}

export async function readMultipart(request: Request, caps: MultipartCaps): Promise<FormData> {
  const { maxFileBytes, maxFieldBytes = 1024, maxParts = 10, maxTotalBytes } = caps;
  let total = 0;
  let parts = 0;
  // The connection closes after the answer, so what was not read is dropped with it.
  const tooLarge = () => new Refusal(413, "FILE_TOO_LARGE", "upload.errors.tooLarge", undefined, { Connection: "close" });

  const handler: UploadHandler = async ({ filename, contentType, data }) => {
    parts += 1;
    if (parts > maxParts) throw tooLarge();
    const cap = typeof filename === "string" ? maxFileBytes : maxFieldBytes;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (size > cap || total > maxTotalBytes) throw tooLarge();
      chunks.push(chunk);
    }
    const bytes = new Uint8Array(Buffer.concat(chunks));
    if (typeof filename === "string") return new File([bytes], filename, { type: contentType });
    return new TextDecoder().decode(bytes);
  };

  try {
    return await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(400, "FILE_UPLOAD_FAILED", "upload.errors.failed");
  }
}
