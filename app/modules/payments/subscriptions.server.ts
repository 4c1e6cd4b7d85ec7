import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type Stripe from "stripe";
import { getEnv, sessionSecrets } from "~/env.server";
import { Prisma } from "~/generated/prisma/client";
import { waitUntilSettled } from "~/lib/wait";
import { enqueue } from "~/jobs/enqueue.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { logger } from "~/server/logger.server";
import { currentSubscription, featureAccess, trialEndsAt } from "~/modules/premium/access";
import { isStripeConfigured, stripeClient, webhooks, webhookSecret } from "./stripe.server";

// The premium subscription: checkout (Stripe Checkout in NGN, or the built-in
// sandbox), verified webhook events stored once and applied once by the
// payment-webhooks worker, cancellation at the end of the paid period.

export const PRICE_LOOKUP_KEY = "asiiko_premium_monthly_ngn";
export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "invoice.paid",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

function priceNgn() {
  return getEnv().PREMIUM_PRICE_NGN;
}

async function activeSubscriptionOf(userId: string, now = new Date()) {
  const subscriptions = await prisma.subscription.findMany({
    where: { userId },
    orderBy: { currentPeriodEnd: "desc" },
  });
  return currentSubscription(subscriptions, now);
}

// ---------------------------------------------------------------- checkout

async function premiumPriceId(stripe: Stripe) {
  const found = await stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
  const existing = found.data[0];
  if (existing && existing.unit_amount === priceNgn() * 100 && existing.currency === "ngn") return existing.id;
  const created = await stripe.prices.create({
    currency: "ngn",
    unit_amount: priceNgn() * 100,
    recurring: { interval: "month" },
    lookup_key: PRICE_LOOKUP_KEY,
    transfer_lookup_key: true,
    product_data: { name: "Asiiko Premium" },
  });
  return created.id;
}

async function stripeCustomerFor(
  stripe: Stripe,
  user: { id: string; email: string | null; firstName: string; lastName: string; stripeCustomerId: string | null },
) {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create({
    email: user.email ?? undefined,
    name: `${user.firstName} ${user.lastName}`,
    metadata: { userId: user.id },
  });
  await prisma.user.update({ where: { id: user.id }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

/** Starts a checkout for the monthly plan; answers where to send the browser. */
export async function createCheckout(userId: string, origin: string): Promise<{ checkoutUrl: string }> {
  if (await activeSubscriptionOf(userId)) {
    throw new Refusal(409, "PAY_PROCESSING_ERROR", "premium.errors.alreadySubscribed");
  }
  if (!isStripeConfigured()) {
    const token = signSandboxSession({
      sid: `cs_sandbox_${randomBytes(12).toString("hex")}`,
      uid: userId,
      amt: priceNgn(),
      exp: Date.now() + 3600_000,
    });
    return { checkoutUrl: `${origin}/checkout/sandbox?session=${encodeURIComponent(token)}` };
  }
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, lastName: true, stripeCustomerId: true },
  });
  try {
    const stripe = stripeClient();
    const [customer, price] = await Promise.all([stripeCustomerFor(stripe, user), premiumPriceId(stripe)]);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      line_items: [{ price, quantity: 1 }],
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
      success_url: `${origin}/settings?checkout=success`,
      cancel_url: `${origin}/settings?checkout=cancelled`,
    });
    if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
    return { checkoutUrl: session.url };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    logger.error({ err: error }, "Failed to create checkout session");
    throw new Refusal(502, "PAY_PROCESSING_ERROR", "premium.errors.checkoutFailed");
  }
}

// ---------------------------------------------------------------- sandbox

export interface SandboxSession {
  sid: string;
  uid: string;
  amt: number;
  exp: number;
}

function sandboxSignature(body: string) {
  return createHmac("sha256", sessionSecrets()[0]!).update(`sandbox-checkout.${body}`).digest("base64url");
}

export function signSandboxSession(session: SandboxSession) {
  const body = Buffer.from(JSON.stringify(session)).toString("base64url");
  return `${body}.${sandboxSignature(body)}`;
}

/** The sandbox session in a checkout address, if it is genuine, unexpired and the user's own. */
export function readSandboxSession(token: string | null, userId: string): SandboxSession | null {
  const [body, signature] = (token ?? "").split(".");
  if (!body || !signature) return null;
  const expected = Buffer.from(sandboxSignature(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const session = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SandboxSession;
    return session.uid === userId && session.exp > Date.now() ? session : null;
  } catch {
    return null;
  }
}

/**
 * 'Pay' on the sandbox page: the same signed checkout.session.completed event
 * Stripe would send, handed to the webhook receiver with its signature header.
 */
export async function completeSandboxCheckout(session: SandboxSession) {
  const now = Math.floor(Date.now() / 1000);
  // Ids follow from the checkout session, so paying the same link twice (a
  // double tap, or Back then Pay) is one event and one subscription.
  const event = {
    id: `evt_sandbox_${session.sid}`,
    object: "event",
    api_version: "2025-01-01",
    created: now,
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: session.sid,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        currency: "ngn",
        amount_total: session.amt * 100,
        client_reference_id: session.uid,
        customer: `cus_sandbox_${session.uid}`,
        subscription: `sub_sandbox_${session.sid}`,
        metadata: { userId: session.uid, provider: "sandbox" },
      },
    },
  };
  const payload = JSON.stringify(event);
  const signature = webhooks().generateTestHeaderString({ payload, secret: webhookSecret() });
  await receiveWebhook(payload, signature);
  return event.id;
}

