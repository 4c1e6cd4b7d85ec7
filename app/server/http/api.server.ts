import en from "~/locales/en.json";
import type { ErrorCode } from "~/server/errors/catalogue";
import { apiErrorBody } from "~/server/http/error-body";
import { isServiceOutage } from "~/server/outage";
import { Refusal } from "~/server/refusal";
import { translateRefusal } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";

// The JSON answers of /api routes: `{ success: false, message, error: { code, message } }`
// (the one shape, in error-body.ts) with the right status and an error code of the catalogue
// the client knows (VLD_*, AUTH_*, AUTHZ_*, MKT_*, FILE_*, SEC_*, SYS_* ...). The message also
// stands at the top, where the specification's clients read it (`{ success, message }`).

export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  init: { fields?: Record<string, string[]>; headers?: HeadersInit } = {},
) {
  const body = apiErrorBody(code, message, init.fields);
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
}

export const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON body with a size limit; refuses other content types and malformed JSON. */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new Refusal("FILE_INVALID_TYPE", "apiErrors.jsonRequired");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readLimited(request, maxBytes);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal("SEC_MALICIOUS_REQUEST", "apiErrors.invalidJson");
  }
}

/**
 * A body that may be left out (a move that takes nothing): no body and no Content-Type is `{}`;
 * anything sent is read as readJsonBody reads it (JSON only, capped).
 */
export async function readOptionalJsonBody(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  if (request.headers.get("Content-Type") === null) {
    if ((await readTextBody(request, maxBytes)).trim() === "") return {};
    throw new Refusal("FILE_INVALID_TYPE", "apiErrors.jsonRequired");
  }
  return readJsonBody(request, maxBytes);
}

/** Reads a body as text, counting while it streams in; 413 as soon as it passes `maxBytes`. */
export async function readTextBody(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  return readLimited(request, maxBytes);
}

/** The answer to a body past its cap; the connection closes after it, so the unread rest is dropped with it. */
function tooLarge(maxBytes: number) {
  return new Refusal("FILE_TOO_LARGE", "apiErrors.bodyTooLarge", {
    headers: { Connection: "close" },
    params: { kb: Math.round(maxBytes / 1024) },
  });
}

async function readLimited(request: Request, maxBytes: number) {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop reading, but leave the connection open: cancelling would reset it before the
      // client reads its 413. Unread, the rest is held back by the socket, which closes after the answer.
      reader.releaseLock();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** A refusal as the API's JSON answer, its texts in the reader's language. */
export async function refusalResponse(request: Request, refusal: Refusal, status = refusal.status): Promise<Response> {
  const { message, fields } = await translateRefusal(request, refusal);
  return apiError(status, refusal.code, message, { fields, headers: refusal.headers });
}

/**
 * Runs an /api handler: a Refusal becomes its answer; anything else is logged
 * and answered as a 500 in the catalogue format.
 */
export async function handleApi(request: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof Refusal) return refusalResponse(request, error);
    if (isServiceOutage(error)) {
      // PostgreSQL, Redis or the photo bucket is out of reach: the same request will do once it is back.
      logger.warn({ err: error }, "a service is out of reach");
      return refusalResponse(
        request,
        new Refusal("SYS_SERVICE_DEGRADED", "apiErrors.unavailable", { headers: { "Retry-After": "5" } }),
      ).catch(() =>
        apiError(503, "SYS_SERVICE_DEGRADED", en.apiErrors.unavailable, { headers: { "Retry-After": "5" } }),
      );
    }
    logger.error({ err: error }, "unhandled API error");
    try {
      return await refusalResponse(request, new Refusal("SYS_INTERNAL_ERROR", "apiErrors.internal"));
    } catch {
      // Even the texts failed to load: the answer is still the catalogue's JSON, in English.
      return apiError(500, "SYS_INTERNAL_ERROR", en.apiErrors.internal);
    }
  }
}

/** For routes that answer only some methods. */
export function methodNotAllowed(request: Request, allowed: string[]) {
  const list = allowed.join(", ");
  // HTTP's own status for a method an address does not take; the code is the catalogue's for a
  // request the API cannot take (the specification has none for a method alone).
  return refusalResponse(
    request,
    new Refusal("SEC_MALICIOUS_REQUEST", "apiErrors.methodNotAllowed", {
      headers: { Allow: list },
      params: { methods: list },
    }),
    405,
  );
}
