import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  nextMonthlyDate,
  PAYSTACK_EVENT_NAMES,
  paystackEvents,
  startFakePaystack,
  type FakePaystack,
} from "../../../tests/support/fake-paystack";
import { listenLocally } from "../../../tests/support/local-server";
import {
  createPaystackClient,
  findOrCreateMonthlyPlan,
  koboToNaira,
  nairaToKobo,
  PaystackError,
  planOfTransaction,
  type PaystackClient,
} from "./paystack-client.server";
import { verifyPaystackSignature } from "./paystack-signature.server";

// The Paystack client against a real local server speaking Paystack's API
// (tests/support/fake-paystack.ts), and that server's own checkout page and
// webhooks, so that the next step can trust it.

let fake: FakePaystack;
let client: PaystackClient;

beforeAll(async () => {
  fake = await startFakePaystack();
  client = createPaystackClient({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 5_000 });
});
afterEach(() => fake.reset({ everything: true }));
afterAll(() => fake.close());

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<PaystackError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaystackError);
  return error as PaystackError;
}

const premium = { amountNgn: 15_000, name: "Asiiko Premium (monthly)" };

async function startPlanCheckout(reference = `ref_${Date.now()}_${Math.random().toString(36).slice(2)}`) {
  const plan = await findOrCreateMonthlyPlan(client, premium);
  const started = await client.initializeTransaction({
    email: "ada@example.ng",
    amount: nairaToKobo(15_000),
    reference,
    callback_url: "http://127.0.0.1:3000/premium/return?from=%2Fsettings",
    plan: plan.plan_code,
    channels: ["card"],
    metadata: { userId: "user-1" },
  });
  return { plan, started, reference };
}

describe("amounts", () => {
  it("turns naira into kobo exactly, up to two decimals", () => {
    expect(nairaToKobo(15_000)).toBe(1_500_000);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1)).toBe(10);
    // 1.15 * 100 is 114.99999999999999 in floating point.
    expect(nairaToKobo(1.15)).toBe(115);
    expect(nairaToKobo(0)).toBe(0);
  });

  it("refuses what is not an amount of naira", () => {
    for (const bad of [-1, 1.005, Number.NaN, Infinity, 1e21, 0.001]) {
      expect(() => nairaToKobo(bad), String(bad)).toThrow(RangeError);
    }
  });

  it("turns kobo into naira, refusing fractions of a kobo", () => {
    expect(koboToNaira(1_500_000)).toBe(15_000);
    expect(koboToNaira(1999)).toBe(19.99);
    expect(koboToNaira(115)).toBe(1.15);
    expect(koboToNaira(7)).toBe(0.07);
    expect(() => koboToNaira(10.5)).toThrow(RangeError);
    expect(() => koboToNaira(-100)).toThrow(RangeError);
  });
});

