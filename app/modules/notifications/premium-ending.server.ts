import { getEnv } from "~/env.server";
import { prisma } from "~/server/db.server";
import { notify } from "./notifications.server";

// "Your premium access ends on ...": a notification, once, to whoever is about to lose premium
// without anything renewing it: a month paid by transfer, or a card subscription set to stop, in
// its last three days; and a free trial not yet used, in its last hours. Run by the maintenance
// queue every hour; a notification already sent for the same end is not sent again.

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** How long before a paid month ends its holder is told. */
export const PAID_NOTICE_DAYS = 3;
/** How long before an unused trial ends its holder is told. */
export const TRIAL_NOTICE_HOURS = 6;

async function toldAlready(userId: string, endsAt: string) {
  const found = await prisma.notification.findFirst({
    where: { userId, kind: "premium_ending", data: { path: ["endsAt"], equals: endsAt } },
    select: { id: true },
  });
  return found !== null;
}

/** Sends what is due at `now`; answers how many were sent. */
export async function notifyPremiumEnding(now = new Date()): Promise<number> {
  let sent = 0;
  // Months that will not renew: paid by transfer, or a card told to stop.
  const ending = await prisma.subscription.findMany({
    where: {
      userId: { not: null },
      status: { in: ["active", "past_due"] },
      currentPeriodEnd: { gt: now, lte: new Date(now.getTime() + PAID_NOTICE_DAYS * DAY_MS) },
      OR: [{ method: "transfer" }, { cancelAtPeriodEnd: true }],
    },
    select: { userId: true, currentPeriodEnd: true },
  });
  for (const subscription of ending) {
    const userId = subscription.userId!;
    // Another subscription that goes on past this one (a new month already paid, a card) needs no notice.
    const later = await prisma.subscription.count({
      where: {
        userId,
        status: { in: ["active", "past_due"] },
        currentPeriodEnd: { gt: subscription.currentPeriodEnd },
      },
    });
    const endsAt = subscription.currentPeriodEnd.toISOString();
    if (later > 0 || (await toldAlready(userId, endsAt))) continue;
    await notify(prisma, userId, "premium_ending", { endsAt });
    sent += 1;
  }
  // Trials not used yet, in their last hours, of accounts without a subscription.
  const trialMs = getEnv().TRIAL_LENGTH_HOURS * HOUR_MS;
  const trials = await prisma.user.findMany({
    where: {
      firstPremiumUseAt: null,
      suspendedAt: null,
      createdAt: {
        gt: new Date(now.getTime() - trialMs),
        lte: new Date(now.getTime() - trialMs + TRIAL_NOTICE_HOURS * HOUR_MS),
      },
      subscriptions: { none: { status: { in: ["active", "past_due"] }, currentPeriodEnd: { gt: now } } },
    },
    select: { id: true, createdAt: true },
  });
  for (const user of trials) {
    const endsAt = new Date(user.createdAt.getTime() + trialMs).toISOString();
    if (await toldAlready(user.id, endsAt)) continue;
    await notify(prisma, user.id, "premium_ending", { endsAt, trial: 1 });
    sent += 1;
  }
  return sent;
}
