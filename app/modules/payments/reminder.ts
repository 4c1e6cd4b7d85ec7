// When to remind someone whose month was paid by transfer (it does not renew by itself): from
// three days before it ends to its last day, and for a week after it has ended, a notice on the
// dashboard and in Settings offers to pay for another month.

export const REMIND_DAYS_BEFORE = 3;
export const REMIND_DAYS_AFTER = 7;
const DAY_MS = 24 * 3600 * 1000;

export interface TransferMonth {
  method: "card" | "transfer";
  status: string;
  currentPeriodEnd: Date;
}

export type RenewalReminder =
  { kind: "ends_soon"; endsAt: string; daysLeft: number } | { kind: "ended"; endedAt: string };

/**
 * The reminder due at `now`, from the user's subscriptions: about the month paid by transfer that
 * ends last. None while a card pays, none when the last month by transfer ended over a week ago.
 */
export function renewalReminder(subscriptions: readonly TransferMonth[], now: Date): RenewalReminder | null {
  const paying = (subscription: TransferMonth) =>
    (subscription.status === "active" || subscription.status === "past_due") && subscription.currentPeriodEnd > now;
  // A card that renews needs no reminder.
  if (subscriptions.some((subscription) => subscription.method === "card" && paying(subscription))) return null;
  let last: TransferMonth | null = null;
  for (const subscription of subscriptions) {
    if (subscription.method !== "transfer" || subscription.status === "incomplete") continue;
    if (!last || subscription.currentPeriodEnd > last.currentPeriodEnd) last = subscription;
  }
  if (!last) return null;
  const end = last.currentPeriodEnd;
  const left = end.getTime() - now.getTime();
  if (left > 0) {
    if (left > REMIND_DAYS_BEFORE * DAY_MS) return null;
    return { kind: "ends_soon", endsAt: end.toISOString(), daysLeft: Math.ceil(left / DAY_MS) };
  }
  if (-left > REMIND_DAYS_AFTER * DAY_MS) return null;
  return { kind: "ended", endedAt: end.toISOString() };
}
