import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [tailwindcss(), remix(remixConfig), tsconfigPaths()],
  server: { port: 3000 },
  build: {
    target: "es2020",
    rollupOptions: {
      // zod ships /* @__PURE__ */ comments in places Rollup cannot use; harmless, and not ours to fix.
      onwarn(warning, warn) {
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        warn(warning);
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
