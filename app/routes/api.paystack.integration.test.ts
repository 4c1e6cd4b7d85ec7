import { randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { hashPassword } from "~/modules/auth/password.server";
import { paystackSignature } from "~/modules/payments/paystack-signature.server";
import { prisma } from "~/server/db.server";
import { apiClient, endTrial, signedInUser, type SignedIn } from "../../tests/support/api-client";
import {
  paystackEvents,
  startFakePaystack,
  type FakePaystack,
  type PaystackEvent,
} from "../../tests/support/fake-paystack";
import type { PaystackPlan, PaystackTransaction } from "~/modules/payments/paystack-client.server";
import { servePaymentsForTests } from "../../tests/support/web";

// Paying with Paystack over HTTP, against a local server speaking Paystack's API
// (tests/support/fake-paystack.ts): checkout by card (a plan that renews) and by
// transfer (30 days), the return verified by reference, the webhook's seven events
// applied once by the real payment-webhooks worker in this process, in any order.

const { paystackPort, secretKey } = vi.hoisted(() => {
  const port = 43000 + (process.pid % 1000);
  const key = "sk_test_paystack_local";
  process.env.PAYSTACK_SECRET_KEY = key;
  process.env.PAYSTACK_BASE_URL = `http://127.0.0.1:${port}`;
  // Paystack sends the browser back to the public address; requests come to another (127.0.0.1).
  process.env.PUBLIC_URL = "https://asiiko.example";
  for (const name of ["TRIAL_LENGTH_HOURS", "PREMIUM_PRICE_NGN", "PAYMENT_PROVIDER", "STRIPE_SECRET_KEY"])
    delete process.env[name];
  return { paystackPort: port, secretKey: key };
});

const DAY_MS = 24 * 3600 * 1000;
const PRICE_KOBO = 1_500_000;

let fake: FakePaystack;
const eventIds = new Set<string>();
const web = servePaymentsForTests(eventIds);
const call = apiClient(() => web.baseUrl);

beforeAll(async () => {
  fake = await startFakePaystack({ secretKey, port: paystackPort });
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
  fake.setWebhookUrl(`${web.baseUrl}/api/webhooks/paystack`);
});

/** The stored identity of an event, as the receiver names it; remembered for the clean-up. */
function identity(event: PaystackEvent) {
  const data = event.data as Record<string, unknown>;
  const id =
    event.event === "charge.success"
      ? `${event.event}/${String(data.id)}`
      : event.event.startsWith("subscription.")
        ? `${event.event}/${String(data.subscription_code)}`
        : `${event.event}/${String(data.invoice_code)}/${String(data.status)}`;
  eventIds.add(`paystack/${id}`);
  return `paystack/${id}`;
}

/** Polls a stored event until the worker has done with it (processed, ignored or failed). */
async function settledStatus(eventId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = await prisma.paymentEvent.findUnique({ where: { id: eventId } });
    if ((stored && stored.status !== "received") || Date.now() > deadline) return stored?.status ?? null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until every event the fake sent by itself is delivered and applied. */
async function allApplied(events: PaystackEvent[]) {
  await fake.settled();
  for (const event of events) {
    const status = await settledStatus(identity(event));
    const stored = await prisma.paymentEvent.findUnique({ where: { id: identity(event) } });
    expect(status, `${event.event}: ${stored?.error}`).toBe("processed");
  }
}

/** A signed-in farmer whose trial is over, so only paying gives access. */
async function payer(prefix = "paystack", email: string | null = null) {
  const signed = await signedInUser("USER", prefix);
  await endTrial(signed.user.id);
  if (email) await prisma.user.update({ where: { id: signed.user.id }, data: { email } });
  return signed;
}

async function startCheckout(person: SignedIn, method: "card" | "transfer", returnTo = "/asiiko?tab=history") {
  const answer = await call("POST", "/api/subscription/checkout", { method, returnTo }, { cookie: person.cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const checkoutUrl = answer.body.data.checkoutUrl as string;
  const reference = fake.requestsTo("POST", "/transaction/initialize").at(-1)!.answer as {
    data: { reference: string };
  };
  return { checkoutUrl, reference: reference.data.reference };
}

/** Back from Paystack's checkout, as the browser comes: the callback address with the reference. */
function comeBack(person: SignedIn, reference: string) {
  return call("GET", `/checkout/paystack/return?trxref=${reference}&reference=${reference}`, undefined, {
    cookie: person.cookie,
  });
}

const access = async (person: SignedIn) =>
  (await call("GET", "/api/premium/asiiko_ai/check", undefined, { cookie: person.cookie })).body;
const plan = async (person: SignedIn) =>
  (await call("GET", "/api/subscription", undefined, { cookie: person.cookie })).body.data;

/** A farmer who paid by card: the charge and subscription.create applied, the subscription named. */
async function cardSubscriber(prefix = "card") {
  const person = await payer(prefix);
  const { reference } = await startCheckout(person, "card");
  const { subscription, events } = fake.pay(reference, "card");
  await allApplied(events);
  const row = await prisma.subscription.findUniqueOrThrow({ where: { externalId: subscription!.subscription_code } });
  return { person, reference, code: subscription!.subscription_code, row };
}

function deliver(event: PaystackEvent, signature?: string | null) {
  const raw = JSON.stringify(event);
  const sign = signature === undefined ? paystackSignature(raw, secretKey) : signature;
  return call("POST", "/api/webhooks/paystack", undefined, {
    raw,
    headers: sign === null ? {} : { "x-paystack-signature": sign },
  });
}

describe("POST /api/webhooks/paystack", () => {
  it("refuses a forged signature, or none, with 400 in the catalogue's format, and stores nothing", async () => {
    const person = await payer("forger");
    const { reference } = await startCheckout(person, "transfer");
    fake.setWebhookUrl(null);
    const { events } = fake.pay(reference, "bank_transfer");
    const [charge] = events;
    const raw = JSON.stringify(charge);
    for (const signature of [paystackSignature(raw, "sk_test_someone_else"), "00".repeat(64), "", null]) {
      const answer = await deliver(charge!, signature);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: { code: "SEC_INVALID_TOKEN" } });
    }
    // A body changed after signing fails too.
    const tampered = await call("POST", "/api/webhooks/paystack", undefined, {
      raw: raw.replace(String(PRICE_KOBO), "100"),
      headers: { "x-paystack-signature": paystackSignature(raw, secretKey) },
    });
    expect(tampered.status).toBe(400);
    expect(await prisma.paymentEvent.count({ where: { id: identity(charge!) } })).toBe(0);
    expect(await access(person)).toMatchObject({ canAccess: false });
  });

  it("stores an event it does not use as ignored and answers 200", async () => {
    const event = { event: "transfer.success", data: { id: 77, reference: "trf_x" } } as unknown as PaystackEvent;
    const answer = await deliver(event);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ received: true, handled: false });
    eventIds.add(answer.body.eventId);
    expect((await prisma.paymentEvent.findUniqueOrThrow({ where: { id: answer.body.eventId } })).status).toBe(
      "ignored",
    );
  });

  it("applies a charge delivered five times, at once and again later, exactly once", async () => {
    const person = await payer("replay");
    const { reference } = await startCheckout(person, "transfer");
    fake.setWebhookUrl(null);
    const { events } = fake.pay(reference, "bank_transfer");
    const charge = events[0]!;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(charge)));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await settledStatus(identity(charge))).toBe("processed");
    expect((await deliver(charge)).status).toBe(200);
    expect(await settledStatus(identity(charge))).toBe("processed");
    expect(await prisma.payment.count({ where: { reference } })).toBe(1);
    const months = await prisma.subscription.findMany({ where: { userId: person.user.id } });
    expect(months).toHaveLength(1);
    const length = months[0]!.currentPeriodEnd.getTime() - months[0]!.currentPeriodStart.getTime();
    expect(length).toBe(30 * DAY_MS);
  });

  it("grants nothing for a reference not started here, whatever account the metadata names", async () => {
    const person = await payer("metadata");
    const stranger = {
      event: "charge.success",
      data: {
        id: 990_000_001,
        status: "success",
        reference: "someone_elses_ref_1",
        amount: PRICE_KOBO,
        currency: "NGN",
        channel: "bank_transfer",
        paid_at: new Date().toISOString(),
        customer: { customer_code: "CUS_stranger", email: "x@example.ng" },
        metadata: { userId: person.user.id, method: "transfer" },
        plan: {},
      },
    } as unknown as PaystackEvent;
    expect((await deliver(stranger)).status).toBe(200);
    expect(await settledStatus(identity(stranger))).toBe("ignored");
    expect(await prisma.payment.count({ where: { reference: "someone_elses_ref_1" } })).toBe(0);
    expect(await access(person)).toMatchObject({ canAccess: false });

    // A payment started by one account, its metadata naming another: the one who started it gets it.
    const other = await payer("metadata_other");
    const { reference } = await startCheckout(other, "transfer");
    fake.setWebhookUrl(null);
    const { events } = fake.pay(reference, "ussd");
    const charge = events[0]!;
    (charge.data as { metadata: unknown }).metadata = { userId: person.user.id };
    expect((await deliver(charge)).status).toBe(200);
    expect(await settledStatus(identity(charge))).toBe("processed");
    expect(await access(other)).toMatchObject({ hasActiveSubscription: true });
    expect(await access(person)).toMatchObject({ canAccess: false });
  });

  it("applies subscription.create delivered before its charge once the charge has come (retried)", async () => {
    const person = await payer("order");
    const { reference } = await startCheckout(person, "card");
    fake.setWebhookUrl(null);
    const { events, subscription } = fake.pay(reference, "card");
    const [charge, created] = events;
    expect((await deliver(created!)).status).toBe(200);
    // The worker cannot place it yet: it is kept and tried again.
    const job = await (async () => {
      for (;;) {
        const found = await getQueue("payment-webhooks").getJob(identity(created!));
        if (found && found.attemptsMade >= 1) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    expect(job.failedReason).toContain("not applied yet");
    expect((await prisma.paymentEvent.findUniqueOrThrow({ where: { id: identity(created!) } })).status).toBe(
      "received",
    );
    expect((await deliver(charge!)).status).toBe(200);
    expect(await settledStatus(identity(charge!))).toBe("processed");
    expect(await settledStatus(identity(created!), 30_000)).toBe("processed");
    const row = await prisma.subscription.findUniqueOrThrow({ where: { externalId: subscription!.subscription_code } });
    expect(row).toMatchObject({ userId: person.user.id, method: "card", emailToken: subscription!.email_token });
  }, 45_000);
});

describe("paying by card with Paystack", () => {
  it("initialises a plan transaction for the card, with the placeholder e-mail and the callback at PUBLIC_URL", async () => {
    const person = await payer("card_init");
    const { checkoutUrl, reference } = await startCheckout(person, "card");
    expect(checkoutUrl).toMatch(new RegExp(`^${fake.url}/checkout/`));
    const sent = fake.requestsTo("POST", "/transaction/initialize").at(-1)!.body as Record<string, unknown>;
    const plans = fake.plans().filter((each) => each.amount === PRICE_KOBO && each.interval === "monthly");
    expect(plans).toHaveLength(1);
    expect(sent).toMatchObject({
      email: `asiiko-${person.user.id.toLowerCase()}@payers.asiiko.invalid`,
      amount: PRICE_KOBO,
      plan: plans[0]!.plan_code,
      channels: ["card"],
      callback_url: "https://asiiko.example/checkout/paystack/return",
      reference,
    });
    expect(await prisma.paymentCheckout.findUniqueOrThrow({ where: { reference } })).toMatchObject({
      userId: person.user.id,
      method: "card",
      amountKobo: PRICE_KOBO,
      returnPath: "/asiiko?tab=history",
      paidAt: null,
    });
    // A second checkout finds the plan again: none is made twice.
    await startCheckout(await payer("card_init_2", "ada@example.ng"), "card");
    expect(fake.plans().filter((each) => each.amount === PRICE_KOBO)).toHaveLength(1);
    expect(fake.requestsTo("POST", "/plan")).toHaveLength(0);
    expect((fake.requestsTo("POST", "/transaction/initialize").at(-1)!.body as { email: string }).email).toBe(
      "ada@example.ng",
    );
  });

  it("pays, comes back verified to the page it started from, and renews monthly", async () => {
    const person = await payer("card_pay");
    const { reference } = await startCheckout(person, "card");
    const { events, subscription } = fake.pay(reference, "card");
    const back = await comeBack(person, reference);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/asiiko?tab=history&checkout=success");
    // Paystack sends the payment's events as the payer comes back: the return asks Paystack once
    // when it is first, and not at all when the event has already settled the payment.
    expect(fake.requestsTo("GET", `/transaction/verify/${reference}`).length).toBeLessThanOrEqual(1);
    await allApplied(events);
    expect(await access(person)).toMatchObject({ hasActiveSubscription: true });
    const row = await prisma.subscription.findUniqueOrThrow({ where: { externalId: subscription!.subscription_code } });
    expect(row).toMatchObject({ method: "card", provider: "paystack", status: "active", cancelAtPeriodEnd: false });
    expect(await plan(person)).toMatchObject({
      plan: "premium",
      subscription: { method: "card", canUpdateCard: true, renewalFailedAt: null },
      reminder: null,
    });
    const first = await prisma.payment.findMany({ where: { userId: person.user.id } });
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ reference, amountKobo: PRICE_KOBO, channel: "card", method: "card" });

    const renewal = await fake.renew(subscription!.subscription_code);
    await allApplied(renewal.events);
    const renewed = await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(row.currentPeriodEnd.getTime() + 27 * DAY_MS);
    expect(await prisma.payment.count({ where: { userId: person.user.id } })).toBe(2);
    // Delivered again, the renewal changes nothing more.
    for (const event of renewal.events) expect((await deliver(event)).status).toBe(200);
    expect(await prisma.payment.count({ where: { userId: person.user.id } })).toBe(2);
    expect((await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).currentPeriodEnd).toEqual(
      renewed.currentPeriodEnd,
    );
  });

  it("a failed renewal keeps access to the end of the paid month and says so; a later charge clears it", async () => {
    const { person, code, row } = await cardSubscriber("card_fail");
    const failed = await fake.failRenewal(code);
    await allApplied(failed.events);
    const after = await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.status).toBe("past_due");
    expect(after.renewalFailedAt).not.toBeNull();
    expect(after.currentPeriodEnd).toEqual(row.currentPeriodEnd);
    expect(await access(person)).toMatchObject({ hasActiveSubscription: true });
    expect((await plan(person)).subscription.renewalFailedAt).toEqual(expect.any(String));

    const renewal = await fake.renew(code);
    await allApplied(renewal.events);
    const cleared = await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(cleared).toMatchObject({ status: "active", renewalFailedAt: null });
  });

  it("cancelling disables the subscription at Paystack and keeps access to the end of the paid month", async () => {
    const { person, code, row } = await cardSubscriber("card_cancel");
    const link = await call("POST", "/api/subscription/card", undefined, { cookie: person.cookie });
    expect(link.status).toBe(200);
    expect(link.body.data.url).toMatch(new RegExp(`^${fake.url}/manage/subscriptions/${code}`));

    const cancelled = await call("POST", "/api/subscription/cancel", undefined, { cookie: person.cookie });
    expect(cancelled.status).toBe(200);
    expect(fake.requestsTo("POST", "/subscription/disable").at(-1)!.body).toEqual({
      code,
      token: row.emailToken,
    });
    await fake.settled();
    expect(await settledStatus(`paystack/subscription.not_renew/${code}`)).toBe("processed");
    eventIds.add(`paystack/subscription.not_renew/${code}`);
    expect(await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      cancelAtPeriodEnd: true,
      status: "active",
    });
    expect(await access(person)).toMatchObject({ hasActiveSubscription: true });
    // No card to change once it does not renew; cancelling again changes nothing.
    expect((await call("POST", "/api/subscription/card", undefined, { cookie: person.cookie })).status).toBe(409);
    expect((await call("POST", "/api/subscription/cancel", undefined, { cookie: person.cookie })).status).toBe(200);
    expect(fake.requestsTo("POST", "/subscription/disable")).toHaveLength(1);

    // At the period's end Paystack disables it: access lasts to that end.
    const ended = await fake.endSubscription(code);
    await allApplied(ended.events);
    const last = await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(last.canceledAt).not.toBeNull();
    expect(last.currentPeriodEnd).toEqual(row.currentPeriodEnd);
  });

  it("answers 502 and changes nothing when Paystack refuses the cancellation", async () => {
    const { person, row } = await cardSubscriber("card_refused");
    fake.fail("POST", /^\/subscription\/disable$/, 400);
    const answer = await call("POST", "/api/subscription/cancel", undefined, { cookie: person.cookie });
    expect(answer.status).toBe(502);
    expect(answer.body.error.code).toBe("PAY_PROCESSING_ERROR");
    expect((await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).cancelAtPeriodEnd).toBe(false);
  });
});

