import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ViteDevServer } from "vite";
import type { ServerRuntime } from "~/entry.server";
import { getEnv, trustProxySetting } from "~/env.server";
import { isEntryPoint } from "~/server/entry-point";
import { SESSION_COOKIE_NAME } from "~/server/session-cookie";
import { VIEWER_HEADER, VISITOR } from "~/sw/policy";

// The web process: Remix (Vite middleware in development, the production build
// otherwise), static files, the operators' queue dashboard, request logs and a
// graceful stop. Workers run in their own process (workers/index.ts).
//
// This file imports none of the app's modules but the configuration (which
// opens nothing): the logger, queues, dashboard guard and shutdown hooks come
// from the Remix build itself (`serverRuntime`, app/entry.server.tsx), so the
// process holds one copy of them, the build's.

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

/**
 * What a page may load: its own scripts and the inline ones carrying this
 * response's nonce; styles of its own (React's style attributes are inline);
 * images of its own and the https photos listings may link to; nothing may
 * frame it. The operators' dashboard (bull-board) ships inline scripts of its
 * own. In development Vite's live reload needs inline scripts: only framing is refused.
 */
export function contentSecurityPolicy(nonce: string, path: string, mode: "development" | "production") {
  const common = ["base-uri 'self'", "object-src 'none'", "frame-ancestors 'none'"];
  if (mode === "development") return common.join("; ");
  if (path.startsWith("/admin/queues")) {
    return [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
      "font-src 'self' data: https://fonts.gstatic.com",
      "img-src 'self' data:",
      "connect-src 'self'",
      ...common,
    ].join("; ");
  }
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "form-action 'self'",
    ...common,
  ].join("; ");
}

/** Headers on every answer (pages, API, files): the policy above, no type sniffing, no framing, a short referrer. */
function securityHeaders(mode: "development" | "production") {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, req.path, mode));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    next();
  };
}

const HOST_HEADER =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const FORWARDED_PROTO = /^https?$/i;

/**
 * Host and forwarding headers feed the request's URL. A client may send
 * anything there: forwarding headers are dropped unless the peer is a trusted
 * proxy, and a Host or forwarded value that is not a host name is replaced or
 * dropped, so a bad header is ignored, never fatal. (Links that leave the
 * product never come from these headers: see publicOrigin.)
 */
