// A local HTTP server speaking the part of Paystack's API the app uses (plans,
// transaction initialise/verify, subscription fetch/disable/manage link), so
// tests run the real client against it (PAYSTACK_BASE_URL). Answers are in
// Paystack's envelope `{ status, message, data }`, amounts in kobo; a wrong or
// missing Bearer secret gets 401, bad input 400 and unknown things 404, in
// Paystack's shape. It keeps plans, customers, transactions by reference and
// subscriptions, records every request, and plays Paystack's side of a payment:
// the authorization_url is a page on this server whose Pay button completes the
// transaction and sends the browser back to the callback_url, as Paystack's
// checkout does. Webhook events are signed with the secret key
// (x-paystack-signature) and POSTed to `webhookUrl`: delivered by themselves
// when a payment, a cancellation, a renewal or a failed renewal happens here (as
// Paystack sends them), or by a test with `deliver(event)`.
//
// How subscriptions move here (Paystack's documented states): a card payment of a
// plan transaction starts one (active, next_payment_date a month on, billed on the
// 28th when started on the 29th-31st); disabling makes it non-renewing
// (subscription.not_renew); `endSubscription` ends it at its period's end
// (cancelled, subscription.disable); `renew` charges the card (charge.success,
// invoice.update); `failRenewal` fails that charge (attention, invoice.payment_failed).
import { randomBytes, randomInt } from "node:crypto";
import http from "node:http";
import {
  planOfTransaction,
  type PaystackAuthorization,
  type PaystackChannel,
  type PaystackCustomer,
  type PaystackPlan,
  type PaystackPlanInterval,
  type PaystackSubscription,
  type PaystackTransaction,
} from "~/modules/payments/paystack-client.server";
import { HANDLED_PAYSTACK_EVENTS } from "~/modules/payments/paystack-provider.server";
import { paystackSignature } from "~/modules/payments/paystack-signature.server";

export interface PaystackRecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The JSON body parsed (form fields for the pay page), or null. */
  body: unknown;
  rawBody: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** What the fake answered. */
  status: number;
  answer: unknown;
}

/** The seven events the app handles, which this server sends. */
export const PAYSTACK_EVENT_NAMES = HANDLED_PAYSTACK_EVENTS;
export type PaystackEventName = (typeof PAYSTACK_EVENT_NAMES)[number];

/** A webhook event as Paystack sends it. */
export interface PaystackEvent {
  event: PaystackEventName;
  data: Record<string, unknown>;
}

export interface PaystackDelivery {
  event: PaystackEvent;
  rawBody: string;
  signature: string;
  /** The receiver's answer; status 0 when it could not be reached. */
  status: number;
  body: string;
}

/** A transaction as the fake keeps it: Paystack's verify shape plus what initialize was told. */
export interface FakeTransaction {
  transaction: PaystackTransaction;
  email: string;
  callbackUrl: string | null;
  channels: PaystackChannel[];
  accessCode: string;
}

const CHANNELS: readonly PaystackChannel[] = [
  "card",
  "bank",
  "ussd",
  "qr",
  "mobile_money",
  "bank_transfer",
  "eft",
  "apple_pay",
];
const INTERVALS: readonly PaystackPlanInterval[] = [
  "hourly",
  "daily",
  "weekly",
  "monthly",
  "quarterly",
  "biannually",
  "annually",
];

const token = (bytes = 8) => randomBytes(bytes).toString("hex");
const code = (prefix: string) => `${prefix}_${randomBytes(8).toString("base64url").toLowerCase().slice(0, 12)}`;
// Each run starts its ids somewhere else: events are stored under them in a database other runs share.
let nextId = 1_000_000 + randomInt(0, 1_000_000_000);
const newId = () => ++nextId;

/** One monthly period on: the same day next month, the 28th for subscriptions started on the 29th-31st. */
export function nextMonthlyDate(from: Date): Date {
  const day = Math.min(from.getUTCDate(), 28);
  return new Date(
    Date.UTC(
      from.getUTCFullYear(),
      from.getUTCMonth() + 1,
      day,
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
    ),
  );
}

