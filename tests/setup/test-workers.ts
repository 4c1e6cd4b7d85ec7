/**
 * How many test files Vitest runs at once. The integration files of one worker never meet another
 * worker's rows, queues or rate-limit counters: each worker has a database and a queue prefix of
 * its own (global.ts, integration-env.ts).
 */
export const TEST_WORKERS = 2;

/** The queue and key prefix of worker `worker` (from 1) within the run's `queuePrefix`. */
export const workerQueuePrefix = (queuePrefix: string, worker: number) => `${queuePrefix}-w${worker}`;
