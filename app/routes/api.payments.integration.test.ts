import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { publicOrigin } from "~/env.server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser } from "../../tests/support/api-client";
import {
  formerSandboxSecret,
  startFakeStripe,
  type FakeStripe,
  type RecordedRequest,
} from "../../tests/support/fake-stripe";
import { servePaymentsForTests } from "../../tests/support/web";

// Payments with a Stripe account over HTTP: webhook events (verified, stored
// once, applied once by the real payment-webhooks worker running in this
// process) and the calls stripe-node makes, answered by a local server speaking
// Stripe's API (tests/support/fake-stripe.ts) that records every request.

// Configuration is read once, on the first import that asks for it, so the
// Stripe settings (and the fake's port, known before it starts) are set first.
const { stripePort } = vi.hoisted(() => {
  const port = 41000 + (process.pid % 1000);
  process.env.STRIPE_SECRET_KEY = "sk_test_local";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_local";
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${port}`;
  // The public address Stripe sends the browser back to; requests come to another (127.0.0.1).
  process.env.PUBLIC_URL = "https://asiiko.example";
  for (const name of ["TRIAL_LENGTH_HOURS", "PREMIUM_PRICE_NGN"]) delete process.env[name];
  return { stripePort: port };
});

const WEBHOOK_SECRET = "whsec_test_local";
const DAY = 24 * 3600;

let fake: FakeStripe;
const eventIds = new Set<string>();
const web = servePaymentsForTests(eventIds);
const call = apiClient(() => web.baseUrl);

type Signed = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  fake = await startFakeStripe(stripePort);
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
});

const newId = (prefix: string) => `${prefix}_it${randomBytes(8).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A signed-in user whose trial is over, so only a subscription gives access. */
async function userAfterTrial(prefix = "payer") {
  const signed = await signedInUser("USER", prefix);
  await prisma.user.update({
    where: { id: signed.user.id },
    data: { createdAt: new Date(Date.now() - 3 * DAY * 1000) },
  });
  return signed;
}

// ------------------------------------------------------------ events as Stripe sends them

function stripeEvent(type: string, object: Record<string, unknown>) {
  const id = newId("evt");
  eventIds.add(id);
  return {
    id,
    object: "event",
    api_version: "2025-03-31.basil",
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
type StripeEventBody = ReturnType<typeof stripeEvent>;

function checkoutCompleted(userId: string, subscriptionId: string, customerId: string) {
  return stripeEvent("checkout.session.completed", {
    id: newId("cs_test"),
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    currency: "ngn",
    amount_subtotal: 1500000,
    amount_total: 1500000,
    client_reference_id: userId,
    customer: customerId,
    subscription: subscriptionId,
    metadata: { userId },
    livemode: false,
  });
}

function invoicePaid(
  subscriptionId: string,
  period: { start: number; end: number },
  style: "subscription" | "parent" = "subscription",
) {
  return stripeEvent("invoice.paid", {
    id: newId("in"),
    object: "invoice",
    status: "paid",
    billing_reason: "subscription_cycle",
    currency: "ngn",
    amount_paid: 1500000,
    customer: newId("cus"),
    // Older API versions name the subscription on the invoice, newer ones under parent.
    ...(style === "subscription"
      ? { subscription: subscriptionId }
      : {
          parent: {
            type: "subscription_details",
            subscription_details: { subscription: subscriptionId, metadata: {} },
          },
        }),
    lines: {
      object: "list",
      has_more: false,
      data: [{ id: newId("il"), object: "line_item", amount: 1500000, currency: "ngn", period }],
    },
    livemode: false,
  });
}

function subscriptionObject(
  id: string,
  fields: { status?: string; start: number; end: number; cancelAtPeriodEnd?: boolean; endedAt?: number },
) {
  return {
    id,
    object: "subscription",
    customer: newId("cus"),
    status: fields.status ?? "active",
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    current_period_start: fields.start,
    current_period_end: fields.end,
    ended_at: fields.endedAt ?? null,
    canceled_at: fields.endedAt ?? null,
    items: {
      object: "list",
      data: [
        {
          id: newId("si"),
          object: "subscription_item",
          current_period_start: fields.start,
          current_period_end: fields.end,
        },
      ],
    },
    livemode: false,
  };
}

function signatureFor(payload: string, secret = WEBHOOK_SECRET) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

/** Delivers an event as Stripe does: the JSON body and its Stripe-Signature header. */
function deliver(
  event: StripeEventBody,
  signature: string | null = signatureFor(JSON.stringify(event)),
  payload = JSON.stringify(event),
) {
  return call("POST", "/api/webhooks/stripe", undefined, {
    raw: payload,
    headers: signature === null ? {} : { "Stripe-Signature": signature },
  });
}

/** Polls the stored event until its status is no longer `received` (or time runs out). */
async function settledStatus(eventId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = await prisma.paymentEvent.findUnique({ where: { id: eventId } });
    if ((stored && stored.status !== "received") || Date.now() > deadline) return stored?.status ?? null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A subscription as Stripe has it, paid for 30 days from `start` (seconds). */
function monthOnStripe(start: number) {
  return fake.addSubscription({
    id: newId("sub"),
    customer: newId("cus"),
    current_period_start: start,
    current_period_end: start + 30 * DAY,
  });
}

/** A user whose checkout Stripe completed, applied by the worker: the subscription row. */
async function subscribedUser(prefix = "subscriber") {
  const signed = await userAfterTrial(prefix);
  const start = nowSeconds() - DAY;
  const stripeSubscription = monthOnStripe(start);
  const event = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
  expect((await deliver(event)).status).toBe(200);
  expect(await settledStatus(event.id)).toBe("processed");
  const row = await prisma.subscription.findUniqueOrThrow({ where: { externalId: stripeSubscription.id } });
  return { ...signed, subscriptionId: stripeSubscription.id, start, end: start + 30 * DAY, row };
}

const check = (cookie: string, feature = "asiiko_ai") =>
  call("GET", `/api/premium/${feature}/check`, undefined, { cookie });

/** Delivers a signed event and answers the stored event once the worker has done with it. */
async function settled(event: StripeEventBody) {
  expect((await deliver(event)).status).toBe(200);
  await settledStatus(event.id);
  return prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id } });
}

// ------------------------------------------------------------ webhooks

describe("POST /api/webhooks/stripe", () => {
  it("refuses a bad signature with 400 SEC_INVALID_TOKEN and stores nothing", async () => {
    const signed = await userAfterTrial();
    const subscriptionId = newId("sub");
    const event = checkoutCompleted(signed.user.id, subscriptionId, newId("cus"));
    const payload = JSON.stringify(event);

    const wrongSecret = await deliver(event, signatureFor(payload, "whsec_someone_else"));
    // Signed for another body: the amount was changed after signing.
    const altered = await deliver(event, signatureFor(payload), payload.replace("1500000", "100"));
    const garbage = await deliver(event, "t=1,v1=deadbeef");
    for (const response of [wrongSecret, altered, garbage]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: { code: "SEC_INVALID_TOKEN" } });
    }

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await prisma.paymentEvent.findUnique({ where: { id: event.id } })).toBeNull();
    expect(
      await prisma.subscription.count({ where: { OR: [{ externalId: subscriptionId }, { userId: signed.user.id }] } }),
    ).toBe(0);
    expect(await getQueue("payment-webhooks").getJob(event.id)).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it("verifies only with STRIPE_WEBHOOK_SECRET: the sandbox's old derived secret, or the event's own claims, choose nothing", async () => {
    const signed = await userAfterTrial("claims");
    const start = nowSeconds() - 60;
    const stripeSubscription = monthOnStripe(start);
    const event = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
    // It claims to be the sandbox's: a provider in its metadata, sandbox-looking ids.
    (event.data.object as { metadata: Record<string, string> }).metadata.provider = "sandbox";
    const payload = JSON.stringify(event);

    // Signed with the secret the sandbox once derived from SESSION_SECRET: not Stripe's, refused.
    const derived = formerSandboxSecret();
    const forged = await deliver(event, signatureFor(payload, derived));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ success: false, error: { code: "SEC_INVALID_TOKEN" } });
    expect(await prisma.paymentEvent.findUnique({ where: { id: event.id } })).toBeNull();

    // Signed by Stripe's secret, it is Stripe's event whatever it says: stored as Stripe's, and the
    // worker asks Stripe for the subscription rather than granting the sandbox's month.
    expect((await deliver(event)).status).toBe(200);
    expect(await settledStatus(event.id)).toBe("processed");
    expect(await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({
      provider: "stripe",
    });
    expect(fake.requestsTo("GET", `/v1/subscriptions/${stripeSubscription.id}`)).toHaveLength(1);
    expect(await prisma.subscription.findUniqueOrThrow({ where: { externalId: stripeSubscription.id } })).toMatchObject(
      {
        provider: "stripe",
        currentPeriodEnd: new Date((start + 30 * DAY) * 1000),
      },
    );
  });

  it("refuses an event without a Stripe-Signature header with 400", async () => {
    const signed = await userAfterTrial();
    const event = checkoutCompleted(signed.user.id, newId("sub"), newId("cus"));
    const response = await deliver(event, null);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: { code: "SEC_INVALID_TOKEN" } });
    expect(await prisma.paymentEvent.findUnique({ where: { id: event.id } })).toBeNull();
    expect(await prisma.subscription.count({ where: { userId: signed.user.id } })).toBe(0);
  });

  it("applies checkout.session.completed delivered 5 times once, with the period Stripe answers", async () => {
    const signed = await userAfterTrial();
    expect((await check(signed.cookie)).body.canAccess).toBe(false);
    const start = nowSeconds() - 3600;
    const end = start + 31 * DAY;
    const stripeSubscription = fake.addSubscription({
      id: newId("sub"),
      customer: newId("cus"),
      current_period_start: start,
      current_period_end: end,
    });
    const event = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
    const signature = signatureFor(JSON.stringify(event));

    for (let delivery = 0; delivery < 5; delivery += 1) {
      const response = await deliver(event, signature);
      expect(response.status, `delivery ${delivery + 1}`).toBe(200);
      expect(response.body).toEqual({
        received: true,
        eventId: event.id,
        type: "checkout.session.completed",
        handled: true,
      });
    }
    expect(await settledStatus(event.id)).toBe("processed");
    // A redelivery after processing is still acknowledged and changes nothing.
    expect((await deliver(event, signature)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const stored = await prisma.paymentEvent.findMany({ where: { id: event.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: "checkout.session.completed",
      provider: "stripe",
      status: "processed",
      error: null,
    });
    expect(stored[0]!.processedAt).toBeInstanceOf(Date);

    const rows = await prisma.subscription.findMany({ where: { userId: signed.user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "stripe",
      status: "active",
      externalId: stripeSubscription.id,
      externalCustomerId: stripeSubscription.customer,
      cancelAtPeriodEnd: false,
      currentPeriodStart: new Date(start * 1000),
      currentPeriodEnd: new Date(end * 1000),
    });
    expect(rows[0]!.amountNgn.toString()).toBe("15000");

    // The worker asked Stripe for the subscription once, with the secret key.
    const retrievals = fake.requestsTo("GET", `/v1/subscriptions/${stripeSubscription.id}`);
    expect(retrievals).toHaveLength(1);
    expect(retrievals[0]!.authorization).toBe("Bearer sk_test_local");

    expect((await check(signed.cookie)).body).toMatchObject({
      canAccess: true,
      hasActiveSubscription: true,
      isTrialExpired: true,
    });
    const plan = await call("GET", "/api/subscription", undefined, { cookie: signed.cookie });
    expect(plan.body.data).toMatchObject({
      plan: "premium",
      subscription: {
        provider: "stripe",
        status: "active",
        currentPeriodEnd: new Date(end * 1000).toISOString(),
        cancelAtPeriodEnd: false,
      },
    });
    // The checkout's payment is in the history once, under the checkout's id.
    const payments = await prisma.payment.findMany({ where: { userId: signed.user.id } });
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      provider: "stripe",
      externalId: event.data.object.id,
      amountKobo: 1_500_000,
      method: "card",
      channel: "card",
    });
  });

  it("applies the same checkout.session.completed delivered 5 times at once exactly once", async () => {
    const signed = await userAfterTrial();
    const start = nowSeconds() - 60;
    const end = start + 30 * DAY;
    // Newer API versions keep the period on the subscription's items only.
    const stripeSubscription = fake.addSubscription({
      id: newId("sub"),
      customer: newId("cus"),
      current_period_start: start,
      current_period_end: end,
      periodOnTopLevel: false,
    });
    const event = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
    const signature = signatureFor(JSON.stringify(event));

    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(event, signature)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    for (const response of responses)
      expect(response.body).toMatchObject({ received: true, eventId: event.id, handled: true });

    expect(await settledStatus(event.id)).toBe("processed");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await prisma.paymentEvent.count({ where: { id: event.id } })).toBe(1);
    const rows = await prisma.subscription.findMany({ where: { userId: signed.user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      externalId: stripeSubscription.id,
      status: "active",
      currentPeriodStart: new Date(start * 1000),
      currentPeriodEnd: new Date(end * 1000),
    });
    expect(fake.requestsTo("GET", `/v1/subscriptions/${stripeSubscription.id}`)).toHaveLength(1);
  });

  it("invoice.paid extends the paid period to the invoice line's period end", async () => {
    const subscriber = await subscribedUser();
    const nextEnd = subscriber.end + 30 * DAY;
    const renewal = invoicePaid(subscriber.subscriptionId, { start: subscriber.end, end: nextEnd });
    expect((await deliver(renewal)).body).toMatchObject({ received: true, handled: true, type: "invoice.paid" });
    expect(await settledStatus(renewal.id)).toBe("processed");
    let row = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    expect(row.currentPeriodEnd).toEqual(new Date(nextEnd * 1000));
    expect(row.currentPeriodStart).toEqual(new Date(subscriber.end * 1000));
    expect(row.status).toBe("active");

    // The newer shape (the subscription under parent.subscription_details) is understood too.
    const laterEnd = nextEnd + 31 * DAY;
    const next = invoicePaid(subscriber.subscriptionId, { start: nextEnd, end: laterEnd }, "parent");
    expect((await deliver(next)).status).toBe(200);
    expect(await settledStatus(next.id)).toBe("processed");
    row = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    expect(row.currentPeriodEnd).toEqual(new Date(laterEnd * 1000));

    const plan = await call("GET", "/api/subscription", undefined, { cookie: subscriber.cookie });
    expect(plan.body.data.subscription.currentPeriodEnd).toBe(new Date(laterEnd * 1000).toISOString());
    expect(await prisma.subscription.count({ where: { userId: subscriber.user.id } })).toBe(1);
    // Each renewal is in the history beside the checkout's payment; delivered again, still once.
    expect((await deliver(next)).status).toBe(200);
    const history = await prisma.payment.findMany({ where: { userId: subscriber.user.id } });
    expect(history).toHaveLength(3);
    expect(
      history
        .map((payment) => payment.externalId)
        .filter((id) => !id.startsWith("cs_"))
        .sort(),
    ).toEqual([renewal.data.object.id, next.data.object.id].sort());
  });

  it("the first invoice of a subscription is the checkout's payment: not recorded twice", async () => {
    const subscriber = await subscribedUser("first_invoice");
    const first = invoicePaid(subscriber.subscriptionId, { start: subscriber.start, end: subscriber.end });
    (first.data.object as { billing_reason: string }).billing_reason = "subscription_create";
    expect((await deliver(first)).status).toBe(200);
    expect(await settledStatus(first.id)).toBe("processed");
    expect(await prisma.payment.count({ where: { userId: subscriber.user.id } })).toBe(1);
  });

  it("customer.subscription.updated with cancel_at_period_end sets cancelAtPeriodEnd and keeps access", async () => {
    const subscriber = await subscribedUser();
    const updated = stripeEvent(
      "customer.subscription.updated",
      subscriptionObject(subscriber.subscriptionId, {
        start: subscriber.start,
        end: subscriber.end,
        cancelAtPeriodEnd: true,
      }),
    );
    expect((await deliver(updated)).body).toMatchObject({ handled: true, type: "customer.subscription.updated" });
    expect(await settledStatus(updated.id)).toBe("processed");

    const row = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    expect(row).toMatchObject({
      cancelAtPeriodEnd: true,
      status: "active",
      currentPeriodEnd: new Date(subscriber.end * 1000),
    });
    expect((await check(subscriber.cookie)).body).toMatchObject({ canAccess: true, hasActiveSubscription: true });
    const plan = await call("GET", "/api/subscription", undefined, { cookie: subscriber.cookie });
    expect(plan.body.data).toMatchObject({ plan: "premium", subscription: { cancelAtPeriodEnd: true } });
  });

  it("customer.subscription.deleted ends the subscription and access", async () => {
    const subscriber = await subscribedUser();
    expect((await check(subscriber.cookie)).body.canAccess).toBe(true);
    const endedAt = nowSeconds() - 5;
    const deleted = stripeEvent(
      "customer.subscription.deleted",
      subscriptionObject(subscriber.subscriptionId, {
        status: "canceled",
        start: subscriber.start,
        end: subscriber.end,
        endedAt,
      }),
    );
    expect((await deliver(deleted)).status).toBe(200);
    expect(await settledStatus(deleted.id)).toBe("processed");

    const row = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    expect(row.status).toBe("canceled");
    expect(row.canceledAt).toEqual(new Date(endedAt * 1000));
    expect(row.currentPeriodEnd).toEqual(new Date(endedAt * 1000));

    const access = await check(subscriber.cookie, "farm_mapping");
    expect(access.body).toMatchObject({ canAccess: false, hasActiveSubscription: false, isTrialExpired: true });
    const refused = await call("POST", "/api/premium/farm_mapping/use", undefined, { cookie: subscriber.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("AUTHZ_SUBSCRIPTION_EXPIRED");
    const plan = await call("GET", "/api/subscription", undefined, { cookie: subscriber.cookie });
    expect(plan.body.data).toMatchObject({ plan: "free", subscription: null });
  });

  it("an invoice.paid delivered after customer.subscription.deleted does not bring the subscription back", async () => {
    // Stripe does not deliver events in order, and a retried invoice.paid can come late.
    const subscriber = await subscribedUser("late_invoice");
    const endedAt = nowSeconds() - 5;
    const deleted = stripeEvent(
      "customer.subscription.deleted",
      subscriptionObject(subscriber.subscriptionId, {
        status: "canceled",
        start: subscriber.start,
        end: subscriber.end,
        endedAt,
      }),
    );
    expect((await deliver(deleted)).status).toBe(200);
    expect(await settledStatus(deleted.id)).toBe("processed");

    // The invoice of the period that was in progress when the subscription was deleted.
    const late = invoicePaid(subscriber.subscriptionId, { start: subscriber.start, end: subscriber.end });
    expect((await deliver(late)).status).toBe(200);
    expect(await settledStatus(late.id)).toBe("processed");

    const row = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    // Stripe does not deliver in order: a late invoice must not bring an ended subscription back.
    expect(row.status).toBe("canceled");
    expect((await check(subscriber.cookie)).body).toMatchObject({ canAccess: false, hasActiveSubscription: false });
  });

  it("stores an event type it does not handle as ignored and answers 200", async () => {
    const event = stripeEvent("customer.created", { id: newId("cus"), object: "customer", email: null, metadata: {} });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, eventId: event.id, type: "customer.created", handled: false });
    const stored = await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(stored).toMatchObject({
      type: "customer.created",
      provider: "stripe",
      status: "ignored",
      processedAt: null,
    });
    expect(stored.payload).toMatchObject({ id: event.id, type: "customer.created" });
    expect(await getQueue("payment-webhooks").getJob(event.id)).toBeUndefined();
  });

  it("keeps an invoice.paid for a subscription not known yet as received and retries it until it is", async () => {
    const signed = await userAfterTrial();
    const start = nowSeconds() - 60;
    const stripeSubscription = monthOnStripe(start);
    const renewedEnd = start + 61 * DAY;
    const early = invoicePaid(stripeSubscription.id, { start: start + 30 * DAY, end: renewedEnd });
    expect((await deliver(early)).status).toBe(200);

    // The worker tries, fails and schedules a retry; the event is not marked processed.
    const deadline = Date.now() + 3_500;
    while (Date.now() < deadline) {
      expect((await prisma.paymentEvent.findUniqueOrThrow({ where: { id: early.id } })).status).toBe("received");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const job = await getQueue("payment-webhooks").getJob(early.id);
    expect(job).toBeDefined();
    expect(job!.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(job!.failedReason).toContain("not known yet");
    expect(["delayed", "wait", "active"]).toContain(await job!.getState());
    expect(await prisma.subscription.count({ where: { externalId: stripeSubscription.id } })).toBe(0);

    // Once the checkout is applied, the retried invoice extends the period.
    const checkout = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
    expect((await deliver(checkout)).status).toBe(200);
    expect(await settledStatus(checkout.id)).toBe("processed");
    expect(await settledStatus(early.id, 20_000)).toBe("processed");
    const row = await prisma.subscription.findUniqueOrThrow({ where: { externalId: stripeSubscription.id } });
    expect(row.currentPeriodEnd).toEqual(new Date(renewedEnd * 1000));
  });

  it("keeps checkout.session.completed received while Stripe fails, and applies it on a retry", async () => {
    const signed = await userAfterTrial();
    const stripeSubscription = fake.addSubscription({ id: newId("sub"), customer: newId("cus") });
    fake.fail("GET", new RegExp(`^/v1/subscriptions/${stripeSubscription.id}$`), 500);
    const event = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
    expect((await deliver(event)).status).toBe(200);

    const deadline = Date.now() + 15_000;
    let stored = await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id } });
    while (!stored.error && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id } });
    }
    expect(stored.status).toBe("received");
    expect(stored.error).toBeTruthy();
    expect(await prisma.subscription.count({ where: { userId: signed.user.id } })).toBe(0);

    fake.reset();
    expect(await settledStatus(event.id, 25_000)).toBe("processed");
    expect(await prisma.subscription.count({ where: { userId: signed.user.id, status: "active" } })).toBe(1);
  });

  it("holds no database transaction open while Stripe has not answered, and applies the event once it does", async () => {
    const signed = await userAfterTrial("held");
    const start = nowSeconds() - 60;
    const stripeSubscription = monthOnStripe(start);
    const held = fake.hold("GET", new RegExp(`^/v1/subscriptions/${stripeSubscription.id}$`));
    onTestFinished(() => held.release());
    const event = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
    expect((await deliver(event)).status).toBe(200);

    // The worker is now waiting for Stripe: no connection to this run's database may be inside a transaction.
    await held.arrived;
    const inTransaction = await prisma.$queryRaw<{ pid: number; state: string | null; query: string }[]>`
      SELECT pid, state, query FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
        AND (xact_start IS NOT NULL OR state LIKE 'idle in transaction%')`;
    expect(inTransaction).toEqual([]);
    expect((await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id } })).status).toBe("received");
    expect(await prisma.subscription.count({ where: { userId: signed.user.id } })).toBe(0);

    held.release();
    expect(await settledStatus(event.id)).toBe("processed");
    const row = await prisma.subscription.findUniqueOrThrow({ where: { externalId: stripeSubscription.id } });
    expect(row).toMatchObject({
      userId: signed.user.id,
      status: "active",
      currentPeriodEnd: new Date((start + 30 * DAY) * 1000),
    });
    expect(fake.requestsTo("GET", `/v1/subscriptions/${stripeSubscription.id}`)).toHaveLength(1);
  });
});

