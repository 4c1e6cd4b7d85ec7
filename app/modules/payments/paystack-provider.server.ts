import { createHash, randomBytes } from "node:crypto";
import { getEnv } from "~/env.server";
import { logger } from "~/server/logger.server";
import { prisma } from "~/server/db.server";
import {
  createPaystackClient,
  findOrCreateMonthlyPlan,
  nairaToKobo,
  type PaystackChannel,
  type PaystackClient,
  type PaystackTransaction,
} from "./paystack-client.server";
import { verifyPaystackSignature } from "./paystack-signature.server";
import type { PaymentMethod, PaymentProvider, SubscriptionChange, VerifiedEvent } from "./provider";

// Paystack behind the payment provider interface, as Nigerians pay:
// - card: a transaction started with the monthly plan; Paystack then keeps the card and renews it
//   every month (a subscription) until it is disabled;
// - transfer: a one-off payment by bank transfer, USSD or bank for 30 days of Premium, no renewal.
// Every payment is started here under a reference of ours, recorded with the account that started
// it (PaymentCheckout); Paystack's events name that reference, and are applied to that account only.
// Paystack's events carry no id of their own: each is stored once under an identity made from what
// it is about (see eventIdentity).

export const PAYSTACK_PLAN_NAME = "Asiiko Premium (monthly)";
/** The channels Paystack's checkout offers for each way to pay. */
export const CHANNELS: Record<PaymentMethod, PaystackChannel[]> = {
  card: ["card"],
  transfer: ["bank_transfer", "ussd", "bank"],
};

export const HANDLED_PAYSTACK_EVENTS = [
  "charge.success",
  "subscription.create",
  "subscription.not_renew",
  "subscription.disable",
  "invoice.create",
  "invoice.update",
  "invoice.payment_failed",
] as const;

let client: { key: string; base: string; client: PaystackClient } | null = null;

/** The client for the configured key and address (made again if either changes, as tests do). */
export function paystackClient(): PaystackClient {
  const { PAYSTACK_SECRET_KEY: key, PAYSTACK_BASE_URL: base } = getEnv();
  if (!key) throw new Error("Paystack is not configured (PAYSTACK_SECRET_KEY)");
  if (!client || client.key !== key || client.base !== base)
    client = { key, base, client: createPaystackClient({ secretKey: key, baseUrl: base }) };
  return client.client;
}

let planCode: { key: string; amountNgn: number; code: Promise<string> } | null = null;

/**
 * The monthly plan's code: found or created once per process (at start-up, and again only after a
 * failure), for the premium price. Two processes starting together settle on the same plan.
 */
export function monthlyPlanCode(): Promise<string> {
  const { PAYSTACK_SECRET_KEY: key = "", PREMIUM_PRICE_NGN: amountNgn } = getEnv();
  if (planCode && planCode.key === key && planCode.amountNgn === amountNgn) return planCode.code;
  const code = findOrCreateMonthlyPlan(paystackClient(), { amountNgn, name: PAYSTACK_PLAN_NAME }).then(
    (plan) => plan.plan_code,
  );
  const entry = { key, amountNgn, code };
  planCode = entry;
  // A failed lookup is not kept: the next checkout asks again.
  code.catch(() => {
    if (planCode === entry) planCode = null;
  });
  return code;
}

/** At start-up: the plan looked up (or made) before the first checkout needs it; a failure is only logged. */
export async function preparePaystackPlan() {
  if (!getEnv().PAYSTACK_SECRET_KEY) return null;
  try {
    const code = await monthlyPlanCode();
    logger.info({ plan: code }, "Paystack's monthly plan is ready");
    return code;
  } catch (error) {
    logger.warn({ err: error }, "Paystack's monthly plan could not be prepared; the first checkout will try again");
    return null;
  }
}

/** The e-mail Paystack is given: the account's own, or an address at the configured domain that reaches no one. */
export function payerEmail(user: { id: string; email: string | null }) {
  return user.email ?? `asiiko-${user.id.toLowerCase()}@${getEnv().PAYSTACK_EMAIL_DOMAIN}`;
}

