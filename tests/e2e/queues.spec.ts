import { Queue } from "bullmq";
import { E2E_ADMIN_TOKEN } from "../../playwright.config";
import { E2E_QUEUE_PREFIX } from "../support/e2e-env";
import { createUser, expect, test, withDatabase } from "./fixtures";

// The worker process that `npm start` runs beside the web server does the
// queued work: what it stores is checked in the database, and an operator
// sees it on the dashboard.

const connection = { url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" };

test("an error report sent to the API is stored by the worker process and shown on the dashboard", async ({
  page,
  request,
}) => {
  const errorId = `err_e2e_${Date.now()}`;
  const sent = await request.post("/api/errors/frontend", {
    data: {
      errorId,
      boundary: "E2EBoundary",
      level: "component",
      message: "queue check",
      timestamp: new Date().toISOString(),
      retryCount: 1,
      url: "http://127.0.0.1/marketplace",
    },
  });
  expect(sent.status()).toBe(202);

  const stored = () =>
    withDatabase(
      async (client) =>
        (
          await client.query(`SELECT boundary, level, "retryCount" FROM "FrontendError" WHERE "errorId" = $1`, [
            errorId,
          ])
        ).rows[0],
    );
  await expect
    .poll(stored, { timeout: 20_000, message: "report stored by the worker" })
    .toEqual({ boundary: "E2EBoundary", level: "component", retryCount: 1 });

  await page.goto(`/admin/queues?token=${E2E_ADMIN_TOKEN}`);
  await page.goto("/admin/queues/queue/frontend-errors?status=completed");
  await expect(page.getByText(errorId).first()).toBeVisible();
});

test("the worker process deletes expired sessions and keeps live ones", async () => {
  const user = await createUser();
  const expiredId = `e2e_expired_${Date.now()}`;
  const liveId = `e2e_live_${Date.now()}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, $3, now() - interval '1 minute'), ($2, $3, now() + interval '1 day')`,
      [expiredId, liveId, user.id],
    ),
  );
  // The hourly schedule ran at start; ask for a run now rather than wait an hour.
  const queue = new Queue("maintenance", { connection, prefix: E2E_QUEUE_PREFIX });
  try {
    await queue.add("delete-expired-sessions", { task: "delete-expired-sessions" });
    const sessions = () =>
      withDatabase(async (client) =>
        (await client.query(`SELECT id FROM "Session" WHERE id = ANY($1) ORDER BY id`, [[expiredId, liveId]])).rows.map(
          (row) => row.id,
        ),
      );
    await expect.poll(sessions, { timeout: 20_000, message: "expired session deleted" }).toEqual([liveId]);
  } finally {
    await queue.close();
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [user.id]));
  }
});
