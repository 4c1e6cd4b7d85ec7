import { smsProviderName } from "~/modules/sms/sms.server";
import { prisma } from "~/server/db.server";
import { hitRateLimits, waitRefusal } from "~/server/rate-limit.server";
import { Refusal } from "~/server/refusal";
import { isDatabaseRefusal } from "~/server/db-errors";
import {
  checkCode,
  codeGone,
  codesSentSince,
  dropCode,
  dropWaitingCodes,
  issueCode,
  pendingCode,
  spendCode,
  type CodeHolder,
} from "./codes.server";
import { CODE_LIMITS } from "./constants";

// A phone number becomes an account's only once a code texted to it is typed back (the code itself,
// its tries and its time are codes.server.ts's, purpose verify_phone). Texts cost
// money and can be aimed at strangers, so codes are limited per number (3 an hour), per account
// (5 a day) and per network address (loosely: many phones share one). A verified number belongs
// to one account at a time: confirming it on a second account takes it from the first, which is
// told on its Profile. Until the code is confirmed the account's phone stays what it was.

export interface PhoneState {
  /** The account's phone (E.164), or null. Shown to others only when verified. */
  phone: string | null;
  verified: boolean;
  /** A code sent and not yet confirmed: to which number, and until when it can be typed. */
  pending: { phone: string; expiresAt: string; triesLeft: number } | null;
  /** When another account confirmed this account's number and took it (until a phone is saved again). */
  takenAt: string | null;
}

/** The verification codes of an account: the newest one sent waits, whatever number it went to. */
const codesOf = (userId: string): CodeHolder => ({ purpose: "verify_phone", userId });

export async function phoneState(userId: string, now = new Date()): Promise<PhoneState> {
  const [user, waiting] = await Promise.all([
    prisma.user.findUnique({
      where: { id: userId },
      select: { phone: true, phoneVerifiedAt: true, phoneTakenAt: true },
    }),
    pendingCode(codesOf(userId), now),
  ]);
  return {
    phone: user?.phone ?? null,
    verified: Boolean(user?.phone && user.phoneVerifiedAt),
    pending: waiting
      ? { phone: waiting.phone, expiresAt: waiting.expiresAt.toISOString(), triesLeft: waiting.triesLeft }
      : null,
    takenAt: user?.phoneTakenAt?.toISOString() ?? null,
  };
}

/** Whether codes can be texted from here at all (a provider, or the demo inbox in demo mode). */
export const canVerifyPhones = () => smsProviderName() !== null;

/** 429 with the wait until the oldest of `rows` leaves the window. */
function countRefusal(rows: { createdAt: Date }[], windowMs: number, message: string, now: Date) {
  const oldest = rows.reduce((min, row) => Math.min(min, row.createdAt.getTime()), now.getTime());
  const refusal = waitRefusal((oldest + windowMs - now.getTime()) / 1000, message);
  return message === CODE_LIMITS.perAccount.message
    ? new Refusal(429, "RATE_DAILY_LIMIT_REACHED", message, undefined, refusal.headers)
    : refusal;
}

/**
 * Sends a code to `phone` (E.164, already checked) for this account. Already this account's
 * verified number: nothing sent. 503 when no texts can be sent here; 429 past the limits.
 */
