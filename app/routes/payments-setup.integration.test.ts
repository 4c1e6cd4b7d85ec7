import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import { enqueue, getQueue } from "~/jobs/enqueue.server";
import { signSandboxSession } from "~/modules/payments/sandbox-provider.server";
import { prisma } from "~/server/db.server";
import { apiClient, endTrial, signedInUser, subscribe } from "../../tests/support/api-client";
import { formerSandboxSecret } from "../../tests/support/fake-stripe";
import { servePaymentsForTests } from "../../tests/support/web";

// A site as a real deployment starts it: outside demo mode, with no payment provider configured.
// Checkout says payments are not set up (503) and grants nothing; the sandbox checkout does not
// exist; no webhook is taken as Stripe's; and an event stored under the sandbox's name is never
// applied by the payment-webhooks worker (running in this process), whoever stored it.

// Configuration is read once, on the first import that asks for it.
vi.hoisted(() => {
  for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE", "PUBLIC_URL"]) {
    delete process.env[name];
  }
  process.env.DEMO_MODE = "";
});

const eventIds = new Set<string>();
const web = servePaymentsForTests(eventIds);
const call = apiClient(() => web.baseUrl);

const NOT_SET_UP = "Payments are not set up on this site yet";
const BANNER = "Demo: payments are simulated and demo accounts are public";

/** A user whose trial is over: only a subscription could give access. */
async function lapsedUser(prefix = "nopay") {
  const signed = await signedInUser("USER", prefix);
  await endTrial(signed.user.id);
  return signed;
}

const accessOf = async (cookie: string) =>
  (await call("GET", "/api/premium/asiiko_ai/check", undefined, { cookie })).body as { canAccess: boolean };

/** A checkout.session.completed for the user, as the sandbox's 'Pay' makes one (its metadata names the sandbox). */
function sandboxShapedEvent(userId: string) {
  const sid = `cs_sandbox_${randomBytes(8).toString("hex")}`;
  const id = `evt_sandbox_${sid}`;
  eventIds.add(id);
  return {
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: sid,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        currency: "ngn",
        amount_total: 1_500_000,
        client_reference_id: userId,
        customer: `cus_sandbox_${userId}`,
        subscription: `sub_sandbox_${sid}`,
        metadata: { userId, provider: "sandbox" },
      },
    },
  };
}

const sign = (payload: string, secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

describe("checkout with no payment provider, outside demo mode", () => {
  it("answers 503 SYS_CONFIGURATION_ERROR saying payments are not set up, in the reader's language, and grants nothing", async () => {
    const { user, cookie } = await lapsedUser();
    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      success: false,
      message: NOT_SET_UP,
      error: { code: "SYS_CONFIGURATION_ERROR", message: NOT_SET_UP },
    });
    const french = await call("POST", "/api/subscription/checkout", undefined, {
      cookie,
      headers: { "Accept-Language": "fr" },
    });
    expect(french.status).toBe(503);
    expect(french.body.error).toEqual({
      code: "SYS_CONFIGURATION_ERROR",
      message: "Les paiements ne sont pas encore configurés sur ce site",
    });

    expect(await prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
    expect((await accessOf(cookie)).canAccess).toBe(false);
    const plan = await call("GET", "/api/subscription", undefined, { cookie });
    expect(plan.body.data).toMatchObject({ plan: "free", subscription: null });
  });

  it("says the same to a subscriber, and still asks a visitor to sign in", async () => {
    const { user, cookie } = await signedInUser("USER", "nopay_sub");
    await subscribe(user.id);
    const subscriber = await call("POST", "/api/subscription/checkout", undefined, { cookie });
    expect(subscriber.status).toBe(503);
    expect(subscriber.body.error.code).toBe("SYS_CONFIGURATION_ERROR");
    const visitor = await call("POST", "/api/subscription/checkout");
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.code).toBe("AUTH_SESSION_EXPIRED");
  });

  it("Settings says payments are not set up instead of offering Upgrade, and no page shows the demo banner", async () => {
    const { cookie } = await lapsedUser("nopay_page");
    const settings = await call("GET", "/settings", undefined, { cookie });
    expect(settings.status).toBe(200);
    const html = String(settings.body);
    expect(html).toContain(NOT_SET_UP);
    expect(html).not.toContain("Upgrade to Premium");
    expect(html).not.toContain(BANNER);
    for (const path of ["/", "/auth", "/no-such-page"]) {
      const page = await call("GET", path);
      expect(String(page.body), path).not.toContain(BANNER);
    }
  });
});