describe("requests", () => {
  it("lists plans with Bearer auth and Paystack's filters, unwrapping the envelope", async () => {
    const stored = fake.addPlan({ name: "Asiiko Premium (monthly)", amount: 1_500_000 });
    fake.addPlan({ name: "Other", amount: 900_000 });
    const { plans, meta } = await client.listPlans({ interval: "monthly", amount: 1_500_000, perPage: 20 });
    expect(plans.map((plan) => plan.plan_code)).toEqual([stored.plan_code]);
    expect(meta).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    const [request] = fake.requestsTo("GET", "/plan");
    expect(request).toMatchObject({
      authorization: `Bearer ${fake.secretKey}`,
      query: { interval: "monthly", amount: "1500000", perPage: "20" },
      status: 200,
    });
  });

  it("creates a plan with a JSON body", async () => {
    const plan = await client.createPlan({ name: "P", amount: 1_500_000, interval: "monthly", currency: "NGN" });
    expect(plan).toMatchObject({ name: "P", amount: 1_500_000, interval: "monthly", currency: "NGN" });
    expect(plan.plan_code).toMatch(/^PLN_/);
    const [request] = fake.requestsTo("POST", "/plan");
    expect(request?.contentType).toBe("application/json");
    expect(request?.body).toEqual({ name: "P", amount: 1_500_000, interval: "monthly", currency: "NGN" });
  });

  it("initializes a transaction with the plan and card, and verifies it only as paid once paid", async () => {
    const { plan, started, reference } = await startPlanCheckout();
    expect(started.reference).toBe(reference);
    expect(started.authorization_url.startsWith(`${fake.url}/checkout/`)).toBe(true);
    const [request] = fake.requestsTo("POST", "/transaction/initialize");
    expect(request?.body).toEqual({
      email: "ada@example.ng",
      amount: 1_500_000,
      reference,
      callback_url: "http://127.0.0.1:3000/premium/return?from=%2Fsettings",
      plan: plan.plan_code,
      channels: ["card"],
      metadata: { userId: "user-1" },
    });
    expect(request?.authorization).toBe(`Bearer ${fake.secretKey}`);

    const before = await client.verifyTransaction(reference);
    expect(before.status).toBe("abandoned");
    expect(before.paid_at).toBeNull();

    fake.pay(reference, "card");
    const after = await client.verifyTransaction(reference);
    expect(after).toMatchObject({ status: "success", reference, amount: 1_500_000, currency: "NGN", channel: "card" });
    expect(after.plan).toBe(plan.plan_code);
    expect(planOfTransaction(after)?.plan_code).toBe(plan.plan_code);
    expect(after.customer.email).toBe("ada@example.ng");
    expect(fake.requestsTo("GET", `/transaction/verify/${reference}`)).toHaveLength(2);
  });

  it("refuses an amount that is not whole kobo before asking Paystack", async () => {
    await expect(
      client.initializeTransaction({
        email: "ada@example.ng",
        amount: 15_000.5,
        reference: "r",
        callback_url: "http://x.test/",
        channels: ["card"],
      }),
    ).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(0);
  });

  it("fetches, links and disables a subscription (code + email token)", async () => {
    const { reference } = await startPlanCheckout();
    const { subscription } = fake.pay(reference, "card");
    const code = subscription!.subscription_code;

    const fetched = await client.fetchSubscription(code);
    expect(fetched).toMatchObject({ subscription_code: code, status: "active", amount: 1_500_000 });
    expect(fetched.email_token).toBe(subscription!.email_token);
    expect(new Date(fetched.next_payment_date!).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);

    const link = await client.manageLink(code);
    expect(link.startsWith(`${fake.url}/manage/subscriptions/${code}?subscription_token=`)).toBe(true);
    expect(fake.requestsTo("GET", `/subscription/${code}/manage/link`)).toHaveLength(1);

    await client.disableSubscription({ code, emailToken: fetched.email_token });
    expect(fake.requestsTo("POST", "/subscription/disable")[0]?.body).toEqual({ code, token: fetched.email_token });
    expect((await client.fetchSubscription(code)).status).toBe("non-renewing");

    const again = await failure(client.disableSubscription({ code, emailToken: fetched.email_token }));
    expect(again).toMatchObject({ kind: "refused", status: 400, retryable: false });
    expect(again.paystackMessage).toBe("Subscription with code not found or already inactive");
  });

  it("pays a one-off 30-day pass by bank transfer or USSD without starting a subscription", async () => {
    await client.initializeTransaction({
      email: "bola@example.ng",
      amount: nairaToKobo(15_000),
      reference: "pass-1",
      callback_url: "http://127.0.0.1:3000/premium/return",
      channels: ["bank_transfer", "ussd", "bank"],
    });
    fake.pay("pass-1", "ussd");
    const paid = await client.verifyTransaction("pass-1");
    expect(paid).toMatchObject({ status: "success", channel: "ussd", amount: 1_500_000, plan: null });
    expect(planOfTransaction(paid)).toBeNull();
    expect(fake.subscriptionsOf("bola@example.ng")).toEqual([]);
  });
});

