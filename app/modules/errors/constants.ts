import type { Limit } from "~/server/rate-limit.server";

// Error reports from the pages' error boundaries.

/** The largest report accepted (a stack and a few fields). */
export const REPORT_MAX_BYTES = 32 * 1024;

/**
 * An error boundary reports once per error, and a page retries three times at most:
 * a few reports a minute is a broken page; hundreds is someone filling the table.
 */
export const REPORT_LIMITS = {
  perAddress: { name: "error-report-ip", max: 30, windowSeconds: 10 * 60 },
  perUser: { name: "error-report-user", max: 30, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;