describe("the sandbox checkout outside demo mode", () => {
  it("does not exist: a genuine, unexpired link answers 404 to its own user, and 'Pay' grants nothing", async () => {
    const { user, cookie } = await lapsedUser("nopay_sandbox");
    const token = signSandboxSession({
      sid: `cs_sandbox_${randomBytes(8).toString("hex")}`,
      uid: user.id,
      amt: 15000,
      exp: Date.now() + 3600_000,
    });
    const path = `/checkout/sandbox?session=${encodeURIComponent(token)}`;
    const page = await call("GET", path, undefined, { cookie });
    expect(page.status).toBe(404);
    expect(String(page.body)).not.toContain("Pay ₦");
    const paid = await call("POST", path, undefined, {
      cookie,
      raw: "",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(paid.status).toBe(404);

    expect(await prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
    expect(
      await prisma.paymentEvent.count({
        where: { payload: { path: ["data", "object", "metadata", "userId"], equals: user.id } },
      }),
    ).toBe(0);
    expect((await accessOf(cookie)).canAccess).toBe(false);
  });
});

describe("POST /api/webhooks/stripe with Stripe not configured", () => {
  it("refuses every event with 400 SEC_INVALID_TOKEN and stores nothing, whatever signs it or its metadata claims", async () => {
    const { user } = await lapsedUser("nopay_hook");
    const event = sandboxShapedEvent(user.id);
    const payload = JSON.stringify(event);
    const signatures: (string | null)[] = [
      sign(payload, formerSandboxSecret()),
      sign(payload, "whsec_test_local"),
      sign(payload, ""),
      "t=1,v1=deadbeef",
      null,
    ];
    for (const signature of signatures) {
      const response = await call("POST", "/api/webhooks/stripe", undefined, {
        raw: payload,
        headers: signature === null ? {} : { "Stripe-Signature": signature },
      });
      expect(response.status, String(signature)).toBe(400);
      expect(response.body, String(signature)).toMatchObject({
        success: false,
        error: { code: "SEC_INVALID_TOKEN", message: "The event signature is not valid" },
      });
    }
    expect(await prisma.paymentEvent.findUnique({ where: { id: event.id } })).toBeNull();
    expect(await getQueue("payment-webhooks").getJob(event.id)).toBeUndefined();
    expect(await prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("the payment-webhooks worker outside demo mode", () => {
  /** Waits for the queue to finish the job (completed or failed); answers its state. */
  async function finished(jobId: string) {
    const job = await getQueue("payment-webhooks").getJob(jobId);
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      const state = await job?.getState();
      if (state === "completed" || state === "failed") return state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return "unfinished";
  }

  it("marks a stored sandbox event failed, saying why, and grants nothing, however often it is delivered", async () => {
    const { user, cookie } = await lapsedUser("nopay_worker");
    const event = sandboxShapedEvent(user.id);
    // As if an earlier demo, or someone with the database, had stored it.
    await prisma.paymentEvent.create({
      data: { id: event.id, type: event.type, provider: "sandbox", status: "received", payload: event },
    });
    await enqueue("payment-webhooks", { eventId: event.id }, { jobId: event.id });
    expect(await finished(event.id)).toBe("completed");
    const stored = await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(stored).toMatchObject({
      status: "failed",
      error: "sandbox events are applied in demo mode only (DEMO_MODE=1)",
    });
    expect(stored.processedAt).toBeInstanceOf(Date);
    expect(await prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
    expect((await accessOf(cookie)).canAccess).toBe(false);

    // Delivered again, it stays failed and still grants nothing.
    const again = `${event.id}_again`;
    eventIds.add(again);
    await enqueue("payment-webhooks", { eventId: event.id }, { jobId: again });
    expect(await finished(again)).toBe("completed");
    expect((await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id } })).status).toBe("failed");
    expect(await prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
  });
});