// ------------------------------------------------------------ calls to Stripe

describe("POST /api/subscription/checkout with Stripe", () => {
  let buyer: Signed;
  let priceId: string;
  let customerId: string;

  const indexOf = (requests: RecordedRequest[], method: string, path: string) =>
    requests.findIndex((request) => request.method === method && request.path === path);

  it("creates the NGN price, the customer and a subscription Checkout session, and answers its url", async () => {
    fake.reset({ everything: true });
    buyer = await userAfterTrial("stripe_buyer");
    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);

    const requests = [...fake.requests];
    expect(requests.map((request) => `${request.method} ${request.path}`).sort()).toEqual(
      ["GET /v1/prices", "POST /v1/checkout/sessions", "POST /v1/customers", "POST /v1/prices"].sort(),
    );
    for (const request of requests) {
      expect(request.authorization).toBe("Bearer sk_test_local");
      expect(request.status).toBe(200);
    }
    // The price is looked up before it is created; the session comes last, made of both.
    expect(indexOf(requests, "GET", "/v1/prices")).toBeLessThan(indexOf(requests, "POST", "/v1/prices"));
    expect(indexOf(requests, "POST", "/v1/prices")).toBeLessThan(indexOf(requests, "POST", "/v1/checkout/sessions"));
    expect(indexOf(requests, "POST", "/v1/customers")).toBeLessThan(indexOf(requests, "POST", "/v1/checkout/sessions"));

    const [lookup] = fake.requestsTo("GET", "/v1/prices");
    expect(lookup!.query).toMatchObject({ lookup_keys: ["asiiko_premium_monthly_ngn"], active: "true" });
    expect(lookup!.answer).toMatchObject({ object: "list", data: [] });

    const [priceCreation] = fake.requestsTo("POST", "/v1/prices");
    expect(priceCreation!.contentType).toContain("application/x-www-form-urlencoded");
    expect(priceCreation!.body).toMatchObject({
      currency: "ngn",
      unit_amount: "1500000",
      recurring: { interval: "month" },
      lookup_key: "asiiko_premium_monthly_ngn",
    });
    priceId = (priceCreation!.answer as { id: string }).id;

    const [customerCreation] = fake.requestsTo("POST", "/v1/customers");
    expect(customerCreation!.body).toMatchObject({ name: "Test Farmer", metadata: { userId: buyer.user.id } });
    customerId = (customerCreation!.answer as { id: string }).id;
    expect((await prisma.user.findUniqueOrThrow({ where: { id: buyer.user.id } })).stripeCustomerId).toBe(customerId);

    const [sessionCreation] = fake.requestsTo("POST", "/v1/checkout/sessions");
    expect(sessionCreation!.body).toMatchObject({
      mode: "subscription",
      customer: customerId,
      line_items: [{ price: priceId, quantity: "1" }],
      client_reference_id: buyer.user.id,
      metadata: { userId: buyer.user.id },
      subscription_data: { metadata: { userId: buyer.user.id } },
      // Return links come from configuration (PUBLIC_URL), never from the request; without a page
      // to come back to, they lead to Settings.
      success_url: "https://asiiko.example/settings?checkout=success",
      cancel_url: "https://asiiko.example/settings?checkout=cancelled",
    });
    const sessionUrl = (sessionCreation!.answer as { url: string }).url;
    expect(sessionUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(response.body).toMatchObject({ success: true, checkoutUrl: sessionUrl });

    // Nothing is recorded as paid before Stripe says so.
    expect(await prisma.subscription.count({ where: { userId: buyer.user.id } })).toBe(0);
  });

  it("sends the browser back to the page the upgrade started from, at PUBLIC_URL, whatever address the request came by", async () => {
    const response = await call(
      "POST",
      "/api/subscription/checkout",
      { returnTo: "/mapping?farm=abc" },
      { cookie: buyer.cookie, headers: { Host: "127.0.0.1", "X-Forwarded-Host": "evil.example" } },
    );
    expect(response.status).toBe(200);
    const [sessionCreation] = fake.requestsTo("POST", "/v1/checkout/sessions");
    expect(publicOrigin()).toBe("https://asiiko.example");
    expect(sessionCreation!.body).toMatchObject({
      success_url: "https://asiiko.example/mapping?farm=abc&checkout=success",
      cancel_url: "https://asiiko.example/mapping?farm=abc&checkout=cancelled",
    });
  });

  it("never sends the browser back to another site: an unsafe page to return to is replaced by Settings", async () => {
    for (const returnTo of [
      "//evil.example",
      "https://evil.example/asiiko",
      "/\\evil.example",
      "/auth?redirectTo=//evil",
    ]) {
      fake.reset();
      const response = await call("POST", "/api/subscription/checkout", { returnTo }, { cookie: buyer.cookie });
      expect(response.status, returnTo).toBe(200);
      const [sessionCreation] = fake.requestsTo("POST", "/v1/checkout/sessions");
      expect(sessionCreation!.body, returnTo).toMatchObject({
        success_url: "https://asiiko.example/settings?checkout=success",
        cancel_url: "https://asiiko.example/settings?checkout=cancelled",
      });
    }
  });

  it("refuses a page to return to that is not text (400 VLD_*), creating no session", async () => {
    const response = await call("POST", "/api/subscription/checkout", { returnTo: 42 }, { cookie: buyer.cookie });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toMatch(/^VLD_/);
    expect(fake.requestsTo("POST", "/v1/checkout/sessions")).toHaveLength(0);
  });

  it("a second checkout reuses the customer and finds the price by its lookup key", async () => {
    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(fake.requestsTo("POST", "/v1/customers")).toHaveLength(0);
    expect(fake.requestsTo("POST", "/v1/prices")).toHaveLength(0);
    const [lookup] = fake.requestsTo("GET", "/v1/prices");
    expect(lookup!.query.lookup_keys).toEqual(["asiiko_premium_monthly_ngn"]);
    expect((lookup!.answer as { data: { id: string }[] }).data.map((price) => price.id)).toEqual([priceId]);

    const sessions = fake.requestsTo("POST", "/v1/checkout/sessions");
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.body).toMatchObject({ customer: customerId, line_items: [{ price: priceId, quantity: "1" }] });
    expect(response.body.checkoutUrl).toBe((sessions[0]!.answer as { url: string }).url);
  });

  it("another user gets a customer of their own and the same price", async () => {
    const other = await userAfterTrial("stripe_other");
    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie: other.cookie });
    expect(response.status).toBe(200);
    const customers = fake.requestsTo("POST", "/v1/customers");
    expect(customers).toHaveLength(1);
    expect(customers[0]!.body).toMatchObject({ metadata: { userId: other.user.id } });
    const otherCustomer = (customers[0]!.answer as { id: string }).id;
    expect(otherCustomer).not.toBe(customerId);
    expect(fake.requestsTo("POST", "/v1/prices")).toHaveLength(0);
    expect(fake.requestsTo("POST", "/v1/checkout/sessions")[0]!.body).toMatchObject({
      customer: otherCustomer,
      client_reference_id: other.user.id,
      line_items: [{ price: priceId }],
    });
  });

  it("answers 502 PAY_PROCESSING_ERROR when Stripe fails to create the session", async () => {
    const signed = await userAfterTrial("stripe_fail");
    fake.fail("POST", /^\/v1\/checkout\/sessions$/, 500);
    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie: signed.cookie });
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: "PAY_PROCESSING_ERROR", message: "Failed to create checkout session" },
    });
    expect(JSON.stringify(response.body)).not.toContain("fake Stripe");

    // The client is set to retry twice (stripe.server.ts), then the error reaches the route.
    const attempts = fake.requestsTo("POST", "/v1/checkout/sessions");
    expect(attempts).toHaveLength(3);
    expect(attempts.every((attempt) => attempt.status === 500)).toBe(true);
    // Retries of one creation carry one idempotency key, so Stripe cannot make two sessions.
    expect(new Set(attempts.map((attempt) => attempt.idempotencyKey)).size).toBe(1);
    expect(attempts[0]!.idempotencyKey).toBeTruthy();
  });

  it("replaces a price under the lookup key whose amount is not the premium price", async () => {
    fake.reset({ everything: true });
    const stale = fake.addPrice({ currency: "ngn", unit_amount: 1000000, lookup_key: "asiiko_premium_monthly_ngn" });
    const signed = await userAfterTrial("stripe_reprice");
    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie: signed.cookie });
    expect(response.status).toBe(200);
    const created = fake.requestsTo("POST", "/v1/prices");
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      unit_amount: "1500000",
      currency: "ngn",
      lookup_key: "asiiko_premium_monthly_ngn",
      transfer_lookup_key: "true",
    });
    const newPrice = (created[0]!.answer as { id: string }).id;
    expect(newPrice).not.toBe(stale.id);
    expect(fake.requestsTo("POST", "/v1/checkout/sessions")[0]!.body).toMatchObject({
      line_items: [{ price: newPrice, quantity: "1" }],
    });
  });

  it("a subscriber's checkout is 409 without calling Stripe", async () => {
    const subscriber = await subscribedUser("stripe_subscribed");
    fake.reset();
    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie: subscriber.cookie });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("DB_CONSTRAINT_VIOLATION");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("POST /api/subscription/cancel with Stripe", () => {
  it("asks Stripe to cancel at the period end and keeps access until then", async () => {
    const subscriber = await subscribedUser("stripe_cancel");
    fake.reset();
    const response = await call("POST", "/api/subscription/cancel", undefined, { cookie: subscriber.cookie });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      plan: "premium",
      subscription: { provider: "stripe", cancelAtPeriodEnd: true },
    });

    const updates = fake.requestsTo("POST", `/v1/subscriptions/${subscriber.subscriptionId}`);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.body).toEqual({ cancel_at_period_end: "true" });
    expect(updates[0]!.authorization).toBe("Bearer sk_test_local");
    expect(fake.subscription(subscriber.subscriptionId)!.cancel_at_period_end).toBe(true);

    const row = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    expect(row).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
    expect((await check(subscriber.cookie)).body).toMatchObject({ canAccess: true, hasActiveSubscription: true });
  });

  it("answers 502 PAY_PROCESSING_ERROR and changes nothing when Stripe refuses", async () => {
    const subscriber = await subscribedUser("stripe_cancel_fail");
    fake.reset();
    fake.fail("POST", /^\/v1\/subscriptions\//, 500);
    const response = await call("POST", "/api/subscription/cancel", undefined, { cookie: subscriber.cookie });
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe("PAY_PROCESSING_ERROR");
    expect(fake.requestsTo("POST", `/v1/subscriptions/${subscriber.subscriptionId}`).length).toBeGreaterThanOrEqual(1);
    const row = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    expect(row.cancelAtPeriodEnd).toBe(false);
  });
});

