import { getEnv, isDemoMode } from "~/env.server";
import { Prisma } from "~/generated/prisma/client";
import { enqueue } from "~/jobs/enqueue.server";
import { waitUntilSettled } from "~/lib/wait";
import { logger } from "~/server/logger.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import {
  applyPayment,
  applyRenewalFailed,
  applyStopped,
  applySubscriptionStarted,
  type Outcome,
} from "./apply-payment.server";
import { ignoredPayment, paymentMismatch, SOLD_CURRENCY } from "./payment-match";
import type {
  PaymentProvider,
  PaymentProviderName,
  ProviderSubscription,
  SubscriptionChange,
  VerifiedEvent,
} from "./provider";
import { paymentProvider } from "./providers.server";
import { RetryLater } from "./retry-later";
import { isDatabaseRefusal } from "~/server/db-errors";

// Payment providers' webhook events: verified on their raw body, stored once
// under their id, and applied once by the payment-webhooks worker.

/**
 * Verifies a webhook of `providerName` on its raw body, stores the event under
 * its id (a redelivery finds it there) and queues it for the worker.
 */
export async function receiveWebhook(
  providerName: PaymentProviderName,
  rawBody: string,
  signatureHeader: string | null,
) {
  const event = paymentProvider(providerName).verifyEvent(rawBody, signatureHeader);
  if (!event) throw new Refusal("SEC_INVALID_TOKEN", "premium.errors.badSignature");
  return storePaymentEvent(providerName, event);
}

/**
 * Stores an event known to be genuine (its signature held, or it was read from the provider itself)
 * under its id, once, and queues it for the worker while it is unprocessed.
 */
export async function storePaymentEvent(providerName: PaymentProviderName, event: VerifiedEvent) {
  let status: "received" | "ignored" | "processed" | "failed" = event.handled ? "received" : "ignored";
  try {
    await prisma.paymentEvent.create({
      data: {
        id: event.id,
        type: event.type,
        provider: providerName,
        status,
        payload: event.payload as Prisma.InputJsonValue,
      },
    });
  } catch (error) {
    if (!isDatabaseRefusal(error, "P2002")) throw error;
    status = (await prisma.paymentEvent.findUniqueOrThrow({ where: { id: event.id }, select: { status: true } }))
      .status;
  }
  // Queued again while still unprocessed (the job id keeps it to one job).
  if (status === "received") await enqueue("payment-webhooks", { eventId: event.id }, { jobId: event.id });
  return { eventId: event.id, type: event.type, handled: event.handled };
}

/**
 * The worker's part: applies one stored event exactly once. What the provider
 * must be asked is asked first, outside any transaction; then claiming the
 * event and changing the subscription happen in one transaction, so a
 * redelivered or retried event finds it already processed and changes nothing.
 */
export async function applyPaymentEvent(eventId: string) {
  try {
    const stored = await prisma.paymentEvent.findUnique({ where: { id: eventId } });
    if (stored?.status !== "received") return { applied: false, reason: "already processed or unknown" };
    // The sandbox's events are a demo's: outside demo mode they grant nothing, whoever stored them.
    if (stored.provider === "sandbox" && !isDemoMode()) {
      const reason = "sandbox events are applied in demo mode only (DEMO_MODE=1)";
      await prisma.paymentEvent.updateMany({
        where: { id: eventId, status: "received" },
        data: { status: "failed", processedAt: new Date(), error: reason },
      });
      return { applied: false, reason };
    }
    const provider = paymentProvider(stored.provider);
    const change = provider.readEvent(stored.payload);
    const started = await subscriptionStartedBy(change, provider);
    return await prisma.$transaction(async (tx) => {
      const claimed = await tx.paymentEvent.updateMany({
        where: { id: eventId, status: "received" },
        data: { status: "processed", processedAt: new Date() },
      });
      if (claimed.count === 0) return { applied: false, reason: "already processed or unknown" };
      const outcome = await applyChange(tx, change, started, provider.name);
      // A payment that did not pay for what was sold is kept as ignored, with why, for the operators.
      if (outcome.ignored) {
        const { reason, facts } = outcome.ignored;
        await tx.paymentEvent.update({
          where: { id: eventId },
          data: { status: "ignored", ignoredReason: reason, ignoredFacts: { ...facts } },
        });
        logger.warn({ eventId, reason, provider: provider.name }, "A payment event granted nothing");
      }
      return { applied: !outcome.ignored, ...outcome };
    });
  } catch (error) {
    if (error instanceof RetryLater) throw error;
    await prisma.paymentEvent
      .update({ where: { id: eventId }, data: { error: (error as Error).message.slice(0, 1000) } })
      .catch(() => {});
    throw error;
  }
}

