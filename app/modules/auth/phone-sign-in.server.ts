import { normaliseNigerianPhone } from "~/lib/phone";
import { enqueue } from "~/jobs/enqueue.server";
import { checkCode, codeGone, issueCode, spendCode } from "~/modules/phones/codes.server";
import { smsProviderName } from "~/modules/sms/sms.server";
import { prisma } from "~/server/db.server";
import { hitRateLimits } from "~/server/rate-limit.server";
import { Refusal } from "~/server/refusal";

// Signing in with a code sent by SMS to the account's verified phone: how an account made on a
// basic phone (USSD) signs in on the web, where it may then choose a password; any account with
// a verified phone may use it. The code is six digits, for ten minutes, five tries, kept as a keyed
// hash only (codes.server.ts, purpose sign_in). Asking says the same whether or not the number is an account's,
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

/** The number as typed, in E.164, or 400 with the phone form's message. */
export function signInPhone(typed: string): string {
  const phone = normaliseNigerianPhone(typed.slice(0, 40));
  if (!phone)
    throw new Refusal(400, "VLD_REQUIRED_FIELD", "contact.errors.phoneInvalid", {
      phone: ["contact.errors.phoneInvalid"],
    });
  return phone;
}

/**
 * Asks for a sign-in code to the number, sent when it is an account's verified phone (not
 * suspended), nothing otherwise; the answer is the same. 503 when no texts can be sent; 429 past a limit.
 */
export async function requestSignInCode(typed: string, clientIp: string): Promise<{ phone: string }> {
  const phone = signInPhone(typed);
  if (!smsProviderName()) throw new Refusal(503, "SYS_CONFIGURATION_ERROR", "sms.unavailable");
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
  // It replaces any sign-in code still waiting for the number.
  await issueCode("sign_in", { userId: user.id, phone, language: user.language });
  return { phone };
}

/**
 * The account a right code signs in to (the code is spent). Each guess takes a try before it is
 * judged; the fifth wrong one spends the code, and any guess after it is refused unjudged (400
 * RATE_TOO_MANY_REQUESTS). None waiting (never sent, past ten minutes, used): 400 saying it expired.
 */
export async function confirmSignInCode(typed: string, code: string, clientIp: string): Promise<string> {
  const phone = signInPhone(typed);
  await hitRateLimits([{ limit: SIGN_IN_CODE_LIMITS.confirmPerAddress, key: clientIp }]);
  const now = new Date();
  const right = await checkCode({ purpose: "sign_in", phone }, code.trim(), now);
  // Spent only by the one who took it: two right codes at once sign in once.
  if (!(await spendCode(right.id, now))) throw codeGone("sign_in");
  // The number may have left the account, or the account been suspended, since the code was sent.
  const user = await prisma.user.findUnique({
    where: { id: right.userId },
    select: { phone: true, suspendedAt: true },
  });
  if (!user || user.phone !== phone || user.suspendedAt) throw codeGone("sign_in");
  return right.userId;
}
