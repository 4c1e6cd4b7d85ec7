// "Create once per process": development reloads re-evaluate modules, and a
// process may hold more than one copy of a module, yet a process must open
// one database pool, one set of queues and one Redis connection per purpose.
// The value is kept under a registry symbol on globalThis, by name.

const REGISTRY = Symbol.for("asiiko.singletons");

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= new Map());
}

/** The process's one value named `name`, made by `create` the first time it is asked for. */
export function singleton<T>(name: string, create: () => T): T {
  const values = registry();
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as T;
}

/** Forgets a value (after it was closed), so the next request makes a new one. */
export function forgetSingleton(name: string) {
  registry().delete(name);
}
