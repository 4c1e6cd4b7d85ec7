import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { sessionSecrets } from "~/env.server";
import type { PhoneCodePurpose, Prisma } from "~/generated/prisma/client";
import { plainLettersFor } from "~/lib/gsm";
import { isLanguage } from "~/lib/i18n";
import { queueSms } from "~/modules/sms/sms.server";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { Refusal } from "~/server/refusal";
import { CODE_LENGTH, CODE_MINUTES, CODE_TRIES } from "./constants";

// Every code texted to a phone is issued, checked and spent here, whatever it is for: proving a
// number is the account's (Profile) or signing in to the account whose verified number it is
// (/auth/phone). A code is six digits, lives ten minutes and allows five tries; it is kept only as
// a keyed hash in its PhoneCode row; a new code replaces the one waiting; each guess takes a try in
// one statement before it is judged, so guesses sent at once cannot share one; the fifth wrong try
// spends the code and later guesses are refused unjudged. Who may ask, how often, and what a right
// code then does stay with the flow that asked (verification.server.ts, auth/phone-sign-in.server.ts).
// See docs/decisions/0004-one-mechanism-for-texted-codes.md.

/**
 * Whose code a guess is judged against: a verification code waits for the account that asked (its
 * newest counts, whatever number it went to); a sign-in code waits for the number (its newest
 * counts, whichever account it was made for).
 */
export type CodeHolder = { purpose: "verify_phone"; userId: string } | { purpose: "sign_in"; phone: string };

type Db = Prisma.TransactionClient | typeof prisma;

/** What each purpose's code answers, and the words of its text. */
const PURPOSES: Record<
  PhoneCodePurpose,
  {
    /** Bound into the hash, so a hash made for one purpose is worth nothing for the other. */
    hashLabel: string;
    smsText: string;
    /** No code waiting, past its time, or used. */
    gone: () => Refusal;
    /** A wrong code with tries left. */
    wrong: (left: number) => Refusal;
    /** The wrong code that took the last try. */
    lastWrong: () => Refusal;
    /** A guess after the last try, not even looked at. */
    exhausted: () => Refusal;
  }
> = {
  verify_phone: {
    // The label verification codes were always hashed with: codes waiting at an upgrade still work.
    hashLabel: "phone-code",
    smsText: "phoneCheck.smsText",
    gone: () =>
      new Refusal(400, "SEC_INVALID_TOKEN", "phoneCheck.errors.expired", { code: ["phoneCheck.errors.expired"] }),
    wrong: (left) =>
      new Refusal(
        400,
        "SEC_INVALID_TOKEN",
        "phoneCheck.errors.wrongTries",
        { code: ["phoneCheck.errors.wrong"] },
        undefined,
        { count: left },
      ),
    lastWrong: () => PURPOSES.verify_phone.exhausted(),
    exhausted: () =>
      new Refusal(400, "RATE_TOO_MANY_REQUESTS", "phoneCheck.errors.exhausted", {
        code: ["phoneCheck.errors.exhausted"],
      }),
  },
  sign_in: {
    hashLabel: "sign-in",
    smsText: "phoneSignIn.smsText",
    gone: () =>
      new Refusal(
        400,
        "SEC_INVALID_TOKEN",
        "phoneSignIn.errors.expired",
        { code: ["phoneSignIn.errors.expired"] },
        undefined,
        { count: 0 },
      ),
    wrong: (left) =>
      new Refusal(
        400,
        "SEC_INVALID_TOKEN",
        "phoneSignIn.errors.wrong",
        { code: ["phoneSignIn.errors.wrong"] },
        undefined,
        { count: left },
      ),
    // Signing in says the code is gone, as it is: nothing tells a guesser the count ran out.
    lastWrong: () => PURPOSES.sign_in.gone(),
    exhausted: () =>
      new Refusal(400, "RATE_TOO_MANY_REQUESTS", "phoneSignIn.errors.exhausted", {
        code: ["phoneSignIn.errors.exhausted"],
      }),
  },
};

/** The purpose's refusal for a code that is no longer there to use (for the flows' own checks after a right code). */
export const codeGone = (purpose: PhoneCodePurpose) => PURPOSES[purpose].gone();

const heldBy = (holder: CodeHolder): Prisma.PhoneCodeWhereInput =>
  holder.purpose === "verify_phone"
    ? { purpose: holder.purpose, userId: holder.userId }
    : { purpose: holder.purpose, phone: holder.phone };

const holderOf = (purpose: PhoneCodePurpose, to: { userId: string; phone: string }): CodeHolder =>
  purpose === "verify_phone" ? { purpose, userId: to.userId } : { purpose, phone: to.phone };

/** The keyed hash of a code, bound to its purpose, row and number so a hash is worth nothing elsewhere. */
function codeHash(purpose: PhoneCodePurpose, id: string, phone: string, code: string) {
  return createHmac("sha256", sessionSecrets()[0] ?? "")
    .update(`${PURPOSES[purpose].hashLabel}\n${id}\n${phone}\n${code}`)
    .digest("hex");
}

