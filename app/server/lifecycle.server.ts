import { singleton } from "./singleton.server";

// Shutdown hooks: whatever opens a connection registers how to close it, and
// one graceful stop closes them all, in order.

type Hook = { name: string; order: number; close: () => Promise<unknown> };

const hooks = () => singleton("shutdown-hooks", () => new Map<string, Hook>());

/** Registers (or replaces) a named closer. Lower order closes first. */
export function onShutdown(name: string, order: number, close: () => Promise<unknown>) {
  hooks().set(name, { name, order, close });
}

/** Runs every closer in order; one failing does not stop the rest. */
export async function runShutdownHooks(log: (message: string) => void = () => {}) {
  const ordered = [...hooks().values()].sort((a, b) => a.order - b.order);
  hooks().clear();
  for (const hook of ordered) {
    try {
      await hook.close();
      log(`closed ${hook.name}`);
    } catch (error) {
      log(`closing ${hook.name} failed: ${(error as Error).message}`);
    }
  }
}
