import { existsSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { ViteDevServer } from "vite";
import type { ServerRuntime } from "~/entry.server";
import { getEnv, tileSources, trustProxySetting } from "~/env.server";
import { tileOrigins } from "~/lib/map-tiles";
import { isEntryPoint } from "~/server/entry-point";
import { coalesceFlushes } from "~/server/http/coalesce-flushes.server";
import { closeConnectionsWhenStopping, stopServing } from "~/server/http/graceful-stop.server";
import { answerMalformedAddresses } from "~/server/http/malformed-address.server";
import { servePhotosFromBucket, servePhotosFromDisk } from "~/server/http/photos.server";
import { logRequests } from "~/server/http/request-log.server";
import { serveBuiltFiles } from "~/server/http/static-files.server";
import { settleUnreadBodies } from "~/server/http/unread-bodies.server";
import { answerUnreadableRequests } from "~/server/http/unreadable-requests.server";
import { refuseUnroutedMethods } from "~/server/http/unrouted-methods.server";
import { nameViewer } from "~/server/http/viewer.server";
import { sanitiseAddressHeaders } from "~/server/security/address-headers.server";
import { refuseCrossSiteWrites } from "~/server/security/cross-site-writes.server";
import { refuseDotSegmentsInApi } from "~/server/security/dot-segments.server";
import { onlyProcessedPhotos } from "~/server/security/public-photos.server";
import { securityHeaders } from "~/server/security/security-headers.server";

export { contentSecurityPolicy } from "~/server/security/security-headers.server";

// The web process: Remix (Vite middleware in development, the production build
// otherwise), static files, the operators' queue dashboard, request logs and a
// graceful stop. Workers run in their own process (workers/index.ts). Each step
// of an answer is a named middleware in app/server/http/ or app/server/security/;
// this file says in which order they run.
//
// This file imports none of the app's modules but the configuration (which
// opens nothing) and those middlewares (plain Express and Node, which open
// nothing either): the logger, queues, dashboard guard and shutdown hooks come
// from the Remix build itself (`serverRuntime`, app/entry.server.tsx), so the
// process holds one copy of them, the build's (app/server/web-process-imports.test.ts checks it).

/** The project's folder (the one with package.json): this file runs from it, or compiled from build/node/. */
function projectRoot(from: string) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}
const root = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

export interface WebServerOptions {
  mode?: "development" | "production";
  port?: number;
  host?: string;
  /** Overrides TRUST_PROXY (tests that play a proxy, or a client spoofing one). */
  trustProxy?: boolean | number | string;
}