describe("findOrCreateMonthlyPlan", () => {
  it("creates the plan once and finds it on every later call", async () => {
    const first = await findOrCreateMonthlyPlan(client, premium);
    expect(first).toMatchObject({ name: premium.name, amount: 1_500_000, interval: "monthly", currency: "NGN" });
    const second = await findOrCreateMonthlyPlan(client, premium);
    expect(second.plan_code).toBe(first.plan_code);
    expect(fake.requestsTo("POST", "/plan")).toHaveLength(1);
    expect(fake.plans()).toHaveLength(1);
    expect(fake.requestsTo("GET", "/plan")[0]?.query).toMatchObject({ interval: "monthly", amount: "1500000" });
  });

  it("finds a plan made in the dashboard, on a later page, and leaves archived or other plans alone", async () => {
    fake.addPlan({ name: premium.name, amount: 1_500_000, is_archived: true });
    const wanted = fake.addPlan({ name: premium.name, amount: 1_500_000 });
    fake.addPlan({ name: premium.name, amount: 1_500_000, currency: "USD" });
    for (let index = 0; index < 120; index++) fake.addPlan({ name: `Other ${index}`, amount: 1_500_000 });
    const found = await findOrCreateMonthlyPlan(client, premium);
    expect(found.plan_code).toBe(wanted.plan_code);
    expect(fake.requestsTo("POST", "/plan")).toHaveLength(0);
    expect(fake.requestsTo("GET", "/plan").map((request) => request.query.page)).toEqual(["1", "2"]);
  });

  it("settles two processes starting at once on the same plan", async () => {
    // Both first lists are answered only once both have arrived: each finds nothing and creates a plan.
    const first = fake.hold("GET", /^\/plan$/);
    const second = fake.hold("GET", /^\/plan$/);
    const both = Promise.all([findOrCreateMonthlyPlan(client, premium), findOrCreateMonthlyPlan(client, premium)]);
    await Promise.all([first.arrived, second.arrived]);
    first.release();
    second.release();
    const [one, two] = await both;
    expect(fake.requestsTo("POST", "/plan")).toHaveLength(2);
    expect(one.plan_code).toBe(two.plan_code);
    // The oldest is the one both keep.
    const oldest = fake.plans().sort((a, b) => a.id - b.id)[0]!;
    expect(one.plan_code).toBe(oldest.plan_code);
    expect((await findOrCreateMonthlyPlan(client, premium)).plan_code).toBe(oldest.plan_code);
  });
});

