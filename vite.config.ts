import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";
import { lazyCodeByPage, type BuiltChunk } from "./app/sw/lazy-code";
import { PAGE_TEXT_GROUPS } from "./app/locales/page-text-groups";
import { precompressFolder } from "./app/server/http/precompressed.server";
import { resourceRouteChunks } from "./scripts/resource-route-chunks";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Builds the service worker (app/sw/worker.ts) into the client build as /sw.js:
 * one script at the site's root (a worker controls only what is under its own
 * address), not hashed, so a new build's worker replaces the old one.
 */
function serviceWorker(): Plugin {
  return {
    name: "asiiko-service-worker",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    async generateBundle(_options, bundle) {
      // Each page's on-demand code, for the worker to keep with the page (app/sw/lazy-code.ts).
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((file) =>
        file.type === "chunk"
          ? [
              {
                fileName: file.fileName,
                facadeModuleId: file.facadeModuleId,
                imports: file.imports,
                dynamicImports: file.dynamicImports,
                css: [...(file.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      const result = await build({
        configFile: false,
        logLevel: "warn",
        define: { __ASIIKO_LAZY_CODE__: JSON.stringify(lazyCodeByPage(chunks)) },
        build: {
          write: false,
          target: "es2020",
          lib: { entry: "app/sw/worker.ts", formats: ["iife"], name: "asiikoServiceWorker", fileName: () => "sw.js" },
        },
      });
      const [output] = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
      const chunk = output?.output[0];
      if (!chunk || chunk.type !== "chunk") throw new Error("the service worker did not build");
      this.emitFile({ type: "asset", fileName: "sw.js", source: chunk.code });
    },
  };
}

/**
 * Keeps a brotli and a gzip copy of each built file under /assets, compressed as hard as the
 * formats go, for the web server to send as they are (app/server/http/precompressed.server.ts).
 */
function precompressAssets(): Plugin {
  return {
    name: "asiiko-precompress",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    async writeBundle(options) {
      if (!options.dir) return;
      const kept = await precompressFolder(path.join(options.dir, "assets"));
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      this.info(
        `compressed ${kept.files} files once: ${kb(kept.bytes)} -> ${kb(kept.brotli)} brotli, ${kb(kept.gzip)} gzip`,
      );
    },
  };
}

/** The languages' texts (app/locales/en.json, fr.json, ...), with or without a query. */
const LOCALE_FILE = /[\\/]app[\\/]locales[\\/][a-z]{2}\.json(?:\?|$)/;

/**
 * Text groups only the server ever says: the USSD menus a basic phone reads (app/modules/ussd/)
 * and the API's refusals (app/server/http/, the api.* routes), all server code. Left out of the
 * browser's copy of every language, which each page carries (English in every page's
 * JavaScript); the server's copy keeps them.
 */
export const SERVER_ONLY_TEXT_GROUPS = ["ussd", "apiErrors"];

/**
 * The browser's copy of each language leaves out what only the server says and the groups only a
 * few pages say (app/locales/page-text-groups.ts); `<language>.json?texts=<group>` is one group
 * alone, the file those pages load (app/locales/page-texts/). The server's copy keeps everything.
 */
function browserTexts(): Plugin {
  return {
    name: "asiiko-browser-texts",
    enforce: "pre",
    transform(code, id, options) {
      if (!LOCALE_FILE.test(id)) return null;
      const group = new URLSearchParams(id.split("?")[1] ?? "").get("texts");
      const texts = JSON.parse(code) as Record<string, unknown>;
      if (group !== null) {
        if (!(PAGE_TEXT_GROUPS as readonly string[]).includes(group)) throw new Error(`${id}: no such page text group`);
        return { code: JSON.stringify(texts[group] ?? {}), map: null };
      }
      if (options?.ssr) return null;
      for (const each of [...SERVER_ONLY_TEXT_GROUPS, ...PAGE_TEXT_GROUPS]) delete texts[each];
      return { code: JSON.stringify(texts), map: null };
    },
  };
}

/** The schema and constant modules (see `treeshake` below). */
const SCHEMA_MODULE =
  /[\\/]app[\\/](?:modules[\\/][\w-]+[\\/](?:schemas|constants)|lib[\\/](?:text|zod|query-params|storable-text))\.ts$/;

export default defineConfig({
  plugins: [
    browserTexts(),
    tailwindcss(),
    remix(remixConfig),
    tsconfigPaths(),
    serviceWorker(),
    precompressAssets(),
    resourceRouteChunks(),
  ],
  server: { port: 3000 },
  build: {
    target: "es2020",
    rollupOptions: {
      // zod ships /* @__PURE__ */ comments in places Rollup cannot use; harmless, and not ours to fix.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        warn(warning);
      },
      treeshake: {
        // Modules that only define checks (zod schemas) and constants have no effect of their own:
        // a page that imports one for its loader (server code, removed from the browser's build)
        // or for a constant leaves the rest, and zod with it, out of its JavaScript.
        moduleSideEffects: (id, external) => external || !SCHEMA_MODULE.test(id),
      },
    },
  },
  optimizeDeps: {
    // Loaded lazily after mount; pre-bundle so dev does not re-optimise mid-session.
    include: ["leaflet", "leaflet-draw"],
  },
  ssr: {
    // Server-only packages stay external: bullmq reads its Lua scripts from its own package folder at
    // run time and sharp loads a native binary; the database and Redis clients stay beside them.
    external: ["bullmq", "ioredis", "sharp", "@prisma/client", "pg"],
  },
});
