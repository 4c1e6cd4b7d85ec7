import { redirect } from "@remix-run/node";
import { isDemoMode } from "~/env.server";
import type { FeatureAccess, PremiumFeature } from "~/modules/premium/access";
import { requireFeatureAccess } from "~/modules/premium/premium.server";
import { hitRateLimits, type Limit } from "~/server/rate-limit.server";
import { Refusal } from "~/server/refusal";
import { getSessionUser, type SessionUser } from "./session.server";
import { assertAdministrator } from "./roles";
import { checkCallback } from "~/modules/sms/callback.server";
import { demoCallersFor, requireDemo } from "~/modules/sms/demo.server";

// Who may enter. The first line of every protected loader, action and /api
// handler is one of these gates, so a reader sees at a glance who gets in
// (app/routes/route-gates.test.ts fails on a route that has neither a gate
// nor a `// Public:` comment saying why it is open). Pages and the API share
// them: under /api a refusal is the catalogue's JSON (401, 403, 429); a page's
// visitor is sent to sign in and comes back afterwards.

/** How often a signed-in user (or their address) may pass this gate; counted after sign-in, before access. */
export type GateLimits = (user: SessionUser) => { limit: Limit; key: string }[];

export interface GateOptions {
  limits?: GateLimits;
}

/** What passing a premium gate proves: a module whose work is paid for asks for it instead of checking again. */
export interface FeatureGrant<F extends PremiumFeature = PremiumFeature> {
  user: SessionUser;
  feature: F;
  access: FeatureAccess;
  /** When access was granted: work begun in a trial is not refused because the trial ran out meanwhile. */
  grantedAt: Date;
}

const isApiRequest = (request: Request) => new URL(request.url).pathname.startsWith("/api/");

/** A signed-in user: otherwise 401 AUTH_SESSION_EXPIRED under /api, and a redirect to /auth that comes back for a page. */
export async function requireUser(request: Request, options: GateOptions = {}): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    if (isApiRequest(request)) throw new Refusal(401, "AUTH_SESSION_EXPIRED", "errors.unauthorized");
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(back === "/" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(back)}`);
  }
  if (options.limits) await hitRateLimits(options.limits(user));
  return user;
}

/** An administrator: signed in as above, then 403 AUTHZ_INSUFFICIENT_PERMISSIONS for anyone else. */
export async function requireAdmin(request: Request, options: GateOptions = {}): Promise<SessionUser> {
  const user = await requireUser(request, options);
  assertAdministrator(user);
  return user;
}

/**
 * A user with access to a premium feature (a subscription, the trial, or the
 * trial's working session of that feature): signed in, within the limits, then
 * 403 AUTHZ_SUBSCRIPTION_REQUIRED or _EXPIRED, before any body is read.
 */
export async function requireFeature<F extends PremiumFeature>(
  request: Request,
  feature: F,
  options: GateOptions = {},
): Promise<FeatureGrant<F>> {
  const user = await requireUser(request, options);
  const grantedAt = new Date();
  const access = await requireFeatureAccess(user.id, feature, grantedAt);
  return { user, feature, access, grantedAt };
}

/** A gate's limits: one counter for the user. */
export const perUser =
  (limit: Limit): GateLimits =>
  (user) => [{ limit, key: user.id }];

/** A gate's limits: one counter for the user and a looser one for their network address (phones share them). */
export const perUserAndAddress =
  (limits: { perUser: Limit; perAddress: Limit }, address: string): GateLimits =>
  (user) => [
    { limit: limits.perUser, key: user.id },
    { limit: limits.perAddress, key: address },
  ];

/**
 * The SMS and USSD provider calling back (no session: the secret in the callback's address and,
 * when configured, the provider's addresses): otherwise 403 AUTHZ_INSUFFICIENT_PERMISSIONS, before
 * any body is read (app/modules/sms/callback.server.ts).
 */
export async function requireProviderCallback(request: Request, clientIp: string): Promise<void> {
  checkCallback(request, clientIp);
}

/**
 * The demo's basic phone (demo mode only; the not-found page outside it): whoever is there, signed
 * in or not, and the numbers they may call as and read the texts of: the demo accounts', and a
 * signed-in person's own verified number. Any other number is refused by the caller of this gate.
 * Under /api outside demo mode, 404 in the catalogue's JSON, as for an address nobody answers.
 */
export async function requireDemoPhone(request: Request) {
  if (isApiRequest(request) && !isDemoMode()) throw new Refusal(404, "VLD_REQUIRED_FIELD", "apiErrors.noSuchAddress");
  requireDemo();
  const user = await getSessionUser(request);
  const callers = await demoCallersFor(user?.id ?? null);
  return { user, callers, mayUse: (phone: string) => callers.some((caller) => caller.phone === phone) };
}
