import { randomBytes } from "node:crypto";
import { isLanguage, type LanguageCode } from "~/lib/i18n";
import { hashPassword, NO_PASSWORD, verifyPassword } from "~/modules/auth/password.server";
import { isDatabaseRefusal } from "~/server/db-errors";
import { prisma } from "~/server/db.server";
import { PIN_LOCK_MS, PIN_TRIES } from "./constants";

// Who is calling: the account whose verified phone is the caller's number (the network gives the
// number, so it is proven), and the language the number chose. A number that is no account's may
// check prices and buy; buying makes it an account with the first name given, selling one with a
// PIN too. Such an account has no password: it signs in on the web with a code sent to the phone.

export interface Caller {
  phone: string;
  userId: string | null;
  firstName: string | null;
  language: LanguageCode | null;
  hasPin: boolean;
  suspended: boolean;
}

export async function findCaller(phone: string): Promise<Caller> {
  const [user, remembered] = await Promise.all([
    prisma.user.findFirst({
      where: { phone, phoneVerifiedAt: { not: null } },
      select: { id: true, firstName: true, language: true, pinHash: true, suspendedAt: true },
    }),
    prisma.phoneCaller.findUnique({ where: { phone }, select: { language: true } }),
  ]);
  const chosen = remembered?.language ?? user?.language;
  return {
    phone,
    userId: user?.id ?? null,
    firstName: user?.firstName ?? null,
    language: isLanguage(chosen) ? chosen : null,
    hasPin: Boolean(user?.pinHash),
    suspended: Boolean(user?.suspendedAt),
  };
}

/** The number's language from now on, and its account's if it has one. */
export async function rememberLanguage(phone: string, language: LanguageCode, userId: string | null) {
  await prisma.phoneCaller.upsert({ where: { phone }, create: { phone, language }, update: { language } });
  if (userId) await prisma.user.update({ where: { id: userId }, data: { language } });
}

/** A username nobody chose: "farmer" and eight letters and digits. */
const phoneUsername = () =>
  `farmer${randomBytes(6)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "0")}`;

/**
 * An account for a number that is none's yet: the first name given, the number verified (the
 * network gave it), no password (the marker below is no scrypt hash, so no password signs in), a
 * PIN when one was chosen. When the number became some account's verified phone meanwhile (two
 * calls at once), that account is answered instead.
 */
export async function createPhoneAccount(input: {
  phone: string;
  firstName: string;
  language: LanguageCode;
  pin?: string;
}): Promise<string> {
  const pinHash = input.pin ? await hashPassword(input.pin) : null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const user = await prisma.user.create({
        data: {
          username: phoneUsername(),
          passwordHash: NO_PASSWORD,
          firstName: input.firstName,
          lastName: "",
          language: input.language,
          phone: input.phone,
          phoneVerifiedAt: new Date(),
          pinHash,
        },
        select: { id: true },
      });
      return user.id;
    } catch (error) {
      if (!isDatabaseRefusal(error, "P2002")) throw error;
      const existing = await findCaller(input.phone);
      if (existing.userId) {
        if (pinHash && !existing.hasPin)
          await prisma.user.update({ where: { id: existing.userId }, data: { pinHash } });
        return existing.userId;
      }
      // The username was taken (one in billions): another.
      if (attempt >= 3) throw error;
    }
  }
}

export async function setPin(userId: string, pin: string) {
  await prisma.user.update({
    where: { id: userId },
    data: { pinHash: await hashPassword(pin), pinFailures: 0, pinLockedUntil: null },
  });
}

export type PinCheck = { ok: true } | { ok: false; left: number } | { ok: false; lockedUntil: Date };

/** The time until which PIN actions are locked, if they are. */
export async function pinLock(userId: string, now = new Date()): Promise<Date | null> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { pinLockedUntil: true } });
  return user?.pinLockedUntil && user.pinLockedUntil > now ? user.pinLockedUntil : null;
}

/**
 * Checks a PIN: right, the failures are forgotten; wrong, counted, and the fifth locks PIN actions
 * for an hour. The try is taken before the PIN is judged, in one statement, so PINs sent at once
 * (from several sessions) each take one of their own: past the fifth, none is even looked at.
 */
export async function checkPin(userId: string, pin: string, now = new Date()): Promise<PinCheck> {
  const lockUntil = new Date(now.getTime() + PIN_LOCK_MS);
  const [taken] = await prisma.$queryRaw<{ failures: number; pinHash: string | null }[]>`
    UPDATE "User" SET "pinFailures" = "pinFailures" + 1
    WHERE id = ${userId} AND "pinFailures" < ${PIN_TRIES}
      AND ("pinLockedUntil" IS NULL OR "pinLockedUntil" <= ${now})
    RETURNING "pinFailures" AS failures, "pinHash"`;
  // Locked, or the last tries are being judged right now (the lock follows in a moment).
  if (!taken) return { ok: false, lockedUntil: (await pinLock(userId, now)) ?? lockUntil };
  if (taken.pinHash && (await verifyPassword(pin, taken.pinHash))) {
    await prisma.user.update({ where: { id: userId }, data: { pinFailures: 0, pinLockedUntil: null } });
    return { ok: true };
  }
  if (taken.failures >= PIN_TRIES) {
    await prisma.user.update({ where: { id: userId }, data: { pinFailures: 0, pinLockedUntil: lockUntil } });
    return { ok: false, lockedUntil: lockUntil };
  }
  return { ok: false, left: PIN_TRIES - taken.failures };
}
