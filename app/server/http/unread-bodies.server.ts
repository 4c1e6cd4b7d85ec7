import type { Response, RequestHandler } from "express";

/** The most of an unread body that is read and dropped to keep its connection open. */
export const DRAIN_LIMIT_BYTES = 256 * 1024;

/**
 * An answer given before its request's body was read to the end (a refusal made before the
 * body, a route that takes none): Node would keep the connection open while the unread bytes
 * still wait on it, and the client's next request on that connection was met with a reset.
 * A small rest is read and dropped once the answer is sent, so the connection serves the next
 * request; a larger or unknown one is not read: the answer says `Connection: close`, so the
 * client opens a new connection for its next request instead of finding this one cut.
 */
export const settleUnreadBodies: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const declared = Number(req.headers["content-length"] ?? NaN);
  const small = Number.isFinite(declared) && declared <= DRAIN_LIMIT_BYTES;
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (!req.complete && !small) this.setHeader("Connection", "close");
    return (writeHead as (...rest: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
  res.once("finish", () => {
    if (req.complete || !small) return;
    // The request's body stream (if Remix made one) is done with: drop what is left.
    req.removeAllListeners("data");
    req.on("data", () => undefined);
    req.resume();
  });
  next();
};
