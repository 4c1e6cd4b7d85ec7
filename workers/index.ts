import { UnrecoverableError, Worker, type Job } from "bullmq";
import { getEnv } from "~/env.server";
import { getQueue } from "~/jobs/enqueue.server";
import {
  jobPayloadSchemas,
  MAINTENANCE_SCHEDULE,
  MAINTENANCE_TASKS,
  QUEUE_POLICIES,
  type QueueName,
  type QueuePolicy,
} from "~/jobs/queues";
import { applyPendingIndexChanges, prepareSearchIndex } from "~/modules/search/indexing.server";
import { moveFormerOriginals } from "~/modules/storage/uploads.server";
import { runShutdownHooks } from "~/server/lifecycle.server";
import { logger } from "~/server/logger.server";
import { isEntryPoint, runMain, stopGracefullyOnSignal } from "~/server/process.server";
import { createRedisConnection } from "~/server/redis.server";
import { processAiAnalysis } from "./ai-analysis";
import { processFrontendError } from "./frontend-errors";
import { processImage } from "./image-processing";
import { processMaintenance } from "./maintenance";
import { processPaymentWebhook } from "./payment-webhooks";
import { processSearchIndexing } from "./search-indexing";
import { processSms } from "./sms";
import { processFarmEnvironment } from "./farm-environment";
import { withTimeLimit } from "./time-limit";
import type { Processor } from "./types";

// The worker process: one BullMQ worker per queue it runs (WORKER_QUEUES, all
// by default), each running the processor file of that queue under the
// queue's policy (app/jobs/queues.ts). Started apart from the web process.

type Processors = { [Q in QueueName]: Processor<Q> };

const processors: Processors = {
  "ai-analysis": processAiAnalysis,
  "image-processing": processImage,
  "search-indexing": processSearchIndexing,
  "payment-webhooks": processPaymentWebhook,
  "frontend-errors": processFrontendError,
  maintenance: processMaintenance,
  sms: processSms,
  "farm-environment": processFarmEnvironment,
};

export interface WorkerOptions {
  queues?: readonly QueueName[];
  /** For tests: other processors or policies than the product's. */
  processors?: Partial<Processors>;
  policies?: Partial<Record<QueueName, Partial<QueuePolicy>>>;
}

export async function startWorkers(options: WorkerOptions = {}) {
  const env = getEnv();
  const queueNames = options.queues ?? env.WORKER_QUEUES;
  const connection = createRedisConnection("worker");
  const workers = queueNames.map((name) => {
    const policy = { ...QUEUE_POLICIES[name], ...options.policies?.[name] };
    const processor = (options.processors?.[name] ?? processors[name]) as Processor<QueueName>;
    const log = logger.child({ queue: name });
    const worker = new Worker(
      name,
      async (job: Job) => {
        // A payload that does not match its schema can never succeed: fail without retrying.
        const parsed = jobPayloadSchemas[name].safeParse(job.data);
        if (!parsed.success) {
          throw new UnrecoverableError(`invalid payload: ${parsed.error.issues[0]?.message ?? "unknown"}`);
        }
        job.data = parsed.data;
        const jobLog = log.child({ jobId: job.id, attempt: job.attemptsMade + 1 });
        return withTimeLimit(policy.timeoutMs, (signal) => processor(job, { log: jobLog, signal }));
      },
      {
        connection,
        prefix: env.QUEUE_PREFIX,
        concurrency: policy.concurrency,
        lockDuration: policy.lockMs,
        stalledInterval: policy.lockMs,
        autorun: true,
      },
    );
    worker.on("completed", (job) => log.info({ jobId: job.id }, "job completed"));
    worker.on("failed", (job, error) =>
      log.error({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, "job failed"),
    );
    worker.on("error", (error) => log.error({ err: error }, "worker error"));
    return worker;
  });

  // The search backend's index and settings (Meilisearch: synonyms, filterable fields) before the
  // first indexing job; an index found new, emptied or with older settings is filled from the
  // tables in the background (search answers meanwhile), by one process at a time.
  if (queueNames.includes("search-indexing")) {
    await prepareSearchIndex().catch((error: unknown) =>
      logger.error({ err: error }, "search backend could not be prepared; indexing jobs will retry"),
    );
  }
  // Originals kept inside UPLOAD_DIR by an earlier version move out of the folder /uploads serves
  // before any photo is processed (a photo's job also reads one there, should an older web process still write one).
  if (queueNames.includes("image-processing") || queueNames.includes("ai-analysis")) {
    const moved = await moveFormerOriginals().catch((error: unknown) => {
      logger.error({ err: error }, "originals waiting in UPLOAD_DIR could not be moved; their jobs read them there");
      return 0;
    });
    if (moved > 0) logger.info({ moved }, "originals moved out of UPLOAD_DIR to ORIGINALS_DIR");
  }
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  // The process that runs maintenance keeps its schedule in Redis (one schedule however many processes run it).
  if (queueNames.includes("maintenance")) await scheduleMaintenance();
  // Back from a Redis outage: a Redis that lost its data lost the schedule too, and writes made
  // meanwhile could not queue their index jobs. Restore the one and apply the others now.
  connection.on("ready", () => {
    void catchUpAfterReconnect(queueNames).catch((error: unknown) =>
      logger.error({ err: error }, "catching up after Redis came back failed"),
    );
  });

  async function close() {
    // Let running jobs finish, then release Redis, then the database.
    await Promise.all(workers.map((worker) => worker.close()));
    await connection.quit().catch(() => connection.disconnect());
    await runShutdownHooks((message) => logger.info(message));
  }

  return { queues: queueNames, workers, close };
}

async function catchUpAfterReconnect(queueNames: readonly QueueName[]) {
  logger.info("Redis connection ready: applying pending search changes and restoring schedules");
  // The search changes first: they need only the database and the search backend.
  if (queueNames.includes("search-indexing")) {
    const applied = await applyPendingIndexChanges();
    if (applied > 0) logger.info({ applied }, "search changes made while Redis was away applied");
  }
  // The schedule goes through the producers' connection, which may come back a moment after this
  // one (it refuses commands while it is down, not to hold web requests): try again for a while.
  if (queueNames.includes("maintenance")) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await scheduleMaintenance();
        return;
      } catch (error) {
        if (attempt >= 30) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
}

/** Creates or updates the repeatable maintenance jobs; the first run of each is now (BullMQ runs an `every` schedule at once). */
export async function scheduleMaintenance() {
  const queue = getQueue("maintenance");
  for (const task of MAINTENANCE_TASKS) {
    await queue.upsertJobScheduler(task, { every: MAINTENANCE_SCHEDULE[task].everyMs }, { name: task, data: { task } });
  }
}

async function main() {
  const { queues, close } = await startWorkers();
  logger.info({ queues }, "Asiiko workers running");

  // Running jobs get time to finish before the process is ended.
  stopGracefullyOnSignal("workers", close, 30_000);
}

if (isEntryPoint(import.meta.url)) runMain("workers", main);
