import { z } from "zod";

// The five queues of the product, with the payload each job carries.
// Payloads hold ids, not records: the worker reads the current state.

export const QUEUE_NAMES = [
  "ai-analysis",
  "image-processing",
  "search-indexing",
  "payment-webhooks",
  "frontend-errors",
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

const id = z.string().min(1).max(100);

export const frontendErrorReportSchema = z.object({
  errorId: z.string().min(1).max(100),
  boundary: z.string().min(1).max(200),
  level: z.enum(["app", "page", "component"]),
  message: z.string().max(2000),
  stack: z.string().max(16000).nullish(),
  componentStack: z.string().max(16000).nullish(),
  timestamp: z.iso.datetime({ offset: true }),
  userAgent: z.string().max(512).nullish(),
  url: z.string().max(2048).nullish(),
  retryCount: z.number().int().min(0).max(100),
});
export type FrontendErrorReport = z.infer<typeof frontendErrorReportSchema>;

export const jobPayloadSchemas = {
  "ai-analysis": z.object({ analysisId: id }),
  "image-processing": z.object({
    uploadId: id,
    purpose: z.enum(["analysis", "listing", "product"]),
  }),
  "search-indexing": z.object({
    entity: z.enum(["product", "listing", "farm"]),
    id,
    action: z.enum(["upsert", "delete"]),
  }),
  "payment-webhooks": z.object({ eventId: id }),
  "frontend-errors": z.object({
    report: frontendErrorReportSchema,
    userId: id.nullable(),
    receivedAt: z.iso.datetime(),
  }),
} satisfies Record<QueueName, z.ZodType>;

export type JobPayload<Q extends QueueName> = z.infer<(typeof jobPayloadSchemas)[Q]>;

/** Retries with exponential backoff and bounded history, for every queue. */
export const defaultJobOptions = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { count: 1_000, age: 7 * 24 * 3600 },
  removeOnFail: { count: 5_000, age: 30 * 24 * 3600 },
} as const;

/** Parallel jobs per worker process; AI and image work is heavy on 2 cores. */
export const queueConcurrency: Record<QueueName, number> = {
  "ai-analysis": 2,
  "image-processing": 2,
  "search-indexing": 5,
  "payment-webhooks": 1,
  "frontend-errors": 5,
};
