import path from "node:path";
import { pathToFileURL } from "node:url";

/** Whether the module at `moduleUrl` is the program being run (node server.ts, node workers/index.ts). */
export function isEntryPoint(moduleUrl: string) {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(path.resolve(process.argv[1]!)).href;
}
