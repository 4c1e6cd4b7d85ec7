// A thread's TypeScript entry, run from source (development, Vitest): Node 20 does not pass the
// parent's `--import tsx` on to a worker thread, so tsx is registered here first, then the
// entry named in workerData is loaded. The production build runs build/node/threads/<name>.js
// instead, with no TypeScript loader (app/server/threads.server.ts).
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
