import { z } from "zod";
import { isoDateTime, text } from "~/lib/text";
import type { QueueName } from "./names";

export { isQueueName, parseWorkerQueues, QUEUE_NAMES, type QueueName } from "./names";

// The queues of the product, the payload each job carries, and how each queue
// retries, gives up and keeps its history. Payloads hold ids, not records: the
// worker reads the current state.

const id = text({ min: 1, max: 100 });

/**
 * What the browser reports about an error is kept as sent, except that a NUL
 * or a lone surrogate (which PostgreSQL cannot store) becomes U+FFFD: the
 * report is accepted only if it can be stored, and it is stored as accepted
 * (the worker parses the payload with this schema again, which changes
 * nothing). The names operators search by (errorId, boundary) are refused
 * instead. Lengths are the columns' (FrontendError).
 */
const reported = (max: number) => text({ max, trim: false, normalize: false, unstorable: "replace" });

export const frontendErrorReportSchema = z.object({
  errorId: text({ min: 1, max: 100 }),
  boundary: text({ min: 1, max: 200 }),
  level: z.enum(["app", "page", "component"]),
  message: reported(2000),
  stack: reported(16000).nullish(),
  componentStack: reported(16000).nullish(),
  timestamp: isoDateTime(),
  userAgent: reported(512).nullish(),
  url: reported(2048).nullish(),
  retryCount: z.number().int().min(0).max(100),
});
export type FrontendErrorReport = z.infer<typeof frontendErrorReportSchema>;

/** Housekeeping the workers run on a schedule. */
export const MAINTENANCE_TASKS = [
  "delete-expired-sessions",
  "sweep-search-index",
  "delete-expired-exports",
  "delete-old-records",
  "complete-delivered-orders",
  "notify-premium-ending",
  "refresh-price-figures",
] as const;
export type MaintenanceTask = (typeof MAINTENANCE_TASKS)[number];

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
    receivedAt: isoDateTime(),
  }),
  // Scheduled housekeeping, or one account's copy of its data (Settings, "Download my data").
  maintenance: z.union([
    z.object({ task: z.enum(MAINTENANCE_TASKS) }),
    z.object({ task: z.literal("account-export"), exportId: id }),
  ]),
  // A text to a phone, stored first (SmsMessage): the job names it. Or a sign-in code asked for a
  // number (E.164), which the worker sends only if the number is an account's.
  sms: z.union([
    z.object({ messageId: id }),
    z.object({ signInCode: z.object({ phone: text({ min: 14, max: 14 }).regex(/^\+234\d{10}$/) }) }),
  ]),
  // A farm's forecast or soil, asked of the outside service for the mapping page's cache.
  "farm-environment": z.object({ farmId: id, kind: z.enum(["weather", "soil"]) }),
} satisfies Record<QueueName, z.ZodType>;

export type JobPayload<Q extends QueueName> = z.infer<(typeof jobPayloadSchemas)[Q]>;

const HOUR = 3600;
const DAY = 24 * HOUR;

export interface QueuePolicy {
  /** Jobs one worker process runs at the same time. */
  concurrency: number;
  /** Tries in all, the first included. */
  attempts: number;
  /** Wait before a retry: exponential doubles `delay` at each attempt. */
  backoff: { type: "exponential" | "fixed"; delay: number };
  /** A try that runs longer is stopped and counts as failed. */
  timeoutMs: number;
  /**
   * How long a running try's lock lasts unless its worker renews it: the job of
   * a worker that was killed is taken up again by another within about twice this.
   */
  lockMs: number;
  /** Finished jobs kept for the dashboard: at most `count`, for at most `age` seconds. */
  removeOnComplete: { count: number; age: number };
  removeOnFail: { count: number; age: number };
}

/**
 * Each queue's own policy, because their work differs:
 * - ai-analysis calls paid models that bill every try and a user waits on it:
 *   one retry, soon (and only while the analysis's deadline allows it), and a
 *   short lock, so the analysis of a worker that died is soon taken up again.
 * - image-processing is local CPU work on 2 cores; a photo that fails twice
 *   will fail again.
 * - search-indexing must eventually reach the search backend, even across a
 *   restart of it: many retries, spread over about an hour.
 * - payment-webhooks decide who has paid: retried for about a day (an event
 *   may arrive before the subscription it names), history kept for audits.
 * - frontend-errors are cheap reports: a few tries, short history.
 * - maintenance runs on a schedule; the next run makes up for a failed one.
 * - sms sends texts someone is waiting for (a code lasts 10 minutes): tried again soon and
 *   often while the provider is down, for about 8 minutes, then given up (and said failed).
 * - farm-environment asks free outside services for a farm's weather and soil, which the page
 *   shows when they come: one try, cut off at 10 s (a failure is kept and shown; the page's next
 *   visit after 10 minutes asks again), short history.
 */
