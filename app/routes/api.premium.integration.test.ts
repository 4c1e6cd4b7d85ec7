import Stripe from "stripe";
import { publicOrigin } from "~/env.server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { PREMIUM_FEATURES, SESSION_FEATURES, type PremiumFeature } from "~/modules/premium/access";
import { signSandboxSession } from "~/modules/payments/sandbox-provider.server";
import { startWorkers } from "../../workers/index";
import {
  apiClient,
  removeCreatedData,
  removePaymentEvents,
  signedInUser,
  subscribe,
} from "../../tests/support/api-client";
import { formerSandboxSecret } from "../../tests/support/fake-stripe";
import { bootWebServer } from "../../tests/support/web";

// Premium access over HTTP in demo mode without a Stripe account (the built-in sandbox):
// the trial (1 day or the first premium use), feature checks and uses, the
// race of two first uses, subscriptions, and the sandbox checkout whose 'Pay'
// sends a signed checkout.session.completed event that the real
// payment-webhooks worker (running in this process) applies.

// Configuration is read once, on the first import that asks for it: demo mode
// and no Stripe key (the sandbox checkout), no public URL (checkout links use
// this machine's address).
vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
  for (const name of [
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_API_BASE",
    "PUBLIC_URL",
    "TRIAL_LENGTH_HOURS",
    "PREMIUM_PRICE_NGN",
  ]) {
    delete process.env[name];
  }
});

let web: Awaited<ReturnType<typeof bootWebServer>>;
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
const call = apiClient(() => web.baseUrl);

type Signed = Awaited<ReturnType<typeof signedInUser>>;
const madeUserIds: string[] = [];

async function newUser(prefix = "premium") {
  const signed = await signedInUser("USER", prefix);
  madeUserIds.push(signed.user.id);
  return signed;
}

const HOUR = 3600_000;

beforeAll(async () => {
  workers = await startWorkers({ queues: ["payment-webhooks"] });
  web = await bootWebServer();
});

afterAll(async () => {
  // The sandbox's events carry the paying user's id; nothing else links them to this file.
  const events = await prisma.paymentEvent.findMany({
    where: {
      OR: madeUserIds.map((userId) => ({
        payload: { path: ["data", "object", "metadata", "userId"], equals: userId },
      })),
    },
    select: { id: true },
  });
  await removePaymentEvents(events.map((event) => event.id));
  await removeCreatedData();
  await web?.stop();
  await workers?.close();
});

const check = (feature: string, cookie?: string) => call("GET", `/api/premium/${feature}/check`, undefined, { cookie });
const use = (feature: string, cookie?: string) => call("POST", `/api/premium/${feature}/use`, undefined, { cookie });

const accessOf = (body: {
  canAccess: unknown;
  isTrialExpired: unknown;
  hasActiveSubscription: unknown;
  hasUsedPremiumFeatures: unknown;
}) => ({
  canAccess: body.canAccess,
  isTrialExpired: body.isTrialExpired,
  hasActiveSubscription: body.hasActiveSubscription,
  hasUsedPremiumFeatures: body.hasUsedPremiumFeatures,
});

describe("signed out", () => {
  it.each([
    ["GET", "/api/premium/asiiko_ai/check"],
    ["POST", "/api/premium/farm_mapping/use"],
    ["POST", "/api/subscription/checkout"],
    ["POST", "/api/subscription/cancel"],
    ["GET", "/api/subscription"],
  ])("%s %s answers 401 AUTH_SESSION_EXPIRED", async (method, path) => {
    const response = await call(method, path);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
  });
});

