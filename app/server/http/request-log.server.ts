import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";

const REQUEST_ID = /^[\w.-]{8,100}$/;

/**
 * One short log line per answered request, through the logger passed in (the build's, so the
 * process writes through one logger). Each request gets an id, the caller's `X-Request-Id` when it
 * looks like one, else a new one; it is answered back in `X-Request-Id`.
 */
export function logRequests(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
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
  });
}
