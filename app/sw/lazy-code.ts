// Which files each page may fetch later, on demand (a form opened from a button, a
// map loaded after the page): the build works it out from its chunks, and the
// service worker keeps those files together with the page's own code, so a page
// kept for offline use still opens its form or map without a connection.
//
// Pure, for the build (vite.config.ts) and its tests.

/** What the build knows of one output chunk. */
export interface BuiltChunk {
  fileName: string;
  /** The source module the chunk stands for, when it stands for one (a route module, the entry). */
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  /** The CSS files the chunk brings in. */
  css: string[];
}

/**
 * Route modules (app/routes/*) are pages; the client entry and the root route are every
 * page's, loaded already. (Each route module is an entry of the build of its own, so the
 * build's own entry mark does not tell them apart.)
 */
const isRouteModule = (id: string | null) => id !== null && /[\\/]app[\\/]routes[\\/]/.test(id);
const isShared = (id: string | null) => id !== null && /[\\/]app[\\/](root|entry\.client)\.[jt]sx?(\?|$)/.test(id);

/**
 * For each page's chunk (by its address, "/assets/…"), the files it may load on demand:
 * what the page's own code imports lazily (not what every page already shares with the
 * entry, such as other languages' texts), with everything those need in turn, CSS included.
 */
export function lazyCodeByPage(chunks: BuiltChunk[], base = "/"): Record<string, string[]> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

  /** The chunk and what it imports statically, recursively. */
  const staticClosure = (roots: string[]) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      for (const next of byName.get(name)?.imports ?? []) stack.push(next);
    }
    return seen;
  };

  const shared = staticClosure(chunks.filter((chunk) => isShared(chunk.facadeModuleId)).map((chunk) => chunk.fileName));
  const address = (fileName: string) => `${base}${fileName}`;
  const map: Record<string, string[]> = {};

  for (const page of chunks.filter((chunk) => isRouteModule(chunk.facadeModuleId))) {
    const loaded = staticClosure([page.fileName]);
    // What the page's own code (not the shared code) imports lazily.
    const lazyRoots = [...loaded]
      .filter((name) => !shared.has(name))
      .flatMap((name) => byName.get(name)?.dynamicImports ?? []);
    // Those, and what they import in turn, statically or lazily.
    const wanted = new Set<string>();
    const stack = [...lazyRoots];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (wanted.has(name) || loaded.has(name) || shared.has(name)) continue;
      const chunk = byName.get(name);
      if (!chunk) continue;
      wanted.add(name);
      stack.push(...chunk.imports, ...chunk.dynamicImports);
    }
    const files = new Set<string>();
    for (const name of wanted) {
      files.add(address(name));
      for (const css of byName.get(name)?.css ?? []) files.add(address(css));
    }
    if (files.size > 0) map[address(page.fileName)] = [...files].sort();
  }
  return map;
}
