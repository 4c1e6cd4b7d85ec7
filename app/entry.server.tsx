import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getAllQueues } from "~/jobs/enqueue.server";
import { NonceProvider } from "~/lib/nonce";
import { SESSION_COOKIE_NAME } from "~/server/session-cookie";
import { QUEUE_DASHBOARD_REFUSED, queueDashboardAccess } from "~/modules/auth/operator.server";
import { fileStore } from "~/modules/storage/file-store.server";
import { readPublicPhoto } from "~/modules/storage/uploads.server";
import { chunksPerTurn } from "~/server/chunks-per-turn.server";
import { createI18nInstance, detectLanguage } from "~/server/i18n.server";
import { runShutdownHooks } from "~/server/lifecycle.server";
import { logger } from "~/server/logger.server";
import { stopGracefullyOnSignal } from "~/server/process.server";
import { preparePaystackPlan } from "~/modules/payments/paystack-provider.server";
import { isServiceOutage } from "~/server/outage";
import { isCrossSiteMutation } from "~/server/security/origin.server";

/**
 * What the Express server (server.ts) takes from this build instead of
 * importing the app's modules itself, so that a web process holds one copy of
 * them (one logger, one set of queues, one database pool).
 */
export const serverRuntime = {
  logger,
  getAllQueues,
  queueDashboardAccess,
  QUEUE_DASHBOARD_REFUSED,
  isCrossSiteMutation,
  runShutdownHooks,
  stopGracefullyOnSignal,
  /** Where photos are kept ("disk": UPLOAD_DIR, served as static files; "s3": a bucket, read through readPublicPhoto). */
  photoStore: () => fileStore().kind,
  readPublicPhoto,
  /** Paystack's monthly plan found or made once at start-up (when Paystack is configured), so checkout has its code. */
  preparePaystackPlan,
};
export type ServerRuntime = typeof serverRuntime;

// Browsers get the shell as soon as it is ready and the rest as it streams;
// bots (and curl) get the complete document at once.
export const streamTimeout = 5_000;

/** Requests whose loader or action failed because PostgreSQL, Redis or the photo bucket was out of reach. */
const outages = new WeakSet<Request>();

/** Every error of a page's loader or action: an outage is said as such (and answered 503 below), anything else logged as a fault. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isServiceOutage(error)) {
    outages.add(request);
    logger.warn({ err: error, url: request.url }, "a service is out of reach");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled page error");
}

/**
 * Pages, and their data asked by the app (`/settings.data`), carry the reader's own data when the
 * request has a session: never kept by shared caches, nor by the browser for later. An answer that
 * says its own Cache-Control keeps it.
 */
function carriesReadersData(request: Request, headers: Headers) {
  return !headers.has("Cache-Control") && request.headers.get("Cookie")?.includes(`${SESSION_COOKIE_NAME}=`) === true;
}

/**
 * A page's data asked by the app (a navigation): kept private as its page is, and 503 with
 * Retry-After when a service was out of reach, as for documents.
 */
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  const outage = response.status === 500 && outages.has(request);
  const readersData = carriesReadersData(request, response.headers);
  if (!outage && !readersData) return response;
  // A new answer: the one given may have headers that cannot change (Response.redirect).
  const headers = new Headers(response.headers);
  if (readersData) headers.set("Cache-Control", "private, no-store");
  if (!outage)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set("Retry-After", "5");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page that failed for a service out of reach is a moment's outage (503, try again), not a fault (500).
  if (responseStatusCode === 500 && outages.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
  }
  const nonce = loadContext.cspNonce ?? "";
  if (carriesReadersData(request, responseHeaders)) responseHeaders.set("Cache-Control", "private, no-store");
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const i18n = await createI18nInstance(detectLanguage(request));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // The app's modules wait for the first paint (components/shell/paint-first.ts); the
          // development server's module graph is not the build's, so only the build does.
          const body = chunksPerTurn({ holdUntilPaint: process.env.NODE_ENV === "production" });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are reported by onShellError; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
