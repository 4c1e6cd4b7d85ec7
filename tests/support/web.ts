import { afterAll, beforeAll } from "vitest";

// Boots the real web server (the production build, as `npm start` serves it)
// on a free port, for integration tests over HTTP.
export async function bootWebServer(options: { trustProxy?: boolean | number | string } = {}) {
  const { startWebServer } = await import("../../server");
  const { server, stop } = await startWebServer({ mode: "production", port: 0, host: "127.0.0.1", ...options });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("web server has no port");
  return { baseUrl: `http://127.0.0.1:${address.port}`, stop };
}

/**
 * The web server for one test file: booted before its tests, and stopped after
 * them once the rows they made are removed. Read `baseUrl` inside the tests.
 */
export function serveForTests(options: Parameters<typeof bootWebServer>[0] = {}) {
  let web: Awaited<ReturnType<typeof bootWebServer>> | undefined;
  beforeAll(async () => {
    web = await bootWebServer(options);
  });
  afterAll(async () => {
    // Loaded here, not at the top: importing it makes the database client, and a test file
    // may point DATABASE_URL elsewhere (a proxy it can stop) before it boots the server.
    const { removeCreatedData } = await import("./api-client");
    await removeCreatedData();
    await web?.stop();
  });
  return {
    get baseUrl() {
      if (!web) throw new Error("the web server is not up yet: read baseUrl inside a test");
      return web.baseUrl;
    },
  };
}

/**
 * The web server for one test file, with the payment-webhooks worker running in this process
 * beside it: both started before its tests; after them, the payment events named in `eventIds`
 * go (with their jobs), then the rows the file made, then the server and the worker.
 */
export function servePaymentsForTests(eventIds: Iterable<string>) {
  let web: Awaited<ReturnType<typeof bootWebServer>> | undefined;
  let workers: { close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    const { startWorkers } = await import("../../workers/index");
    workers = await startWorkers({ queues: ["payment-webhooks"] });
    web = await bootWebServer();
  });
  afterAll(async () => {
    const { removeCreatedData, removePaymentEvents } = await import("./api-client");
    await removePaymentEvents(eventIds);
    await removeCreatedData();
    await web?.stop();
    await workers?.close();
  });
  return {
    get baseUrl() {
      if (!web) throw new Error("the web server is not up yet: read baseUrl inside a test");
      return web.baseUrl;
    },
  };
}