describe("GET /api/premium/{feature}/check and POST /api/premium/{feature}/use", () => {
  describe.each(PREMIUM_FEATURES)("%s", (feature) => {
    it("a new account is in trial; its one use ends the trial for every feature (farm mapping stays open for the trial day)", async () => {
      const { user, cookie } = await newUser();
      // Farm mapping is a working session: the trial spent on it keeps it (and only it) open.
      const session = SESSION_FEATURES.includes(feature);

      const fresh = await check(feature, cookie);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get("cache-control")).toContain("no-store");
      expect(accessOf(fresh.body)).toEqual({
        canAccess: true,
        isTrialExpired: false,
        hasActiveSubscription: false,
        hasUsedPremiumFeatures: false,
      });
      expect(fresh.body.data).toEqual(accessOf(fresh.body));

      const first = await use(feature, cookie);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        success: true,
        data: { canAccess: session, isTrialExpired: false, hasActiveSubscription: false, hasUsedPremiumFeatures: true },
      });

      const after = await check(feature, cookie);
      expect(accessOf(after.body)).toEqual({
        canAccess: session,
        isTrialExpired: false,
        hasActiveSubscription: false,
        hasUsedPremiumFeatures: true,
      });

      const second = await use(feature, cookie);
      if (session) expect(second.status).toBe(200);
      else {
        expect(second.status).toBe(403);
        expect(second.body).toMatchObject({ success: false, error: { code: "AUTHZ_SUBSCRIPTION_REQUIRED" } });
      }

      // The trial is one use of any premium feature, not one per feature.
      for (const other of PREMIUM_FEATURES.filter((name) => name !== feature)) {
        expect((await check(other, cookie)).body.canAccess).toBe(false);
        const refused = await use(other, cookie);
        expect(refused.status).toBe(403);
        expect(refused.body.error.code).toBe("AUTHZ_SUBSCRIPTION_REQUIRED");
      }

      const uses = await prisma.premiumFeatureUse.findMany({
        where: { userId: user.id },
        orderBy: { createdAt: "asc" },
      });
      const expected = session
        ? [
            { feature, duringTrial: true },
            { feature, duringTrial: true },
          ]
        : [{ feature, duringTrial: true }];
      expect(uses.map(({ feature: used, duringTrial }) => ({ feature: used, duringTrial }))).toEqual(expected);
      const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(stored.firstPremiumUseAt).toBeInstanceOf(Date);
      expect(Math.abs(stored.firstPremiumUseAt!.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it("an account created 25 hours ago has an expired trial and is refused", async () => {
      const { user, cookie } = await newUser("premium_old");
      await prisma.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.now() - 25 * HOUR) } });

      const response = await check(feature, cookie);
      expect(response.status).toBe(200);
      expect(accessOf(response.body)).toEqual({
        canAccess: false,
        isTrialExpired: true,
        hasActiveSubscription: false,
        hasUsedPremiumFeatures: false,
      });

      const refused = await use(feature, cookie);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, error: { code: "AUTHZ_SUBSCRIPTION_REQUIRED" } });
      expect(await prisma.premiumFeatureUse.count({ where: { userId: user.id } })).toBe(0);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).firstPremiumUseAt).toBeNull();
    });
  });

  it("an account created 23 hours ago is still in trial", async () => {
    const { user, cookie } = await newUser("premium_23h");
    await prisma.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.now() - 23 * HOUR) } });
    expect(accessOf((await check("asiiko_ai", cookie)).body)).toEqual({
      canAccess: true,
      isTrialExpired: false,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: false,
    });
    expect((await use("asiiko_ai", cookie)).status).toBe(200);
  });

  it("an unknown feature is 404 DB_RECORD_NOT_FOUND, for check and use, and records nothing", async () => {
    const { user, cookie } = await newUser();
    for (const response of [
      await check("crystal_ball", cookie),
      await use("crystal_ball", cookie),
      await use("ASIIKO_AI", cookie),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.success).toBe(false);
      expect(response.body.error.code).toBe("DB_RECORD_NOT_FOUND");
      expect(response.body.error.message).toBe("Unknown premium feature");
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).firstPremiumUseAt).toBeNull();
    expect((await check("asiiko_ai", cookie)).body.canAccess).toBe(true);
  });

  it("answers 405 to GET on the use address", async () => {
    const { cookie } = await newUser();
    const response = await call("GET", "/api/premium/asiiko_ai/use", undefined, { cookie });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("of two first uses sent at once, exactly one gets the trial (10 fresh users)", async () => {
    for (let round = 0; round < 10; round += 1) {
      const { user, cookie } = await newUser("premium_race");
      // Even rounds race the same feature, odd rounds two different ones.
      const features: [PremiumFeature, PremiumFeature] =
        round % 2 === 0
          ? [PREMIUM_FEATURES[round % 3]!, PREMIUM_FEATURES[round % 3]!]
          : [PREMIUM_FEATURES[round % 3]!, PREMIUM_FEATURES[(round + 1) % 3]!];
      const answers = await Promise.all(features.map((feature) => use(feature, cookie)));
      const statuses = answers.map((answer) => answer.status).sort();
      // Two farm-mapping uses at once are one working session: both are let through.
      if (features[0] === features[1] && SESSION_FEATURES.includes(features[0])) {
        expect(statuses, `round ${round}`).toEqual([200, 200]);
        const uses = await prisma.premiumFeatureUse.findMany({ where: { userId: user.id } });
        expect(uses.map((row) => row.feature)).toEqual([features[0], features[0]]);
        continue;
      }
      expect(statuses, `round ${round}`).toEqual([200, 403]);
      const refused = answers.find((answer) => answer.status === 403)!;
      expect(refused.body.error.code).toBe("AUTHZ_SUBSCRIPTION_REQUIRED");

      const uses = await prisma.premiumFeatureUse.findMany({ where: { userId: user.id } });
      expect(uses, `round ${round}`).toHaveLength(1);
      expect(uses[0]!.duringTrial).toBe(true);
      const winner = features[answers.findIndex((answer) => answer.status === 200)];
      expect(uses[0]!.feature).toBe(winner);
    }
  });
});

