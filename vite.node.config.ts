import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// The production processes as compiled JavaScript (npm run build, after the Remix build): the
// web server, the workers and the supervisor that runs both, so production runs no TypeScript
// loader. Packages stay external (node_modules is read at run time, as in development); only
// our own code, the `~` alias resolved, is bundled into build/node/. The worker threads that read
// people's files (app/threads/) are compiled beside them, to build/node/threads/, where the
// production build's route code starts them (app/server/threads.server.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  // The browser's files are the Remix build's business, not this one's.
  publicDir: false,
  build: {
    ssr: true,
    target: "node20",
    outDir: "build/node",
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        server: "server.ts",
        workers: "workers/index.ts",
        "run-all": "scripts/run-all.ts",
        "threads/boundary-file": "app/threads/boundary-file.ts",
      },
      output: { format: "esm", entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
  ssr: { target: "node" },
  logLevel: "warn",
});
