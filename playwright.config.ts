import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";
import { defineConfig, devices } from "@playwright/test";

// Browser tests drive Debian's Chromium (never a downloaded browser) against
// the production build, served with its workers on a database of its own
// (tests/setup/e2e-server.ts).
// Chosen once in the runner and inherited by its workers (they start after this file is read).
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const port = Number(process.env.E2E_PORT);
export const E2E_ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A net for a test that hangs, not a speed check: a journey over several pages on a busy
  // two-core machine can take more than half a minute.
  timeout: 90_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recorded only when a failed test runs again (CI retries once): recording every test's
    // trace costs a busy two-core machine minutes over the suite. Locally, `--trace on`.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node --import tsx tests/setup/e2e-server.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: { E2E_PORT: String(port), E2E_ADMIN_TOKEN },
  },
});
