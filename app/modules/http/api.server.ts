import type { z } from "zod";
import type { LanguageCode } from "~/lib/i18n";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { logger } from "~/modules/logger.server";

// The JSON answers of /api routes: `{ success: false, error: { code, message } }`
// with the right status, using the codes of the specification's catalogue.

export interface ApiErrorBody {
  success: false;
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

export function apiError(status: number, code: string, message: string, init: { fields?: Record<string, string[]>; headers?: HeadersInit } = {}) {
  const body: ApiErrorBody = { success: false, error: { code, message, ...(init.fields ? { fields: init.fields } : {}) } };
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
}

/** Thrown by helpers below and by modules; routes turn it into its Response. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "ApiFailure";
  }

  toResponse() {
    return apiError(this.status, this.code, this.message, { fields: this.fields, headers: this.headers });
  }
}

export const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON body with a size limit; refuses other content types and malformed JSON. */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiFailure(415, "SEC_MALICIOUS_REQUEST", "Send the request body as JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readLimited(request, maxBytes);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiFailure(400, "SEC_MALICIOUS_REQUEST", "The request body is not valid JSON.");
  }
}

function tooLarge(maxBytes: number) {
  return new ApiFailure(413, "SEC_MALICIOUS_REQUEST", `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`);
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
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Catalogue code for the first problem of a failed validation. */
export type IssueCoder = (issue: z.core.$ZodIssue) => string;

const defaultCoder: IssueCoder = (issue) => {
  const field = String(issue.path[0] ?? "");
  if (issue.code === "invalid_type" || (issue.code === "too_small" && issue.minimum === 1)) return "VLD_REQUIRED_FIELD";
  if (field === "email") return "VLD_INVALID_EMAIL";
  if (field === "password" && issue.code === "too_small") return "VLD_PASSWORD_TOO_SHORT";
  return "VLD_REQUIRED_FIELD";
};

/**
 * Validates with a zod schema; on failure answers 400 with the first problem's
 * code and message and every field's messages. `translate` turns the schema's
 * message keys into text.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  { translate = (key: string) => key, coder = defaultCoder }: { translate?: (key: string) => string; coder?: IssueCoder } = {},
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    (fields[key] ??= []).push(translate(issue.message));
  }
  const first = result.error.issues[0]!;
  throw new ApiFailure(400, coder(first), translate(first.message), fields);
}

const looksLikeKey = (text: string) => /^[a-z][\w]*(\.[\w]+)+$/i.test(text);

/** A module's refusal in the reader's language: its message and each field's messages (translation keys become text). */
export async function translateFailure(requestOrLanguage: Request | LanguageCode, failure: ApiFailure) {
  const t = await getFixedT(requestOrLanguage);
  const text = (value: string) => (looksLikeKey(value) ? t(value) : value);
  const fields = failure.fields
    ? Object.fromEntries(Object.entries(failure.fields).map(([field, list]) => [field, list.map(text)]))
    : undefined;
  return { message: text(failure.message), fields };
}

/**
 * Runs an /api handler: an ApiFailure becomes its answer, with message keys
 * translated into the reader's language; anything else is logged and answered
 * as a 500 in the catalogue format.
 */
export async function handleApi(request: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ApiFailure) {
      const needsText = looksLikeKey(error.message) || Object.values(error.fields ?? {}).some((list) => list.some(looksLikeKey));
      if (!needsText) return error.toResponse();
      const { message, fields } = await translateFailure(request, error);
      return apiError(error.status, error.code, message, { fields, headers: error.headers });
    }
    logger.error({ err: error }, "unhandled API error");
    return apiError(500, "SYS_INTERNAL_ERROR", "Something went wrong on our side. Please try again.");
  }
}

/** For routes that answer only some methods. */
export function methodNotAllowed(allowed: string[]) {
  return apiError(405, "SEC_MALICIOUS_REQUEST", `Use ${allowed.join(" or ")} for this address.`, { headers: { Allow: allowed.join(", ") } });
}