export async function createWebServer(options: WebServerOptions = {}) {
  const env = getEnv();
  const mode = options.mode ?? (env.NODE_ENV === "production" ? "production" : "development");

  let vite: ViteDevServer | undefined;
  if (mode === "development") {
    const { createServer } = await import("vite");
    vite = await createServer({ root, server: { middlewareMode: true } });
  }

  const build = vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild);
  const runtime = serverRuntimeOf(typeof build === "function" ? await build() : build);
  const { logger } = runtime;

  const app = express();
  app.disable("x-powered-by");
  // Only configured proxies may say who the client is; by default none (TRUST_PROXY).
  app.set("trust proxy", options.trustProxy ?? trustProxySetting(env));

  // A bad Host or an untrusted proxy's headers are dropped before anything reads the URL.
  app.use(sanitiseAddressHeaders);
  // An answer made before its body was read keeps its connection usable, or closes it.
  app.use(settleUnreadBodies);
  // /api/../ is refused as written, never resolved to another route.
  app.use(refuseDotSegmentsInApi);
  // Once stopping, every answer ends its connection.
  app.use(closeConnectionsWhenStopping);
  // Content-Security-Policy with this answer's nonce (photos only from the site, IMAGE_HOSTS and the
  // map's tile servers), nosniff, no framing, short referrer.
  app.use(securityHeaders(mode, env.IMAGE_HOSTS, tileOrigins(tileSources(env))));
  // One log line per request, with its id.
  app.use(logRequests(logger));
  // TRACE, PROPFIND and other methods no route takes: 405 with Allow, at any address.
  app.use(refuseUnroutedMethods);
  // gzip or brotli, flushed at most once per event-loop turn.
  app.use(compression());
  app.use(coalesceFlushes);
  // Who the answer was made for, for the service worker.
  app.use(nameViewer);
  // An address that does not decode: 400 before static files or Remix fail on it.
  app.use(answerMalformedAddresses);
  // Cross-site writes never reach a route.
  app.use(refuseCrossSiteWrites(runtime.isCrossSiteMutation));

  // Operators' dashboard: every queue, retries and failures (administrators only).
  const boardAdapter = new ExpressAdapter();
  boardAdapter.setBasePath("/admin/queues");
  createBullBoard({
    queues: runtime.getAllQueues().map((queue) => new BullMQAdapter(queue)),
    serverAdapter: boardAdapter,
    options: { uiConfig: { boardTitle: "Asiiko queues" } },
  });
  const board = boardAdapter.getRouter();
  // A browser refused the dashboard goes on to the product's own page saying who may see it (Remix).
  app.use("/admin/queues", runtime.queueDashboardAccess, (req, res, next) =>
    res.locals[runtime.QUEUE_DASHBOARD_REFUSED] ? next() : board(req, res, next),
  );

  // The browser's files: Vite's in development, the build's otherwise.
  app.use(vite ? vite.middlewares : serveBuiltFiles(path.join(root, "build/client")));

  // Uploaded photos: only the processed sizes, from disk or through the bucket.
  app.use("/uploads", onlyProcessedPhotos);
  if (runtime.photoStore() === "disk") {
    app.use("/uploads", servePhotosFromDisk(path.resolve(env.UPLOAD_DIR)));
  } else {
    app.get("/uploads/:id/:width.webp", servePhotosFromBucket(runtime.readPublicPhoto, logger));
  }

  // Everything else: the pages and the /api routes.
  app.all(
    "*",
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        requestId: String(res.getHeader("X-Request-Id") ?? ""),
        cspNonce: String(res.locals.cspNonce ?? ""),
        queueDashboardRefused: Number(res.locals[runtime.QUEUE_DASHBOARD_REFUSED]) || undefined,
      }),
    }),
  );

  async function close() {
    await vite?.close();
    await runtime.runShutdownHooks((message) => logger.info(message));
  }

  return { app, close, runtime };
}

function serverRuntimeOf(build: ServerBuild): ServerRuntime {
  const runtime = (build.entry.module as unknown as { serverRuntime?: ServerRuntime }).serverRuntime;
  if (!runtime) throw new Error("the Remix build's entry.server does not export serverRuntime");
  return runtime;
}

/** Starts listening; resolves with the server once it accepts connections. */
export async function startWebServer(options: WebServerOptions = {}) {
  const env = getEnv();
  const { app, close, runtime } = await createWebServer(options);
  const port = options.port ?? env.PORT;
  const host = options.host ?? env.HOST;
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(port, host, () => resolve(listening));
    listening.once("error", reject);
  });
  // Requests Node cannot parse (and methods it does not know, and CONNECT) get the catalogue's JSON too.
  answerUnreadableRequests(server);

  // Answers every request taken, then closes the build's services; once, however often it is asked.
  let stopping: Promise<void> | undefined;
  function stop() {
    stopping ??= stopServing(app, server).then(close);
    return stopping;
  }
  return { server, stop, runtime };
}

async function main() {
  const env = getEnv();
  const { server, stop, runtime } = await startWebServer();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const local = /^(127\.|localhost$|::1$)/.test(env.HOST);
  runtime.logger.info(
    { port, host: env.HOST, mode: env.NODE_ENV },
    local
      ? `Asiiko web listening on http://localhost:${port} (${env.HOST}: this machine only; set HOST=0.0.0.0 to open it to the network)`
      : `Asiiko web listening on http://localhost:${port} (${env.HOST}: open to the network)`,
  );
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
    runtime.logger.warn(
      `PUBLIC_URL is not set: links that leave the product will point at http://localhost:${env.PORT}, and session cookies lack Secure unless a request comes over HTTPS through a trusted proxy (TRUST_PROXY)`,
    );
  }

  // Not awaited: a Paystack that cannot be reached now is asked again by the first checkout.
  void runtime.preparePaystackPlan();
  runtime.stopGracefullyOnSignal("web server", stop, 15_000);
}

if (isEntryPoint(import.meta.url)) {
  main().catch((error: unknown) => {
    // The build's logger may not have loaded: say it plainly.
    console.error("web server failed to start:", error);
    process.exit(1);
  });
}
