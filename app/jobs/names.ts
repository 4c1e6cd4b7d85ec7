// The queues' names, and which of them a worker process runs: a leaf with no
// imports, so the configuration (env.server.ts, WORKER_QUEUES) reads it without
// loading the queues' payload schemas (queues.ts), which sit above it.

export const QUEUE_NAMES = [
  "ai-analysis",
  "image-processing",
  "search-indexing",
  "payment-webhooks",
  "frontend-errors",
  "maintenance",
  "sms",
  "farm-environment",
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export const isQueueName = (value: string): value is QueueName => (QUEUE_NAMES as readonly string[]).includes(value);

/** WORKER_QUEUES: the names listed (comma-separated), all of them when empty or "all", or the unknown ones. */
export function parseWorkerQueues(value: string | undefined): { queues: QueueName[] } | { unknown: string[] } {
  const names = (value ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0 || (names.length === 1 && names[0] === "all")) return { queues: [...QUEUE_NAMES] };
  const unknown = names.filter((name) => !isQueueName(name));
  if (unknown.length) return { unknown };
  return { queues: QUEUE_NAMES.filter((name) => names.includes(name)) };
}
