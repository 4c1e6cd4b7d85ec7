import type { Job } from "bullmq";
import type { Logger } from "pino";
import type { JobPayload, QueueName } from "~/jobs/queues";

/** What a processor gets besides its job: a logger, and a signal that aborts when the queue's time limit for one try is up. */
export interface ProcessorContext {
  log: Logger;
  signal: AbortSignal;
}

/** One processor per queue: takes a validated payload, returns what the dashboard shows as the result. */
export type Processor<Q extends QueueName> = (
  job: Job<JobPayload<Q>>,
  context: ProcessorContext,
) => Promise<Record<string, unknown>>;
