import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { Refusal } from "~/server/refusal";
import { validate } from "~/server/validation";
import { clearRateLimit, hitRateLimits, type Limit } from "~/server/rate-limit.server";
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from "./schemas";
import { registerUser, verifyLogin } from "./users.server";

// Sign-in and registration rules, shared by the JSON API (/api/login,
// /api/register) and the /auth page (through remix-auth's form strategies).

// Limits per address are generous because many Nigerian mobile users share one
// carrier address; the limit per username stops password guessing against one account.
export const AUTH_LIMITS = {
  loginPerIp: { name: "login-ip", max: 100, windowSeconds: 15 * 60 },
  loginPerUsername: { name: "login-user", max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { name: "register-ip", max: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

export async function signIn(input: LoginInput, clientIp: string) {
  await hitRateLimits([
    { limit: AUTH_LIMITS.loginPerIp, key: clientIp },
    { limit: AUTH_LIMITS.loginPerUsername, key: input.username.trim() },
  ]);
  const user = await verifyLogin(input);
  // One answer for an unknown name and a wrong password.
  if (!user) throw new Refusal(401, "AUTH_INVALID_CREDENTIALS", "auth.errors.invalidCredentials");
  await clearRateLimit(AUTH_LIMITS.loginPerUsername, input.username.trim());
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
