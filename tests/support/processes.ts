import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../scripts/bench/bench-env";

// The product's processes as `npm start` runs them (the compiled web server and
// workers, each its own process), started by a test with the configuration it
// chooses, and stopped by their own pid. They run in production and inherit the
// test's configuration (tests/setup/integration-env.ts): secrets made at run time,
// strong enough for production, and demo mode off unless the test says otherwise.

export { freePort };

export interface Started {
  child: ChildProcess;
  /** What the process wrote to standard error (and standard output, when kept). */
  output: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends the signal (SIGTERM by default) and waits for the process to end. */
  stop: (signal?: NodeJS.Signals) => Promise<number | string>;
}

function startCompiled(
  script: string,
  env: Record<string, string | undefined>,
  keepStdout = false,
  cwd?: string,
): Started {
  const child = spawn(process.execPath, [script], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", keepStdout ? "pipe" : "ignore", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stderr?.on("data", keep);
  child.stdout?.on("data", keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "")),
  );
  return {
    child,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** build/node/server.js on a free port, once /api/health answers (or it stops, which throws). */
export async function startCompiledWeb(
  env: Record<string, string | undefined> = {},
  /**
   * `port`: one chosen beforehand (when the configuration must name it, as PUBLIC_URL does);
   * `cwd`: another copy of the project to run (its build/node/server.js), this one's by default.
   */
  options: { keepStdout?: boolean; port?: number; cwd?: string } = {},
) {
  const port = options.port ?? (await freePort());
  const started = startCompiled(
    "build/node/server.js",
    { PORT: String(port), HOST: "127.0.0.1", ...env },
    options.keepStdout,
    options.cwd,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (started.child.exitCode !== null)
      throw new Error(`the web server stopped (${started.child.exitCode}): ${started.output()}`);
    const up = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.status > 0,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...started, baseUrl, port };
}

/** build/node/workers.js, its log lines kept (see `output`). */
export function startCompiledWorkers(env: Record<string, string | undefined> = {}) {
  return startCompiled("build/node/workers.js", env, true);
}

/**
 * A worker process running only the ai-analysis queue with a 1 s lock
 * (tests/support/ai-worker-process.ts), for the tests that kill a worker in the
 * middle of an analysis (SIGKILL, by its pid); resolves once it is ready.
 */
export async function startAiWorkerProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/ai-worker-process.ts"], {
    env: { ...process.env, TEST_AI_LOCK_MS: "1000" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`worker process exited with ${code}`)));
  });
  return child;
}
