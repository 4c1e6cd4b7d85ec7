import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { Refusal } from "~/server/refusal";
import { validate } from "~/server/validation";
import { clearRateLimit, hitRateLimits } from "~/server/rate-limit.server";
import { AUTH_LIMITS } from "./constants";
export { AUTH_LIMITS };
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from "./schemas";
import { isKnownAddress, rememberAddress } from "./known-addresses.server";
import { registerUser, verifyLogin } from "./users.server";

// Sign-in and registration rules, shared by the JSON API (/api/login,
// /api/register) and the /auth page (through remix-auth's form strategies).

/**
 * Signs in; 401 for a wrong password or an unknown name (one answer for both),
 * 429 past a limit.
 *
 * Lockout: 10 wrong passwords in 15 minutes lock a username, so guessing one
 * account's password stays slow from any number of addresses. Left at that,
 * anyone could lock the owner out by typing wrong passwords for their name.
 * So attempts from an address the account has signed in from successfully
 * before (in the last 90 days, known-addresses.server.ts) are counted apart,
 * per username and address, with the same 10 in 15 minutes: the owner at
 * home, or on the carrier address they use, still gets in while someone
 * elsewhere has locked the name; a guesser who shares that address is held
 * to the same pace, and can lock out only that address. A success from a
 * known address leaves the shared count alone (it does not hand a guesser
 * elsewhere a fresh 10).
 */
export async function signIn(input: LoginInput, clientIp: string) {
  // The schema has normalised the name as it is stored (trimmed, NFC, lower-cased): one counter per account.
  const { username } = input;
  const known = await isKnownAddress(username, clientIp);
  const perUsername = known
    ? { limit: AUTH_LIMITS.loginPerUsernameAtKnownAddress, key: `${username}@${clientIp}` }
    : { limit: AUTH_LIMITS.loginPerUsername, key: username };
  await hitRateLimits([{ limit: AUTH_LIMITS.loginPerIp, key: clientIp }, perUsername]);
  const user = await verifyLogin(input);
  // One answer for an unknown name and a wrong password.
  if (!user) throw new Refusal(401, "AUTH_INVALID_CREDENTIALS", "auth.errors.invalidCredentials");
  await clearRateLimit(perUsername.limit, perUsername.key);
  await rememberAddress(username, clientIp);
  return user;
}

/** Counts a registration attempt, valid or not, against the address's limit (checked before validation, so junk counts too). */
export async function limitRegistration(clientIp: string) {
  await hitRateLimits([{ limit: AUTH_LIMITS.registerPerIp, key: clientIp }]);
}

export async function signUp(input: RegisterInput, language: string) {
  return registerUser(input, language);
}

type User = Awaited<ReturnType<typeof signIn>>;

/** The remix-auth strategies of the /auth page (the page counts registration attempts itself, before validating). */
export function createAuthenticator(clientIp: string, language: string) {
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form }) => signIn(validate(loginSchema, Object.fromEntries(form)), clientIp)),
    "login",
  );
  authenticator.use(
    new FormStrategy(async ({ form }) => signUp(validate(registerSchema, Object.fromEntries(form)), language)),
    "register",
  );
  return authenticator;
}