function refusal(status: number, message: string, extra: { code?: string; type?: string } = {}) {
  return { status, body: { status: false, message, ...extra } };
}
const ok = (message: string, data?: unknown, meta?: unknown) => ({
  status: 200,
  body: { status: true, message, ...(data === undefined ? {} : { data }), ...(meta ? { meta } : {}) },
});

function cardAuthorization(channel: string): PaystackAuthorization {
  return {
    authorization_code: code("AUTH"),
    channel,
    reusable: channel === "card",
    card_type: channel === "card" ? "visa" : undefined,
    last4: channel === "card" ? "4081" : undefined,
    exp_month: channel === "card" ? "12" : undefined,
    exp_year: channel === "card" ? "2030" : undefined,
    bank: channel === "card" ? "TEST BANK" : null,
    signature: channel === "card" ? code("SIG") : null,
  };
}

/** The subscription as invoices and subscription events carry it. */
function subscriptionSummary(subscription: PaystackSubscription) {
  return {
    status: subscription.status,
    subscription_code: subscription.subscription_code,
    email_token: subscription.email_token,
    amount: subscription.amount,
    cron_expression: subscription.cron_expression,
    next_payment_date: subscription.next_payment_date,
    open_invoice: null,
  };
}

/** Builders of the seven webhook events the app handles, in Paystack's shapes. */
export const paystackEvents = {
  chargeSuccess(transaction: PaystackTransaction): PaystackEvent {
    const { plan_object: planObject, plan: _planCode, paid_at: paidAt, ...fields } = transaction;
    return {
      event: "charge.success",
      data: {
        ...fields,
        domain: "test",
        paid_at: paidAt,
        paidAt,
        // In events the plan is the plan itself, {} when there is none.
        plan: planObject,
        subaccount: {},
        split: {},
        fees: Math.min(Math.round(transaction.amount * 0.015) + 10_000, 200_000),
        requested_amount: transaction.amount,
      },
    };
  },
  subscriptionCreate(subscription: PaystackSubscription): PaystackEvent {
    return { event: "subscription.create", data: subscriptionEventData(subscription) };
  },
  subscriptionNotRenew(subscription: PaystackSubscription): PaystackEvent {
    return { event: "subscription.not_renew", data: subscriptionEventData(subscription) };
  },
  subscriptionDisable(subscription: PaystackSubscription): PaystackEvent {
    return { event: "subscription.disable", data: subscriptionEventData(subscription) };
  },
  invoiceCreate(subscription: PaystackSubscription, transaction: PaystackTransaction | null): PaystackEvent {
    return { event: "invoice.create", data: invoiceData(subscription, transaction, "pending") };
  },
  invoiceUpdate(subscription: PaystackSubscription, transaction: PaystackTransaction): PaystackEvent {
    const status = transaction.status === "success" ? "success" : "failed";
    return { event: "invoice.update", data: invoiceData(subscription, transaction, status) };
  },
  invoicePaymentFailed(subscription: PaystackSubscription, transaction: PaystackTransaction): PaystackEvent {
    return { event: "invoice.payment_failed", data: invoiceData(subscription, transaction, "failed") };
  },
};

function subscriptionEventData(subscription: PaystackSubscription) {
  return {
    domain: "test",
    ...subscriptionSummary(subscription),
    id: subscription.id,
    createdAt: subscription.createdAt,
    created_at: subscription.createdAt,
    plan: subscription.plan,
    authorization: subscription.authorization,
    customer: subscription.customer,
  };
}