export const QUEUE_POLICIES: Record<QueueName, QueuePolicy> = {
  "ai-analysis": {
    concurrency: 2,
    attempts: 2,
    backoff: { type: "fixed", delay: 5_000 },
    timeoutMs: 90_000,
    // A farmer is waiting: a killed worker's analysis is taken up again within about 30 s.
    lockMs: 15_000,
    removeOnComplete: { count: 1_000, age: 7 * DAY },
    removeOnFail: { count: 5_000, age: 30 * DAY },
  },
  "image-processing": {
    concurrency: 2,
    attempts: 2,
    backoff: { type: "fixed", delay: 2_000 },
    timeoutMs: 60_000,
    lockMs: 30_000,
    removeOnComplete: { count: 1_000, age: DAY },
    removeOnFail: { count: 5_000, age: 30 * DAY },
  },
  "search-indexing": {
    concurrency: 5,
    attempts: 12,
    backoff: { type: "exponential", delay: 1_000 },
    timeoutMs: 30_000,
    lockMs: 30_000,
    removeOnComplete: { count: 500, age: DAY },
    removeOnFail: { count: 5_000, age: 30 * DAY },
  },
  "payment-webhooks": {
    concurrency: 1,
    attempts: 15,
    backoff: { type: "exponential", delay: 5_000 },
    timeoutMs: 30_000,
    lockMs: 30_000,
    removeOnComplete: { count: 10_000, age: 90 * DAY },
    removeOnFail: { count: 10_000, age: 90 * DAY },
  },
  "frontend-errors": {
    concurrency: 5,
    attempts: 3,
    backoff: { type: "exponential", delay: 2_000 },
    timeoutMs: 10_000,
    lockMs: 30_000,
    removeOnComplete: { count: 200, age: DAY },
    removeOnFail: { count: 1_000, age: 7 * DAY },
  },
  maintenance: {
    concurrency: 1,
    attempts: 1,
    backoff: { type: "fixed", delay: 60_000 },
    timeoutMs: 5 * 60_000,
    lockMs: 30_000,
    removeOnComplete: { count: 50, age: 7 * DAY },
    removeOnFail: { count: 200, age: 30 * DAY },
  },
  sms: {
    concurrency: 5,
    attempts: 9,
    // 2, 4, 8 ... 256 s: about 8.5 minutes in all, inside a code's 10.
    backoff: { type: "exponential", delay: 2_000 },
    timeoutMs: 20_000,
    lockMs: 30_000,
    removeOnComplete: { count: 1_000, age: DAY },
    removeOnFail: { count: 5_000, age: 30 * DAY },
  },
  "farm-environment": {
    concurrency: 4,
    attempts: 1,
    backoff: { type: "fixed", delay: 5_000 },
    timeoutMs: 10_000,
    lockMs: 30_000,
    removeOnComplete: { count: 500, age: DAY },
    removeOnFail: { count: 1_000, age: 7 * DAY },
  },
};

/** What a queue sets on every job it adds. */
export function jobOptionsFor(name: QueueName) {
  const { attempts, backoff, removeOnComplete, removeOnFail } = QUEUE_POLICIES[name];
  return { attempts, backoff, removeOnComplete, removeOnFail };
}

/** How often each maintenance task runs. */
export const MAINTENANCE_SCHEDULE: Record<MaintenanceTask, { everyMs: number }> = {
  "delete-expired-sessions": { everyMs: HOUR * 1000 },
  // Search index changes whose job was lost (Redis down at the write, a worker stopped).
  "sweep-search-index": { everyMs: 60 * 1000 },
  // Account exports past their expiry: the file and its row.
  "delete-expired-exports": { everyMs: HOUR * 1000 },
  // Error reports past 90 days, payment records past six years (the Privacy Policy's periods).
  "delete-old-records": { everyMs: DAY * 1000 },
  // Delivered orders whose week passed without the buyer confirming or disputing.
  "complete-delivered-orders": { everyMs: 10 * 60 * 1000 },
  // A month that will not renew, or an unused trial, about to end: its holder is told once.
  "notify-premium-ending": { everyMs: HOUR * 1000 },
  // The weeks of prices that new price events made stale: their figures worked out again, then
  // the price alerts with news told.
  "refresh-price-figures": { everyMs: 5 * 60 * 1000 },
};
