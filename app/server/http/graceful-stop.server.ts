import type { Server } from "node:http";
import net from "node:net";
import type { Express, RequestHandler } from "express";

/** Once stopping, every answer ends its connection, so no client sends another request on it. */
export const closeConnectionsWhenStopping: RequestHandler = (req, res, next) => {
  if (req.app.locals.stopping === true) res.setHeader("Connection", "close");
  next();
};

/**
 * Stops taking connections and resolves once every connection taken has ended: each request
 * already taken is answered (with `Connection: close`, above); kept-alive connections with
 * nothing asked get a moment to ask, then are closed; streaming answers get a few seconds to
 * finish, then are cut.
 */
export function stopServing(app: Express, server: Server, grace = { idleMs: 1_000, streamingMs: 8_000 }) {
  app.locals.stopping = true;
  return new Promise<void>((resolve) => {
    // Node's own server.close() would also drop each connection whose request it has not read
    // yet: under load, requests a client had already sent. The plain net.Server close does not.
    net.Server.prototype.close.call(server, () => resolve());
    setTimeout(() => server.closeIdleConnections(), grace.idleMs).unref();
    setTimeout(() => server.closeAllConnections(), grace.streamingMs).unref();
  });
}
