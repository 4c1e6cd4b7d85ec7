import { existsSync } from "node:fs";
import type { Job } from "bullmq";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { enqueue, getQueue } from "~/jobs/enqueue.server";
import { QUEUE_NAMES, QUEUE_POLICIES, type QueueName } from "~/jobs/queues";
import { acceptUpload, discardUpload, processUpload, waitForUpload } from "~/modules/storage/uploads.server";
import { prisma } from "~/server/db.server";
import { bootWebServer } from "../tests/support/web";
import { startWorkers } from "./index";

let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
let web: Awaited<ReturnType<typeof bootWebServer>>;
const token = process.env.ADMIN_TOKEN!;

beforeAll(async () => {
  workers = await startWorkers();
  web = await bootWebServer();
});

afterAll(async () => {
  await web?.stop();
  await workers?.close();
});

async function settled(job: Job, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const state = await job.getState();
    if (state === "completed" || state === "failed") {
      const fresh = await getQueue(job.queueName as QueueName).getJob(job.id!);
      return { state, job: fresh! };
    }
    if (Date.now() > deadline) throw new Error(`job ${job.id} still ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("workers", () => {
  it("the farm-environment worker has nothing to ask while no forecast service is configured", async () => {
    const { state, job } = await settled(
      await enqueue("farm-environment", { farmId: "farm_it_missing_01", kind: "weather" }),
    );
    expect(state).toBe("completed");
    expect(job.returnvalue).toEqual({ kind: "weather", outcome: "off" });
  });

  it("the sms worker is done with a text that is not waiting (sent already, or gone)", async () => {
    const { state, job } = await settled(await enqueue("sms", { messageId: "sms_it_missing_0001" }));
    expect(state).toBe("completed");
    expect(job.returnvalue).toMatchObject({ messageId: "sms_it_missing_0001", sent: false, reason: "not waiting" });
  });

  it("store a frontend error report", async () => {
    const job = await enqueue("frontend-errors", {
      report: {
        errorId: "err_it_0001",
        boundary: "MarketplacePage",
        level: "page",
        message: "Cannot read properties of undefined",
        stack: "TypeError: Cannot read properties of undefined\n    at Card",
        componentStack: "\n    at Card\n    at Grid",
        timestamp: "2026-11-21T10:00:00.000Z",
        userAgent: "Mozilla/5.0 (Linux; Android 10)",
        url: "http://localhost:3000/marketplace",
        retryCount: 2,
      },
      userId: null,
      receivedAt: new Date().toISOString(),
    });
    const { state, job: done } = await settled(job);
    expect(state).toBe("completed");
    const stored = await prisma.frontendError.findUniqueOrThrow({ where: { id: done.returnvalue.storedId } });
    expect(stored).toMatchObject({ errorId: "err_it_0001", boundary: "MarketplacePage", level: "page", retryCount: 2 });
    expect(stored.occurredAt.toISOString()).toBe("2026-11-21T10:00:00.000Z");
  });

  it("end an analysis whose deadline passed before a worker took it up, as timed out", async () => {
    const user = await prisma.user.create({
      data: { username: "worker_it_user", passwordHash: "x", firstName: "Ada", lastName: "Obi" },
    });
    const analysis = await prisma.analysis.create({
      data: {
        userId: user.id,
        analysisType: "crop_health",
        preferredModel: "openai",
        deadlineAt: new Date(Date.now() - 1000),
      },
    });
    const { state, job } = await settled(await enqueue("ai-analysis", { analysisId: analysis.id }));
    expect(state).toBe("completed");
    expect(job.returnvalue).toEqual({ analysisId: analysis.id, outcome: "ended" });
    expect(await prisma.analysis.findUniqueOrThrow({ where: { id: analysis.id } })).toMatchObject({
      status: "failed",
      errorCode: "AI_PROCESSING_TIMEOUT",
      severity: null,
      diagnosis: null,
    });
    expect(await prisma.premiumFeatureUse.count({ where: { userId: user.id } })).toBe(0);
  });

  it("apply a stored payment event once", async () => {
    await prisma.paymentEvent.create({
      data: {
        id: "evt_it_0001",
        type: "charge.refunded",
        provider: "stripe",
        payload: { id: "evt_it_0001", type: "charge.refunded", data: { object: {} } },
      },
    });
    const first = await settled(await enqueue("payment-webhooks", { eventId: "evt_it_0001" }));
    expect(first.state).toBe("completed");
    expect(first.job.returnvalue).toMatchObject({ eventId: "evt_it_0001", applied: true });
    const again = await settled(await enqueue("payment-webhooks", { eventId: "evt_it_0001" }));
    expect(again.job.returnvalue).toMatchObject({ eventId: "evt_it_0001", applied: false });
    expect((await prisma.paymentEvent.findUniqueOrThrow({ where: { id: "evt_it_0001" } })).status).toBe("processed");
  });

  it("make the WebP sizes of an uploaded photo and drop its original", async () => {
    const owner = await prisma.user.create({
      data: { username: "worker_it_uploader", passwordHash: "x", firstName: "Ngozi", lastName: "Eze" },
    });
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 140, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const upload = await acceptUpload(owner.id, "listing", photo);
    expect(await waitForUpload(upload.id)).toBe("ready");
    const stored = await prisma.upload.findUniqueOrThrow({ where: { id: upload.id } });
    expect(stored).toMatchObject({ status: "ready", sizes: [320, 800, 1600] });
    const dir = `${getEnv().UPLOAD_DIR}/${upload.id}`;
    for (const width of [320, 800, 1600]) expect(existsSync(`${dir}/${width}.webp`)).toBe(true);
    expect(existsSync(`${getEnv().ORIGINALS_DIR}/${upload.id}`)).toBe(false);

    // A try that made every size and dropped the original but failed to record it is finished by the next try.
    await prisma.upload.update({ where: { id: upload.id }, data: { status: "pending", sizes: [] } });
    expect(await processUpload(upload.id)).toEqual({ status: "ready", sizes: [320, 800, 1600] });
    expect(await prisma.upload.findUniqueOrThrow({ where: { id: upload.id } })).toMatchObject({
      status: "ready",
      sizes: [320, 800, 1600],
    });
    await discardUpload(upload.id);
    await prisma.user.delete({ where: { id: owner.id } });
  });

  it("delete expired sessions and browsers unused for 90 days on the maintenance schedule, and only those", async () => {
    const user = await prisma.user.create({
      data: { username: "worker_it_sessions", passwordHash: "x", firstName: "Bola", lastName: "Ade" },
    });
    const [expired, live, stale, recent] = await Promise.all([
      prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() - 60_000) } }),
      prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + 3600_000) } }),
      // A browser last signed in 91 days ago is forgotten; one from last month is kept.
      prisma.device.create({
        data: { userId: user.id, keyHash: "stale", lastSignInAt: new Date(Date.now() - 91 * 24 * 3600_000) },
      }),
      prisma.device.create({
        data: { userId: user.id, keyHash: "recent", lastSignInAt: new Date(Date.now() - 30 * 24 * 3600_000) },
      }),
    ]);
    // The schedule exists in Redis, every hour, first run at start.
    const schedulers = await getQueue("maintenance").getJobSchedulers();
    expect(schedulers.map((scheduler) => ({ id: scheduler.key, every: Number(scheduler.every) }))).toContainEqual({
      id: "delete-expired-sessions",
      every: 3600_000,
    });
    const { state, job } = await settled(await enqueue("maintenance", { task: "delete-expired-sessions" }));
    expect(state).toBe("completed");
    expect(job.returnvalue.deleted).toBeGreaterThanOrEqual(1);
    expect(await prisma.session.findUnique({ where: { id: expired.id } })).toBeNull();
    expect(await prisma.session.findUnique({ where: { id: live.id } })).not.toBeNull();
    expect(job.returnvalue.forgottenDevices).toBeGreaterThanOrEqual(1);
    expect(await prisma.device.findUnique({ where: { id: stale.id } })).toBeNull();
    expect(await prisma.device.findUnique({ where: { id: recent.id } })).not.toBeNull();
    await prisma.user.delete({ where: { id: user.id } });
  });

  it("give each queue its own retries and history bounds", async () => {
    const report = {
      errorId: "err_it_policy",
      boundary: "App",
      level: "app" as const,
      message: "x",
      timestamp: new Date().toISOString(),
      retryCount: 0,
    };
    const errorJob = await enqueue("frontend-errors", { report, userId: null, receivedAt: new Date().toISOString() });
    const indexJob = await enqueue("search-indexing", {
      entity: "product",
      id: "seed_product_maize",
      action: "upsert",
    });
    expect(errorJob.opts).toMatchObject({
      attempts: QUEUE_POLICIES["frontend-errors"].attempts,
      removeOnComplete: QUEUE_POLICIES["frontend-errors"].removeOnComplete,
    });
    expect(indexJob.opts).toMatchObject({
      attempts: QUEUE_POLICIES["search-indexing"].attempts,
      backoff: QUEUE_POLICIES["search-indexing"].backoff,
    });
    expect(errorJob.opts.attempts).not.toBe(indexJob.opts.attempts);
    await Promise.all([settled(errorJob), settled(indexJob)]);
  });

  it("refuse a payload that does not match its queue, before it is queued", async () => {
    const before = await getQueue("search-indexing").getJobCounts();
    await expect(
      // @ts-expect-error: an entity the queue does not know
      enqueue("search-indexing", { entity: "user", id: "u1", action: "upsert" }),
    ).rejects.toThrow();
    expect(await getQueue("search-indexing").getJobCounts()).toEqual(before);
  });

  it("fail a malformed job at once instead of retrying it", async () => {
    const job = await getQueue("payment-webhooks").add("payment-webhooks", { wrong: true }, { attempts: 5 });
    const { state, job: done } = await settled(job);
    expect(state).toBe("failed");
    expect(done.attemptsMade).toBe(1);
    expect(done.failedReason).toContain("invalid payload");
  });
});

describe("/admin/queues", () => {
  async function sessionCookieFor(role: "USER" | "ADMIN") {
    const { sessionCookie } = await import("~/modules/auth/session.server");
    const user = await prisma.user.create({
      data: {
        username: `queue_${role.toLowerCase()}_${Date.now()}`,
        passwordHash: "x",
        firstName: "Op",
        lastName: "Erator",
        role,
      },
    });
    const session = await prisma.session.create({
      data: { userId: user.id, expiresAt: new Date(Date.now() + 3600_000) },
    });
    return (await sessionCookie.serialize(session.id)).split(";")[0]!;
  }

  it("opens for a signed-in administrator without any token", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`, {
      headers: { Cookie: await sessionCookieFor("ADMIN") },
    });
    expect(response.status).toBe(200);
  });

  it("stays closed to a signed-in farmer", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`, {
      headers: { Cookie: await sessionCookieFor("USER") },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "AUTHZ_INSUFFICIENT_PERMISSIONS" } });
  });

  it("is closed without the admin token", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
  });

  it("refuses a wrong token", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`, {
      headers: { Authorization: "Bearer not-the-token-at-all" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "AUTHZ_INSUFFICIENT_PERMISSIONS" } });
  });

  it("trades a ?token= for a dashboard cookie and shows every queue with its jobs", async () => {
    const entry = await fetch(`${web.baseUrl}/admin/queues?token=${token}`, { redirect: "manual" });
    expect(entry.status).toBe(303);
    expect(entry.headers.get("location")).toBe("/admin/queues");
    const cookie = entry.headers.get("set-cookie")!;
    expect(cookie).toMatch(/asiiko-operator=.+HttpOnly/i);

    const page = await fetch(`${web.baseUrl}/admin/queues`, { headers: { Cookie: cookie.split(";")[0]! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Asiiko queues</title>");

    const api = await fetch(`${web.baseUrl}/admin/queues/api/queues`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: { name: string; counts: Record<string, number> }[] };
    expect(body.queues.map((queue) => queue.name).sort()).toEqual([...QUEUE_NAMES].sort());
    for (const queue of body.queues) expect(queue.counts.completed).toBeGreaterThanOrEqual(1);
  });
});