describe("paying by bank transfer or USSD with Paystack", () => {
  it("a one-off 30 days, no renewal; paying early adds the days; the reminder comes 3 days before", async () => {
    const person = await payer("transfer");
    const { reference } = await startCheckout(person, "transfer", "/dashboard");
    const sent = fake.requestsTo("POST", "/transaction/initialize").at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ amount: PRICE_KOBO, channels: ["bank_transfer", "ussd", "bank"] });
    expect(sent).not.toHaveProperty("plan");
    const { events, subscription } = fake.pay(reference, "bank_transfer");
    expect(subscription).toBeNull();
    const back = await comeBack(person, reference);
    expect(back.headers.get("location")).toBe("/dashboard?checkout=success");
    await allApplied(events);
    const month = await prisma.subscription.findFirstOrThrow({ where: { userId: person.user.id } });
    expect(month).toMatchObject({ method: "transfer", provider: "paystack", status: "active", externalId: reference });
    const paid = (await prisma.payment.findFirstOrThrow({ where: { reference } })).paidAt;
    expect(month.currentPeriodEnd.getTime() - paid.getTime()).toBe(30 * DAY_MS);
    expect(await plan(person)).toMatchObject({
      plan: "premium",
      subscription: { method: "transfer", canUpdateCard: false },
      reminder: null,
    });
    // Nothing renews: nothing to cancel, no card to change, and a card cannot start while the month runs.
    const cancel = await call("POST", "/api/subscription/cancel", undefined, { cookie: person.cookie });
    expect(cancel.status).toBe(409);
    expect((await call("POST", "/api/subscription/card", undefined, { cookie: person.cookie })).status).toBe(409);
    const card = await call("POST", "/api/subscription/checkout", { method: "card" }, { cookie: person.cookie });
    expect(card.status).toBe(409);

    // Three days before the end, a reminder.
    await prisma.subscription.update({
      where: { id: month.id },
      data: { currentPeriodEnd: new Date(Date.now() + 2.5 * DAY_MS) },
    });
    expect((await plan(person)).reminder).toMatchObject({ kind: "ends_soon", daysLeft: 3 });

    // Paying early adds 30 days to the end of the running month, by USSD this time.
    const before = await prisma.subscription.findUniqueOrThrow({ where: { id: month.id } });
    const second = await startCheckout(person, "transfer", "/settings");
    const paidAgain = fake.pay(second.reference, "ussd");
    await allApplied(paidAgain.events);
    const extended = await prisma.subscription.findUniqueOrThrow({ where: { id: month.id } });
    expect(extended.currentPeriodEnd.getTime()).toBe(before.currentPeriodEnd.getTime() + 30 * DAY_MS);
    expect(await prisma.subscription.count({ where: { userId: person.user.id } })).toBe(1);
    expect((await plan(person)).reminder).toBeNull();
    const history = await prisma.payment.findMany({ where: { userId: person.user.id }, orderBy: { paidAt: "asc" } });
    expect(history.map((payment) => payment.channel)).toEqual(["bank_transfer", "ussd"]);
    expect(history[1]!.periodStart).toEqual(before.currentPeriodEnd);
  });

  it("the return alone proves nothing: an unpaid, abandoned or someone else's reference grants nothing", async () => {
    const person = await payer("return");
    const { reference } = await startCheckout(person, "transfer", "/marketplace");
    // Not paid yet (a transfer the bank has not confirmed): said to be pending, nothing granted.
    fake.transaction(reference)!.transaction.status = "ongoing";
    const early = await comeBack(person, reference);
    expect(early.headers.get("location")).toBe("/marketplace?checkout=pending");
    expect(await access(person)).toMatchObject({ canAccess: false });
    // Someone else coming back with it sees nothing of it.
    const other = await payer("return_other");
    const theirs = await comeBack(other, reference);
    expect(theirs.headers.get("location")).toBe("/settings");
    // The payer left Paystack's page: cancelled.
    fake.transaction(reference)!.transaction.status = "abandoned";
    expect((await comeBack(person, reference)).headers.get("location")).toBe("/marketplace?checkout=cancelled");
    expect(await prisma.payment.count({ where: { reference } })).toBe(0);
    // A visitor is asked to sign in first, and comes back here after.
    const visitor = await call("GET", `/checkout/paystack/return?reference=${reference}`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=%2Fcheckout%2Fpaystack%2Freturn/);
  });

  it("coming back again and again asks Paystack at most 20 times in 15 minutes; past that the event decides", async () => {
    const person = await payer("return_often");
    const { reference } = await startCheckout(person, "transfer", "/settings");
    fake.transaction(reference)!.transaction.status = "ongoing";
    for (let time = 0; time < 23; time += 1) {
      const back = await comeBack(person, reference);
      expect(back.status).toBe(302);
      expect(back.headers.get("location")).toBe("/settings?checkout=pending");
    }
    expect(fake.requestsTo("GET", `/transaction/verify/${reference}`)).toHaveLength(20);
  });

  it("paid while its event is lost: the return verifies with Paystack and grants it, once", async () => {
    const person = await payer("lost_event");
    const { reference } = await startCheckout(person, "transfer", "/mapping");
    fake.setWebhookUrl(null);
    const { events } = fake.pay(reference, "bank");
    const back = await comeBack(person, reference);
    expect(back.headers.get("location")).toBe("/mapping?checkout=success");
    identity(events[0]!);
    expect(await access(person)).toMatchObject({ hasActiveSubscription: true });
    // The webhook's copy arrives late: the same identity, nothing more.
    expect((await deliver(events[0]!)).status).toBe(200);
    expect(await prisma.payment.count({ where: { reference } })).toBe(1);
    expect(await prisma.subscription.count({ where: { userId: person.user.id } })).toBe(1);
  });
});

