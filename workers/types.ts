import type { Job } from "bullmq";
import type { Logger } from "pino";
import type { JobPayload, QueueName } from "~/jobs/queues";

/** One processor per queue: takes a validated payload, returns what the dashboard shows as the result. */
export type Processor<Q extends QueueName> = (job: Job<JobPayload<Q>>, log: Logger) => Promise<Record<string, unknown>>;
