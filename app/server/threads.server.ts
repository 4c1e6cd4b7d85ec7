import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { Refusal } from "~/server/refusal";
import { singleton } from "~/server/singleton.server";
import type { ThreadAnswer, ThreadRefusal } from "~/threads/serve";

// A person's file (a boundary file) is read in a worker thread, never on the web process's event
// loop: however long it takes or however much memory it wants, the process answers everyone else
// meanwhile. Each file gets a thread of its own, with a time limit and a memory limit (V8's
// resourceLimits): past either the thread is stopped and the caller hears why (ThreadStopped),
// the process itself unharmed. A few run at once (THREADS_AT_ONCE), so their memory stays
// bounded; a few more wait; past that the request is refused at once (503, try again).
//
// Where a thread's code is: as compiled JavaScript in build/node/threads/ (vite.node.config.ts)
// when the code starting it is compiled (the production build), its TypeScript in app/threads/
// (through tsx) when that code runs from source (development, Vitest). See
// docs/decisions/0003-worker-threads-for-peoples-files.md.

/** Threads at once in one process, each up to its memory limit. */
export const THREADS_AT_ONCE = 2;
/** Files waiting for a thread; one more is refused at once. */
export const THREADS_WAITING = 8;
/** How long a thread may take to load its code: generous, as running from source compiles TypeScript on the way. */
const START_LIMIT_MS = 30_000;

/** The thread entries (app/threads/<name>.ts, compiled to build/node/threads/<name>.js). */
export type ThreadName = "boundary-file";

export interface ThreadLimits {
  /** From the moment the thread is handed its input (its code loaded). */
  timeLimitMs: number;
  resourceLimits: ResourceLimits;
}

/** Why a thread gave no answer: out of time or memory, too many waiting, or it failed to start or died. */
export type ThreadStop = "time" | "memory" | "busy" | "failed";

export class ThreadStopped extends Error {
  constructor(
    readonly reason: ThreadStop,
    message: string,
  ) {
    super(message);
    this.name = "ThreadStopped";
  }
}

/** The project's folder (the one with package.json), walking up from `from`. */
function projectRoot(from: string) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

export interface ThreadEntry {
  /** The file the Worker runs. */
  file: string;
  /** For the source form: the TypeScript entry the bootstrap imports once tsx is registered. */
  workerData?: { entry: string };
  compiled: boolean;
}

/**
 * Where the thread `name`'s code is, for code running at `callerUrl` (this module's own address:
 * build/server/index.js in the production build, app/server/threads.server.ts from source). The
 * thread takes the caller's form, so a build never runs source and development never runs a stale build.
 */
export function threadEntry(name: ThreadName, callerUrl: string = import.meta.url): ThreadEntry {
  const caller = fileURLToPath(callerUrl);
  const root = projectRoot(path.dirname(caller));
  if (!/\.tsx?$/.test(caller)) {
    const file = path.join(root, "build", "node", "threads", `${name}.js`);
    if (!existsSync(file))
      throw new Error(`${path.relative(root, file)} is missing: build the node processes (npm run build)`);
    return { file, compiled: true };
  }
  // Node 20 does not pass --import tsx on to worker threads: a small bootstrap registers it there first.
  return {
    file: path.join(root, "app", "threads", "from-source.mjs"),
    workerData: { entry: pathToFileURL(path.join(root, "app", "threads", `${name}.ts`)).href },
    compiled: false,
  };
}

interface Slots {
  running: number;
  waiting: (() => void)[];
}
// One count per process, however many copies of this module development's reloads make.
const slots = () => singleton<Slots>("threads.slots", () => ({ running: 0, waiting: [] }));

async function takeSlot() {
  const state = slots();
  if (state.running < THREADS_AT_ONCE) {
    state.running += 1;
    return;
  }
  if (state.waiting.length >= THREADS_WAITING) throw new ThreadStopped("busy", "every thread is taken");
  // The slot is handed over by the thread that gives it up.
  await new Promise<void>((resolve) => state.waiting.push(resolve));
}

function giveSlotBack() {
  const state = slots();
  const next = state.waiting.shift();
  if (next) next();
  else state.running -= 1;
}

/** Threads running and files waiting now (for tests and logs). */
export function threadsInUse() {
  const state = slots();
  return { running: state.running, waiting: state.waiting.length };
}

/**
 * Runs the thread `name` on `input` (copied to it) and answers what it answered. A Refusal it
 * throws is thrown here as the same Refusal; ThreadStopped when it ran out of time ("time") or
 * memory ("memory"), or could not start or died ("failed"), or when too many are waiting ("busy").
 */
export async function runInThread<T>(name: ThreadName, input: unknown, limits: ThreadLimits): Promise<T> {
  await takeSlot();
  let thread: ReturnType<typeof startThread<T>>;
  try {
    thread = startThread<T>(name, input, limits);
  } catch (error) {
    giveSlotBack();
    throw error;
  }
  // The slot is free once the thread has ended (its memory given back), not when it answered.
  void thread.ended.then(giveSlotBack);
  return thread.answer;
}

function startThread<T>(name: ThreadName, input: unknown, limits: ThreadLimits) {
  const entry = threadEntry(name);
  const worker = new Worker(entry.file, {
    workerData: entry.workerData,
    resourceLimits: limits.resourceLimits,
    // Nothing a thread prints belongs in the web process's log (its failures come back as answers).
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const ended = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  const answer = new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const stop = (reason: ThreadStop, message: string) => settle(() => reject(new ThreadStopped(reason, message)));
    timer = setTimeout(
      () => stop("failed", `thread ${name} did not start within ${START_LIMIT_MS} ms`),
      START_LIMIT_MS,
    );
    worker.on("message", (message: ThreadAnswer<T>) => {
      if ("ready" in message) {
        clearTimeout(timer);
        timer = setTimeout(() => stop("time", `thread ${name} ran past ${limits.timeLimitMs} ms`), limits.timeLimitMs);
        worker.postMessage(input);
      } else if ("value" in message) settle(() => resolve(message.value));
      else if ("refusal" in message) settle(() => reject(refusalOf(message.refusal)));
      else settle(() => reject(new Error(`thread ${name} failed: ${message.error}`)));
    });
    // Always listened to: an 'error' nobody hears would end the process.
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") stop("memory", `thread ${name} ran out of memory`);
      else settle(() => reject(error));
    });
    worker.on("exit", (code) => stop("failed", `thread ${name} ended (${code}) without an answer`));
  });
  return { answer, ended };
}

const refusalOf = ({ code, message, fields, headers, params }: ThreadRefusal) =>
  new Refusal(code, message, { fields, headers, params });