/** Compares two hashes in constant time. */
function sameHash(a: string, b: string) {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The code waiting for this holder: the newest one made, unless it was used. It may be past its time or its tries. */
export async function waitingCode(holder: CodeHolder, db: Db = prisma) {
  const code = await db.phoneCode.findFirst({
    where: heldBy(holder),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return code && !code.confirmedAt ? code : null;
}

/** The waiting code that can still be typed (in time, tries left): to which number, until when, how many tries. */
export async function pendingCode(holder: CodeHolder, now = new Date()) {
  const code = await waitingCode(holder);
  if (!code || code.expiresAt <= now || code.attempts >= CODE_TRIES) return null;
  return { phone: code.phone, expiresAt: code.expiresAt, triesLeft: CODE_TRIES - code.attempts };
}

/** When the codes of a purpose were sent in the window (for the limits counted from the rows themselves). */
export function codesSentSince(
  db: Db,
  purpose: PhoneCodePurpose,
  to: { phone: string } | { userId: string },
  since: Date,
) {
  return db.phoneCode.findMany({ where: { purpose, ...to, createdAt: { gt: since } }, select: { createdAt: true } });
}

/** Makes the holder's waiting code unusable (a new one replaces it, the number was removed or is already theirs). */
export function dropWaitingCodes(holder: CodeHolder, now: Date, db: Db = prisma) {
  return db.phoneCode.updateMany({
    where: { ...heldBy(holder), confirmedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
}

/**
 * Makes a code for `to` and texts it in their language. It replaces the code waiting for the same
 * holder. `before` runs first in the same transaction (a flow's limits, counted from the rows). The
 * code itself leaves only in the text.
 */
export async function issueCode(
  purpose: PhoneCodePurpose,
  to: { userId: string; phone: string; language: string },
  { now = new Date(), before }: { now?: Date; before?: (tx: Prisma.TransactionClient) => Promise<void> } = {},
): Promise<{ id: string }> {
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  const created = await prisma.$transaction(async (tx) => {
    await before?.(tx);
    await dropWaitingCodes(holderOf(purpose, to), now, tx);
    const row = await tx.phoneCode.create({
      data: {
        userId: to.userId,
        purpose,
        phone: to.phone,
        codeHash: "-",
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
      },
      select: { id: true },
    });
    await tx.phoneCode.update({ where: { id: row.id }, data: { codeHash: codeHash(purpose, row.id, to.phone, code) } });
    return row;
  });
  const t = await getFixedT(isLanguage(to.language) ? to.language : "en");
  try {
    await queueSms({
      to: to.phone,
      body: t(PURPOSES[purpose].smsText, { code, minutes: CODE_MINUTES }),
      kind: "phone_code",
      userId: to.userId,
      plainLetters: plainLettersFor(to.language),
    });
  } catch (error) {
    // The code was never sent: it must not count against anyone, nor wait to be typed.
    await prisma.phoneCode.delete({ where: { id: created.id } }).catch(() => undefined);
    throw error;
  }
  return { id: created.id };
}

/**
 * Judges a typed code against the holder's waiting one and answers with the purpose's refusals:
 * none waiting or past its time, `gone`; a wrong code, `wrong` with the tries left (the one that
 * takes the last try, `lastWrong`); a guess after the last try, `exhausted`, unjudged. A right code
 * is returned, not yet spent: the flow spends it (spendCode) with what it does, or drops it.
 */
export async function checkCode(holder: CodeHolder, typed: string, now = new Date()) {
  const answers = PURPOSES[holder.purpose];
  const code = await waitingCode(holder);
  if (!code || code.expiresAt <= now) throw answers.gone();
  // The try is taken before the code is judged, in one statement, so guesses sent at once each
  // take one of their own: past the fifth, none is even looked at.
  const [taken] = await prisma.$queryRaw<{ attempts: number }[]>`
    UPDATE "PhoneCode" SET attempts = attempts + 1
    WHERE id = ${code.id} AND attempts < ${CODE_TRIES} AND "confirmedAt" IS NULL AND "expiresAt" > ${now}
    RETURNING attempts`;
  if (!taken) {
    // Its tries ran out, or in the same instant it was used, replaced or ran out of time.
    const after = await prisma.phoneCode.findUnique({ where: { id: code.id } });
    const usedUp = after && !after.confirmedAt && after.expiresAt > now && after.attempts >= CODE_TRIES;
    throw usedUp ? answers.exhausted() : answers.gone();
  }
  if (!sameHash(codeHash(holder.purpose, code.id, code.phone, typed), code.codeHash)) {
    const left = CODE_TRIES - taken.attempts;
    throw left > 0 ? answers.wrong(left) : answers.lastWrong();
  }
  return { id: code.id, userId: code.userId, phone: code.phone, createdAt: code.createdAt };
}

/** Marks a right code used; false when another request used it first (two right codes at once act once). */
export async function spendCode(id: string, now: Date, db: Db = prisma) {
  const spent = await db.phoneCode.updateMany({ where: { id, confirmedAt: null }, data: { confirmedAt: now } });
  return spent.count === 1;
}

/** Ends a right code without using it (it may no longer do what it was sent for). */
export async function dropCode(id: string, now: Date, db: Db = prisma) {
  await db.phoneCode.updateMany({ where: { id, confirmedAt: null }, data: { expiresAt: now } });
}
