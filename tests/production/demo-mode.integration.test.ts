import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dropDatabase, migrate } from "../../scripts/migrate";
import { DEMO_PASSWORDS } from "../../prisma/seed-data";
import { newIp, uniqueName } from "../support/api-client";
import { startCompiledWeb, startCompiledWorkers, type Started } from "../support/processes";

// Demo mode, as `npm start` runs it on a laptop: the compiled web server and workers with
// DEMO_MODE=1 at a local address. Every page says it is a demo, and the built-in sandbox takes
// the place of a payment provider, paying for real through the payment worker. (The same
// switch at a public https address refuses to start: tests/production/production.integration.test.ts.)
// A database of its own, migrated and seeded as `npm start` does.

const databaseUrl = vi.hoisted(() => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `${url.pathname}_demo`;
  process.env.DATABASE_URL = url.toString();
  return url.toString();
});

let web: Awaited<ReturnType<typeof startCompiledWeb>>;
let workers: Started;

beforeAll(async () => {
  const demoEnv: Record<string, string | undefined> = {
    NODE_ENV: "production",
    DEMO_MODE: "1",
    PUBLIC_URL: undefined,
    STRIPE_SECRET_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
    // Demo mode takes any secret; these are made for the run all the same.
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ADMIN_TOKEN: randomBytes(32).toString("hex"),
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-demo`,
    LOG_LEVEL: "silent",
  };
  await migrate(databaseUrl);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "prisma/seed.ts"], {
    env: { ...process.env, ...demoEnv },
    encoding: "utf8",
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  web = await startCompiledWeb(demoEnv);
  workers = startCompiledWorkers({ ...demoEnv, WORKER_QUEUES: "payment-webhooks" });
}, 180_000);

afterAll(async () => {
  await Promise.all([web?.stop(), workers?.stop()]);
  await dropDatabase(databaseUrl);
});

const BANNER = "Demo: payments are simulated and demo accounts are public";

async function register() {
  const response = await fetch(`${web.baseUrl}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": newIp() },
    body: JSON.stringify({
      username: uniqueName("demo"),
      password: `Demo-${randomBytes(8).toString("hex")}`,
      firstName: "Musa",
      lastName: "Bello",
    }),
  });
  expect(response.status).toBe(201);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

describe("demo mode", () => {
  it("says so on every kind of page, in the reader's language", async () => {
    const cookie = await register();
    for (const [pathName, headers] of [
      ["/", {}],
      ["/auth", {}],
      ["/no-such-page", {}],
      ["/dashboard", { Cookie: cookie }],
      ["/settings", { Cookie: cookie }],
    ] as const) {
      const html = await (await fetch(`${web.baseUrl}${pathName}`, { headers })).text();
      expect(html, pathName).toContain("data-demo-banner");
      expect(html, pathName).toContain(BANNER);
    }
    const hausa = await (await fetch(`${web.baseUrl}/`, { headers: { Cookie: "asiiko-lang=ha" } })).text();
    expect(hausa).toContain("data-demo-banner");
    expect(hausa).not.toContain(BANNER);
  });

  it("has the demo accounts and listings", async () => {
    const login = await fetch(`${web.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": newIp() },
      body: JSON.stringify({ username: "amina", password: DEMO_PASSWORDS.farmer }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0]!)
      .join("; ");
    const market = await fetch(`${web.baseUrl}/api/market/listings`, { headers: { Cookie: cookie } });
    const { data } = (await market.json()) as { data: { total: number } };
    expect(data.total).toBeGreaterThanOrEqual(40);
  });

  it("pays through the built-in sandbox, and the payment worker makes the account premium", async () => {
    const cookie = await register();
    const checkout = await fetch(`${web.baseUrl}/api/subscription/checkout`, {
      method: "POST",
      headers: { Cookie: cookie, "X-Forwarded-For": newIp() },
    });
    expect(checkout.status).toBe(200);
    const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
    const sandbox = new URL(checkoutUrl, web.baseUrl);
    expect(sandbox.pathname).toBe("/checkout/sandbox");
    const page = await fetch(`${web.baseUrl}${sandbox.pathname}${sandbox.search}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const pay = await fetch(`${web.baseUrl}${sandbox.pathname}${sandbox.search}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(pay.status).toBe(302);
    // The worker applies the sandbox's event; the plan follows once it has.
    for (;;) {
      const plan = await fetch(`${web.baseUrl}/api/subscription`, { headers: { Cookie: cookie } });
      const { data } = (await plan.json()) as { data: { plan: string } };
      if (data.plan === "premium") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);
});
