import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { dropDatabase, migrate } from "../../scripts/migrate";
import { newIp, uniqueName } from "../support/api-client";
import { startFakeAiProvider, jsonAnswer, type FakeAiProvider } from "../support/fake-ai-providers";
import { leafPhoto } from "../support/leaf-photos";
import { plainRequest } from "../support/local-server";
import { startCompiledWeb, startCompiledWorkers, type Started } from "../support/processes";

// A real deployment, as an outsider meets it: the compiled web server and workers with
// production settings (not demo mode, an https PUBLIC_URL, TRUST_PROXY=loopback, strong
// secrets made for this run, a paid AI provider), attacked over HTTP. Each check is one of
// the ways the product's defaults could be abused; demo mode is tested apart
// (tests/production/demo-mode.integration.test.ts). A database of its own, migrated and
// seeded as a deployment's start does it.

const databaseUrl = vi.hoisted(() => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `${url.pathname}_prod`;
  // Before the app's modules load: the database client of this file reads it too.
  process.env.DATABASE_URL = url.toString();
  return url.toString();
});

const PUBLIC_HOST = "asiiko.example.ng";
const strong = () => randomBytes(32).toString("hex");

let fakeAi: FakeAiProvider;
let web: Awaited<ReturnType<typeof startCompiledWeb>>;
let workers: Started;
let uploadDir: string;
let originalsDir: string;
let productionEnv: Record<string, string | undefined>;