export const newReference = () => `asiiko_${randomBytes(12).toString("hex")}`;

// ---------------------------------------------------------------- events

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
const date = (value: unknown) => {
  const raw = text(value);
  const parsed = raw ? new Date(raw) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
};

/** The plan code of a transaction, as events carry it (the plan object) or verify answers it (a code and plan_object). */
function planCodeOf(data: Json): string | null {
  if (typeof data.plan === "string") return text(data.plan);
  if (isObject(data.plan) && text(data.plan.plan_code)) return text(data.plan.plan_code);
  return isObject(data.plan_object) ? text(data.plan_object.plan_code) : null;
}

const subscriptionCodeOf = (data: Json) =>
  text(data.subscription_code) ?? (isObject(data.subscription) ? text(data.subscription.subscription_code) : null);

/**
 * The identity an event is stored under, once: a charge by its transaction id, a subscription event
 * by its subscription, an invoice event by its invoice and state ("charge.success/4099",
 * "invoice.update/INV_x/success"). Null when the event is not recognisable (it is then stored
 * under a digest of its body, as ignored).
 */
export function eventIdentity(event: string, data: Json): string | null {
  if (event === "charge.success")
    return data.id === undefined || data.id === null ? null : `${event}/${String(data.id)}`;
  if (event.startsWith("subscription.")) {
    const code = subscriptionCodeOf(data);
    return code ? `${event}/${code}` : null;
  }
  if (event.startsWith("invoice.")) {
    const invoice = text(data.invoice_code);
    return invoice ? `${event}/${invoice}/${text(data.status) ?? ""}` : null;
  }
  return null;
}

/** Paystack's event, if the signature on its raw body holds (HMAC-SHA512 with the secret key). */
export function verifyPaystackEvent(
  rawBody: string,
  signature: string | null,
  secretKey: string,
): VerifiedEvent | null {
  if (!verifyPaystackSignature(rawBody, signature, secretKey)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!isObject(parsed) || typeof parsed.event !== "string" || !isObject(parsed.data)) return null;
  const type = parsed.event.slice(0, 100);
  const identity = eventIdentity(type, parsed.data);
  const handled = identity !== null && (HANDLED_PAYSTACK_EVENTS as readonly string[]).includes(type);
  const id = identity ?? `${type}/${createHash("sha256").update(rawBody).digest("hex")}`;
  // "/" between the parts: the queue's job ids (the event's id) may not hold ":".
  return { id: `paystack/${id}`, type, handled, payload: parsed };
}

/** The stored event of a transaction verified with Paystack by its reference (the same one charge.success brings). */
export function verifiedChargeEvent(transaction: PaystackTransaction): VerifiedEvent {
  const payload = { event: "charge.success", data: transaction };
  return { id: `paystack/charge.success/${transaction.id}`, type: "charge.success", handled: true, payload };
}