describe("with a subscription", () => {
  it("an active subscription gives access every time, after the trial, and each use is counted", async () => {
    const { user, cookie } = await newUser("premium_sub");
    await prisma.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.now() - 10 * 24 * HOUR) } });
    await subscribe(user.id);

    for (const feature of PREMIUM_FEATURES) {
      const response = await check(feature, cookie);
      expect(accessOf(response.body)).toEqual({
        canAccess: true,
        isTrialExpired: true,
        hasActiveSubscription: true,
        hasUsedPremiumFeatures: false,
      });
    }
    for (let index = 0; index < 6; index += 1) {
      const response = await use(PREMIUM_FEATURES[index % 3]!, cookie);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ canAccess: true, hasActiveSubscription: true });
    }
    const uses = await prisma.premiumFeatureUse.findMany({ where: { userId: user.id } });
    expect(uses).toHaveLength(6);
    expect(uses.every((row) => row.duringTrial === false)).toBe(true);
    expect(uses.filter((row) => row.feature === "farm_mapping")).toHaveLength(2);

    const plan = await call("GET", "/api/subscription", undefined, { cookie });
    expect(plan.status).toBe(200);
    expect(plan.body.data).toMatchObject({
      plan: "premium",
      priceNgn: 15000,
      subscription: { provider: "sandbox", status: "active", cancelAtPeriodEnd: false },
    });
  });

  it("a past_due subscription keeps access until its period ends", async () => {
    const { user, cookie } = await newUser("premium_pastdue");
    await prisma.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.now() - 40 * 24 * HOUR) } });
    await subscribe(user.id, { status: "past_due", currentPeriodEnd: new Date(Date.now() + 2 * 24 * HOUR) });
    expect((await check("asiiko_ai", cookie)).body).toMatchObject({ canAccess: true, hasActiveSubscription: true });
    expect((await use("asiiko_ai", cookie)).status).toBe(200);
  });

  it("a subscription whose paid period has ended gives 403 AUTHZ_SUBSCRIPTION_EXPIRED", async () => {
    const { user, cookie } = await newUser("premium_expired");
    await prisma.user.update({
      where: { id: user.id },
      data: {
        createdAt: new Date(Date.now() - 60 * 24 * HOUR),
        firstPremiumUseAt: new Date(Date.now() - 59 * 24 * HOUR),
      },
    });
    await subscribe(user.id, { currentPeriodEnd: new Date(Date.now() - HOUR) });

    const response = await check("premium_products", cookie);
    expect(accessOf(response.body)).toEqual({
      canAccess: false,
      isTrialExpired: true,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: true,
    });
    const refused = await use("premium_products", cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: { code: "AUTHZ_SUBSCRIPTION_EXPIRED" } });
    expect(await prisma.premiumFeatureUse.count({ where: { userId: user.id } })).toBe(0);

    const plan = await call("GET", "/api/subscription", undefined, { cookie });
    expect(plan.body.data).toMatchObject({ plan: "free", subscription: null });
  });

  it("an incomplete subscription is never the current plan, even one paid further ahead", async () => {
    const { user, cookie } = await newUser("premium_incomplete");
    await prisma.user.update({ where: { id: user.id }, data: { createdAt: new Date(Date.now() - 40 * 24 * HOUR) } });
    const paid = await subscribe(user.id, { currentPeriodEnd: new Date(Date.now() + 20 * 24 * HOUR) });
    const unpaid = await subscribe(user.id, {
      status: "incomplete",
      currentPeriodEnd: new Date(Date.now() + 40 * 24 * HOUR),
    });

    const plan = await call("GET", "/api/subscription", undefined, { cookie });
    expect(plan.body.data).toMatchObject({
      plan: "premium",
      subscription: { status: "active", currentPeriodEnd: paid.currentPeriodEnd.toISOString() },
    });

    // Cancelling stops the paid subscription, not the unpaid one.
    const cancelled = await call("POST", "/api/subscription/cancel", undefined, { cookie });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect(await prisma.subscription.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    expect(await prisma.subscription.findUniqueOrThrow({ where: { id: unpaid.id } })).toMatchObject({
      cancelAtPeriodEnd: false,
    });
  });

  it("cancelling without a subscription is 404 DB_RECORD_NOT_FOUND", async () => {
    const { cookie } = await newUser();
    const response = await call("POST", "/api/subscription/cancel", undefined, { cookie });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, error: { code: "DB_RECORD_NOT_FOUND" } });
  });
});

