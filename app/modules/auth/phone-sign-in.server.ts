import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { getEnv, sessionSecrets } from "~/env.server";
import { plainLettersFor } from "~/lib/gsm";
import { isLanguage } from "~/lib/i18n";
import { normaliseNigerianPhone } from "~/lib/phone";
import { enqueue } from "~/jobs/enqueue.server";
import { CODE_LENGTH, CODE_MINUTES, CODE_TRIES } from "~/modules/phones/constants";
import { queueSms, smsProviderName } from "~/modules/sms/sms.server";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { hitRateLimits } from "~/server/rate-limit.server";
import { sharedRedisConnection } from "~/server/redis.server";
import { Refusal } from "~/server/refusal";

// Signing in with a code sent by SMS to the account's verified phone: how an account made on a
// basic phone (USSD) signs in on the web, where it may then choose a password; any account with
// a verified phone may use it. The code is six digits, for ten minutes, five tries; it lives in
// Redis as a keyed hash only. Asking says the same whether or not the number is an account's,
// so nobody learns whose number is whose; codes to one number are limited (3 an hour), and per
// network address (loosely: many phones share one).

export const SIGN_IN_CODE_LIMITS = {
  perPhone: {
    name: "sign-in-code-phone",
    max: 3,
    windowSeconds: 60 * 60,
    message: "phoneCheck.errors.tooManyForPhone",
  },
  perAddress: { name: "sign-in-code-ip", max: 30, windowSeconds: 60 * 60 },
  confirmPerAddress: { name: "sign-in-code-confirm-ip", max: 60, windowSeconds: 15 * 60 },
} as const;

const redis = () => sharedRedisConnection("app", "app", 55);
const key = (phone: string) => `${getEnv().QUEUE_PREFIX}:sign-in-code:${phone}`;
const hashOf = (phone: string, code: string) =>
  createHmac("sha256", sessionSecrets()[0] ?? "")
    .update(`sign-in\n${phone}\n${code}`)
    .digest("base64url");

interface Waiting {
  userId: string;
  hash: string;
  tries: number;
}

/** The number as typed, in E.164, or 400 with the phone form's message. */
export function signInPhone(typed: string): string {
  const phone = normaliseNigerianPhone(typed.slice(0, 40));
  if (!phone)
    throw new Refusal("VLD_REQUIRED_FIELD", "contact.errors.phoneInvalid", {
      fields: { phone: ["contact.errors.phoneInvalid"] },
    });
  return phone;
}

/**
 * Asks for a sign-in code to the number, sent when it is an account's verified phone (not
 * suspended), nothing otherwise; the answer is the same. 503 when no texts can be sent; 429 past a limit.
 */
export async function requestSignInCode(typed: string, clientIp: string): Promise<{ phone: string }> {
  const phone = signInPhone(typed);
  if (!smsProviderName()) throw new Refusal("SYS_CONFIGURATION_ERROR", "sms.unavailable");
  await hitRateLimits([
    { limit: SIGN_IN_CODE_LIMITS.perAddress, key: clientIp },
    { limit: SIGN_IN_CODE_LIMITS.perPhone, key: phone },
  ]);
  // Whose number it is, the code and the text are found out and made by the sms queue's worker:
  // the answer does the same work, so takes the same time, for an account's number and any other.
  // The job (it holds the number) is not kept once done.
  await enqueue("sms", { signInCode: { phone } }, { removeOnComplete: true, removeOnFail: true });
  return { phone };
}

/**
 * The sms worker's part of asking for a code: a code and its text when `phone` (E.164) is an
 * account's verified phone (not suspended); nothing otherwise.
 */
export async function sendSignInCode(phone: string): Promise<{ phone: string }> {
  const user = await prisma.user.findFirst({
    where: { phone, phoneVerifiedAt: { not: null }, suspendedAt: null },
    select: { id: true, language: true },
  });
  if (!user) return { phone };
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  const waiting: Waiting = { userId: user.id, hash: hashOf(phone, code), tries: 0 };
  await redis().set(key(phone), JSON.stringify(waiting), "EX", CODE_MINUTES * 60);
  const t = await getFixedT(isLanguage(user.language) ? user.language : "en");
  try {
    await queueSms({
      to: phone,
      body: t("phoneSignIn.smsText", { code, minutes: CODE_MINUTES }),
      kind: "phone_code",
      userId: user.id,
      plainLetters: plainLettersFor(user.language),
    });
  } catch (error) {
    await redis().del(key(phone));
    throw error;
  }
  return { phone };
}

const wrongCode = (left: number) =>
  new Refusal("SEC_INVALID_TOKEN", left > 0 ? "phoneSignIn.errors.wrong" : "phoneSignIn.errors.expired", {
    fields: { code: [left > 0 ? "phoneSignIn.errors.wrong" : "phoneSignIn.errors.expired"] },
    params: { count: left },
  });

/** Too many wrong tries: the code was spent by them, and this guess is not even looked at. */
const exhausted = () =>
  new Refusal("SEC_INVALID_TOKEN", "phoneSignIn.errors.exhausted", {
    fields: { code: ["phoneSignIn.errors.exhausted"] },
  });

// Takes one try of the waiting code and answers it with the tries taken so far, in one step
// inside Redis, so guesses sent at once each count (a read, then a write, let them share one).
// Past the last try the code stays, spent, until it expires: the guesses after it are refused.
const TAKE_TRY = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local waiting = cjson.decode(raw)
waiting.tries = (tonumber(waiting.tries) or 0) + 1
if waiting.tries <= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], cjson.encode(waiting), 'KEEPTTL')
end
return cjson.encode(waiting)`;

async function takeTry(phone: string): Promise<Waiting | null> {
  const taken = (await redis().eval(TAKE_TRY, 1, key(phone), CODE_TRIES)) as string | null;
  return taken ? (JSON.parse(taken) as Waiting) : null;
}

/**
 * The account a right code signs in to (the code is spent). Each guess takes a try before it is
 * judged; the fifth wrong one spends the code, and any guess after it is refused unjudged (400
 * SEC_INVALID_TOKEN). None waiting (never sent, past ten minutes, used): 400 saying it expired.
 */
export async function confirmSignInCode(typed: string, code: string, clientIp: string): Promise<string> {
  const phone = signInPhone(typed);
  await hitRateLimits([{ limit: SIGN_IN_CODE_LIMITS.confirmPerAddress, key: clientIp }]);
  const waiting = await takeTry(phone);
  if (!waiting) throw wrongCode(0);
  if (waiting.tries > CODE_TRIES) throw exhausted();
  const given = Buffer.from(hashOf(phone, code.trim()));
  const expected = Buffer.from(waiting.hash);
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    // Spent only by the one who took it: two right codes at once sign in once.
    if ((await redis().del(key(phone))) === 0) throw wrongCode(0);
    const user = await prisma.user.findUnique({
      where: { id: waiting.userId },
      select: { phone: true, suspendedAt: true },
    });
    if (!user || user.phone !== phone || user.suspendedAt) throw wrongCode(0);
    return waiting.userId;
  }
  throw wrongCode(CODE_TRIES - waiting.tries);
}
