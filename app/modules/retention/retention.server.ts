import { prisma } from "~/server/db.server";

// What the Privacy Policy promises about how long records live, kept here (legal.privacy.*.keep):
// error reports, texts sent and phone codes up to 90 days; a number's remembered USSD language a year
// after its last call; payment records six years after the payment (tax law), detached
// from the person once their account is deleted. Sessions, devices and account exports have their
// own tasks (session.server.ts, devices.server.ts, exports.server.ts).

const DAY_MS = 24 * 3600_000;

export const RETENTION = {
  errorReportDays: 90,
  /** Texts sent (to whom, their cost) and the phone codes behind them. */
  textDays: 90,
  /** A number's language, remembered for the USSD menu: a year after its last call or text. */
  phoneCallerDays: 365,
  paymentRecordYears: 6,
} as const;

/** The moment before which a payment record may go: six calendar years before `now`. */
export function paymentRecordsBefore(now: Date) {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION.paymentRecordYears);
  return cutoff;
}

/**
 * Deletes what is older than the policy says is kept: error reports received, and texts and phone
 * codes sent, more than 90 days ago; provider events received, payments made, payments started, and subscriptions whose last
 * paid period ended, more than six years ago (a subscription still running is never touched,
 * whatever its age).
 */
export async function deleteOldRecords(now = new Date()) {
  const reportsBefore = new Date(now.getTime() - RETENTION.errorReportDays * DAY_MS);
  const textsBefore = new Date(now.getTime() - RETENTION.textDays * DAY_MS);
  const paymentsBefore = paymentRecordsBefore(now);
  const callersBefore = new Date(now.getTime() - RETENTION.phoneCallerDays * DAY_MS);
  const [errorReports, texts, phoneCodes, paymentEvents, payments, paymentCheckouts, subscriptions, phoneCallers] =
    await prisma.$transaction([
      prisma.frontendError.deleteMany({ where: { receivedAt: { lt: reportsBefore } } }),
      prisma.smsMessage.deleteMany({ where: { createdAt: { lt: textsBefore } } }),
      prisma.phoneCode.deleteMany({ where: { createdAt: { lt: textsBefore } } }),
      prisma.paymentEvent.deleteMany({ where: { receivedAt: { lt: paymentsBefore } } }),
      prisma.payment.deleteMany({ where: { paidAt: { lt: paymentsBefore } } }),
      prisma.paymentCheckout.deleteMany({ where: { createdAt: { lt: paymentsBefore } } }),
      prisma.subscription.deleteMany({
        where: { currentPeriodEnd: { lt: paymentsBefore }, status: { not: "active" } },
      }),
      prisma.phoneCaller.deleteMany({ where: { updatedAt: { lt: callersBefore } } }),
    ]);
  return {
    errorReports: errorReports.count,
    texts: texts.count,
    phoneCodes: phoneCodes.count,
    paymentEvents: paymentEvents.count,
    payments: payments.count,
    paymentCheckouts: paymentCheckouts.count,
    subscriptions: subscriptions.count,
    phoneCallers: phoneCallers.count,
  };
}