describe("sandbox checkout", () => {
  let buyer: Signed;
  let checkoutUrl: URL;

  /** The sandbox page's address (path and query) for a checkout link. */
  const pageOf = (url: URL) => `${url.pathname}${url.search}`;
  const formPost = (path: string, cookie: string) =>
    call("POST", path, undefined, {
      cookie,
      raw: "",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

  beforeAll(async () => {
    buyer = await newUser("premium_buyer");
  });

  it("POST /api/subscription/checkout answers a checkoutUrl: a path of this site, the sandbox page", async () => {
    // The trial is used first: Premium must then be what gives access.
    expect((await use("asiiko_ai", buyer.cookie)).status).toBe(200);
    expect((await check("asiiko_ai", buyer.cookie)).body.canAccess).toBe(false);

    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(typeof response.body.checkoutUrl).toBe("string");
    // A path, never an absolute address: the browser stays on the address it came by, where its session is.
    expect(response.body.checkoutUrl).toMatch(/^\/checkout\/sandbox\?session=/);
    checkoutUrl = new URL(response.body.checkoutUrl, web.baseUrl);
    expect(checkoutUrl.pathname).toBe("/checkout/sandbox");
    expect(checkoutUrl.searchParams.get("session")).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it("the page shows the monthly price, ₦15,000, to the user the link was made for", async () => {
    const response = await call("GET", pageOf(checkoutUrl), undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = String(response.body);
    expect(html).toContain("₦15,000");
    expect(html).toContain("Asiiko Premium, monthly");
    expect(html).not.toContain("This checkout link is not valid or has expired.");
    // Demo mode says so on this page as on every other.
    expect(html).toContain("Demo: payments are simulated and demo accounts are public");
  });

  it("no event signed outside this process is taken as the sandbox's: the webhook refuses one signed with the old derived secret", async () => {
    const event = {
      id: `evt_sandbox_cs_sandbox_forged_${buyer.user.id}`,
      object: "event",
      created: Math.floor(Date.now() / 1000),
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_sandbox_forged",
          object: "checkout.session",
          mode: "subscription",
          client_reference_id: buyer.user.id,
          subscription: "sub_sandbox_forged",
          metadata: { userId: buyer.user.id, provider: "sandbox" },
        },
      },
    };
    const payload = JSON.stringify(event);
    const derived = formerSandboxSecret();
    const response = await call("POST", "/api/webhooks/stripe", undefined, {
      raw: payload,
      headers: { "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: derived }) },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: { code: "SEC_INVALID_TOKEN" } });
    expect(await prisma.paymentEvent.findUnique({ where: { id: event.id } })).toBeNull();
    expect(await prisma.subscription.count({ where: { userId: buyer.user.id } })).toBe(0);
  });

  it("the link is not valid for another user, nor when tampered with or expired", async () => {
    const other = await newUser("premium_other");
    const token = checkoutUrl.searchParams.get("session")!;
    const [body, signature] = token.split(".") as [string, string];
    const cheaper = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString("utf8")), amt: 1 }),
    ).toString("base64url");
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    const expired = signSandboxSession({
      sid: "cs_sandbox_expired",
      uid: buyer.user.id,
      amt: 15000,
      exp: Date.now() - 1000,
    });

    const attempts: [string, string][] = [
      [other.cookie, pageOf(checkoutUrl)],
      [buyer.cookie, `/checkout/sandbox?session=${encodeURIComponent(`${cheaper}.${signature}`)}`],
      [buyer.cookie, `/checkout/sandbox?session=${encodeURIComponent(`${body}.${flipped}`)}`],
      [buyer.cookie, `/checkout/sandbox?session=${encodeURIComponent(expired)}`],
      [buyer.cookie, "/checkout/sandbox"],
    ];
    for (const [cookie, path] of attempts) {
      const response = await call("GET", path, undefined, { cookie });
      expect(response.status, path).toBe(200);
      const html = String(response.body);
      expect(html, path).toContain("This checkout link is not valid or has expired.");
      expect(html, path).not.toContain("Pay ₦");
    }

    // Paying with someone else's link, or a tampered one, is refused and activates nothing.
    const stolen = await formPost(pageOf(checkoutUrl), other.cookie);
    expect(stolen.status).toBe(400);
    const tampered = await formPost(
      `/checkout/sandbox?session=${encodeURIComponent(`${cheaper}.${signature}`)}`,
      buyer.cookie,
    );
    expect(tampered.status).toBe(400);
    expect(await prisma.subscription.count({ where: { userId: { in: [buyer.user.id, other.user.id] } } })).toBe(0);
  });

  it("a sandbox checkout at another amount than Asiiko's price grants nothing, as Stripe's would not", async () => {
    // Signed by this server (as a link made before a price change would be), for one naira.
    const payer = await newUser("premium_cheap");
    const sid = `cs_sandbox_cheap_${payer.user.id}`;
    const token = signSandboxSession({ sid, uid: payer.user.id, amt: 1, exp: Date.now() + 60_000 });
    const paid = await formPost(`/checkout/sandbox?session=${encodeURIComponent(token)}`, payer.cookie);
    expect([302, 303]).toContain(paid.status);
    const stored = await prisma.paymentEvent.findUniqueOrThrow({ where: { id: `evt_sandbox_${sid}` } });
    expect(stored).toMatchObject({ provider: "sandbox", status: "ignored", ignoredReason: "wrong_amount" });
    expect(await prisma.subscription.count({ where: { userId: payer.user.id } })).toBe(0);
    expect(await prisma.payment.count({ where: { userId: payer.user.id } })).toBe(0);
    expect((await check("asiiko_ai", payer.cookie)).body.hasActiveSubscription).toBe(false);
  });

  it("signed out, the page sends the visitor to sign in and back", async () => {
    const response = await call("GET", pageOf(checkoutUrl));
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(pageOf(checkoutUrl))}`);
  });

  it("'Pay' redirects to /settings?checkout=success with Premium already on", async () => {
    const response = await formPost(pageOf(checkoutUrl), buyer.cookie);
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe("/settings?checkout=success");

    const plan = await call("GET", "/api/subscription", undefined, { cookie: buyer.cookie });
    expect(plan.status).toBe(200);
    expect(plan.body.data).toMatchObject({
      plan: "premium",
      priceNgn: 15000,
      access: { canAccess: true, hasActiveSubscription: true, hasUsedPremiumFeatures: true },
      subscription: { provider: "sandbox", status: "active", cancelAtPeriodEnd: false },
    });
    const periodEnd = new Date(plan.body.data.subscription.currentPeriodEnd).getTime();
    expect(periodEnd).toBeGreaterThan(Date.now() + 27 * 24 * HOUR);
    expect(periodEnd).toBeLessThan(Date.now() + 32 * 24 * HOUR);

    const rows = await prisma.subscription.findMany({ where: { userId: buyer.user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "sandbox",
      status: "active",
      externalCustomerId: `cus_sandbox_${buyer.user.id}`,
    });
    expect(rows[0]!.externalId).toMatch(/^sub_sandbox_/);
    expect(rows[0]!.amountNgn.toString()).toBe("15000");
    const events = await prisma.paymentEvent.findMany({
      where: { payload: { path: ["data", "object", "metadata", "userId"], equals: buyer.user.id } },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "checkout.session.completed", provider: "sandbox", status: "processed" });

    const access = await check("asiiko_ai", buyer.cookie);
    expect(accessOf(access.body)).toEqual({
      canAccess: true,
      isTrialExpired: false,
      hasActiveSubscription: true,
      hasUsedPremiumFeatures: true,
    });
    expect((await use("farm_mapping", buyer.cookie)).status).toBe(200);
  });

  it("a second checkout while Premium is on is 409", async () => {
    const response = await call("POST", "/api/subscription/checkout", undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: "DB_CONSTRAINT_VIOLATION", message: "You already have Premium." },
    });
  });

  it("cancelling stops renewal and access continues to the end of the paid period", async () => {
    const response = await call("POST", "/api/subscription/cancel", undefined, { cookie: buyer.cookie });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toMatchObject({
      plan: "premium",
      subscription: { status: "active", cancelAtPeriodEnd: true },
    });

    const row = await prisma.subscription.findFirstOrThrow({ where: { userId: buyer.user.id } });
    expect(row.cancelAtPeriodEnd).toBe(true);
    expect(row.status).toBe("active");

    expect((await check("premium_products", buyer.cookie)).body).toMatchObject({
      canAccess: true,
      hasActiveSubscription: true,
    });
    expect((await use("premium_products", buyer.cookie)).status).toBe(200);
    expect(
      (await call("GET", "/api/subscription", undefined, { cookie: buyer.cookie })).body.data.subscription
        .cancelAtPeriodEnd,
    ).toBe(true);
  });

  it("a checkout link pays once: posting it again makes no second subscription", async () => {
    const payer = await newUser("premium_twice");
    const link = new URL(
      (await call("POST", "/api/subscription/checkout", undefined, { cookie: payer.cookie })).body.checkoutUrl,
      web.baseUrl,
    );
    const first = await formPost(pageOf(link), payer.cookie);
    expect(first.headers.get("location")).toBe("/settings?checkout=success");
    expect(await prisma.subscription.count({ where: { userId: payer.user.id } })).toBe(1);

    // The browser's back button and 'Pay' again (or a double click) post the same link a second time.
    // Paying the same link twice (a double tap, or Back then Pay) must not make two subscriptions.
    await formPost(pageOf(link), payer.cookie);
    expect(await prisma.subscription.count({ where: { userId: payer.user.id } })).toBe(1);
  });
  it("from 127.0.0.1 (or a phone on the local network), checkout stays on that address and comes back to the page it started from", async () => {
    const payer = await newUser("premium_return");
    const started = await call(
      "POST",
      "/api/subscription/checkout",
      { returnTo: "/asiiko?tab=history" },
      // The address a phone on the local network would use; PUBLIC_URL is not set, so publicOrigin() is localhost.
      { cookie: payer.cookie, headers: { Host: "192.168.1.20:3000" } },
    );
    expect(started.status).toBe(200);
    expect(publicOrigin()).toMatch(/^http:\/\/localhost:/);
    const path = started.body.checkoutUrl as string;
    expect(path).toMatch(/^\/checkout\/sandbox\?session=[\w%.-]+$/);
    expect(path).not.toContain("localhost");

    // The page's Cancel leads back there too, saying checkout was cancelled.
    const page = await call("GET", path, undefined, { cookie: payer.cookie });
    expect(String(page.body)).toContain('href="/asiiko?tab=history&amp;checkout=cancelled"');

    const paid = await formPost(path, payer.cookie);
    expect([302, 303]).toContain(paid.status);
    expect(paid.headers.get("location")).toBe("/asiiko?tab=history&checkout=success");
    expect(await prisma.subscription.count({ where: { userId: payer.user.id, status: "active" } })).toBe(1);

    // Back on the page (served at that address), Premium is on.
    const back = await call("GET", "/asiiko?tab=history&checkout=success", undefined, { cookie: payer.cookie });
    expect(back.status).toBe(200);
    const plan = await call("GET", "/api/subscription", undefined, { cookie: payer.cookie });
    expect(plan.body.data).toMatchObject({ plan: "premium", subscription: { provider: "sandbox", status: "active" } });
  });

  it("an unsafe page to return to (another site, sign-in, the API) is ignored: paying comes back to Settings", async () => {
    for (const returnTo of ["//evil.example", "https://evil.example/asiiko", "/\\evil.example", "/api/user", "/auth"]) {
      const payer = await newUser("premium_unsafe");
      const started = await call("POST", "/api/subscription/checkout", { returnTo }, { cookie: payer.cookie });
      expect(started.status, returnTo).toBe(200);
      const paid = await formPost(started.body.checkoutUrl as string, payer.cookie);
      expect(paid.headers.get("location"), returnTo).toBe("/settings?checkout=success");
    }
  });

  it("refuses a page to return to that is not text, or a body that is not JSON", async () => {
    const payer = await newUser("premium_badbody");
    const notText = await call(
      "POST",
      "/api/subscription/checkout",
      { returnTo: ["/asiiko"] },
      { cookie: payer.cookie },
    );
    expect(notText.status).toBe(400);
    expect(notText.body.error.code).toMatch(/^VLD_/);
    const notJson = await call("POST", "/api/subscription/checkout", undefined, {
      cookie: payer.cookie,
      raw: "returnTo=/asiiko",
      headers: { "Content-Type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
  });
});
