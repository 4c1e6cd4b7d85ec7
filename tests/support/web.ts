// Boots the real web server (the production build, as `npm start` serves it)
// on a free port, for integration tests over HTTP.
export async function bootWebServer(options: { trustProxy?: boolean | number | string } = {}) {
  const { startWebServer } = await import("../../server");
  const { server, stop } = await startWebServer({ mode: "production", port: 0, host: "127.0.0.1", ...options });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("web server has no port");
  return { baseUrl: `http://127.0.0.1:${address.port}`, stop };
}
