// Vitest global setup for integration tests: a database of this run's own,
// freshly migrated, and a queue prefix of its own in the shared Redis; both
// are removed at the end.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { dropDatabase, migrate } from "../../scripts/migrate";
import { deleteKeysWithPrefix } from "../support/redis-keys";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    queuePrefix: string;
  }
}

export default async function setup(project: TestProject) {
  // HTTP tests serve the production build; make one if `npm test` has not yet.
  if (!existsSync("build/server/index.js") || !existsSync("build/node/server.js")) {
    for (const args of [
      ["remix", "vite:build", "--logLevel", "warn"],
      ["vite", "build", "--config", "vite.node.config.ts"],
    ]) {
      const build = spawnSync("npx", ["--no-install", ...args], { stdio: "inherit" });
      if (build.status !== 0) throw new Error("the production build failed");
    }
  }
  const base = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/asiiko";
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const url = new URL(base);
  url.pathname = `/asiiko_it_${runId}`;
  const databaseUrl = url.toString();
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const queuePrefix = `asiiko-it-${runId}`;

  await migrate(databaseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("redisUrl", redisUrl);
  project.provide("queuePrefix", queuePrefix);

  return async () => {
    await dropDatabase(databaseUrl);
    await deleteKeysWithPrefix(redisUrl, queuePrefix);
  };
}