describe("failures", () => {
  it("says Paystack refused a wrong key (401), without the key", async () => {
    const wrongKey = "sk_test_wrong_0123456789abcdef";
    const stranger = createPaystackClient({ secretKey: wrongKey, baseUrl: fake.url });
    const error = await failure(stranger.listPlans());
    expect(error).toMatchObject({ kind: "refused", status: 401, paystackMessage: "Invalid key", retryable: false });
    expect(error.message).toBe("Paystack GET /plan refused (401): Invalid key");
    expect(`${error.message} ${String(error)} ${JSON.stringify(error)}`).not.toContain(wrongKey);
  });

  it("passes on Paystack's reason and code for a 400 or 404", async () => {
    const unknown = await failure(client.verifyTransaction("no-such-reference"));
    expect(unknown).toMatchObject({
      kind: "refused",
      status: 400,
      paystackMessage: "Transaction reference not found",
      code: "transaction_not_found",
    });
    const missing = await failure(client.fetchSubscription("SUB_missing"));
    expect(missing).toMatchObject({ kind: "refused", status: 404, paystackMessage: "Subscription not found" });
    const badEmail = await failure(
      client.initializeTransaction({
        email: "not-an-email",
        amount: 1_500_000,
        reference: "r1",
        callback_url: "http://x.test/",
        channels: ["card"],
      }),
    );
    expect(badEmail.paystackMessage).toBe("Invalid Email Address Passed");
  });

  it("calls a 5xx or 429 answer unreachable and retryable", async () => {
    fake.fail("POST", /^\/transaction\/initialize$/, 502);
    fake.fail("GET", /^\/plan$/, 429);
    const bad = await failure(
      client.initializeTransaction({
        email: "ada@example.ng",
        amount: 1_500_000,
        reference: "r2",
        callback_url: "http://x.test/",
        channels: ["card"],
      }),
    );
    expect(bad).toMatchObject({ kind: "unreachable", status: 502, retryable: true });
    expect(await failure(client.listPlans())).toMatchObject({ kind: "unreachable", status: 429 });
  });

  it("calls a cut connection unreachable", async () => {
    fake.setUnreachable(true);
    const error = await failure(client.listPlans());
    expect(error).toMatchObject({ kind: "unreachable", status: null, retryable: true });
    expect(error.message).toMatch(/^Paystack GET \/plan: could not connect/);
  });

  it("calls a call past its time limit unreachable", async () => {
    const quick = createPaystackClient({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 150 });
    const held = fake.hold("GET", /^\/transaction\/verify\//);
    const call = failure(quick.verifyTransaction("slow"));
    await held.arrived;
    const error = await call;
    held.release();
    expect(error).toMatchObject({ kind: "unreachable", status: null });
    expect(error.message).toBe("Paystack GET /transaction/verify/slow: no answer within 150 ms");
  });

  it("calls a slow Paystack unreachable once the time limit passes", async () => {
    fake.delay(1_000);
    const quick = createPaystackClient({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 100 });
    const error = await failure(quick.listPlans());
    expect(error).toMatchObject({ kind: "unreachable", status: null });
    expect(error.message).toBe("Paystack GET /plan: no answer within 100 ms");
  });

  it("calls a 200 answer that says status false a refusal", async () => {
    const odd = await listenLocally((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ status: false, message: "Plan is archived" }));
    });
    try {
      const error = await failure(createPaystackClient({ secretKey: "sk_test_abc", baseUrl: odd.baseUrl }).listPlans());
      expect(error).toMatchObject({ kind: "refused", status: 200, paystackMessage: "Plan is archived" });
    } finally {
      await odd.close();
    }
  });

  it("calls a server that is gone unreachable", async () => {
    const gone = await startFakePaystack();
    const lost = createPaystackClient({ secretKey: gone.secretKey, baseUrl: gone.url });
    await gone.close();
    const error = await failure(lost.fetchSubscription("SUB_x"));
    expect(error).toMatchObject({ kind: "unreachable", status: null });
    expect(error.message).toContain("ECONNREFUSED");
    expect(error.message).not.toContain(gone.secretKey);
  });

  it("calls an answer that is not Paystack's JSON unreachable (a proxy's page), and 4xx HTML refused", async () => {
    const proxy = await listenLocally((request, response) => {
      const status = request.url === "/plan" ? 200 : 403;
      response.writeHead(status, { "Content-Type": "text/html" });
      response.end("<html>Gateway</html>");
    });
    try {
      const odd = createPaystackClient({ secretKey: "sk_test_abc", baseUrl: proxy.baseUrl });
      expect(await failure(odd.listPlans())).toMatchObject({ kind: "unreachable", status: 200 });
      expect(await failure(odd.fetchSubscription("SUB_1"))).toMatchObject({
        kind: "refused",
        status: 403,
        paystackMessage: null,
      });
    } finally {
      await proxy.close();
    }
  });

  it("keeps the key out of a refusal even when the answer repeats it", async () => {
    const secret = "sk_live_do_not_print_0123456789";
    const echo = await listenLocally((request, response) => {
      response.writeHead(400, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ status: false, message: `Bad header ${request.headers.authorization}` }));
    });
    try {
      const error = await failure(createPaystackClient({ secretKey: secret, baseUrl: echo.baseUrl }).listPlans());
      expect(error.kind).toBe("refused");
      expect(error.paystackMessage).toBe("Bad header Bearer [secret key]");
      expect(`${error.message} ${error.paystackMessage} ${JSON.stringify(error)}`).not.toContain(secret);
    } finally {
      await echo.close();
    }
  });
});

