// Shutdown hooks shared by every copy of the server modules in one process
// (server.ts runs through tsx while the Remix build bundles its own copy), so
// that one graceful stop closes every connection that was opened.

type Hook = { name: string; order: number; close: () => Promise<unknown> };

declare global {
  var __asiikoShutdownHooks: Map<string, Hook> | undefined;
}

function hooks() {
  return (globalThis.__asiikoShutdownHooks ??= new Map());
}

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