/** The first line of an invoice event. */
const firstLine = (event: StripeEventBody) => (event.data.object.lines as { data: Record<string, unknown>[] }).data[0]!;

describe("a Stripe payment grants only what it paid for", () => {
  it("a checkout.session.completed at another amount, in another currency or on another price grants nothing; the right one grants once", async () => {
    const signed = await userAfterTrial("match_checkout");
    const start = nowSeconds() - 60;
    const cases = [
      [{ amount_total: 100 }, "wrong_amount"],
      [{ amount_total: 3_000_000 }, "wrong_amount"],
      [{ amount_total: null }, "wrong_amount"],
      [{ currency: "usd" }, "wrong_currency"],
    ] as const;
    for (const [fields, reason] of cases) {
      const stripeSubscription = monthOnStripe(start);
      const event = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
      Object.assign(event.data.object, fields);
      const stored = await settled(event);
      expect(stored, JSON.stringify(fields)).toMatchObject({ status: "ignored", ignoredReason: reason });
    }
    // The right amount, but Stripe bills the subscription at a price that is not Asiiko's (one naira).
    onTestFinished(() => fake.reset({ everything: true }));
    const cheap = fake.addPrice({ currency: "ngn", unit_amount: 100, lookup_key: null });
    const onCheap = monthOnStripe(start);
    const cheapEvent = checkoutCompleted(signed.user.id, onCheap.id, onCheap.customer!);
    const stored = await settled(cheapEvent);
    expect(stored).toMatchObject({ status: "ignored", ignoredReason: "wrong_plan" });
    expect(stored.ignoredFacts).toMatchObject({ plan: cheap.id, amountKobo: 1_500_000, expectedKobo: 1_500_000 });
    expect((await check(signed.cookie)).body).toMatchObject({ canAccess: false });
    expect(await prisma.subscription.count({ where: { userId: signed.user.id } })).toBe(0);
    expect(await prisma.payment.count({ where: { userId: signed.user.id } })).toBe(0);

    // Asiiko's price, at its amount in naira: Premium, one ledger entry, however often delivered.
    const price = fake.addPrice({ currency: "ngn", unit_amount: 1_500_000, lookup_key: "asiiko_premium_monthly_ngn" });
    const stripeSubscription = monthOnStripe(start);
    const right = checkoutCompleted(signed.user.id, stripeSubscription.id, stripeSubscription.customer!);
    expect((await settled(right)).status).toBe("processed");
    expect((await settled(right)).status).toBe("processed");
    expect((await check(signed.cookie)).body).toMatchObject({ hasActiveSubscription: true });
    expect(await prisma.subscription.findUniqueOrThrow({ where: { externalId: stripeSubscription.id } })).toMatchObject(
      { planCode: price.id },
    );
    const ledger = await prisma.payment.findMany({ where: { userId: signed.user.id } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ externalId: right.data.object.id, amountKobo: 1_500_000, currency: "NGN" });
  });

  it("an invoice.paid at another amount, in another currency or on another price grants nothing; the right one grants once", async () => {
    onTestFinished(() => fake.reset({ everything: true }));
    const price = fake.addPrice({ currency: "ngn", unit_amount: 1_500_000, lookup_key: "asiiko_premium_monthly_ngn" });
    const subscriber = await subscribedUser("match_invoice");
    const period = { start: subscriber.end, end: subscriber.end + 30 * DAY };
    const cases = [
      [{ amount_paid: 100 }, "wrong_amount"],
      [{ currency: "usd" }, "wrong_currency"],
      [{ price: "price_someone_elses" }, "wrong_plan"],
    ] as const;
    for (const [fields, reason] of cases) {
      const renewal = invoicePaid(subscriber.subscriptionId, period);
      const { price: linePrice, ...invoiceFields } = { price: null as string | null, ...fields };
      Object.assign(renewal.data.object, invoiceFields);
      if (linePrice) Object.assign(firstLine(renewal), { price: { id: linePrice, object: "price" } });
      const stored = await settled(renewal);
      expect(stored, JSON.stringify(fields)).toMatchObject({ status: "ignored", ignoredReason: reason });
    }
    const row = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    expect(row.currentPeriodEnd).toEqual(subscriber.row.currentPeriodEnd);
    expect(await prisma.payment.count({ where: { userId: subscriber.user.id } })).toBe(1);

    // The renewal of Asiiko's price, at its amount: a month more, one ledger entry, delivered twice.
    const renewal = invoicePaid(subscriber.subscriptionId, period);
    Object.assign(firstLine(renewal), { price: { id: price.id, object: "price" } });
    expect((await settled(renewal)).status).toBe("processed");
    expect((await settled(renewal)).status).toBe("processed");
    const renewed = await prisma.subscription.findUniqueOrThrow({ where: { id: subscriber.row.id } });
    expect(renewed.currentPeriodEnd).toEqual(new Date(period.end * 1000));
    expect(renewed.planCode).toBe(price.id);
    const ledger = await prisma.payment.findMany({
      where: { userId: subscriber.user.id, externalId: renewal.data.object.id as string },
    });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountKobo: 1_500_000 });
  });
});