/** For a completed checkout, the subscription it started as the provider has it; null when there is none to make. */
async function subscriptionStartedBy(change: SubscriptionChange, provider: PaymentProvider) {
  if (change.kind !== "checkout_completed" || !change.userId || !change.subscriptionId) return null;
  // An account deleted since its checkout gets no subscription: nothing to ask the provider.
  const user = await prisma.user.findUnique({ where: { id: change.userId }, select: { id: true } });
  if (!user) return null;
  return provider.fetchSubscription({ externalId: change.subscriptionId, startedAt: change.at });
}

async function applyChange(
  tx: Prisma.TransactionClient,
  change: SubscriptionChange,
  started: ProviderSubscription | null,
  provider: PaymentProviderName,
): Promise<Outcome> {
  switch (change.kind) {
    case "checkout_completed": {
      const { userId, subscriptionId } = change;
      if (!userId || !subscriptionId) return { subscription: null, note: "not a subscription checkout" };
      const user = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
      if (!user || !started) return { subscription: null, note: "user no longer exists" };
      const ignored = checkoutMismatch(change, started);
      if (ignored) return { subscription: null, note: `${ignored.reason}: nothing granted`, ignored };
      const { status, period } = started;
      const saved = await tx.subscription.upsert({
        where: { externalId: subscriptionId },
        create: {
          userId,
          provider,
          status,
          externalId: subscriptionId,
          externalCustomerId: change.customerId,
          planCode: started.price?.id ?? null,
          // checkoutMismatch has made sure the amount is there, and is the price.
          amountNgn: new Prisma.Decimal(change.amountKobo!).div(100),
          currentPeriodStart: period.start,
          currentPeriodEnd: period.end,
        },
        update: { status, currentPeriodStart: period.start, currentPeriodEnd: period.end },
      });
      // The payment the checkout took, for the history in Settings (once, by the checkout's id).
      if (change.checkoutId && change.amountKobo !== null) {
        await recordPayment(tx, {
          userId,
          subscriptionId: saved.id,
          provider,
          externalId: change.checkoutId,
          amountKobo: change.amountKobo,
          paidAt: change.at,
          period,
        });
      }
      return { subscription: saved.id };
    }
    case "payment":
      return applyPayment(tx, change, provider);
    case "subscription_started":
      return applySubscriptionStarted(tx, change, provider);
    case "stopped":
      return applyStopped(tx, change);
    case "renewal_failed":
      return applyRenewalFailed(tx, change);
    case "renewed": {
      if (!change.subscriptionId) return { subscription: null, note: "not a subscription invoice" };
      const existing = await tx.subscription.findUnique({ where: { externalId: change.subscriptionId } });
      if (!existing) throw new RetryLater(`subscription ${change.subscriptionId} not known yet`);
      // Providers do not deliver in order: a late renewal never brings an ended subscription back.
      if (existing.status === "canceled") return { subscription: existing.id, note: "subscription already ended" };
      // Its price (when both are known) at the amount it was sold at, in naira.
      const sold = {
        amountKobo: existing.amountNgn.mul(100).toNumber(),
        ...(existing.planCode && change.charged.price ? { plan: existing.planCode } : {}),
      };
      const paid = { ...change.charged, plan: change.charged.price, reference: change.payment?.id ?? null };
      const mismatch = paymentMismatch(paid, sold);
      if (mismatch) {
        const ignored = ignoredPayment(mismatch, paid, sold);
        return { subscription: existing.id, note: `${mismatch}: nothing granted`, ignored };
      }
      const end = change.period.end ?? existing.currentPeriodEnd;
      if (change.payment) {
        await recordPayment(tx, {
          userId: existing.userId,
          subscriptionId: existing.id,
          provider,
          externalId: change.payment.id,
          amountKobo: change.payment.amountKobo,
          paidAt: change.payment.paidAt,
          period: { start: change.period.start ?? change.payment.paidAt, end },
        });
      }
      await tx.subscription.update({
        where: { id: existing.id },
        data: {
          status: "active",
          renewalFailedAt: null,
          currentPeriodStart: change.period.start ?? existing.currentPeriodStart,
          currentPeriodEnd: end > existing.currentPeriodEnd ? end : existing.currentPeriodEnd,
        },
      });
      return { subscription: existing.id };
    }
    case "updated": {
      const existing = await tx.subscription.findUnique({ where: { externalId: change.subscriptionId } });
      if (!existing) throw new RetryLater(`subscription ${change.subscriptionId} not known yet`);
      if (!change.period) throw new Error(`subscription ${change.subscriptionId} has no current period`);
      await tx.subscription.update({
        where: { id: existing.id },
        data: {
          status: change.status,
          cancelAtPeriodEnd: change.cancelAtPeriodEnd,
          currentPeriodStart: change.period.start,
          currentPeriodEnd: change.period.end,
        },
      });
      return { subscription: existing.id };
    }
    case "ended": {
      const existing = await tx.subscription.findUnique({ where: { externalId: change.subscriptionId } });
      if (!existing) throw new RetryLater(`subscription ${change.subscriptionId} not known yet`);
      const endedAt = change.endedAt ?? new Date();
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
    case "unused":
      return { subscription: null, note: `event type ${change.type} is not used` };
  }
}

/**
 * A completed checkout pays for what Asiiko sells now: the premium price in naira, on a monthly
 * price of that amount when the provider names one. Null when it does; else why not.
 */
function checkoutMismatch(
  change: Extract<SubscriptionChange, { kind: "checkout_completed" }>,
  started: ProviderSubscription,
) {
  const soldKobo = getEnv().PREMIUM_PRICE_NGN * 100;
  const paid = { reference: change.checkoutId, amountKobo: change.amountKobo, currency: change.currency };
  const price = started.price;
  if (
    price &&
    (price.currency.toUpperCase() !== SOLD_CURRENCY || price.amountKobo !== soldKobo || price.interval !== "month")
  ) {
    return ignoredPayment("wrong_plan", { ...paid, plan: price.id }, { amountKobo: soldKobo });
  }
  const mismatch = paymentMismatch(paid, { amountKobo: soldKobo });
  return mismatch ? ignoredPayment(mismatch, { ...paid, plan: price?.id ?? null }, { amountKobo: soldKobo }) : null;
}

/** A card payment taken by Stripe or the sandbox, recorded once under the provider's id of it. */
async function recordPayment(
  tx: Prisma.TransactionClient,
  payment: {
    userId: string | null;
    subscriptionId: string;
    provider: PaymentProviderName;
    externalId: string;
    amountKobo: number;
    paidAt: Date;
    period: { start: Date; end: Date };
  },
) {
  const { period, ...fields } = payment;
  await tx.payment.upsert({
    where: { provider_externalId: { provider: payment.provider, externalId: payment.externalId } },
    create: {
      ...fields,
      reference: payment.externalId,
      method: "card",
      channel: "card",
      periodStart: period.start,
      periodEnd: period.end,
    },
    update: {},
  });
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
