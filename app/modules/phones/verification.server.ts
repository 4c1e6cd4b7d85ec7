import { plainLettersFor } from "~/lib/gsm";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { sessionSecrets } from "~/env.server";
import type { LanguageCode } from "~/lib/i18n";
import { queueSms, smsProviderName } from "~/modules/sms/sms.server";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { hitRateLimits, waitRefusal } from "~/server/rate-limit.server";
import { Refusal } from "~/server/refusal";
import { CODE_LIMITS, CODE_MINUTES, CODE_TRIES } from "./constants";
import { isDatabaseRefusal } from "~/server/db-errors";

// A phone number becomes an account's only once a code texted to it is typed back. The code is
// six digits, lives ten minutes, allows five tries, and is kept only as a keyed hash. Texts cost
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

/** The keyed hash of a code, bound to its row and number so a hash is worth nothing elsewhere. */
function codeHash(id: string, phone: string, code: string) {
  return createHmac("sha256", sessionSecrets()[0]!).update(`phone-code\n${id}\n${phone}\n${code}`).digest("hex");
}

function sameHash(a: string, b: string) {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The code waiting to be typed for this account: the newest one sent, if not confirmed. */
async function latestCode(userId: string) {
  const code = await prisma.phoneCode.findFirst({
    where: { userId },
    orderBy: { createdAt: "desc" },
  });
  return code && !code.confirmedAt ? code : null;
}

export async function phoneState(userId: string, now = new Date()): Promise<PhoneState> {
  const [user, code] = await Promise.all([
    prisma.user.findUnique({
      where: { id: userId },
      select: { phone: true, phoneVerifiedAt: true, phoneTakenAt: true },
    }),
    latestCode(userId),
  ]);
  const waiting = code && code.expiresAt > now && code.attempts < CODE_TRIES ? code : null;
  return {
    phone: user?.phone ?? null,
    verified: Boolean(user?.phone && user.phoneVerifiedAt),
    pending: waiting
      ? { phone: waiting.phone, expiresAt: waiting.expiresAt.toISOString(), triesLeft: CODE_TRIES - waiting.attempts }
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
    ? new Refusal("RATE_DAILY_LIMIT_REACHED", message, { headers: refusal.headers })
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
  if (!canVerifyPhones()) throw new Refusal("SYS_CONFIGURATION_ERROR", "sms.unavailable");
  const current = await prisma.user.findUnique({
    where: { id: user.id },
    select: { phone: true, phoneVerifiedAt: true },
  });
  if (current?.phone === phone && current.phoneVerifiedAt) {
    // Nothing to confirm, and no text spent; any code waiting for another number is dropped.
    await prisma.phoneCode.updateMany({
      where: { userId: user.id, confirmedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    return { sent: false, state: await phoneState(user.id, now) };
  }
  await hitRateLimits([{ limit: CODE_LIMITS.perAddress, key: clientIp }]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const created = await prisma.$transaction(async (tx) => {
    // One account's requests one at a time, so two quick taps cannot both pass the count.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${user.id} FOR UPDATE`;
    const hourAgo = new Date(now.getTime() - CODE_LIMITS.perPhone.windowMs);
    const dayAgo = new Date(now.getTime() - CODE_LIMITS.perAccount.windowMs);
    const [toPhone, forAccount] = await Promise.all([
      tx.phoneCode.findMany({ where: { phone, createdAt: { gt: hourAgo } }, select: { createdAt: true } }),
      tx.phoneCode.findMany({ where: { userId: user.id, createdAt: { gt: dayAgo } }, select: { createdAt: true } }),
    ]);
    if (forAccount.length >= CODE_LIMITS.perAccount.max) {
      throw countRefusal(forAccount, CODE_LIMITS.perAccount.windowMs, CODE_LIMITS.perAccount.message, now);
    }
    if (toPhone.length >= CODE_LIMITS.perPhone.max) {
      throw countRefusal(toPhone, CODE_LIMITS.perPhone.windowMs, CODE_LIMITS.perPhone.message, now);
    }
    // A new code replaces any still waiting.
    await tx.phoneCode.updateMany({
      where: { userId: user.id, confirmedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    const row = await tx.phoneCode.create({
      data: { userId: user.id, phone, codeHash: "-", expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000) },
      select: { id: true },
    });
    await tx.phoneCode.update({ where: { id: row.id }, data: { codeHash: codeHash(row.id, phone, code) } });
    return row;
  });
  const t = await getFixedT(user.language as LanguageCode);
  try {
    await queueSms({
      to: phone,
      body: t("phoneCheck.smsText", { code, minutes: CODE_MINUTES }),
      kind: "phone_code",
      userId: user.id,
      plainLetters: plainLettersFor(user.language),
    });
  } catch (error) {
    // The code was never sent: it must not count against the user, nor wait to be typed.
    await prisma.phoneCode.delete({ where: { id: created.id } }).catch(() => undefined);
    throw error;
  }
  return { sent: true, state: await phoneState(user.id, now) };
}

/**
 * Confirms the waiting code, answering with the catalogue's codes: wrong, 400 SEC_INVALID_TOKEN with
 * the tries left; past ten minutes or none waiting, 400 SEC_INVALID_TOKEN saying it expired; five
 * wrong tries, 400 SEC_INVALID_TOKEN (ask for a new code). Right: the
 * number becomes this account's, verified, taken from any other account that had it verified.
 */
export async function confirmPhoneCode(userId: string, typed: string, now = new Date()): Promise<PhoneState> {
  const code = await latestCode(userId);
  if (!code || code.expiresAt <= now) {
    throw new Refusal("SEC_INVALID_TOKEN", "phoneCheck.errors.expired", {
      fields: { code: ["phoneCheck.errors.expired"] },
    });
  }
  // The try is taken before the code is judged, in one statement, so guesses sent at once each
  // take one of their own: past the fifth, none is even looked at.
  const [taken] = await prisma.$queryRaw<{ attempts: number }[]>`
    UPDATE "PhoneCode" SET attempts = attempts + 1
    WHERE id = ${code.id} AND attempts < ${CODE_TRIES} AND "confirmedAt" IS NULL AND "expiresAt" > ${now}
    RETURNING attempts`;
  if (!taken) {
    throw new Refusal("SEC_INVALID_TOKEN", "phoneCheck.errors.exhausted", {
      fields: { code: ["phoneCheck.errors.exhausted"] },
    });
  }
  if (!sameHash(codeHash(code.id, code.phone, typed), code.codeHash)) {
    const left = CODE_TRIES - taken.attempts;
    if (left <= 0) {
      throw new Refusal("SEC_INVALID_TOKEN", "phoneCheck.errors.exhausted", {
        fields: { code: ["phoneCheck.errors.exhausted"] },
      });
    }
    throw new Refusal("SEC_INVALID_TOKEN", "phoneCheck.errors.wrongTries", {
      fields: { code: ["phoneCheck.errors.wrong"] },
      params: { count: left },
    });
  }
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
          await tx.phoneCode.updateMany({ where: { id: codeId, confirmedAt: null }, data: { expiresAt: now } });
          return true;
        }
        const confirmed = await tx.phoneCode.updateMany({
          where: { id: codeId, confirmedAt: null },
          data: { confirmedAt: now },
        });
        if (confirmed.count === 0) {
          throw new Refusal("SEC_INVALID_TOKEN", "phoneCheck.errors.expired", {
            fields: { code: ["phoneCheck.errors.expired"] },
          });
        }
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
      if (stale)
        throw new Refusal("SEC_INVALID_TOKEN", "phoneCheck.errors.expired", {
          fields: { code: ["phoneCheck.errors.expired"] },
        });
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
    prisma.phoneCode.updateMany({
      where: { userId, confirmedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    }),
    prisma.listing.updateMany({ where: { sellerId: userId, showPhone: true }, data: { showPhone: false } }),
  ]);
  return phoneState(userId, now);
}
