import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "./tests/setup/test-workers";

// Unit tests sit beside their source (*.test.ts). Integration tests
// (*.integration.test.ts) talk to the real PostgreSQL and Redis: each run gets
// a freshly migrated database of its own per worker (tests/setup/global.ts), so two files run
// at once without meeting each other's data.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: [
            "app/**/*.test.{ts,tsx}",
            "workers/**/*.test.ts",
            "search/**/*.test.ts",
            "scripts/**/*.test.ts",
            "prisma/**/*.test.ts",
          ],
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["**/*.integration.test.ts"],
          exclude: ["node_modules/**"],
          globalSetup: ["tests/setup/global.ts"],
          setupFiles: ["tests/setup/integration-env.ts"],
          // A net for a test that hangs, not a speed check: a busy two-core machine takes
          // several times longer over the sweeps that send hundreds of requests.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
