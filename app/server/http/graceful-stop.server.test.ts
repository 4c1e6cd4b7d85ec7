import http from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { listenLocally, plainRequest } from "../../../tests/support/local-server";
import { closeConnectionsWhenStopping, stopServing } from "./graceful-stop.server";

/** An app with a request that waits until the test lets it answer, and one that streams forever. */
async function serveApp() {
  let arrived!: () => void;
  let release!: () => void;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const slowReleased = new Promise<void>((resolve) => (release = resolve));
  const app = express();
  app.use(closeConnectionsWhenStopping);
  app.get("/slow", async (_req, res) => {
    arrived();
    await slowReleased;
    res.send("slow answer");
  });
  app.get("/stream", (_req, res) => {
    res.write("first part");
  });
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const web = await listenLocally(app);
  return { app, web, slowArrived, release };
}

describe("stopServing", () => {
  const agents: http.Agent[] = [];
  const keptAlive = () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    return agent;
  };
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.destroy();
  });

  it("answers requests taken, ends kept-alive connections with their next answer, and takes no new ones", async () => {
    const { app, web, slowArrived, release } = await serveApp();
    const agent = keptAlive();
    expect((await plainRequest(`${web.baseUrl}/`, { agent })).headers.connection).toBe("keep-alive");
    const slow = plainRequest(`${web.baseUrl}/slow`, { agent: false });
    await slowArrived;

    let stopped = false;
    const stopping = stopServing(app, web.server, { idleMs: 60_000, streamingMs: 60_000 }).then(() => (stopped = true));

    // A request on a connection already open is answered, and that connection ends with it.
    const onOpenConnection = await plainRequest(`${web.baseUrl}/`, { agent });
    expect(onOpenConnection.reusedSocket).toBe(true);
    expect(onOpenConnection.status).toBe(200);
    expect(onOpenConnection.headers.connection).toBe("close");
    // A new connection is refused.
    await expect(plainRequest(`${web.baseUrl}/`, { agent: false })).rejects.toMatchObject({ code: "ECONNREFUSED" });

    expect(stopped).toBe(false);
    release();
    expect((await slow).body).toBe("slow answer");
    await stopping;
    expect(stopped).toBe(true);
  });

  it("closes a kept-alive connection with nothing asked once its grace is over", async () => {
    const { app, web } = await serveApp();
    // Without the stop, the idle connection would stay open: no keep-alive timeout.
    web.server.keepAliveTimeout = 0;
    const agent = keptAlive();
    await plainRequest(`${web.baseUrl}/`, { agent });
    const [socket] = Object.values(agent.freeSockets).flat();
    expect(socket).toBeDefined();
    const closed = new Promise<void>((resolve) => socket!.once("close", () => resolve()));

    await stopServing(app, web.server, { idleMs: 0, streamingMs: 60_000 });
    await closed;
  });

  it("cuts an answer still streaming once its grace is over", async () => {
    const { app, web } = await serveApp();
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${web.baseUrl}/stream`, { agent: false }, resolve).on("error", reject);
    });
    await new Promise((resolve) => response.once("data", resolve));
    const cut = new Promise<void>((resolve) => response.once("close", () => resolve()));

    await stopServing(app, web.server, { idleMs: 0, streamingMs: 0 });
    await cut;
    expect(response.complete).toBe(false);
  });
});
