// The catalogue's JSON refusal, `{ success: false, message, error: { code, message, fields? } }`:
// the /api routes answer it (api.server.ts), and so do the web server's own answers made before
// Remix (server.ts). Free of imports but a type (erased when built), so the web server can take
// it without the app's modules.

import type { ErrorCode } from "~/server/errors/catalogue";

export interface ApiErrorBody {
  success: false;
  message: string;
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

/** The message also stands at the top, where the specification's clients read it (`{ success, message }`). */
export function apiErrorBody(code: ErrorCode, message: string, fields?: Record<string, string[]>): ApiErrorBody {
  return { success: false, message, error: { code, message, ...(fields ? { fields } : {}) } };
}
