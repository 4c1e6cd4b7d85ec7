import http from "node:http";
import { createReadableStreamFromReadable } from "@remix-run/node";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, plainRequest } from "../../../tests/support/local-server";
import { DRAIN_LIMIT_BYTES, settleUnreadBodies } from "./unread-bodies.server";

describe("settleUnreadBodies", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  let agent: http.Agent;
  beforeAll(async () => {
    const app = express();
    app.use(settleUnreadBodies);
    // Reads the start of the body through the stream Remix makes of it, then answers (a body past its cap).
    app.post("/refuse-early", async (req, res) => {
      const reader = createReadableStreamFromReadable(req).getReader();
      await reader.read();
      reader.releaseLock();
      res.status(413).json({ refused: true });
    });
    // Reads the whole body, then answers.
    app.post("/read", (req, res) => {
      let size = 0;
      req.on("data", (chunk: Buffer) => (size += chunk.length));
      req.on("end", () => res.json({ size }));
    });
    app.get("/", (_req, res) => {
      res.json({ ok: true });
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());
  // One kept-alive connection per test: a second request goes on the first one's connection.
  afterEach(() => agent.destroy());
  const oneConnection = () => (agent = new http.Agent({ keepAlive: true, maxSockets: 1 }));

  it("drops a small unread body, so the same connection serves the next request", async () => {
    oneConnection();
    // More than the stream holds before it pauses the request, less than the drain limit.
    const body = Buffer.alloc(200 * 1024, "x");
    const refused = await plainRequest(`${web.baseUrl}/refuse-early`, {
      method: "POST",
      headers: { "content-type": "text/plain", "content-length": body.length },
      body,
      agent,
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).not.toBe("close");

    const next = await plainRequest(`${web.baseUrl}/`, { agent });
    expect(next.status).toBe(200);
    expect(next.reusedSocket).toBe(true);
  });

  it("closes the connection after an answer when more than the drain limit is left unread", async () => {
    oneConnection();
    const refused = await plainRequest(`${web.baseUrl}/refuse-early`, {
      method: "POST",
      headers: { "content-type": "text/plain", "content-length": DRAIN_LIMIT_BYTES + 1 },
      body: Buffer.alloc(1024, "x"),
      unfinished: true,
      agent,
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe("close");

    // The client's next request goes on a new connection, and is answered.
    const next = await plainRequest(`${web.baseUrl}/`, { agent });
    expect(next.status).toBe(200);
    expect(next.reusedSocket).toBe(false);
  });

  it("closes the connection after an answer when the unread body's length is unknown (chunked)", async () => {
    oneConnection();
    const refused = await plainRequest(`${web.baseUrl}/refuse-early`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: Buffer.from("the start of a body of unknown length"),
      unfinished: true,
      agent,
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe("close");
  });

  it("keeps the connection when the body was read to the end, however large", async () => {
    oneConnection();
    const body = Buffer.alloc(DRAIN_LIMIT_BYTES * 2, "x");
    const read = await plainRequest(`${web.baseUrl}/read`, {
      method: "POST",
      headers: { "content-type": "text/plain", "content-length": body.length },
      body,
      agent,
    });
    expect(JSON.parse(read.body)).toEqual({ size: body.length });
    expect(read.headers.connection).not.toBe("close");
    expect((await plainRequest(`${web.baseUrl}/`, { agent })).reusedSocket).toBe(true);
  });

  it("leaves reads alone", async () => {
    oneConnection();
    const read = await plainRequest(`${web.baseUrl}/`, { agent });
    expect(read.headers.connection).not.toBe("close");
  });
});
