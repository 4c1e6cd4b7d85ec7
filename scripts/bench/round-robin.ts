import net from "node:net";

// A round-robin TCP proxy on loopback: each new connection goes to the next of the given
// servers, as a load balancer in front of several web processes does. It counts the
// connections each server was given.

/** Joins a client's connection to a new one to `target`, both ways; either closing ends both. */
export function relay(client: net.Socket, target: { host: string; port: number }, open: Set<net.Socket>) {
  const upstream = net.connect(target.port, target.host);
  open.add(client).add(upstream);
  const drop = () => {
    client.destroy();
    upstream.destroy();
    open.delete(client);
    open.delete(upstream);
  };
  client.on("error", drop).on("close", drop);
  upstream.on("error", drop).on("close", drop);
  client.pipe(upstream).pipe(client);
}

export async function startRoundRobinProxy(targets: { host: string; port: number }[]) {
  const given = targets.map(() => 0);
  const sockets = new Set<net.Socket>();
  let next = 0;
  const server = net.createServer((client) => {
    const index = next;
    next = (next + 1) % targets.length;
    given[index]! += 1;
    relay(client, targets[index]!, sockets);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    /** How many connections each server was given, in the order given. */
    given: () => [...given],
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
