import net from "node:net";

// A round-robin TCP proxy on loopback: each new connection goes to the next of the given
// servers, as a load balancer in front of several web processes does. It counts the
// connections each server was given.

export async function startRoundRobinProxy(targets: { host: string; port: number }[]) {
  const given = targets.map(() => 0);
  const sockets = new Set<net.Socket>();
  let next = 0;
  const server = net.createServer((client) => {
    const index = next;
    next = (next + 1) % targets.length;
    given[index]! += 1;
    const target = targets[index]!;
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
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