// ---------------------------------------------------------------- webhooks

/**
 * Verifies a webhook on its raw body, stores the event under its id (a
 * redelivery finds it there) and queues it for the worker.
 */
export async function receiveWebhook(rawBody: string, signatureHeader: string | null) {
  let event: Stripe.Event;
  try {
    event = webhooks().constructEvent(rawBody, signatureHeader ?? "", webhookSecret());
  } catch {
    throw new Refusal(400, "SEC_INVALID_TOKEN", "premium.errors.badSignature");
  }
  const handled = (HANDLED_EVENTS as readonly string[]).includes(event.type);
  const object = event.data.object as { metadata?: Record<string, string> | null };
  const provider = object.metadata?.provider === "sandbox" ? "sandbox" : "stripe";
  let status: "received" | "ignored" | "processed" | "failed" = handled ? "received" : "ignored";
  try {
    await prisma.paymentEvent.create({
      data: { id: event.id, type: event.type, provider, status, payload: event as unknown as Prisma.InputJsonValue },
    });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    status = (await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id }, select: { status: true } }))
      .status;
  }
  // Queued again while still unprocessed (the job id keeps it to one job).
  if (status === "received") await enqueue("payment-webhooks", { eventId: event.id }, { jobId: event.id });
  return { eventId: event.id, type: event.type, handled };
}

type SubscriptionStatus = "active" | "past_due" | "canceled" | "incomplete";

function mapStatus(status: string): SubscriptionStatus {
  if (status === "active" || status === "trialing") return "active";
  if (status === "past_due" || status === "unpaid") return "past_due";
  if (status === "incomplete") return "incomplete";
  return "canceled";
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

function addOneMonth(date: Date) {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** The paid period of a Stripe subscription (newer API versions keep it on the items). */
function periodOf(subscription: Stripe.Subscription) {
  const raw = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const item = subscription.items?.data?.[0] as unknown as
    { current_period_start?: number; current_period_end?: number } | undefined;
  const start = raw.current_period_start ?? item?.current_period_start;
  const end = raw.current_period_end ?? item?.current_period_end;
  if (!start || !end) throw new Error(`subscription ${subscription.id} has no current period`);
  return { start: fromUnix(start), end: fromUnix(end) };
}

class RetryLater extends Error {}

/**
 * The worker's part: applies one stored event exactly once. Claiming the event
 * and changing the subscription happen in one transaction, so a redelivered or
 * retried event finds it already processed and changes nothing.
 */
export async function applyPaymentEvent(eventId: string) {
  try {
    return await prisma.$transaction(
      async (tx) => {
        const claimed = await tx.paymentEvent.updateMany({
          where: { id: eventId, status: "received" },
          data: { status: "processed", processedAt: new Date() },
        });
        if (claimed.count === 0) return { applied: false, reason: "already processed or unknown" };
        const stored = await tx.paymentEvent.findUniqueOrThrow({ where: { id: eventId } });
        const event = stored.payload as unknown as Stripe.Event;
        const outcome = await applyEvent(tx, event, stored.provider);
        return { applied: true, ...outcome };
      },
      { timeout: 30_000 },
    );
  } catch (error) {
    if (error instanceof RetryLater) throw error;
    await prisma.paymentEvent
      .update({ where: { id: eventId }, data: { error: (error as Error).message.slice(0, 1000) } })
      .catch(() => {});
    throw error;
  }
}

type Tx = Prisma.TransactionClient;

async function applyEvent(tx: Tx, event: Stripe.Event, provider: "stripe" | "sandbox") {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object as Stripe.Checkout.Session;
      const userId = session.metadata?.userId ?? session.client_reference_id;
      const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
      if (!userId || !subscriptionId) return { subscription: null, note: "not a subscription checkout" };
      const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
      if (!user) return { subscription: null, note: "user no longer exists" };
      let period: { start: Date; end: Date };
      let status: SubscriptionStatus = "active";
      if (provider === "sandbox") {
        period = { start: fromUnix(event.created), end: addOneMonth(fromUnix(event.created)) };
      } else {
        const subscription = await stripeClient().subscriptions.retrieve(subscriptionId);
        period = periodOf(subscription);
        status = mapStatus(subscription.status);
      }
      const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
      const saved = await tx.subscription.upsert({
        where: { externalId: subscriptionId },
        create: {
          userId,
          provider,
          status,
          externalId: subscriptionId,
          externalCustomerId: customer,
          amountNgn: new Prisma.Decimal((session.amount_total ?? getEnv().PREMIUM_PRICE_NGN * 100) / 100),
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
        },
        update: { status, currentPeriodStart: period.start, currentPeriodEnd: period.end },
      });
      return { subscription: saved.id };
    }
    case "invoice.paid": {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      const parent = (invoice as unknown as { parent?: { subscription_details?: { subscription?: string } } }).parent;
      const subscriptionId =
        (typeof invoice.subscription === "string" ? invoice.subscription : invoice.subscription?.id) ??
        parent?.subscription_details?.subscription;
      if (!subscriptionId) return { subscription: null, note: "not a subscription invoice" };
      const existing = await tx.subscription.findUnique({ where: { externalId: subscriptionId } });
      if (!existing) throw new RetryLater(`subscription ${subscriptionId} not known yet`);
      // Stripe does not deliver in order: a late invoice never brings an ended subscription back.
      if (existing.status === "canceled") return { subscription: existing.id, note: "subscription already ended" };
      const line = invoice.lines?.data?.[0];
      const end = line?.period?.end ? fromUnix(line.period.end) : existing.currentPeriodEnd;
      const start = line?.period?.start ? fromUnix(line.period.start) : existing.currentPeriodStart;
      await tx.subscription.update({
        where: { id: existing.id },
        data: {
          status: "active",
          currentPeriodStart: start,
          currentPeriodEnd: end > existing.currentPeriodEnd ? end : existing.currentPeriodEnd,
        },
      });
      return { subscription: existing.id };
    }
    case "customer.subscription.updated": {
      const subscription = event.data.object as Stripe.Subscription;
      const existing = await tx.subscription.findUnique({ where: { externalId: subscription.id } });
      if (!existing) throw new RetryLater(`subscription ${subscription.id} not known yet`);
      const period = periodOf(subscription);
      await tx.subscription.update({
        where: { id: existing.id },
        data: {
          status: mapStatus(subscription.status),
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
        },
      });
      return { subscription: existing.id };
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object as Stripe.Subscription;
      const existing = await tx.subscription.findUnique({ where: { externalId: subscription.id } });
      if (!existing) throw new RetryLater(`subscription ${subscription.id} not known yet`);
      const endedAt = subscription.ended_at ? fromUnix(subscription.ended_at) : new Date();
      await tx.subscription.update({
        where: { id: existing.id },
        data: {
          status: "canceled",
          canceledAt: endedAt,
          currentPeriodEnd: endedAt < existing.currentPeriodEnd ? endedAt : existing.currentPeriodEnd,
        },
      });
      return { subscription: existing.id };
    }
    default:
      return { subscription: null, note: `event type ${event.type} is not used` };
  }
}

