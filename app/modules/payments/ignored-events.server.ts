import { assertAdministrator } from "~/modules/auth/roles";
import { prisma } from "~/server/db.server";
import { isIgnoredPaymentReason, type IgnoredPaymentReason, type PaymentFacts } from "./payment-match";

// The payments that granted nothing because they did not pay for what Asiiko sold (wrong amount,
// currency, plan, or a reference never started here), newest first, for the operators beside
// moderation: a genuine payment stuck here is refunded or looked into by hand.

/** How many of them the operators' page shows. */
export const IGNORED_PAYMENTS_SHOWN = 50;

export interface IgnoredPaymentEventDto {
  id: string;
  provider: string;
  type: string;
  receivedAt: string;
  reason: IgnoredPaymentReason;
  facts: PaymentFacts;
}

const emptyFacts: PaymentFacts = {
  reference: null,
  amountKobo: null,
  currency: null,
  plan: null,
  expectedKobo: null,
  expectedPlan: null,
};

/** Only facts of the expected shape reach the page: text, and whole kobo. */
function factsOf(stored: unknown): PaymentFacts {
  if (typeof stored !== "object" || stored === null) return emptyFacts;
  const raw = stored as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 100) : null);
  const kobo = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : null);
  return {
    reference: text(raw.reference),
    amountKobo: kobo(raw.amountKobo),
    currency: text(raw.currency),
    plan: text(raw.plan),
    expectedKobo: kobo(raw.expectedKobo),
    expectedPlan: text(raw.expectedPlan),
  };
}

export async function ignoredPaymentEvents(operator: { role: string }) {
  assertAdministrator(operator, "moderation.denied");
  const where = { status: "ignored" as const, ignoredReason: { not: null } };
  const [events, total] = await Promise.all([
    prisma.paymentEvent.findMany({
      where,
      orderBy: { receivedAt: "desc" },
      take: IGNORED_PAYMENTS_SHOWN,
      select: { id: true, provider: true, type: true, receivedAt: true, ignoredReason: true, ignoredFacts: true },
    }),
    prisma.paymentEvent.count({ where }),
  ]);
  const shown: IgnoredPaymentEventDto[] = events.map((event) => ({
    id: event.id,
    provider: event.provider,
    type: event.type,
    receivedAt: event.receivedAt.toISOString(),
    reason: isIgnoredPaymentReason(event.ignoredReason) ? event.ignoredReason : "unknown_reference",
    facts: factsOf(event.ignoredFacts),
  }));
  return { events: shown, total };
}
