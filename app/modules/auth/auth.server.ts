import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getEnv } from "~/env.server";
import { Refusal } from "~/server/refusal";
import { validate } from "~/server/validation";
import { clearRateLimit, hitRateLimits } from "~/server/rate-limit.server";
import { AUTH_LIMITS } from "./constants";
export { AUTH_LIMITS };
import {
  deviceCookieHeader,
  deviceKey,
  isKnownDevice,
  newDeviceId,
  readDeviceId,
  rememberDevice,
} from "./devices.server";
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from "./schemas";
import { createUserSession } from "./session.server";
import { giveBackSignInTurn, takeSignInTurn } from "./sign-in-pace.server";
import { registerUser, verifyLogin } from "./users.server";

// Sign-in and registration rules, shared by the JSON API (/api/login,
// /api/register) and the /auth page (through remix-auth's form strategies).

/** Where an attempt comes from: the client's address, and the browser's device id (its device cookie), if any. */
export interface SignInOrigin {
  clientIp: string;
  deviceId: string | null;
}

/**
 * Signs in; 401 for a wrong password or an unknown name (one answer for both),
 * 429 with the real wait past a limit.
 *
 * Guessing stays slow without letting a stranger lock the owner out:
 * - every address: 100 attempts in 15 minutes (carriers put many phones behind one);
 * - a browser that has signed in to this account before (its device cookie,
 *   devices.server.ts): its own 10 in 15 minutes, which lock only that browser;
 *   the owner's phone is never held back by anyone else's guesses;
 * - every other browser, wherever it is, shares the account's pace
 *   (sign-in-pace.ts): 5 wrong passwords free, then a wait of 1 s doubling to
 *   40 s between attempts, about 90 guesses an hour at most however many
 *   addresses guess, and seconds for the owner on a new phone.
 * The right password is not counted against either.
 */
export async function signIn(input: LoginInput, { clientIp, deviceId }: SignInOrigin) {
  // The schema has normalised the name as it is stored (trimmed, NFC, lower-cased): one count per account.
  const { username } = input;
  await hitRateLimits([{ limit: AUTH_LIMITS.loginPerIp, key: clientIp }]);
  const known = deviceId !== null && (await isKnownDevice(username, deviceId));
  const perDevice = known
    ? { limit: AUTH_LIMITS.loginPerKnownDevice, key: `${username}:${deviceKey(deviceId)}` }
    : null;
  if (perDevice) await hitRateLimits([perDevice]);
  else await takeSignInTurn(username);
  const user = await verifyLogin(input);
  // One answer for an unknown name and a wrong password.
  if (!user) throw new Refusal("AUTH_INVALID_CREDENTIALS", "auth.errors.invalidCredentials");
  if (perDevice) await clearRateLimit(perDevice.limit, perDevice.key);
  else await giveBackSignInTurn(username);
  // Suspended by a moderator: said only to someone who knows the password, with whom to write to.
  if (user.suspendedAt)
    throw new Refusal("AUTH_ACCOUNT_LOCKED", "moderation.suspendedSignIn", {
      params: { email: getEnv().SUPPORT_EMAIL },
    });
  return user;
}

/**
 * Signs the user in on this browser (after signing in or registering): the account remembers
 * the browser, which gets a device cookie if it has none, and a new session starts on it.
 * Answers the Set-Cookie headers, the session's first.
 */
export async function startSignedInSession(request: Request, userId: string): Promise<Headers> {
  const deviceId = (await readDeviceId(request)) ?? newDeviceId();
  const device = await rememberDevice(userId, deviceId);
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(request, userId, device));
  headers.append("Set-Cookie", await deviceCookieHeader(request, deviceId));
  return headers;
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
export function createAuthenticator(origin: SignInOrigin, language: string) {
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form }) => signIn(validate(loginSchema, Object.fromEntries(form)), origin)),
    "login",
  );
  authenticator.use(
    new FormStrategy(async ({ form }) => signUp(validate(registerSchema, Object.fromEntries(form)), language)),
    "register",
  );
  return authenticator;
}
