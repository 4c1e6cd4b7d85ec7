import { describe, expect, it } from "vitest";
import { defaultJobOptions, jobPayloadSchemas, QUEUE_NAMES, queueConcurrency } from "./queues";

describe("queues", () => {
  it("are the five of the design, each with a payload schema and a concurrency", () => {
    expect(QUEUE_NAMES).toEqual(["ai-analysis", "image-processing", "search-indexing", "payment-webhooks", "frontend-errors"]);
    for (const name of QUEUE_NAMES) {
      expect(jobPayloadSchemas[name]).toBeDefined();
      expect(queueConcurrency[name]).toBeGreaterThan(0);
    }
  });

  it("retry with backoff and keep bounded history", () => {
    expect(defaultJobOptions.attempts).toBeGreaterThan(1);
    expect(defaultJobOptions.backoff.type).toBe("exponential");
    expect(defaultJobOptions.removeOnComplete.count).toBeGreaterThan(0);
    expect(defaultJobOptions.removeOnFail.count).toBeGreaterThan(0);
  });

  it("validate frontend error reports strictly", () => {
    const schema = jobPayloadSchemas["frontend-errors"];
    const report = {
      errorId: "e1",
      boundary: "App",
      level: "app",
      message: "boom",
      timestamp: "2026-11-21T10:00:00Z",
      retryCount: 0,
    };
    expect(schema.safeParse({ report, userId: null, receivedAt: "2026-11-21T10:00:01Z" }).success).toBe(true);
    expect(schema.safeParse({ report: { ...report, level: "global" }, userId: null, receivedAt: "2026-11-21T10:00:01Z" }).success).toBe(false);
    expect(schema.safeParse({ report: { ...report, message: "x".repeat(2001) }, userId: null, receivedAt: "2026-11-21T10:00:01Z" }).success).toBe(false);
    expect(schema.safeParse({ report: { ...report, timestamp: "yesterday" }, userId: null, receivedAt: "2026-11-21T10:00:01Z" }).success).toBe(false);
  });
});
