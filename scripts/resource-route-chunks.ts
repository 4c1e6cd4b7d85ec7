import type { Plugin, Rollup } from "vite";

/** How the Remix plugin names a route's browser module in the client build. */
const CLIENT_ROUTE_QUERY = "?__remix-build-client-route";

/**
 * Keeps Rollup's "Generated an empty chunk" warning for exactly one case out of the build's
 * output: the browser module of a resource route (the api.* routes, logout, the Paystack return,
 * a seller's contact). Such a route exports only a loader or an action, which are server code, so
 * its browser module re-exports nothing; Remix still builds one for every route because its
 * manifest names a module per route, and no page ever loads it. Seventy-odd such lines hid the
 * start banner. Any other empty chunk (a page's module, a lazy chunk, the client entry) is still
 * reported, with Rollup's own words, once the bundle shows what each chunk is.
 */
export function resourceRouteChunks(): Plugin {
  let held: Rollup.RollupLog[] = [];
  return {
    name: "asiiko-resource-route-chunks",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    onLog(level, log) {
      if (level !== "warn" || log.code !== "EMPTY_BUNDLE") return;
      held.push(log);
      return false;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      for (const log of held) {
        const chunk = chunks.find((each) => log.names?.includes(each.name));
        const emptyRoute =
          chunk?.isEntry && chunk.facadeModuleId?.endsWith(CLIENT_ROUTE_QUERY) && chunk.exports.length === 0;
        if (!emptyRoute) this.warn(log.message);
      }
      held = [];
    },
  };
}
