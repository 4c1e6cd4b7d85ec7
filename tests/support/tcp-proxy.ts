// A TCP proxy in front of a real service, so a test can make PostgreSQL or
// Redis "go away" (stop) and "come back" (start) without touching the server.
import net from "node:net";
import { relay } from "../../scripts/bench/round-robin";

export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  async function listen() {
    server = net.createServer((client) => relay(client, target, sockets));
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and cuts the open ones, as a stopped server would. */
    async stop() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    /** Accepts connections again on the same port (nothing to do when it already does). */
    async start() {
      if (!server) await listen();
    },
  };
}