export async function requestPhoneCode(
  user: { id: string; language: string },
  phone: string,
  clientIp: string,
  now = new Date(),
): Promise<{ sent: boolean; state: PhoneState }> {
  if (!canVerifyPhones()) throw new Refusal(503, "SYS_CONFIGURATION_ERROR", "sms.unavailable");
  const current = await prisma.user.findUnique({
    where: { id: user.id },
    select: { phone: true, phoneVerifiedAt: true },
  });
  if (current?.phone === phone && current.phoneVerifiedAt) {
    // Nothing to confirm, and no text spent; any code waiting for another number is dropped.
    await dropWaitingCodes(codesOf(user.id), now);
    return { sent: false, state: await phoneState(user.id, now) };
  }
  await hitRateLimits([{ limit: CODE_LIMITS.perAddress, key: clientIp }]);
  // The new code replaces any still waiting (codes.server.ts), once the limits allow it.
  await issueCode(
    "verify_phone",
    { userId: user.id, phone, language: user.language },
    {
      now,
      before: async (tx) => {
        // One account's requests one at a time, so two quick taps cannot both pass the count.
        await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${user.id} FOR UPDATE`;
        const hourAgo = new Date(now.getTime() - CODE_LIMITS.perPhone.windowMs);
        const dayAgo = new Date(now.getTime() - CODE_LIMITS.perAccount.windowMs);
        const [toPhone, forAccount] = await Promise.all([
          codesSentSince(tx, "verify_phone", { phone }, hourAgo),
          codesSentSince(tx, "verify_phone", { userId: user.id }, dayAgo),
        ]);
        if (forAccount.length >= CODE_LIMITS.perAccount.max) {
          throw countRefusal(forAccount, CODE_LIMITS.perAccount.windowMs, CODE_LIMITS.perAccount.message, now);
        }
        if (toPhone.length >= CODE_LIMITS.perPhone.max) {
          throw countRefusal(toPhone, CODE_LIMITS.perPhone.windowMs, CODE_LIMITS.perPhone.message, now);
        }
      },
    },
  );
  return { sent: true, state: await phoneState(user.id, now) };
}

/**
 * Confirms the waiting code, answering with the catalogue's codes: wrong, 400 SEC_INVALID_TOKEN with
 * the tries left; past ten minutes or none waiting, 400 SEC_INVALID_TOKEN saying it expired; five
 * wrong tries, 400 RATE_TOO_MANY_REQUESTS (ask for a new code). Right: the
 * number becomes this account's, verified, taken from any other account that had it verified.
 */
export async function confirmPhoneCode(userId: string, typed: string, now = new Date()): Promise<PhoneState> {
  const code = await checkCode(codesOf(userId), typed, now);
  await takePhone(userId, code, now);
  return phoneState(userId, now);
}

/**
 * Makes `phone` this account's verified number, taking it from whoever had it verified before the
 * code was sent. A code sent before someone else proved the number theirs is spent, not used: it
 * reached whoever held the phone then (or, in demo mode, the asker's inbox), not its owner now.
 */
async function takePhone(userId: string, code: { id: string; phone: string; createdAt: Date }, now: Date) {
  const { id: codeId, phone } = code;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const stale = await prisma.$transaction(async (tx) => {
        const verifiedSince = await tx.user.count({
          where: { phone, id: { not: userId }, phoneVerifiedAt: { gte: code.createdAt } },
        });
        if (verifiedSince > 0) {
          await dropCode(codeId, now, tx);
          return true;
        }
        if (!(await spendCode(codeId, now, tx))) throw codeGone("verify_phone");
        const others = await tx.user.findMany({
          where: { phone, phoneVerifiedAt: { not: null }, id: { not: userId } },
          select: { id: true },
        });
        if (others.length > 0) {
          const ids = others.map((other) => other.id);
          await tx.user.updateMany({
            where: { id: { in: ids } },
            data: { phone: null, phoneVerifiedAt: null, phoneTakenAt: now },
          });
          await tx.listing.updateMany({
            where: { sellerId: { in: ids }, showPhone: true },
            data: { showPhone: false },
          });
        }
        await tx.user.update({
          where: { id: userId },
          data: { phone, phoneVerifiedAt: now, phoneTakenAt: null },
        });
        return false;
      });
      if (stale) throw codeGone("verify_phone");
      return;
    } catch (error) {
      // Two accounts confirming one number at the same moment: the index lets one win; try again
      // once, which then takes it over as usual.
      const clash = isDatabaseRefusal(error, "P2002");
      if (!clash || attempt >= 1) throw error;
    }
  }
}

/** Removes the account's phone (and any code waiting); no listing shows a phone any more. */
export async function removePhone(userId: string, now = new Date()) {
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { phone: null, phoneVerifiedAt: null, phoneTakenAt: null } }),
    dropWaitingCodes(codesOf(userId), now),
    prisma.listing.updateMany({ where: { sellerId: userId, showPhone: true }, data: { showPhone: false } }),
  ]);
  return phoneState(userId, now);
}