function sanitiseAddressHeaders(req: express.Request, _res: express.Response, next: express.NextFunction) {
  const headers = req.headers;
  if (typeof headers.host !== "string" || headers.host.length > 300 || !HOST_HEADER.test(headers.host))
    headers.host = "localhost";
  const trusted = (req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(
    req.socket.remoteAddress,
    0,
  );
  if (!trusted) {
    delete headers["x-forwarded-host"];
    delete headers["x-forwarded-proto"];
    delete headers["x-forwarded-port"];
  } else {
    // A proxy chain lists values comma-separated; keep them only if every one is well formed.
    const list = (value: string | string[] | undefined) =>
      typeof value === "string" ? value.split(",").map((item) => item.trim()) : [];
    if (
      headers["x-forwarded-host"] !== undefined &&
      !list(headers["x-forwarded-host"]).every((item) => item.length <= 300 && HOST_HEADER.test(item))
    ) {
      delete headers["x-forwarded-host"];
    }
    if (
      headers["x-forwarded-proto"] !== undefined &&
      !list(headers["x-forwarded-proto"]).every((item) => FORWARDED_PROTO.test(item))
    ) {
      delete headers["x-forwarded-proto"];
    }
    if (
      headers["x-forwarded-port"] !== undefined &&
      !list(headers["x-forwarded-port"]).every((item) => /^\d{1,5}$/.test(item))
    ) {
      delete headers["x-forwarded-port"];
    }
  }
  next();
}

/**
 * An /api address with a dot segment, written or encoded (`/api/farms/F/plots/%2e%2e`): the
 * router would resolve it to another address (here, the farm itself, so a DELETE meant for a
 * plot would remove the farm) or out of the API. Browsers resolve dots before they send, so
 * only a hand-made request has them: it is answered for the address as written, which no route
 * has: 404 in the catalogue's JSON.
 */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

function refuseDotSegmentsInApi(req: express.Request, res: express.Response, next: express.NextFunction) {
  const rawPath = req.originalUrl.split("?")[0] ?? "";
  if (!rawPath.startsWith("/api/") || !DOT_SEGMENT.test(rawPath)) return next();
  res
    .status(404)
    .set("Cache-Control", "no-store")
    .json(apiErrorBody("VLD_REQUIRED_FIELD", "There is no such address in the API."));
}

/** The most of an unread body that is read and dropped to keep its connection open. */
const DRAIN_LIMIT_BYTES = 256 * 1024;

/**
 * An answer given before its request's body was read to the end (a refusal made before the
 * body, a route that takes none): Node would keep the connection open while the unread bytes
 * still wait on it, and the client's next request on that connection was met with a reset.
 * A small rest is read and dropped once the answer is sent, so the connection serves the next
 * request; a larger or unknown one is not read: the answer says `Connection: close`, so the
 * client opens a new connection for its next request instead of finding this one cut.
 */
function settleUnreadBodies(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const declared = Number(req.headers["content-length"] ?? NaN);
  const small = Number.isFinite(declared) && declared <= DRAIN_LIMIT_BYTES;
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    if (!req.complete && !small) this.setHeader("Connection", "close");
    return (writeHead as (...rest: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
  res.once("finish", () => {
    if (req.complete || !small) return;
    // The request's body stream (if Remix made one) is done with: drop what is left.
    req.removeAllListeners("data");
    req.on("data", () => undefined);
    req.resume();
  });
  next();
}

/**
 * Remix flushes the compressor after every chunk it writes, so that streamed parts of a page
 * (and server-sent events) leave at once. React writes a page in hundreds of small chunks: a
 * flush after each cut gzip's output to a quarter of its strength (a 190 KB page came to 73 KB
 * instead of 17 KB) and cost a write each. Flushes asked for in one turn of the event loop are
 * made once, at its end: whatever is written in a later turn still leaves without waiting.
 */
function coalesceFlushes(_req: express.Request, res: express.Response, next: express.NextFunction) {
  const flushable = res as express.Response & { flush?: () => void };
  const flush = flushable.flush;
  if (typeof flush === "function") {
    let pending = false;
    flushable.flush = () => {
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        if (!res.writableEnded) flush.call(res);
      });
    };
  }
  next();
}

/**
 * Names the reader on every answer (a digest of the session cookie, or "visitor"), for the
 * service worker: when the reader changes (a sign-out, a sign-in, a session that ended), it drops
 * everything it kept of the last one before keeping anything new, so the next reader of a shared
 * phone never sees the last one's pages offline. The digest cannot be turned back into the session.
 */
const SESSION_IN_COOKIES = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=([^;]+)`);

function nameViewer(req: express.Request, res: express.Response, next: express.NextFunction) {
  const session = SESSION_IN_COOKIES.exec(req.headers.cookie ?? "")?.[1];
  res.setHeader(
    VIEWER_HEADER,
    session ? createHash("sha256").update(session).digest("base64url").slice(0, 22) : VISITOR,
  );
  next();
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
  app.use(sanitiseAddressHeaders);
  app.use(settleUnreadBodies);
  app.use(refuseDotSegmentsInApi);
  // Once stopping, every answer ends its connection, so no client sends another request on it.
  app.use((req, res, next) => {
    if (req.app.locals.stopping === true) res.setHeader("Connection", "close");
    next();
  });
  app.use(securityHeaders(mode));

  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // One short line per request; the one-time dashboard ?token= never reaches the log.
      serializers: {
        req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url.replace(/([?&]token=)[^&]*/, "$1[redacted]"),
          ip: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      // Health probes every 30 s from every open tab would drown the log.
      autoLogging: { ignore: (req) => req.url === "/api/health" && req.method === "HEAD" },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );
  app.use(compression());
  app.use(coalesceFlushes);
  app.use(nameViewer);

  // An address that does not decode (malformed percent-encoding) names nothing: answer it here,
  // as the catalogue's JSON under /api, before static files or Remix fail on it.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
      return next();
    } catch {
      res.status(400).setHeader("Cache-Control", "no-store");
      if (req.path.startsWith("/api/")) {
        res.json(apiErrorBody("SEC_MALICIOUS_REQUEST", "The address is not valid."));
      } else {
        res.type("text/plain").send("The address is not valid.");
      }
    }
  });

  // Cross-site writes are refused before they reach any route.
  app.use((req, res, next) => {
    const cross = runtime.isCrossSiteMutation({
      method: req.method,
      path: req.path,
      host: req.headers.host,
      origin: req.headers.origin,
      secFetchSite: req.get("sec-fetch-site"),
    });
    if (!cross) return next();
    res
      .status(403)
      .setHeader("Cache-Control", "no-store")
      .json(apiErrorBody("SEC_CSRF_VIOLATION", "Requests from other sites are not accepted."));
  });

  // Operators' dashboard: every queue, retries and failures.
  const boardAdapter = new ExpressAdapter();
  boardAdapter.setBasePath("/admin/queues");
  createBullBoard({
    queues: runtime.getAllQueues().map((queue) => new BullMQAdapter(queue)),
    serverAdapter: boardAdapter,
    options: { uiConfig: { boardTitle: "Asiiko queues" } },
  });
  app.use("/admin/queues", runtime.queueDashboardAccess, boardAdapter.getRouter());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Hashed file names never change: cache them for a year.
    app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(
      express.static(path.join(root, "build/client"), {
        maxAge: "1h",
        // The service worker is checked for a new version on every visit (browsers cap this at 24 h anyway).
        setHeaders: (res, file) => {
          if (path.basename(file) === "sw.js") res.setHeader("Cache-Control", "no-cache");
        },
      }),
    );
  }
  // Only the processed sizes are public: never an original (which still carries the photo's metadata).
  app.use("/uploads", (req, res, next) => {
    if (/^\/[A-Za-z0-9_-]{1,64}\/(?:320|800|1600)\.webp$/.test(req.path)) return next();
    res.status(404).type("text/plain").send("Not found");
  });
  if (runtime.photoStore() === "disk") {
    app.use("/uploads", express.static(path.resolve(env.UPLOAD_DIR), { maxAge: "7d", index: false }));
  } else {
    // From the bucket, through this server: the same addresses, headers and policy as from disk.
    app.get("/uploads/:id/:width.webp", async (req, res) => {
      try {
        const bytes = await runtime.readPublicPhoto(req.params.id ?? "", Number(req.params.width));
        if (!bytes) return res.status(404).type("text/plain").send("Not found");
        res.set("Cache-Control", "public, max-age=604800").type("image/webp").send(bytes);
      } catch (error) {
        // The bucket out of reach: a moment's outage, not a missing photo (which would be cached as gone).
        logger.warn({ err: error }, "photo store unavailable");
        res
          .status(503)
          .set({ "Retry-After": "5", "Cache-Control": "no-store" })
          .type("text/plain")
          .send("Photo unavailable for a moment");
      }
    });
  }

  app.all(
    "*",
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) => ({
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        requestId: String(res.getHeader("X-Request-Id") ?? ""),
        cspNonce: String(res.locals.cspNonce ?? ""),
      }),
    }),
  );

  async function close() {
    await vite?.close();
    await runtime.runShutdownHooks((message) => logger.info(message));
  }

  return { app, close, runtime };
}

/** The catalogue's JSON refusal (the shape of app/server/http/api.server.ts), for the few answers made before Remix. */
function apiErrorBody(code: string, message: string) {
  return { success: false, message, error: { code, message } };
}

function serverRuntimeOf(build: ServerBuild): ServerRuntime {
  const runtime = (build.entry.module as unknown as { serverRuntime?: ServerRuntime }).serverRuntime;
  if (!runtime) throw new Error("the Remix build's entry.server does not export serverRuntime");
  return runtime;
}

/** Starts listening; resolves with the server once it accepts connections. */
/**
 * Requests Node cannot parse never reach Express: an address or cookie past the 16 KB header
 * limit, a malformed request line. Node would answer them with a bare status; they get the
 * catalogue's JSON like every other refusal (431 for oversized headers, else 400).
 */
function answerUnreadableRequests(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    const body = JSON.stringify(
      apiErrorBody(
        "SEC_MALICIOUS_REQUEST",
        tooLarge ? "The request's address or headers are too large." : "The request could not be read.",
      ),
    );
    socket.end(
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

export async function startWebServer(options: WebServerOptions = {}) {
  const env = getEnv();
  const { app, close, runtime } = await createWebServer(options);
  const port = options.port ?? env.PORT;
  const host = options.host ?? env.HOST;
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(port, host, () => resolve(listening));
    listening.once("error", reject);
  });
  answerUnreadableRequests(server);

  let stopping: Promise<void> | undefined;
  function stop() {
    stopping ??= (async () => {
      app.locals.stopping = true;
      await new Promise<void>((resolve) => {
        // Stop taking connections; the callback comes once every one taken has ended. (Node's own
        // server.close() would also drop each connection whose request it has not read yet: under
        // load, requests a client had already sent.)
        net.Server.prototype.close.call(server, () => resolve());
        // Kept-alive connections with nothing asked get a moment to ask, then are closed...
        setTimeout(() => server.closeIdleConnections(), 1_000).unref();
        // ...and streaming answers get a few seconds to finish, then are cut.
        setTimeout(() => server.closeAllConnections(), 8_000).unref();
      });
      await close();
    })();
    return stopping;
  }
  return { server, stop, runtime };
}

async function main() {
  const env = getEnv();
  const { server, stop, runtime } = await startWebServer();
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  runtime.logger.info({ port, mode: env.NODE_ENV }, `Asiiko web listening on http://localhost:${port}`);

  runtime.stopGracefullyOnSignal("web server", stop, 15_000);
}

if (isEntryPoint(import.meta.url)) {
  main().catch((error: unknown) => {
    // The build's logger may not have loaded: say it plainly.
    console.error("web server failed to start:", error);
    process.exit(1);
  });
}
