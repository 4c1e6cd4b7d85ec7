import { describe, expect, it } from "vitest";
import {
  frontendErrorReportSchema,
  jobOptionsFor,
  jobPayloadSchemas,
  parseWorkerQueues,
  QUEUE_POLICIES,
} from "./queues";

describe("parseWorkerQueues", () => {
  it("runs every queue when nothing or 'all' is named", () => {
    expect(parseWorkerQueues(undefined)).toEqual({ queues: expect.arrayContaining(["ai-analysis", "maintenance"]) });
    expect(parseWorkerQueues(" ")).toEqual(parseWorkerQueues("all"));
  });

  it("runs only the named queues, in the product's order, once each", () => {
    expect(parseWorkerQueues("frontend-errors, ai-analysis,ai-analysis")).toEqual({
      queues: ["ai-analysis", "frontend-errors"],
    });
  });

  it("names what it does not know instead of running nothing", () => {
    expect(parseWorkerQueues("ai-analysis,images")).toEqual({ unknown: ["images"] });
    expect(parseWorkerQueues("all,ai-analysis")).toEqual({ unknown: ["all"] });
  });
});

describe("queue policies", () => {
  it("retry a paid AI call at most once, but keep after search indexing and payments until they land", () => {
    expect(jobOptionsFor("ai-analysis").attempts).toBe(2);
    expect(jobOptionsFor("search-indexing").attempts).toBeGreaterThan(jobOptionsFor("ai-analysis").attempts);
    expect(jobOptionsFor("payment-webhooks").attempts).toBeGreaterThan(jobOptionsFor("ai-analysis").attempts);
  });

  it("keep payment history far longer than error reports", () => {
    expect(jobOptionsFor("payment-webhooks").removeOnComplete.age).toBeGreaterThan(
      jobOptionsFor("frontend-errors").removeOnComplete.age,
    );
  });

  it("retry payment events for about a day at most", () => {
    const { attempts, backoff } = QUEUE_POLICIES["payment-webhooks"];
    // Exponential backoff waits delay, 2*delay, 4*delay... between tries.
    const totalWaitMs = backoff.delay * (2 ** (attempts - 1) - 1);
    expect(totalWaitMs).toBeGreaterThan(12 * 3600_000);
    expect(totalWaitMs).toBeLessThan(3 * 24 * 3600_000);
  });

  it("carry only what BullMQ reads as job options", () => {
    expect(Object.keys(jobOptionsFor("maintenance")).sort()).toEqual([
      "attempts",
      "backoff",
      "removeOnComplete",
      "removeOnFail",
    ]);
  });
});

describe("frontend error payloads", () => {
  const schema = jobPayloadSchemas["frontend-errors"];
  const report = {
    errorId: "e1",
    boundary: "App",
    level: "app",
    message: "boom",
    timestamp: "2026-11-21T10:00:00Z",
    retryCount: 0,
  };
  const job = (changes: Record<string, unknown>) => ({
    report: { ...report, ...changes },
    userId: null,
    receivedAt: "2026-11-21T10:00:01Z",
  });

  it("accept a well-formed report", () => {
    expect(schema.safeParse(job({})).success).toBe(true);
  });

  it.each([[{ level: "global" }], [{ message: "x".repeat(2001) }], [{ timestamp: "yesterday" }], [{ errorId: "" }]])(
    "refuse %o",
    (changes) => {
      expect(schema.safeParse(job(changes)).success).toBe(false);
    },
  );
});

describe("maintenance payloads", () => {
  it("name a known task", () => {
    expect(jobPayloadSchemas.maintenance.safeParse({ task: "delete-expired-sessions" }).success).toBe(true);
    expect(jobPayloadSchemas.maintenance.safeParse({ task: "drop-database" }).success).toBe(false);
  });
});

describe("frontend error reports with text the database cannot store", () => {
  const report = {
    errorId: "e1",
    boundary: "App",
    level: "app",
    message: "boom",
    timestamp: "2026-11-21T10:00:00Z",
    retryCount: 0,
  };

  it("keep what the browser sent, with NUL and lone surrogates as U+FFFD, the same when the worker parses them again", () => {
    const sent = {
      ...report,
      message: "bad \u0000 byte \uD800",
      stack: "at x\u0000",
      url: "http://localhost/\uDC00",
      userAgent: "UA\u0000",
    };
    const accepted = frontendErrorReportSchema.parse(sent);
    expect(accepted).toMatchObject({
      message: "bad \uFFFD byte \uFFFD",
      stack: "at x\uFFFD",
      url: "http://localhost/\uFFFD",
      userAgent: "UA\uFFFD",
    });
    const job = jobPayloadSchemas["frontend-errors"].parse({
      report: accepted,
      userId: null,
      receivedAt: "2026-11-21T10:00:01Z",
    });
    expect(job.report).toEqual(accepted);
  });

  it("refuse them in the ids operators search by", () => {
    expect(frontendErrorReportSchema.safeParse({ ...report, errorId: "e\u0000" }).success).toBe(false);
    expect(frontendErrorReportSchema.safeParse({ ...report, boundary: "\uD800" }).success).toBe(false);
  });

  it("refuse a date that does not exist", () => {
    expect(frontendErrorReportSchema.safeParse({ ...report, timestamp: "2026-02-30T10:00:00Z" }).success).toBe(false);
  });
});
