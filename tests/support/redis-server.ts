import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./processes";

// A Redis of a test's own (redis-server on a free port, nothing kept on disk), which the test
// may stop and start again on the same port, as a Redis that restarts empty.

export async function ownRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function start() {
    if (child && child.exitCode === null) return;
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    // Ready once it answers PING.
    const { Redis } = await import("ioredis");
    const probe = new Redis({
      port,
      host: "127.0.0.1",
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on("error", () => {});
    try {
      for (let waited = 0; ; waited += 100) {
        const answer = await probe.connect().then(
          () => probe.ping(),
          () => "down",
        );
        if (answer === "PONG") return;
        if (waited > 15_000) throw new Error(`redis-server on port ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      probe.disconnect();
    }
  }

  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGTERM");
    });
    child = undefined;
  }

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
}
