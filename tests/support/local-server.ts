import http, { type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";

// Small real servers for the web server's middleware tests: an Express app (or any handler)
// on 127.0.0.1 at a free port, and a raw exchange for what a well-behaved client never sends.

/** Serves `handler` on 127.0.0.1 at a free port; `close` ends every connection and the server. */
export async function listenLocally(handler: RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `request` as given on a new connection and resolves with all the server sent before it closed. */
export function rawExchange(port: number, request: string | Buffer) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.write(request);
  });
}

/** What node:http answers, its body read to the end. */
export interface PlainAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  reusedSocket: boolean;
}

/**
 * One request through node:http, the path sent exactly as written (fetch would resolve dot
 * segments, encoded ones too, before sending). With `unfinished`, the body is left open after
 * `body` (a part of what Content-Length declares, or of a chunked body): the server answers before it ends.
 */
export function plainRequest(
  url: string,
  options: {
    method?: string;
    path?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: Buffer;
    unfinished?: boolean;
    agent?: http.Agent | false;
  } = {},
) {
  return new Promise<PlainAnswer>((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: options.path ?? target.pathname + target.search,
        method: options.method ?? "GET",
        headers: options.headers,
        agent: options.agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            reusedSocket: request.reusedSocket,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    if (options.body) request.write(options.body);
    if (!options.unfinished) request.end();
  });
}
