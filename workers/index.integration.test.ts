import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue, getQueue } from "~/jobs/enqueue.server";
import { QUEUE_NAMES } from "~/jobs/queues";
import { prisma } from "~/server/db.server";
import { bootWebServer } from "../tests/support/web";
import { startWorkers } from "./index";

let workers: ReturnType<typeof startWorkers>;
let web: Awaited<ReturnType<typeof bootWebServer>>;
const token = process.env.ADMIN_TOKEN!;

beforeAll(async () => {
  workers = startWorkers();
  await Promise.all(workers.workers.map((worker) => worker.waitUntilReady()));
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
      const fresh = await getQueue(job.queueName as (typeof QUEUE_NAMES)[number]).getJob(job.id!);
      return { state, job: fresh! };
    }
    if (Date.now() > deadline) throw new Error(`job ${job.id} still ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("workers", () => {
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

  it("find the analysis an ai-analysis job names", async () => {
    const user = await prisma.user.create({
      data: { username: "worker_it_user", passwordHash: "x", firstName: "Ada", lastName: "Obi" },
    });
    const analysis = await prisma.analysis.create({
      data: { userId: user.id, analysisType: "crop_health", preferredModel: "openai", imagePath: "analysis/x.webp" },
    });
    const { state, job } = await settled(await enqueue("ai-analysis", { analysisId: analysis.id }));
    expect(state).toBe("completed");
    expect(job.returnvalue).toEqual({ analysisId: analysis.id, status: "queued" });
  });

  it("apply a stored payment event once", async () => {
    await prisma.paymentEvent.create({
      data: { id: "evt_it_0001", type: "charge.refunded", provider: "sandbox", payload: { id: "evt_it_0001", type: "charge.refunded", data: { object: {} } } },
    });
    const first = await settled(await enqueue("payment-webhooks", { eventId: "evt_it_0001" }));
    expect(first.state).toBe("completed");
    expect(first.job.returnvalue).toMatchObject({ eventId: "evt_it_0001", applied: true });
    const again = await settled(await enqueue("payment-webhooks", { eventId: "evt_it_0001" }));
    expect(again.job.returnvalue).toMatchObject({ eventId: "evt_it_0001", applied: false });
    expect((await prisma.paymentEvent.findUniqueOrThrow({ where: { id: "evt_it_0001" } })).status).toBe("processed");
  });

  it("complete search-indexing and image-processing jobs", async () => {
    const indexing = await settled(await enqueue("search-indexing", { entity: "listing", id: "seed_listing_001", action: "upsert" }));
    expect(indexing.state).toBe("completed");
    expect(indexing.job.returnvalue).toMatchObject({ entity: "listing", id: "seed_listing_001", action: "upsert" });
    const image = await settled(await enqueue("image-processing", { uploadId: "upload_1", purpose: "listing" }));
    expect(image.state).toBe("completed");
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
      data: { username: `queue_${role.toLowerCase()}_${Date.now()}`, passwordHash: "x", firstName: "Op", lastName: "Erator", role },
    });
    const session = await prisma.session.create({ data: { userId: user.id, expiresAt: new Date(Date.now() + 3600_000) } });
    return (await sessionCookie.serialize(session.id)).split(";")[0]!;
  }

  it("opens for a signed-in administrator without any token", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`, { headers: { Cookie: await sessionCookieFor("ADMIN") } });
    expect(response.status).toBe(200);
  });

  it("stays closed to a signed-in farmer", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`, { headers: { Cookie: await sessionCookieFor("USER") } });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "AUTHZ_INSUFFICIENT_PERMISSIONS" } });
  });

  it("is closed without the admin token", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
  });

  it("refuses a wrong token", async () => {
    const response = await fetch(`${web.baseUrl}/admin/queues`, { headers: { Authorization: "Bearer not-the-token-at-all" } });
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

    const api = await fetch(`${web.baseUrl}/admin/queues/api/queues`, { headers: { Authorization: `Bearer ${token}` } });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: { name: string; counts: Record<string, number> }[] };
    expect(body.queues.map((queue) => queue.name).sort()).toEqual([...QUEUE_NAMES].sort());
    for (const queue of body.queues) expect(queue.counts.completed).toBeGreaterThanOrEqual(1);
  });
});