describe("POST /api/subscription/checkout with Paystack", () => {
  it("answers 503 with Retry-After when Paystack cannot be reached, recording and granting nothing", async () => {
    const person = await payer("unreachable", "amaka@example.ng");
    fake.setUnreachable(true);
    for (const method of ["card", "transfer"]) {
      const answer = await call("POST", "/api/subscription/checkout", { method }, { cookie: person.cookie });
      expect(answer.status, method).toBe(503);
      expect(answer.body.error.code).toBe("SYS_SERVICE_DEGRADED");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    fake.setUnreachable(false);
    expect(await prisma.paymentCheckout.count({ where: { userId: person.user.id } })).toBe(0);
    expect(await access(person)).toMatchObject({ canAccess: false });
  });

  it("refuses a way to pay that is not card or transfer (400), and a subscriber's card checkout (409)", async () => {
    const person = await payer("methods");
    const wrong = await call("POST", "/api/subscription/checkout", { method: "cash" }, { cookie: person.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toMatch(/^VLD_/);
    const { person: subscriber } = await cardSubscriber("methods_sub");
    for (const method of ["card", "transfer"]) {
      const again = await call("POST", "/api/subscription/checkout", { method }, { cookie: subscriber.cookie });
      expect(again.status, method).toBe(409);
    }
  });
});

describe("deleting an account that pays with Paystack", () => {
  it("disables the renewing card at Paystack first; the payments stay, detached", async () => {
    const { person, code, row } = await cardSubscriber("deleting");
    const password = "Correct#Horse7";
    await prisma.user.update({ where: { id: person.user.id }, data: { passwordHash: await hashPassword(password) } });
    // Paystack cannot be reached: nothing is deleted, and the card is not left renewing for nobody.
    fake.setUnreachable(true);
    const refused = await call("DELETE", "/api/user/account", { password }, { cookie: person.cookie });
    expect(refused.status).toBe(502);
    expect(await prisma.user.count({ where: { id: person.user.id } })).toBe(1);
    fake.setUnreachable(false);

    const deleted = await call("DELETE", "/api/user/account", { password }, { cookie: person.cookie });
    expect(deleted.status).toBe(200);
    expect(fake.requestsTo("POST", "/subscription/disable").at(-1)!.body).toEqual({ code, token: row.emailToken });
    expect(await prisma.payment.findFirstOrThrow({ where: { subscriptionId: row.id } })).toMatchObject({
      userId: null,
    });
    await fake.settled();
  });
});

describe("deleting an account whose month was paid by transfer", () => {
  it("asks Paystack nothing: nothing renews", async () => {
    const person = await payer("deleting_transfer");
    const { reference } = await startCheckout(person, "transfer");
    await allApplied(fake.pay(reference, "bank_transfer").events);
    const password = "Correct#Horse7";
    await prisma.user.update({ where: { id: person.user.id }, data: { passwordHash: await hashPassword(password) } });
    fake.setUnreachable(true);
    const deleted = await call("DELETE", "/api/user/account", { password }, { cookie: person.cookie });
    fake.setUnreachable(false);
    expect(deleted.status).toBe(200);
    expect(await prisma.payment.findFirstOrThrow({ where: { reference } })).toMatchObject({ userId: null });
  });
});

describe("the payment history", () => {
  it("shows each payment's receipt to its payer only", async () => {
    const { person, reference } = await cardSubscriber("receipt");
    const payment = await prisma.payment.findFirstOrThrow({ where: { reference } });
    const page = await call("GET", `/receipts/${payment.id}`, undefined, { cookie: person.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain(reference);
    expect(page.body).toContain("15,000");
    const other = await payer("receipt_other");
    expect((await call("GET", `/receipts/${payment.id}`, undefined, { cookie: other.cookie })).status).toBe(404);
    // An address part that cannot be an id, and a return with a reference that cannot be ours: never a 500.
    // (A lone surrogate does not decode: the address itself is refused, 400, before any page.)
    for (const [id, status] of [
      ["%00", 404],
      ["%ED%A0%80", 400],
      // A megabyte of address never reaches the app: Node refuses a request line that long.
      ["x".repeat(1024 * 1024), 431],
      ["x".repeat(2000), 404],
    ] as const) {
      const answer = await call("GET", `/receipts/${id}`, undefined, { cookie: person.cookie });
      expect(answer.status, id.slice(0, 9)).toBe(status);
    }
    for (const [reference, status] of [
      ["%00", 302],
      ["%ED%A0%80", 302],
      ["a".repeat(2000), 302],
      ["a".repeat(1024 * 1024), 431],
    ] as const) {
      const back = await call("GET", `/checkout/paystack/return?reference=${reference}`, undefined, {
        cookie: person.cookie,
      });
      expect(back.status, reference.slice(0, 9)).toBe(status);
      if (status === 302) expect(back.headers.get("location")).toBe("/settings");
    }
  });
});

/**
 * A successful charge as Paystack would sign it, not made by the fake's checkout: on `plan` (none
 * for a one-off), for `customer`, under `reference`. Its transaction id is new each time.
 */
function charge(fields: {
  reference: string;
  amount: number;
  currency?: string;
  customer: PaystackTransaction["customer"];
  plan?: PaystackPlan | null;
  channel?: string;
}): PaystackEvent {
  const now = new Date().toISOString();
  const transaction: PaystackTransaction = {
    id: 2_000_000_000 + randomInt(0, 1_000_000_000),
    status: "success",
    reference: fields.reference,
    amount: fields.amount,
    currency: fields.currency ?? "NGN",
    channel: fields.channel ?? "card",
    gateway_response: "Approved",
    paid_at: now,
    created_at: now,
    metadata: null,
    customer: fields.customer,
    authorization: {},
    plan: fields.plan?.plan_code ?? null,
    plan_object: fields.plan ?? {},
  };
  return paystackEvents.chargeSuccess(transaction);
}

/** Delivers a signed event and answers the stored event once the worker has done with it. */
async function settled(event: PaystackEvent) {
  expect((await deliver(event)).status).toBe(200);
  await settledStatus(identity(event));
  return prisma.paymentEvent.findUniqueOrThrow({ where: { id: identity(event) } });
}

const moderationPage = (person: SignedIn, language = "en") =>
  call("GET", "/moderation", undefined, { cookie: person.cookie, headers: { "Accept-Language": language } });

describe("a payment grants only what it paid for", () => {
  it("a signed one-naira charge on another plan, with a subscriber's customer code and a reference never started here, grants nothing and is shown to administrators only", async () => {
    const { person, code, row } = await cardSubscriber("match_attack");
    // Another plan on the same Paystack account, as anyone with a dashboard login could make.
    const otherPlan = fake.addPlan({ name: "Test plan", amount: 100 });
    const reference = `T${randomInt(0, 1e9)}_never_started`;
    const attack = charge({ reference, amount: 100, customer: fake.subscription(code)!.customer, plan: otherPlan });
    const stored = await settled(attack);
    // Not a day more, and no payment recorded: the event is kept as ignored, with why.
    expect((await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).currentPeriodEnd).toEqual(
      row.currentPeriodEnd,
    );
    expect(await prisma.payment.count({ where: { userId: person.user.id } })).toBe(1);
    expect(await prisma.payment.count({ where: { reference } })).toBe(0);
    expect(stored).toMatchObject({ status: "ignored", ignoredReason: "wrong_plan" });
    expect(stored.ignoredFacts).toMatchObject({
      reference,
      amountKobo: 100,
      currency: "NGN",
      plan: otherPlan.plan_code,
      expectedKobo: PRICE_KOBO,
      expectedPlan: fake.subscription(code)!.plan.plan_code,
    });

    // The administrators see it on the moderation page, with why, in their language.
    const admin = await signedInUser("ADMIN", "match_admin");
    const page = await moderationPage(admin);
    expect(page.status).toBe(200);
    expect(page.body).toContain(reference);
    expect(page.body).toContain("Not the plan or price this subscription was sold on");
    expect(page.body).toContain(otherPlan.plan_code);
    const french = await moderationPage(admin, "fr");
    expect(french.body).toContain("Pas la formule ni le tarif auxquels cet abonnement a été vendu");
    // Nobody else does.
    const denied = await moderationPage(person);
    expect(denied.status).toBe(403);
    expect(denied.body).not.toContain(reference);
  });

  it("a renewal of the right plan at another amount or in another currency grants nothing; the right one grants once", async () => {
    const { person, code, row } = await cardSubscriber("match_renewal");
    const { customer, plan: soldPlan } = fake.subscription(code)!;
    for (const [variant, reason] of [
      [{ amount: PRICE_KOBO - 100_000 }, "wrong_amount"],
      [{ amount: PRICE_KOBO + 100_000 }, "wrong_amount"],
      [{ amount: PRICE_KOBO, currency: "USD" }, "wrong_currency"],
    ] as const) {
      const renewal = charge({ reference: `renewal_${randomInt(0, 1e9)}`, customer, plan: soldPlan, ...variant });
      const stored = await settled(renewal);
      expect(stored, JSON.stringify(variant)).toMatchObject({ status: "ignored", ignoredReason: reason });
    }
    expect((await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } })).currentPeriodEnd).toEqual(
      row.currentPeriodEnd,
    );
    expect(await prisma.payment.count({ where: { userId: person.user.id } })).toBe(1);

    // Paystack's own renewal of the plan sold, at its price: a month more, one ledger entry, once.
    const renewal = await fake.renew(code);
    await allApplied(renewal.events);
    const renewed = await prisma.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(renewed.currentPeriodEnd.getTime()).toBeGreaterThan(row.currentPeriodEnd.getTime() + 27 * DAY_MS);
    for (const event of renewal.events) expect((await deliver(event)).status).toBe(200);
    const ledger = await prisma.payment.findMany({ where: { userId: person.user.id }, orderBy: { paidAt: "asc" } });
    expect(ledger).toHaveLength(2);
    expect(ledger[1]).toMatchObject({
      reference: renewal.transaction.reference,
      amountKobo: PRICE_KOBO,
      currency: "NGN",
    });
  });

  it("a one-off whose reference was never initialised, or whose amount or currency differs from it, grants nothing; the right one grants once", async () => {
    const person = await payer("match_transfer");
    const { reference } = await startCheckout(person, "transfer");
    fake.setWebhookUrl(null);
    const { events } = fake.pay(reference, "bank_transfer");
    const genuine = events[0]!;
    const { customer } = genuine.data as { customer: PaystackTransaction["customer"] };
    const cases = [
      [`asiiko_${randomInt(0, 1e9)}_never`, PRICE_KOBO, "NGN", "unknown_reference"],
      [reference, 100, "NGN", "wrong_amount"],
      [reference, PRICE_KOBO * 2, "NGN", "wrong_amount"],
      [reference, PRICE_KOBO, "USD", "wrong_currency"],
    ] as const;
    for (const [ref, amount, currency, reason] of cases) {
      const stored = await settled(charge({ reference: ref, amount, currency, customer, channel: "bank_transfer" }));
      expect(stored, `${amount} ${currency}`).toMatchObject({ status: "ignored", ignoredReason: reason });
    }
    expect(await access(person)).toMatchObject({ canAccess: false });
    expect(await prisma.payment.count({ where: { userId: person.user.id } })).toBe(0);
    expect(await prisma.paymentCheckout.findUniqueOrThrow({ where: { reference } })).toMatchObject({ paidAt: null });

    // The payment Asiiko initialised, delivered twice: 30 days, one ledger entry.
    expect((await settled(genuine)).status).toBe("processed");
    expect((await settled(genuine)).status).toBe("processed");
    expect(await access(person)).toMatchObject({ hasActiveSubscription: true });
    const ledger = await prisma.payment.findMany({ where: { userId: person.user.id } });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reference, amountKobo: PRICE_KOBO, currency: "NGN", method: "transfer" });
  });

  it("a subscription.create of another plan for the same customer does not take the place of the one sold", async () => {
    const { code, row } = await cardSubscriber("match_create");
    const person = row.userId!;
    // A second card checkout by the same customer is not finished yet: its subscription goes by our reference.
    const otherPlan = fake.addPlan({ name: "Test plan", amount: 100 });
    const pending = await prisma.subscription.create({
      data: {
        userId: person,
        provider: "paystack",
        method: "card",
        status: "active",
        externalId: `asiiko_${randomInt(0, 1e9)}_pending`,
        externalCustomerId: row.externalCustomerId,
        planCode: row.planCode,
        amountNgn: row.amountNgn,
        currentPeriodStart: new Date(),
        currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
      },
    });
    const sold = fake.subscription(code)!;
    const foreign = paystackEvents.subscriptionCreate({
      ...sold,
      id: randomInt(0, 1e9),
      subscription_code: `SUB_${randomInt(0, 1e9)}`,
      plan: otherPlan,
    });
    const stored = await settled(foreign);
    expect(stored).toMatchObject({ status: "ignored", ignoredReason: "wrong_plan" });
    expect(await prisma.subscription.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
      externalId: pending.externalId,
      emailToken: null,
    });
    await prisma.subscription.delete({ where: { id: pending.id } });
  });
});