function invoiceData(
  subscription: PaystackSubscription,
  transaction: PaystackTransaction | null,
  status: "pending" | "success" | "failed",
) {
  const periodEnd = subscription.next_payment_date ?? new Date().toISOString();
  const periodStart = transaction?.paid_at ?? transaction?.created_at ?? new Date().toISOString();
  return {
    domain: "test",
    invoice_code: code("INV"),
    amount: subscription.amount,
    period_start: periodStart,
    period_end: periodEnd,
    status,
    paid: status === "success",
    paid_at: status === "success" ? (transaction?.paid_at ?? null) : null,
    description: null,
    authorization: subscription.authorization,
    subscription: subscriptionSummary(subscription),
    customer: subscription.customer,
    transaction: transaction
      ? {
          reference: transaction.reference,
          status: transaction.status,
          amount: transaction.amount,
          currency: transaction.currency,
        }
      : {},
    created_at: new Date().toISOString(),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Starts the fake on 127.0.0.1 (any free port unless `port`). Requests must carry
 * `Authorization: Bearer <secretKey>`; events are signed with the same key.
 */
export async function startFakePaystack(
  options: { secretKey?: string; port?: number; webhookUrl?: string | null } = {},
) {
  const secretKey = options.secretKey ?? `sk_test_${token(20)}`;
  let webhookUrl = options.webhookUrl ?? null;
  const requests: PaystackRecordedRequest[] = [];
  const deliveries: PaystackDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const plans: PaystackPlan[] = [];
  const customers = new Map<string, PaystackCustomer>();
  const transactions = new Map<string, FakeTransaction>();
  const subscriptions = new Map<string, PaystackSubscription>();
  let failures: { method: string; path: RegExp; status: number }[] = [];
  let holds: {
    method: string;
    path: RegExp;
    taken: boolean;
    arrived: () => void;
    released: Promise<void>;
    release: () => void;
  }[] = [];
  let delayMs = 0;
  let unreachable = false;
  let base = "";

  function customerFor(email: string): PaystackCustomer {
    const key = email.toLowerCase();
    let customer = customers.get(key);
    if (!customer) {
      customer = {
        id: newId(),
        customer_code: code("CUS"),
        email,
        first_name: null,
        last_name: null,
        phone: null,
        metadata: null,
      };
      customers.set(key, customer);
    }
    return customer;
  }

  function storePlan(input: { name: string; amount: number; interval: PaystackPlanInterval; currency?: string }) {
    const now = new Date().toISOString();
    const plan: PaystackPlan = {
      id: newId(),
      name: input.name,
      plan_code: code("PLN"),
      description: null,
      amount: input.amount,
      interval: input.interval,
      currency: input.currency ?? "NGN",
      send_invoices: true,
      send_sms: true,
      is_deleted: false,
      is_archived: false,
      createdAt: now,
      updatedAt: now,
    };
    plans.push(plan);
    return plan;
  }

  function deliverInBackground(events: PaystackEvent[]) {
    if (!webhookUrl) return;
    const sending = (async () => {
      for (const event of events) await deliver(event);
    })();
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }

  /** Signs `event` with the secret key and POSTs it to the webhook URL; answers the receiver's reply. */
  async function deliver(event: PaystackEvent, to: string | null = webhookUrl): Promise<PaystackDelivery> {
    if (!to) throw new Error("fake Paystack has no webhook URL to deliver to");
    const rawBody = JSON.stringify(event);
    const signature = paystackSignature(rawBody, secretKey);
    let delivery: PaystackDelivery;
    try {
      const response = await fetch(to, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-paystack-signature": signature },
        body: rawBody,
      });
      delivery = { event, rawBody, signature, status: response.status, body: await response.text() };
    } catch (error) {
      delivery = { event, rawBody, signature, status: 0, body: String(error) };
    }
    deliveries.push(delivery);
    return delivery;
  }

  /** Completes a transaction as Paystack's checkout does; starts the subscription of a card-paid plan. */
  function pay(reference: string, channel?: PaystackChannel) {
    const stored = transactions.get(reference);
    if (!stored) throw new Error(`fake Paystack has no transaction ${reference}`);
    if (stored.transaction.status === "success") throw new Error(`transaction ${reference} is already paid`);
    const chosen = channel ?? stored.channels[0] ?? "card";
    if (!stored.channels.includes(chosen)) throw new Error(`transaction ${reference} does not offer ${chosen}`);
    const paidAt = new Date();
    const authorization = cardAuthorization(chosen);
    Object.assign(stored.transaction, {
      status: "success",
      channel: chosen,
      gateway_response: chosen === "card" ? "Approved" : "Successful",
      paid_at: paidAt.toISOString(),
      authorization,
    } satisfies Partial<PaystackTransaction>);
    const events: PaystackEvent[] = [paystackEvents.chargeSuccess(stored.transaction)];
    let subscription: PaystackSubscription | null = null;
    const plan = planOfTransaction(stored.transaction);
    // Plans renew by card only here (Paystack also renews by Nigerian direct debit).
    if (plan && chosen === "card") {
      subscription = {
        id: newId(),
        subscription_code: code("SUB"),
        email_token: token(8),
        status: "active",
        amount: plan.amount,
        cron_expression: `0 0 ${Math.min(paidAt.getUTCDate(), 28)} * *`,
        next_payment_date: nextMonthlyDate(paidAt).toISOString(),
        createdAt: paidAt.toISOString(),
        customer: stored.transaction.customer,
        plan,
        authorization,
      };
      subscriptions.set(subscription.subscription_code, subscription);
      events.push(paystackEvents.subscriptionCreate(subscription));
    }
    deliverInBackground(events);
    return { transaction: stored.transaction, subscription, events };
  }

  function subscriptionOrThrow(subscriptionCode: string) {
    const subscription = subscriptions.get(subscriptionCode);
    if (!subscription) throw new Error(`fake Paystack has no subscription ${subscriptionCode}`);
    return subscription;
  }

  function renewalTransaction(subscription: PaystackSubscription, status: "success" | "failed") {
    const now = new Date().toISOString();
    const transaction: PaystackTransaction = {
      id: newId(),
      status,
      reference: `renewal_${token(8)}`,
      amount: subscription.amount,
      currency: subscription.plan.currency,
      channel: "card",
      gateway_response: status === "success" ? "Approved" : "Declined",
      paid_at: status === "success" ? now : null,
      created_at: now,
      metadata: null,
      customer: subscription.customer,
      authorization: subscription.authorization ?? {},
      plan: subscription.plan.plan_code,
      plan_object: subscription.plan,
    };
    transactions.set(transaction.reference, {
      transaction,
      email: subscription.customer.email,
      callbackUrl: null,
      channels: ["card"],
      accessCode: token(8),
    });
    return transaction;
  }

  function routeApi(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } {
    if (method === "GET" && path === "/plan") {
      const interval = query.get("interval");
      const amount = query.get("amount");
      const perPage = Math.max(1, Number(query.get("perPage") ?? 50) || 50);
      const page = Math.max(1, Number(query.get("page") ?? 1) || 1);
      const matching = [...plans]
        .reverse()
        .filter((plan) => !plan.is_deleted)
        .filter((plan) => !interval || plan.interval === interval)
        .filter((plan) => !amount || plan.amount === Number(amount));
      const data = matching.slice((page - 1) * perPage, page * perPage);
      const meta = {
        total: matching.length,
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.max(1, Math.ceil(matching.length / perPage)),
      };
      return ok("Plans retrieved", data, meta);
    }
    if (method === "POST" && path === "/plan") {
      const { name, amount, interval, currency } = body;
      if (typeof name !== "string" || !name.trim()) return refusal(400, "Name is required", { code: "missing_params" });
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 10_000)
        return refusal(400, "Amount should be a number of kobo, at least 10000", { code: "invalid_params" });
      if (!INTERVALS.includes(interval as PaystackPlanInterval))
        return refusal(400, "Interval is invalid", { code: "invalid_params" });
      const plan = storePlan({
        name,
        amount,
        interval: interval as PaystackPlanInterval,
        currency: typeof currency === "string" ? currency : undefined,
      });
      return ok("Plan created", plan);
    }
    if (method === "POST" && path === "/transaction/initialize") {
      const { email, amount, reference, callback_url: callbackUrl, plan: planCode, channels, metadata } = body;
      if (typeof email !== "string" || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
        return refusal(400, "Invalid Email Address Passed", { code: "invalid_params" });
      const plan = typeof planCode === "string" && planCode ? plans.find((p) => p.plan_code === planCode) : undefined;
      if (typeof planCode === "string" && planCode && !plan)
        return refusal(400, "Plan not found", { code: "invalid_params" });
      if (!plan && (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100))
        return refusal(400, "Invalid Amount Sent", { code: "invalid_params" });
      const chosenReference = typeof reference === "string" && reference ? reference : token(8);
      if (transactions.has(chosenReference))
        return refusal(400, "Duplicate Transaction Reference", { code: "duplicate_reference" });
      const offered = Array.isArray(channels) ? channels : ["card", "bank", "ussd", "bank_transfer"];
      if (offered.length === 0 || !offered.every((channel) => CHANNELS.includes(channel as PaystackChannel)))
        return refusal(400, "Invalid channels passed", { code: "invalid_params" });
      const accessCode = token(8);
      const now = new Date().toISOString();
      const transaction: PaystackTransaction = {
        id: newId(),
        status: "abandoned",
        reference: chosenReference,
        amount: plan ? plan.amount : (amount as number),
        currency: plan?.currency ?? "NGN",
        channel: offered[0] as PaystackChannel,
        gateway_response: "The transaction was not completed",
        paid_at: null,
        created_at: now,
        metadata: metadata && typeof metadata === "object" ? (metadata as Record<string, unknown>) : null,
        customer: customerFor(email),
        authorization: {},
        plan: plan?.plan_code ?? null,
        plan_object: plan ?? {},
      };
      transactions.set(chosenReference, {
        transaction,
        email,
        callbackUrl: typeof callbackUrl === "string" ? callbackUrl : null,
        channels: offered as PaystackChannel[],
        accessCode,
      });
      return ok("Authorization URL created", {
        authorization_url: `${base}/checkout/${accessCode}`,
        access_code: accessCode,
        reference: chosenReference,
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (method === "GET" && verify) {
      const stored = transactions.get(decodeURIComponent(verify[1]!));
      if (!stored)
        return refusal(400, "Transaction reference not found", {
          code: "transaction_not_found",
          type: "validation_error",
        });
      return ok("Verification successful", stored.transaction);
    }
    const manage = /^\/subscription\/([^/]+)\/manage\/link$/.exec(path);
    if (method === "GET" && manage) {
      const subscription = subscriptions.get(decodeURIComponent(manage[1]!));
      if (!subscription) return refusal(404, "Subscription not found", { code: "not_found" });
      return ok("Link generated", {
        link: `${base}/manage/subscriptions/${subscription.subscription_code}?subscription_token=${token(12)}`,
      });
    }
    if (method === "POST" && path === "/subscription/disable") {
      const subscription = typeof body.code === "string" ? subscriptions.get(body.code) : undefined;
      if (!subscription || subscription.email_token !== body.token || subscription.status !== "active")
        return refusal(400, "Subscription with code not found or already inactive", { code: "invalid_params" });
      subscription.status = "non-renewing";
      deliverInBackground([paystackEvents.subscriptionNotRenew(subscription)]);
      return ok("Subscription disabled successfully");
    }
    const fetchSubscription = /^\/subscription\/([^/]+)$/.exec(path);
    if (method === "GET" && fetchSubscription) {
      const subscription = subscriptions.get(decodeURIComponent(fetchSubscription[1]!));
      if (!subscription) return refusal(404, "Subscription not found", { code: "not_found" });
      return ok("Subscription retrieved successfully", subscription);
    }
    return refusal(404, `Route not found: ${method} ${path}`, { code: "not_found" });
  }

  /** The checkout page at authorization_url: GET shows a Pay button, POST pays and goes back. */
  function routeCheckout(
    method: string,
    accessCode: string,
    form: URLSearchParams,
  ): { status: number; body: string; headers?: Record<string, string> } {
    const stored = [...transactions.values()].find((candidate) => candidate.accessCode === accessCode);
    if (!stored) return { status: 404, body: "<!doctype html><title>Not found</title><p>No such payment.</p>" };
    const { transaction } = stored;
    if (method === "GET") {
      const choices = stored.channels
        .map(
          (channel, index) =>
            `<label><input type="radio" name="channel" value="${escapeHtml(channel)}"${index === 0 ? " checked" : ""}> ${escapeHtml(channel)}</label>`,
        )
        .join("\n");
      return {
        status: 200,
        headers: { "Content-Type": "text/html; charset=utf-8" },
        body: `<!doctype html><html><head><meta charset="utf-8"><title>Paystack test checkout</title></head><body>
<h1>Pay NGN ${escapeHtml((transaction.amount / 100).toFixed(2))}</h1>
<p>${escapeHtml(stored.email)} &middot; ${escapeHtml(transaction.reference)}</p>
<form method="post">
${choices}
<button type="submit">Pay</button>
</form></body></html>`,
      };
    }
    if (method === "POST") {
      if (transaction.status === "success") return { status: 409, body: "<p>Already paid.</p>" };
      const channel = (form.get("channel") ?? stored.channels[0]) as PaystackChannel;
      if (!stored.channels.includes(channel)) return { status: 400, body: "<p>That channel is not offered.</p>" };
      pay(transaction.reference, channel);
      if (!stored.callbackUrl) return { status: 200, body: "<p>Payment successful.</p>" };
      const back = new URL(stored.callbackUrl);
      back.searchParams.set("trxref", transaction.reference);
      back.searchParams.set("reference", transaction.reference);
      return { status: 302, headers: { Location: back.toString() }, body: "" };
    }
    return { status: 405, body: "" };
  }

  async function answer(request: http.IncomingMessage, response: http.ServerResponse, rawBody: string) {
    const url = new URL(request.url ?? "/", "http://fake-paystack.local");
    const method = request.method ?? "GET";
    const contentType = request.headers["content-type"];
    const held = holds.find((hold) => !hold.taken && hold.method === method && hold.path.test(url.pathname));
    if (held) {
      held.taken = true;
      held.arrived();
      await held.released;
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.destroyed) return;
    const checkout = /^\/checkout\/([\w-]+)$/.exec(url.pathname);
    const manage = /^\/manage\/subscriptions\//.test(url.pathname);
    let status: number;
    let answerBody: unknown;
    let headers: Record<string, string> = { "Content-Type": "application/json" };
    let recordedBody: unknown = null;
    if (checkout || manage) {
      const form = new URLSearchParams(rawBody);
      recordedBody = method === "POST" ? Object.fromEntries(form) : null;
      const page = checkout
        ? routeCheckout(method, checkout[1]!, form)
        : { status: 200, body: "<!doctype html><p>Update your card.</p>", headers: undefined };
      status = page.status;
      answerBody = page.body;
      headers = page.headers ?? { "Content-Type": "text/html; charset=utf-8" };
    } else {
      let body: Record<string, unknown> = {};
      let malformed = false;
      if (rawBody) {
        try {
          const parsed: unknown = JSON.parse(rawBody);
          if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
          else malformed = true;
        } catch {
          malformed = true;
        }
        recordedBody = malformed ? rawBody : body;
      }
      const failure = failures.find((rule) => rule.method === method && rule.path.test(url.pathname));
      const reply = failure
        ? refusal(failure.status, "The fake Paystack server was told to fail this request.")
        : request.headers.authorization !== `Bearer ${secretKey}`
          ? refusal(401, "Invalid key")
          : malformed
            ? refusal(400, "Invalid JSON body", { code: "invalid_params" })
            : routeApi(method, url.pathname, url.searchParams, body);
      status = reply.status;
      answerBody = reply.body;
    }
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: recordedBody,
      rawBody,
      authorization: request.headers.authorization,
      contentType,
      status,
      answer: answerBody,
    });
    response.writeHead(status, headers);
    response.end(typeof answerBody === "string" ? answerBody : JSON.stringify(answerBody));
  }

  const server = http.createServer((request, response) => {
    if (unreachable) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => void answer(request, response, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Paystack has no port");
  base = `http://127.0.0.1:${address.port}`;

  return {
    /** What PAYSTACK_BASE_URL is set to. */
    url: base,
    /** The secret key requests must carry, and events are signed with (PAYSTACK_SECRET_KEY). */
    secretKey,
    /** Every API request and checkout page request received, oldest first. */
    requests,
    /** The recorded requests of one method and path (a string for an exact path, or a pattern). */
    requestsTo(method: string, path: string | RegExp) {
      return requests.filter(
        (request) =>
          request.method === method && (typeof path === "string" ? request.path === path : path.test(request.path)),
      );
    },
    /** Every webhook delivery made, oldest first. */
    deliveries,
    /** Where events are POSTed (null: nowhere, and nothing is delivered by itself). */
    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },
    deliver,
    /** Resolves once the events sent by themselves (after a payment or a cancellation) are delivered. */
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** A plan as if made earlier in Paystack's dashboard; answers the stored plan. */
    addPlan(plan: {
      name: string;
      amount: number;
      interval?: PaystackPlanInterval;
      currency?: string;
      is_archived?: boolean;
    }) {
      const stored = storePlan({ ...plan, interval: plan.interval ?? "monthly" });
      stored.is_archived = plan.is_archived ?? false;
      return stored;
    },
    plans() {
      return [...plans];
    },
    transaction(reference: string): FakeTransaction | undefined {
      return transactions.get(reference);
    },
    subscription(subscriptionCode: string): PaystackSubscription | undefined {
      return subscriptions.get(subscriptionCode);
    },
    /** The subscriptions of a customer, by email. */
    subscriptionsOf(email: string) {
      return [...subscriptions.values()].filter(
        (subscription) => subscription.customer.email.toLowerCase() === email.toLowerCase(),
      );
    },
    customer(email: string) {
      return customers.get(email.toLowerCase());
    },
    /** Pays a transaction as the checkout page's Pay button does, without the browser. */
    pay,
    /**
     * The monthly charge of a subscription succeeds: a new transaction, next_payment_date a month on,
     * charge.success and invoice.update (delivered when a webhook URL is set, and answered).
     */
    async renew(subscriptionCode: string) {
      const subscription = subscriptionOrThrow(subscriptionCode);
      const from = subscription.next_payment_date ? new Date(subscription.next_payment_date) : new Date();
      subscription.next_payment_date = nextMonthlyDate(from).toISOString();
      subscription.status = "active";
      const transaction = renewalTransaction(subscription, "success");
      const events = [
        paystackEvents.chargeSuccess(transaction),
        paystackEvents.invoiceUpdate(subscription, transaction),
      ];
      if (webhookUrl) for (const event of events) await deliver(event);
      return { transaction, events };
    },
    /** The monthly charge fails: the subscription needs attention; invoice.payment_failed. */
    async failRenewal(subscriptionCode: string) {
      const subscription = subscriptionOrThrow(subscriptionCode);
      subscription.status = "attention";
      const transaction = renewalTransaction(subscription, "failed");
      const events = [paystackEvents.invoicePaymentFailed(subscription, transaction)];
      if (webhookUrl) for (const event of events) await deliver(event);
      return { transaction, events };
    },
    /** A subscription reaches its end (after not renewing, or by Paystack): cancelled, subscription.disable. */
    async endSubscription(subscriptionCode: string) {
      const subscription = subscriptionOrThrow(subscriptionCode);
      subscription.status = "cancelled";
      subscription.next_payment_date = null;
      const events = [paystackEvents.subscriptionDisable(subscription)];
      if (webhookUrl) for (const event of events) await deliver(event);
      return { events };
    },
    /** Makes every API request of `method` to a path matching `path` answer `status` in Paystack's shape. */
    fail(method: string, path: RegExp, status = 500) {
      failures.push({ method, path, status });
    },
    /**
     * Holds back the answer to the next request of `method` to a path matching `path`:
     * `arrived` settles once that request is here, and it is answered after `release()`.
     */
    hold(method: string, path: RegExp) {
      let arrived!: () => void;
      let release!: () => void;
      const here = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ method, path, taken: false, arrived, released, release });
      return { arrived: here, release };
    },
    /** Makes every answer wait `ms` milliseconds first (0: answer at once). */
    delay(ms: number) {
      delayMs = ms;
    },
    /** While true, every connection is cut without an answer, as when Paystack cannot be reached. */
    setUnreachable(value: boolean) {
      unreachable = value;
    },
    /** Forgets recorded requests and deliveries, failures, delay and holds (with `everything`, all data too). */
    reset({ everything = false } = {}) {
      requests.length = 0;
      deliveries.length = 0;
      failures = [];
      delayMs = 0;
      unreachable = false;
      for (const hold of holds) hold.release();
      holds = [];
      if (everything) {
        plans.length = 0;
        customers.clear();
        transactions.clear();
        subscriptions.clear();
      }
    },
    close() {
      for (const hold of holds) hold.release();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;