/** Reads a stored Paystack event. */
export function readPaystackEvent(payload: unknown): SubscriptionChange {
  const event = isObject(payload) ? payload : {};
  const type = text(event.event) ?? "unknown";
  const data = isObject(event.data) ? event.data : {};
  const subscriptionId = subscriptionCodeOf(data);
  const customerCode = isObject(data.customer) ? text(data.customer.customer_code) : null;
  switch (type) {
    case "charge.success": {
      const paidAt = date(data.paid_at) ?? date(data.paidAt);
      const amountKobo = data.amount;
      if (data.status !== "success" || !paidAt || !Number.isSafeInteger(amountKobo) || !text(data.reference))
        throw new Error("charge.success without a successful payment (status, paid_at, amount, reference)");
      return {
        kind: "payment",
        transactionId: String(data.id),
        reference: text(data.reference)!,
        amountKobo: amountKobo as number,
        currency: text(data.currency) ?? "NGN",
        channel: text(data.channel) ?? "unknown",
        paidAt,
        customerCode,
        planCode: planCodeOf(data),
      };
    }
    case "subscription.create":
      if (!subscriptionId || !customerCode) throw new Error("subscription.create without its code or customer");
      return {
        kind: "subscription_started",
        subscriptionId,
        emailToken: text(data.email_token),
        customerCode,
        nextPaymentDate: date(data.next_payment_date),
        planCode: planCodeOf(data),
      };
    case "subscription.not_renew":
    case "subscription.disable":
      if (!subscriptionId) throw new Error(`${type} without a subscription code`);
      return { kind: "stopped", subscriptionId, final: type === "subscription.disable" };
    case "invoice.update":
    case "invoice.payment_failed": {
      if (!subscriptionId) throw new Error(`${type} without a subscription code`);
      if (type === "invoice.update" && data.paid === true && data.status === "success") {
        const start = date(data.period_start) ?? undefined;
        const end = date(data.period_end) ?? undefined;
        const transaction = isObject(data.transaction) ? data.transaction : {};
        const amount = Number.isSafeInteger(data.amount) ? (data.amount as number) : null;
        // The invoice names the subscription, whose plan is the one it was sold on: no plan to compare.
        const charged = { amountKobo: amount, currency: text(transaction.currency), price: null };
        return { kind: "renewed", subscriptionId, period: { start, end }, charged };
      }
      if (type === "invoice.update" && data.status !== "failed") return { kind: "unused", type: `${type} (pending)` };
      return { kind: "renewal_failed", subscriptionId, at: date(data.created_at) ?? new Date() };
    }
    default:
      // invoice.create says a charge is coming; nothing changes until it is paid or fails.
      return { kind: "unused", type };
  }
}

// ---------------------------------------------------------------- the provider

export const paystackProvider: PaymentProvider = {
  name: "paystack",
  methods: ["card", "transfer"],

  async createCheckout({ userId, amountNgn, origin, returnPath, method }) {
    const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true } });
    const amount = nairaToKobo(amountNgn);
    // Paystack unreachable (for the plan or the transaction) leaves no checkout behind.
    const plan = method === "card" ? await monthlyPlanCode() : undefined;
    const reference = newReference();
    const started = await paystackClient().initializeTransaction({
      email: payerEmail(user),
      amount,
      reference,
      // Paystack adds ?trxref=&reference= to it; the page to come back to is in our record, not the address.
      callback_url: `${origin}/checkout/paystack/return`,
      plan,
      channels: CHANNELS[method],
      // For the operator reading Paystack's dashboard; never used to decide whose payment it is.
      metadata: { method, cancel_action: `${origin}/checkout/paystack/return?reference=${reference}` },
    });
    // Recorded once Paystack has it, before the payer can pay it: a payment is always of a recorded checkout.
    await prisma.paymentCheckout.create({
      data: { reference, userId, provider: "paystack", method, amountKobo: amount, returnPath },
    });
    return { checkoutUrl: started.authorization_url };
  },

  verifyEvent(rawBody, signature) {
    const key = getEnv().PAYSTACK_SECRET_KEY;
    return key ? verifyPaystackEvent(rawBody, signature, key) : null;
  },
  readEvent: readPaystackEvent,

  async fetchSubscription({ externalId }) {
    const subscription = await paystackClient().fetchSubscription(externalId);
    const ended = subscription.status === "cancelled" || subscription.status === "completed";
    return {
      status: subscription.status === "attention" ? "past_due" : ended ? "canceled" : "active",
      period: {
        start: new Date(subscription.createdAt),
        end: subscription.next_payment_date ? new Date(subscription.next_payment_date) : new Date(),
      },
    };
  },

  async cancelAtPeriodEnd({ externalId, emailToken, method }) {
    // A month paid by transfer never renews; a card subscription Paystack has not named yet cannot be reached.
    if (method !== "card" || !emailToken) throw new Error(`subscription ${externalId} cannot be disabled at Paystack`);
    await paystackClient().disableSubscription({ code: externalId, emailToken });
  },

  async cardUpdateLink({ externalId, method, emailToken }) {
    if (method !== "card" || !emailToken) throw new Error(`subscription ${externalId} has no card at Paystack yet`);
    return paystackClient().manageLink(externalId);
  },
};
