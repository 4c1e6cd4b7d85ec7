import { UnrecoverableError, Worker, type Job } from "bullmq";
import { getEnv } from "~/env.server";
import { createRedisConnection } from "~/server/redis.server";
import { jobPayloadSchemas, QUEUE_NAMES, queueConcurrency, type QueueName } from "~/jobs/queues";
import { runShutdownHooks } from "~/server/lifecycle.server";
import { logger } from "~/server/logger.server";
import { isEntryPoint, runMain, stopGracefullyOnSignal } from "~/server/process.server";
import { processAiAnalysis } from "./ai-analysis";
import { processFrontendError } from "./frontend-errors";
import { processImage } from "./image-processing";
import { processPaymentWebhook } from "./payment-webhooks";
import { processSearchIndexing } from "./search-indexing";
import type { Processor } from "./types";

// The worker process: one BullMQ worker per queue, each running the processor
// file of that queue. Started apart from the web process (npm start runs both).

const processors: { [Q in QueueName]: Processor<Q> } = {
  "ai-analysis": processAiAnalysis,
  "image-processing": processImage,
  "search-indexing": processSearchIndexing,
  "payment-webhooks": processPaymentWebhook,
  "frontend-errors": processFrontendError,
};

export function startWorkers(queueNames: readonly QueueName[] = QUEUE_NAMES) {
  const env = getEnv();
  const connection = createRedisConnection("worker");
  const workers = queueNames.map((name) => {
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
        const processor = processors[name] as Processor<QueueName>;
        return processor(job, log.child({ jobId: job.id, attempt: job.attemptsMade + 1 }));
      },
      { connection, prefix: env.QUEUE_PREFIX, concurrency: queueConcurrency[name], autorun: true },
    );
    worker.on("completed", (job) => log.info({ jobId: job.id }, "job completed"));
    worker.on("failed", (job, error) =>
      log.error({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, "job failed"),
    );
    worker.on("error", (error) => log.error({ err: error }, "worker error"));
    return worker;
  });

  async function close() {
    // Let running jobs finish, then release Redis, then the database.
    await Promise.all(workers.map((worker) => worker.close()));
    await connection.quit().catch(() => connection.disconnect());
    await runShutdownHooks((message) => logger.info(message));
  }

  return { workers, close };
}

async function main() {
  const { workers, close } = startWorkers();
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  logger.info({ queues: QUEUE_NAMES }, "Asiiko workers running");

  // Running jobs get time to finish before the process is ended.
  stopGracefullyOnSignal("workers", close, 30_000);
}

if (isEntryPoint(import.meta.url)) runMain("workers", main);
