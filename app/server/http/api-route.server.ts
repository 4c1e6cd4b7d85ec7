import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SESSION_COOKIE_NAME } from "~/server/session-cookie";
import { Refusal } from "~/server/refusal";
import { handleApi, methodNotAllowed } from "./api.server";

// The one way to define an /api route: a handler per method. Every handler
// runs inside handleApi (a Refusal becomes the catalogue's JSON); HEAD is
// answered by GET; any other method gets 405 with an Allow header; the
// address's parameters are checked before any handler sees them.

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiHandler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

/** Longer than any id or name an address of ours carries. */
const MAX_PARAM_LENGTH = 200;

/** NUL, other control characters, or half of a surrogate pair: nothing of ours is addressed so. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const UNADDRESSABLE = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses an address parameter that cannot name anything we store, before it reaches a query. */
export function checkAddressParams(params: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (value.length > MAX_PARAM_LENGTH || UNADDRESSABLE.test(value) || value.includes("\uFFFD")) {
      throw new Refusal("DB_RECORD_NOT_FOUND", "apiErrors.noSuchParam", { params: { name } });
    }
  }
}

export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>) {
  const methods = Object.keys(handlers) as ApiMethod[];
  const allowed = methods.includes("GET") ? [...methods, "HEAD"] : methods;

  async function answer(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
    const method = args.request.method.toUpperCase();
    const handler = handlers[(method === "HEAD" ? "GET" : method) as ApiMethod];
    if (!handler) return methodNotAllowed(args.request, allowed);
    const response = await handleApi(args.request, async () => {
      checkAddressParams(args.params);
      return handler(args);
    });
    // What a signed-in reader fetches is theirs: no shared cache keeps it, nor the browser's.
    if (
      (method === "GET" || method === "HEAD") &&
      !response.headers.has("Cache-Control") &&
      args.request.headers.get("Cookie")?.includes(`${SESSION_COOKIE_NAME}=`)
    ) {
      response.headers.set("Cache-Control", "private, no-store");
    }
    return response;
  }

  // Remix calls the loader for GET and HEAD and the action for every other method.
  return { loader: answer, action: answer };
}