beforeAll(async () => {
  fakeAi = await startFakeAiProvider("openai", { apiKey: "sk-production-test" });
  uploadDir = mkdtempSync(path.join(os.tmpdir(), "asiiko-production-"));
  originalsDir = mkdtempSync(path.join(os.tmpdir(), "asiiko-production-originals-"));
  productionEnv = {
    NODE_ENV: "production",
    DEMO_MODE: undefined,
    PUBLIC_URL: `https://${PUBLIC_HOST}`,
    TRUST_PROXY: "loopback",
    SESSION_SECRET: strong(),
    ADMIN_TOKEN: strong(),
    UPLOAD_DIR: uploadDir,
    ORIGINALS_DIR: originalsDir,
    QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-prod`,
    OPENAI_API_KEY: "sk-production-test",
    OPENAI_BASE_URL: fakeAi.baseUrl,
    ANTHROPIC_API_KEY: "",
    GEMINI_API_KEY: "",
    STRIPE_SECRET_KEY: "",
    STRIPE_WEBHOOK_SECRET: "",
    LOG_LEVEL: "silent",
  };
  await migrate(databaseUrl);
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "prisma/seed.ts"], {
    env: { ...process.env, ...productionEnv, LOG_LEVEL: "info" },
    encoding: "utf8",
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  expect(seeded.stdout).toContain("not in demo mode");
  web = await startCompiledWeb(productionEnv);
  workers = startCompiledWorkers(productionEnv);
}, 180_000);

afterAll(async () => {
  await Promise.all([web?.stop(), workers?.stop()]);
  await prisma.$disconnect();
  await dropDatabase(databaseUrl);
  await fakeAi?.close();
  for (const dir of [uploadDir, originalsDir]) rmSync(dir, { recursive: true, force: true });
});

interface Call {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
  body: any;
  cookies: string[];
}

/**
 * A request as it reaches the server through the deployment's HTTPS proxy on loopback: the
 * public host name in Host, the client's address in X-Forwarded-For, https in
 * X-Forwarded-Proto (unless `overHttp`). Sent with node:http, which sends any method and Host.
 */
async function send(
  method: string,
  pathName: string,
  init: {
    json?: unknown;
    form?: FormData;
    cookie?: string;
    ip?: string;
    headers?: Record<string, string>;
    overHttp?: boolean;
  } = {},
): Promise<Call> {
  const headers: Record<string, string> = {
    Host: PUBLIC_HOST,
    "X-Forwarded-For": init.ip ?? newIp(),
    ...(init.overHttp ? {} : { "X-Forwarded-Proto": "https" }),
    ...init.headers,
  };
  if (init.cookie) headers.Cookie = init.cookie;
  let body: Buffer | undefined;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = Buffer.from(JSON.stringify(init.json));
  } else if (init.form) {
    const encoded = new Response(init.form);
    headers["Content-Type"] = encoded.headers.get("content-type")!;
    body = Buffer.from(await encoded.arrayBuffer());
  }
  if (body) headers["Content-Length"] = String(body.length);
  const answer = await plainRequest(`${web.baseUrl}${pathName}`, { method, headers, body, agent: false });
  let parsed: unknown = answer.body;
  try {
    parsed = answer.body ? JSON.parse(answer.body) : null;
  } catch {
    // not JSON: kept as text
  }
  const setCookie = answer.headers["set-cookie"] ?? [];
  return { status: answer.status, headers: answer.headers, body: parsed, cookies: setCookie };
}

/** The Cookie header a browser would send back after these Set-Cookie lines. */
const cookieJar = (...sets: string[][]) =>
  sets
    .flat()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !/=$/.test(pair))
    .join("; ");

async function register(ip = newIp()) {
  const username = uniqueName("prod");
  const password = `Strong-${strong().slice(0, 16)}`;
  const answer = await send("POST", "/api/register", {
    ip,
    json: { username, password, firstName: "Ngozi", lastName: "Okafor" },
  });
  return { username, password, answer, cookie: cookieJar(answer.cookies) };
}

/** A listing photo through the upload pipeline; its id and the address a listing names. */
async function uploadPhoto(cookie: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await leafPhoto("healthy"))], { type: "image/jpeg" }), "farm.jpg");
  form.append("purpose", "listing");
  const upload = await send("POST", "/api/uploads", { cookie, form });
  expect(upload.status).toBe(201);
  return upload.body.data as { id: string; url: string };
}

describe("a production deployment", () => {
  it("refuses to start with a weak or example secret, naming the variable", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SESSION_SECRET: "short-secret" }, /SESSION_SECRET/],
      [{ SESSION_SECRET: "," }, /SESSION_SECRET/],
      [{ SESSION_SECRET: `${strong()},too-short` }, /SESSION_SECRET/],
      [{ SESSION_SECRET: "change-me-in-production-0123456789" }, /SESSION_SECRET/],
      [{ ADMIN_TOKEN: "change-me-admin-token-0123456789" }, /ADMIN_TOKEN/],
      [{ ADMIN_TOKEN: "sixteen-chars-ok" }, /ADMIN_TOKEN/],
      [{ MEILI_HOST: "http://127.0.0.1:7700", MEILI_MASTER_KEY: "short-meili-key" }, /MEILI_MASTER_KEY/],
      [{ STRIPE_SECRET_KEY: "sk_live_0123456789", STRIPE_WEBHOOK_SECRET: "" }, /STRIPE_WEBHOOK_SECRET/],
      // Stripe's checkout sends the browser back to PUBLIC_URL: a deployment taking payments names it.
      [
        { STRIPE_SECRET_KEY: "sk_live_0123456789", STRIPE_WEBHOOK_SECRET: "whsec_0123456789", PUBLIC_URL: "" },
        /PUBLIC_URL is required in production when STRIPE_SECRET_KEY is set/,
      ],
      [{ DEMO_MODE: "1" }, /DEMO_MODE/],
    ];
    for (const [change, named] of cases) {
      const started = await startCompiledWeb({ ...productionEnv, ...change }).catch((error: unknown) => error);
      if (!(started instanceof Error)) {
        await (started as Awaited<ReturnType<typeof startCompiledWeb>>).stop();
        throw new Error(`the web server started with ${JSON.stringify(change)}`);
      }
      expect(String(started), JSON.stringify(change)).toMatch(named);
    }
    // The workers hold the same secrets (the queue dashboard, signed events): they refuse alike.
    const weakWorkers = startCompiledWorkers({ ...productionEnv, SESSION_SECRET: "short-secret" });
    expect(await weakWorkers.exited).toBe(1);
    expect(weakWorkers.output()).toMatch(/SESSION_SECRET/);
  }, 180_000);

  it("has no demo accounts after its seed, and no sandbox checkout", async () => {
    expect(await prisma.product.count(), "the catalogue a deployment needs").toBeGreaterThan(0);
    for (const username of ["admin", "amina"]) {
      const login = await send("POST", "/api/login", {
        json: { username, password: username === "admin" ? "AsiikoAdmin#2026" : "AsiikoFarmer#2026" },
      });
      expect(login.status, username).toBe(401);
    }
    const farmer = await register();
    expect(farmer.answer.status).toBe(201);
    const checkout = await send("POST", "/api/subscription/checkout", {
      cookie: farmer.cookie,
      headers: { Origin: `https://${PUBLIC_HOST}` },
    });
    expect(checkout.status).toBe(503);
    expect(checkout.body.error.code).toBe("SYS_CONFIGURATION_ERROR");
    const page = await send("GET", "/checkout/sandbox?session=anything", { cookie: farmer.cookie });
    expect(page.status).toBe(404);
    const pay = await send("POST", "/checkout/sandbox?session=anything", { cookie: farmer.cookie });
    expect([403, 404, 405]).toContain(pay.status);
    const plan = await send("GET", "/api/subscription", { cookie: farmer.cookie });
    expect(plan.body.data.plan).toBe("trial");
    expect(await prisma.subscription.count({ where: { user: { username: farmer.username } } })).toBe(0);
  });

  it("refuses forged webhooks and events that claim the sandbox, storing nothing", async () => {
    const forged = {
      id: `evt_${strong().slice(0, 24)}`,
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { metadata: { userId: "x", provider: "sandbox" }, subscription: "sub_sandbox_1" } },
    };
    const signatures = [
      null,
      `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
      `t=${Math.floor(Date.now() / 1000)},v1=sandbox`,
    ];
    for (const signature of signatures) {
      const answer = await send("POST", "/api/webhooks/stripe", {
        json: forged,
        headers: signature ? { "Stripe-Signature": signature } : {},
      });
      expect(answer.status, String(signature)).toBe(400);
      expect(answer.body.error.code).toBe("SEC_INVALID_TOKEN");
    }
    expect(await prisma.paymentEvent.count({ where: { id: forged.id } })).toBe(0);
  });

  it("lets the owner in after a stranger's ten wrong passwords", async () => {
    const owner = await register();
    // The owner signs in once from their phone: it keeps the device cookie.
    const home = newIp();
    const first = await send("POST", "/api/login", {
      ip: home,
      json: { username: owner.username, password: owner.password },
    });
    expect(first.status).toBe(200);
    const device = cookieJar(first.cookies.filter((line) => !line.startsWith("asiiko-session=")));
    expect(device).not.toBe("");
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await send("POST", "/api/login", { json: { username: owner.username, password: "guess-123456" } });
      expect([401, 429]).toContain(wrong.status);
    }
    const again = await send("POST", "/api/login", {
      ip: newIp(),
      cookie: device,
      json: { username: owner.username, password: owner.password },
    });
    expect(again.status).toBe(200);
  });

  it("accepts 60 sign-ups an hour from one address, and refuses the 61st", async () => {
    const hall = newIp();
    for (let farmer = 0; farmer < 60; farmer += 1) {
      const { answer } = await register(hall);
      expect(answer.status, `sign-up ${farmer + 1}`).toBe(201);
    }
    const extra = await register(hall);
    expect(extra.answer.status).toBe(429);
  }, 120_000);

  it("calls the paid AI provider at most once for eight analyses started at once on a trial", async () => {
    const farmer = await register();
    fakeAi.reset();
    fakeAi.answer(
      jsonAnswer({
        severity: "medium",
        confidence: 70,
        diagnosis: "Cassava mosaic disease",
        treatment: "Remove infected plants",
        recommendations: ["Plant clean cuttings"],
      }),
    );
    const photo = await leafPhoto("yellowed");
    const started = await Promise.all(
      Array.from({ length: 8 }, () => {
        const form = new FormData();
        form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "leaf.jpg");
        form.append("analysisType", "crop_health");
        form.append("preferredModel", "openai");
        return send("POST", "/api/ai/analyze", {
          cookie: farmer.cookie,
          form,
          headers: { Prefer: "respond-async", Origin: `https://${PUBLIC_HOST}` },
        });
      }),
    );
    const accepted = started.filter((answer) => answer.status < 300);
    expect(accepted.length).toBe(1);
    for (const refused of started.filter((answer) => answer.status >= 300)) {
      expect(refused.status).toBeLessThan(500);
      expect(refused.body.success).toBe(false);
    }
    // Wait for what the farmer waits for: the accepted analysis to finish.
    const user = await prisma.user.findUniqueOrThrow({ where: { username: farmer.username } });
    for (;;) {
      const open = await prisma.analysis.count({
        where: { userId: user.id, status: { in: ["queued", "processing"] } },
      });
      if (open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(fakeAi.requests.length, "calls the paid provider received").toBe(1);
  }, 90_000);

  it("answers TRACE 405 in the catalogue's JSON, keeps .data answers private, and refuses an https Origin over http", async () => {
    const trace = await send("TRACE", "/");
    expect(trace.status).toBe(405);
    expect(trace.body.error.code).toMatch(/^[A-Z]+_/);

    const farmer = await register();
    const data = await send("GET", "/profile.data", { cookie: farmer.cookie });
    expect(data.status).toBe(200);
    expect(data.headers["cache-control"]).toBe("private, no-store");

    const overHttp = await send("POST", "/api/logout", {
      cookie: farmer.cookie,
      overHttp: true,
      headers: { Origin: `https://${PUBLIC_HOST}` },
    });
    expect(overHttp.status).toBe(403);
    expect(overHttp.body.error.code).toBe("SEC_CSRF_VIOLATION");
  });

  it("keeps uploaded originals where no address reaches them", async () => {
    const seller = await register();
    const { id } = await uploadPhoto(seller.cookie);
    const files = readdirSync(uploadDir, { recursive: true, encoding: "utf8" }).filter((name) =>
      statSync(path.join(uploadDir, name)).isFile(),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const response = await send("GET", `/uploads/${name}`);
      if (response.status === 200) expect(name, "only processed WebP sizes are served").toMatch(/\.webp$/);
    }
    expect(readdirSync(originalsDir, { recursive: true }).length, "the original is deleted once processed").toBe(0);
    for (const guess of [
      `/uploads/${id}`,
      `/uploads/${id}/original`,
      `/uploads/${id}/original.jpg`,
      `/uploads/${id}.jpg`,
      `/uploads/originals/${id}`,
      `/uploads/../originals/${id}`,
      `/uploads/%2e%2e/originals/${id}`,
    ]) {
      expect((await send("GET", guess)).status, guess).toBe(404);
    }
  });

  it("shows a listing's place to others only to about a kilometre, and exactly to its seller", async () => {
    const [seller, buyer] = [await register(), await register()];
    const { url } = await uploadPhoto(seller.cookie);
    const exact = { latitude: 12.002345, longitude: 8.516789 };
    const created = await send("POST", "/api/market/listings", {
      cookie: seller.cookie,
      json: { title: "Yellow maize", priceNgn: 42000, quantity: 12, condition: "new", images: [url], ...exact },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.data.listing.id;
    const own = await send("GET", `/api/market/listings/${id}`, { cookie: seller.cookie });
    expect(own.body.data.listing).toMatchObject(exact);
    const other = await send("GET", `/api/market/listings/${id}`, { cookie: buyer.cookie });
    expect(other.status).toBe(200);
    expect(other.body.data.listing).toMatchObject({ latitude: 12, longitude: 8.52 });
    const near = await send("GET", `/api/market/listings?lat=12.01&lng=8.51&radius_km=5`, { cookie: buyer.cookie });
    const found = near.body.data.listings.find((listing: { id: string }) => listing.id === id);
    expect(found).toMatchObject({ latitude: 12, longitude: 8.52 });
    expect(Number.isInteger(found.distanceKm)).toBe(true);
  });
});
