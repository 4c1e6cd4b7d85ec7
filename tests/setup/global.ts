// Vitest global setup for integration tests: a database of this run's own,
// freshly migrated, and a queue prefix of its own in the shared Redis; both
// are removed at the end.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { meilisearchBinary, startMeilisearch } from "../../scripts/meilisearch";
import { dropDatabase, migrate } from "../../scripts/migrate";
import { deleteKeysWithPrefix } from "../support/redis-keys";
import { TEST_WORKERS, workerQueuePrefix } from "./test-workers";

declare module "vitest" {
  export interface ProvidedContext {
    /** One database per worker: the worker numbered n (VITEST_POOL_ID, from 1) uses the nth. */
    databaseUrls: string[];
    redisUrl: string;
    queuePrefix: string;
    /** A real Meilisearch on loopback for this run (the search suites run against it too), or why there is none. */
    meilisearch: { host: string; key: string } | { unavailable: string };
  }
}

export default async function setup(project: TestProject) {
  // HTTP tests serve the production build; make one if `npm test` has not yet.
  // (build/node/threads/ too: a build from before the threads has the rest, and its route code would miss them.)
  if (
    ["build/server/index.js", "build/node/server.js", "build/node/threads/boundary-file.js"].some(
      (file) => !existsSync(file),
    )
  ) {
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
  const databaseUrls = Array.from({ length: TEST_WORKERS }, (_, index) => {
    const url = new URL(base);
    url.pathname = `/asiiko_it_${runId}_w${index + 1}`;
    return url.toString();
  });
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const queuePrefix = `asiiko-it-${runId}`;

  // A real Meilisearch of this run's own (the pinned build, checked, fetched once into the cache
  // folder): unless MEILI_TEST_HOST already names one, or this machine cannot run it (then the
  // search suites say why and run on PostgreSQL and the local stand-in).
  const meilisearch = process.env.MEILI_TEST_HOST?.trim() ? null : await startRunMeilisearch();

  await Promise.all(databaseUrls.map((url) => migrate(url)));
  project.provide("databaseUrls", databaseUrls);
  project.provide("redisUrl", redisUrl);
  project.provide("queuePrefix", queuePrefix);
  project.provide(
    "meilisearch",
    meilisearch && "url" in meilisearch
      ? { host: meilisearch.url, key: meilisearch.masterKey }
      : { unavailable: meilisearch?.unavailable ?? "MEILI_TEST_HOST names the Meilisearch to use" },
  );

  return async () => {
    if (meilisearch && "stop" in meilisearch) await meilisearch.stop();
    await Promise.all(databaseUrls.map((url) => dropDatabase(url)));
    for (let worker = 1; worker <= TEST_WORKERS; worker += 1)
      await deleteKeysWithPrefix(redisUrl, workerQueuePrefix(queuePrefix, worker));
  };
}

async function startRunMeilisearch() {
  const binary = await meilisearchBinary((line) => console.info(`[meilisearch] ${line}`));
  if ("unavailable" in binary) {
    console.info(`[meilisearch] no real Meilisearch in this run: ${binary.unavailable}`);
    return binary;
  }
  try {
    return await startMeilisearch(binary.path);
  } catch (error) {
    const unavailable = (error as Error).message;
    console.info(`[meilisearch] no real Meilisearch in this run: ${unavailable}`);
    return { unavailable };
  }
}
