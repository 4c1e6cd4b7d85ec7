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
  const tooLarge = () => new Refusal("FILE_TOO_LARGE", "upload.errors.tooLarge", { headers: { Connection: "close" } });

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
    throw new Refusal("FILE_UPLOAD_FAILED", "upload.errors.failed");
  }
}

/** Room for a photo form's text fields and multipart framing beside the photo itself. */
const PHOTO_FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * A form that carries one file, a photo or a map (at most `maxPhotoBytes`), and a few short text
 * fields: refused at once if it is not multipart (415) or says it is plainly
 * too big (413), then counted while it streams in.
 */
export async function readFileForm(request: Request, maxPhotoBytes: number): Promise<FormData> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw new Refusal("FILE_INVALID_TYPE", "upload.errors.multipart");
  }
  if (Number(request.headers.get("Content-Length") ?? 0) > maxPhotoBytes + PHOTO_FORM_OVERHEAD_BYTES) {
    throw new Refusal("FILE_TOO_LARGE", "upload.errors.tooLarge", { headers: { Connection: "close" } });
  }
  return readMultipart(request, {
    maxFileBytes: maxPhotoBytes,
    maxTotalBytes: maxPhotoBytes + PHOTO_FORM_OVERHEAD_BYTES,
  });
}

/** The form's photo field (the first of `names` that holds a file), as bytes; 400 when there is none. */
export async function photoField(form: FormData, names: string[], messageKey: string): Promise<Buffer> {
  for (const name of names) {
    const value = form.get(name);
    if (value instanceof Blob) return Buffer.from(await value.arrayBuffer());
  }
  throw new Refusal("VLD_REQUIRED_FIELD", messageKey, { fields: { [names[0]!]: [messageKey] } });
}
