import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { getEnv, isDemoMode, sessionSecrets, type Env } from "~/env.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { addressList, isListed } from "~/lib/ip-ranges.server";

// Who may call the USSD and incoming SMS callbacks: the provider, proven by the secret in the
// callback's address (USSD_CALLBACK_TOKEN, as ?token=) and, when AT_ALLOWED_IPS is set, by the
// address it calls from. Anything else is 403 and nothing is read or done. Without a token
// configured nothing is accepted, except in demo mode, where a token made from the session secret
// stands in so the phone simulator (/ussd) can call as the provider would.

/** The token callbacks must carry, or null when none may be accepted. */
export function callbackToken(env: Env = getEnv()): string | null {
  if (env.USSD_CALLBACK_TOKEN) return env.USSD_CALLBACK_TOKEN;
  if (!isDemoMode(env)) return null;
  const secret = sessionSecrets(env)[0] ?? "";
  return createHmac("sha256", secret).update("asiiko-ussd-callback").digest("base64url").slice(0, 32);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares in constant time whatever the lengths. */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

let allowed: { key: string; list: ReturnType<typeof addressList> } | null = null;
function allowedList(entries: readonly string[]) {
  const key = entries.join(",");
  if (!allowed || allowed.key !== key) allowed = { key, list: addressList(entries) };
  return allowed.list;
}

/** 403 AUTHZ_INSUFFICIENT_PERMISSIONS unless the call carries the token and comes from an allowed address. */
export function checkCallback(request: Request, clientIp: string, env: Env = getEnv()) {
  const expected = callbackToken(env);
  const given = new URL(request.url).searchParams.get("token") ?? "";
  const refuse = (why: string) => {
    logger.warn({ path: new URL(request.url).pathname, clientIp, why }, "a provider callback was refused");
    return new Refusal(403, "AUTHZ_INSUFFICIENT_PERMISSIONS", "ussd.forbidden");
  };
  if (!expected) throw refuse("USSD_CALLBACK_TOKEN is not set");
  if (!sameSecret(given, expected)) throw refuse("wrong or missing token");
  if (env.AT_ALLOWED_IPS.length > 0 && !isListed(allowedList(env.AT_ALLOWED_IPS), clientIp))
    throw refuse("address not in AT_ALLOWED_IPS");
}