describe("the fake Paystack server", () => {
  /** A local webhook receiver keeping each raw body and signature header. */
  async function receiver() {
    const received: { rawBody: string; signature: string | undefined }[] = [];
    const server = await listenLocally((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({
          rawBody: Buffer.concat(chunks).toString("utf8"),
          signature: request.headers["x-paystack-signature"] as string | undefined,
        });
        response.writeHead(200).end("ok");
      });
    });
    return { received, url: `${server.baseUrl}/api/webhooks/paystack`, close: server.close };
  }

  it("refuses a request without the right Bearer secret, in Paystack's shape", async () => {
    const response = await fetch(`${fake.url}/plan`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: false, message: "Invalid key" });
  });

  it("takes the payer through its checkout page and back to the callback with the reference", async () => {
    const hook = await receiver();
    fake.setWebhookUrl(hook.url);
    try {
      const { started, reference, plan } = await startPlanCheckout();
      const page = await fetch(started.authorization_url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("<button");
      expect(html).toContain("Pay");
      expect(html).toContain(reference);
      expect(html).toContain("NGN 15000.00");

      const paid = await fetch(started.authorization_url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "channel=card",
        redirect: "manual",
      });
      expect(paid.status).toBe(302);
      const back = new URL(paid.headers.get("location")!);
      expect(`${back.origin}${back.pathname}`).toBe("http://127.0.0.1:3000/premium/return");
      expect(back.searchParams.get("from")).toBe("/settings");
      expect(back.searchParams.get("trxref")).toBe(reference);
      expect(back.searchParams.get("reference")).toBe(reference);
      expect(fake.transaction(reference)?.transaction.status).toBe("success");

      // Paystack's own events follow, signed with the secret key.
      await fake.settled();
      const events = hook.received.map(({ rawBody }) => JSON.parse(rawBody) as { event: string; data: unknown });
      expect(events.map((event) => event.event)).toEqual(["charge.success", "subscription.create"]);
      for (const { rawBody, signature } of hook.received)
        expect(verifyPaystackSignature(rawBody, signature ?? null, fake.secretKey)).toBe(true);
      const [charge, created] = events;
      expect(charge!.data).toMatchObject({
        reference,
        amount: 1_500_000,
        channel: "card",
        status: "success",
        customer: { email: "ada@example.ng" },
        plan: { plan_code: plan.plan_code },
        metadata: { userId: "user-1" },
      });
      const subscription = fake.subscriptionsOf("ada@example.ng")[0]!;
      expect(created!.data).toMatchObject({
        subscription_code: subscription.subscription_code,
        email_token: subscription.email_token,
        next_payment_date: subscription.next_payment_date,
        status: "active",
        plan: { plan_code: plan.plan_code },
      });

      // A second payment of the same transaction is not taken.
      const again = await fetch(started.authorization_url, { method: "POST", body: "channel=card" });
      expect(again.status).toBe(409);
    } finally {
      fake.setWebhookUrl(null);
      await hook.close();
    }
  });

  it("signs deliver()'s body with the secret key (x-paystack-signature) and reports the answer", async () => {
    const hook = await receiver();
    try {
      await client.initializeTransaction({
        email: "chidi@example.ng",
        amount: 1_500_000,
        reference: "pass-2",
        callback_url: "http://x.test/",
        channels: ["bank_transfer"],
      });
      const { transaction } = fake.pay("pass-2", "bank_transfer");
      const delivery = await fake.deliver(paystackEvents.chargeSuccess(transaction), hook.url);
      expect(delivery.status).toBe(200);
      const [got] = hook.received;
      expect(got!.rawBody).toBe(delivery.rawBody);
      expect(got!.signature).toBe(createHmac("sha512", fake.secretKey).update(got!.rawBody).digest("hex"));
      expect(verifyPaystackSignature(got!.rawBody, got!.signature ?? null, "sk_test_someone_else")).toBe(false);
      expect(JSON.parse(got!.rawBody)).toMatchObject({
        event: "charge.success",
        data: { reference: "pass-2", channel: "bank_transfer", amount: 1_500_000, plan: {} },
      });
      expect(fake.deliveries).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("renews a subscription a month on, and fails a renewal, with Paystack's events", async () => {
    const hook = await receiver();
    try {
      const { reference } = await startPlanCheckout();
      const { subscription } = fake.pay(reference, "card");
      const code = subscription!.subscription_code;
      const due = subscription!.next_payment_date!;
      fake.setWebhookUrl(hook.url);

      const renewal = await fake.renew(code);
      expect(renewal.events.map((event) => event.event)).toEqual(["charge.success", "invoice.update"]);
      expect(renewal.transaction.reference).not.toBe(reference);
      expect(fake.subscription(code)?.next_payment_date).toBe(nextMonthlyDate(new Date(due)).toISOString());
      expect(renewal.events[1]!.data).toMatchObject({
        status: "success",
        paid: true,
        subscription: { subscription_code: code, status: "active" },
        transaction: { reference: renewal.transaction.reference, status: "success", amount: 1_500_000 },
      });
      expect((await client.verifyTransaction(renewal.transaction.reference)).status).toBe("success");

      const failed = await fake.failRenewal(code);
      expect(failed.events[0]).toMatchObject({
        event: "invoice.payment_failed",
        data: { paid: false, status: "failed", subscription: { subscription_code: code, status: "attention" } },
      });
      expect((await client.fetchSubscription(code)).status).toBe("attention");

      const ended = await fake.endSubscription(code);
      expect(ended.events[0]).toMatchObject({
        event: "subscription.disable",
        data: { subscription_code: code, status: "cancelled" },
      });
      expect(hook.received.map(({ rawBody }) => (JSON.parse(rawBody) as { event: string }).event)).toEqual([
        "charge.success",
        "invoice.update",
        "invoice.payment_failed",
        "subscription.disable",
      ]);
    } finally {
      fake.setWebhookUrl(null);
      await hook.close();
    }
  });

  it("builds each of the seven events the app handles", async () => {
    const { reference } = await startPlanCheckout();
    const { subscription, transaction } = fake.pay(reference, "card");
    const built = [
      paystackEvents.chargeSuccess(transaction),
      paystackEvents.subscriptionCreate(subscription!),
      paystackEvents.subscriptionNotRenew(subscription!),
      paystackEvents.subscriptionDisable(subscription!),
      paystackEvents.invoiceCreate(subscription!, null),
      paystackEvents.invoiceUpdate(subscription!, transaction),
      paystackEvents.invoicePaymentFailed(subscription!, transaction),
    ];
    expect(built.map((event) => event.event)).toEqual([...PAYSTACK_EVENT_NAMES]);
    for (const event of built.slice(1, 4))
      expect(event.data).toMatchObject({
        subscription_code: subscription!.subscription_code,
        email_token: subscription!.email_token,
        next_payment_date: subscription!.next_payment_date,
      });
    for (const event of built.slice(4))
      expect(event.data).toMatchObject({
        subscription: { subscription_code: subscription!.subscription_code },
        customer: { email: "ada@example.ng" },
      });
    expect(built[5]!.data.transaction).toMatchObject({ reference });
  });

  it("bills monthly on the same day, the 28th for the 29th to the 31st", () => {
    expect(nextMonthlyDate(new Date("2026-03-15T10:00:00Z")).toISOString()).toBe("2026-04-15T10:00:00.000Z");
    expect(nextMonthlyDate(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(nextMonthlyDate(new Date("2026-12-29T00:00:00Z")).toISOString()).toBe("2027-01-28T00:00:00.000Z");
  });
});
