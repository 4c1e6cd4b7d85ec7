// Serves the product for the browser tests: a fresh database (migrated and
// seeded), its own queue prefix, the production build, web and workers.
import { spawn } from "node:child_process";
import { dropDatabase, migrate } from "../../scripts/migrate";

const base = new URL(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/asiiko");
base.pathname = "/asiiko_e2e";
const databaseUrl = base.toString();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl,
  QUEUE_PREFIX: "asiiko-e2e",
  PORT: process.env.E2E_PORT ?? "3100",
  HOST: "127.0.0.1",
  ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? "e2e-admin-token-0123456789abcdef",
  SESSION_SECRET: "e2e-session-secret",
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "error",
  UPLOAD_DIR: "test-results/uploads",
};

await dropDatabase(databaseUrl);
await migrate(databaseUrl);
const seeded = spawn(process.execPath, ["--import", "tsx", "prisma/seed.ts"], { env, stdio: "inherit" });
await new Promise<void>((resolve, reject) =>
  seeded.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`)))),
);

const product = spawn(process.execPath, ["--import", "tsx", "scripts/run-all.ts"], { env, stdio: "inherit" });
const stop = (signal: NodeJS.Signals) => product.kill(signal);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
product.on("exit", (code) => process.exit(code ?? 0));