/** Waits (a few seconds at most) for the worker to apply an event. */
export async function waitForPaymentEvent(eventId: string, timeoutMs = 10_000) {
  const event = await waitUntilSettled(
    () => prisma.paymentEvent.findUnique({ where: { id: eventId }, select: { status: true } }),
    (found) => found?.status !== "received",
    timeoutMs,
  );
  return event?.status ?? null;
}

// ---------------------------------------------------------------- plan and cancellation

export async function getPlan(userId: string, now = new Date()) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { createdAt: true, firstPremiumUseAt: true, subscriptions: { orderBy: { currentPeriodEnd: "desc" } } },
  });
  const access = featureAccess(
    {
      accountCreatedAt: user.createdAt,
      firstPremiumUseAt: user.firstPremiumUseAt,
      subscriptions: user.subscriptions,
      trialLengthHours: getEnv().TRIAL_LENGTH_HOURS,
    },
    now,
  );
  const current = currentSubscription(user.subscriptions, now);
  return {
    plan: access.hasActiveSubscription
      ? ("premium" as const)
      : access.canAccess
        ? ("trial" as const)
        : ("free" as const),
    access,
    priceNgn: priceNgn(),
    trialEndsAt: trialEndsAt({
      accountCreatedAt: user.createdAt,
      trialLengthHours: getEnv().TRIAL_LENGTH_HOURS,
    }).toISOString(),
    subscription: current
      ? {
          provider: current.provider,
          status: current.status,
          currentPeriodEnd: current.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: current.cancelAtPeriodEnd,
        }
      : null,
  };
}
export type Plan = Awaited<ReturnType<typeof getPlan>>;

/** Stops renewal; access continues to the end of the period already paid for. */
export async function cancelSubscription(userId: string) {
  const current = await activeSubscriptionOf(userId);
  if (!current) throw new Refusal(404, "AUTHZ_SUBSCRIPTION_REQUIRED", "premium.errors.noSubscription");
  if (current.provider === "stripe") {
    try {
      await stripeClient().subscriptions.update(current.externalId, { cancel_at_period_end: true });
    } catch (error) {
      logger.error({ err: error }, "Stripe refused the cancellation");
      throw new Refusal(502, "PAY_PROCESSING_ERROR", "premium.errors.cancelFailed");
    }
  }
  await prisma.subscription.update({ where: { id: current.id }, data: { cancelAtPeriodEnd: true } });
  return getPlan(userId);
}
