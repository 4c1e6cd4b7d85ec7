// Runs `prisma generate` offline. Prisma 7's client needs no native engine,
// but the CLI still tries to download the schema engine unless
// PRISMA_SCHEMA_ENGINE_BINARY names an existing file; generation never runs it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";

const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { env, stdio: "inherit" });
process.exit(result.status ?? 1);
