// Runs the web server and the workers as two processes and stops both together.
// Ctrl-C (SIGINT) or SIGTERM is passed to each; if one exits on its own, the other is stopped.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const children = new Map<string, ChildProcess>();
let stopping = false;
let exitCode = 0;

// Compiled (build/node/run-all.js, as npm start runs it), the processes are the compiled ones
// beside it; from source (node --import tsx scripts/run-all.ts), their TypeScript.
const compiled = import.meta.url.endsWith(".js");
const here = path.dirname(fileURLToPath(import.meta.url));

function run(name: string, source: string, built: string) {
  const args = compiled ? [path.join(here, built)] : ["--import", "tsx", source];
  const child = spawn(process.execPath, args, {
    stdio: "inherit",
    // Own process group: a terminal's Ctrl-C reaches only this supervisor, which
    // passes it on once, so each child gets exactly one signal.
    detached: true,
    env: { ...process.env, ASIIKO_SERVICE: name },
  });
  children.set(name, child);
  child.on("exit", (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[asiiko] ${name} exited (${signal ?? code}); stopping the rest`);
      exitCode = code || 1;
      stopAll("SIGTERM");
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

function stopAll(signal: NodeJS.Signals) {
  stopping = true;
  for (const child of children.values()) child.kill(signal);
}

process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));

run("web", "server.ts", "server.js");
run("workers", "workers/index.ts", "workers.js");
