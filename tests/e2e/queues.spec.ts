import { expect, test } from "@playwright/test";
import { Queue } from "bullmq";
import { jobPayloadSchemas, type JobPayload, type QueueName } from "~/jobs/queues";
import { E2E_ADMIN_TOKEN } from "../../playwright.config";
import { E2E_QUEUE_PREFIX } from "../support/e2e-env";

// One job on each queue, completed by the separate worker process that
// `npm start` runs, then seen by an operator on the dashboard.
const payloads: { [Q in QueueName]: JobPayload<Q> } = {
  "ai-analysis": { analysisId: "e2e-missing-analysis" },
  "image-processing": { uploadId: "e2e-upload", purpose: "listing" },
  "search-indexing": { entity: "product", id: "seed_product_maize", action: "upsert" },
  "payment-webhooks": { eventId: "evt_e2e_missing" },
  "frontend-errors": {
    report: {
      errorId: "err_e2e_queue_check",
      boundary: "E2EBoundary",
      level: "component",
      message: "queue check",
      timestamp: new Date().toISOString(),
      retryCount: 0,
    },
    userId: null,
    receivedAt: new Date().toISOString(),
  },
};

test("a job on each queue is completed by the workers and shows on the dashboard", async ({ page }) => {
  const connection = { url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" };
  const jobs = [];
  for (const [name, payload] of Object.entries(payloads) as [QueueName, unknown][]) {
    const queue = new Queue(name, { connection, prefix: E2E_QUEUE_PREFIX });
    const job = await queue.add(name, jobPayloadSchemas[name].parse(payload));
    jobs.push({ queue, job });
  }
  try {
    for (const { job } of jobs) {
      await expect.poll(() => job.getState(), { timeout: 20_000, message: `${job.queueName} job` }).toBe("completed");
    }
  } finally {
    await Promise.all(jobs.map(({ queue }) => queue.close()));
  }

  await page.goto(`/admin/queues?token=${E2E_ADMIN_TOKEN}`);
  await page.goto("/admin/queues/queue/frontend-errors?status=completed");
  await expect(page.getByText("err_e2e_queue_check").first()).toBeVisible();
});
