import { createCookie } from "@remix-run/node";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE_NAME, SESSION_DAYS } from "~/server/session-cookie";
import { prisma } from "~/server/db.server";
import { apiClient } from "../support/api-client";
import { startCompiledWeb } from "../support/processes";
import { bootWebServer, serveForTests } from "../support/web";

// Sessions under attack: the cookie only carries a signed id of a row in the database, so a
// cookie that was tampered with, signed by someone else, replayed after sign-out or kept past
// its time lets nobody in; signing in always makes a new id; the cookie is out of scripts'
// reach, not sent by other sites' requests, and over HTTPS only in production.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

const password = "Kano-Harvest#2026";
const usernames: string[] = [];
const newAccount = () => {
  const username = `sess_${randomBytes(5).toString("hex")}`;
  usernames.push(username);
  return { username, email: `${username}@example.ng`, password, firstName: "Hauwa", lastName: "Bello" };
};

/** `asiiko-session=<value>`: the part a browser sends back. */
const sent = (setCookie: string | null) => {
  const part = setCookie
    ?.split(/,(?=\s*asiiko-)/)
    .find((cookie) => cookie.trim().startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!part) throw new Error(`no session cookie in ${setCookie}`);
  return part.trim().split(";")[0]!;
};

const whoAmI = async (cookie: string) => {
  const answer = await call("GET", "/api/user", undefined, { cookie });
  return answer.status === 200 ? (answer.body.username as string) : answer.status;
};

let account: ReturnType<typeof newAccount>;
let cookie = "";
let setCookie = "";

beforeAll(async () => {
  account = newAccount();
  const registered = await call("POST", "/api/register", account);
  expect(registered.status).toBe(201);
  setCookie = registered.cookie ?? "";
  cookie = sent(registered.cookie);
});

describe("the session cookie", () => {
  it("is httpOnly, SameSite=Lax, for the whole site, for 30 days, and not Secure over plain HTTP in development", () => {
    const attributes = setCookie.split(";").map((part) => part.trim().toLowerCase());
    expect(attributes).toContain("httponly");
    expect(attributes).toContain("samesite=lax");
    expect(attributes).toContain("path=/");
    expect(attributes).toContain(`max-age=${SESSION_DAYS * 24 * 3600}`);
    expect(attributes).not.toContain("secure");
  });

  it("lets its owner in as it is", async () => {
    expect(await whoAmI(cookie)).toBe(account.username.toLowerCase());
  });

  it("is refused once any character of its id or its signature is changed", async () => {
    const value = decodeURIComponent(cookie.slice(SESSION_COOKIE_NAME.length + 1));
    const dot = value.lastIndexOf(".");
    expect(dot).toBeGreaterThan(0);
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const spoilt = [
      flip(value, 0), // the id's first character
      flip(value, dot - 1), // its last
      flip(value, dot + 1), // the signature's first
      flip(value, value.length - 1), // its last
      value.slice(0, dot), // no signature
      `${value}x`,
      `${value}.${value.slice(dot + 1)}`, // a second signature
      value.slice(dot + 1), // the signature alone
      "",
    ];
    for (const variant of spoilt) {
      expect(await whoAmI(`${SESSION_COOKIE_NAME}=${encodeURIComponent(variant)}`), variant).toBe(401);
    }
    // The real one still works: a refused cookie harms nobody else's session.
    expect(await whoAmI(cookie)).toBe(account.username.toLowerCase());
  });

  it("is refused when it names a real session but was signed with another secret", async () => {
    const session = await prisma.session.findFirstOrThrow({
      where: { user: { username: account.username.toLowerCase() } },
    });
    const forger = createCookie(SESSION_COOKIE_NAME, { secrets: ["a-secret-we-do-not-use"], path: "/" });
    const forged = (await forger.serialize(session.id)).split(";")[0]!;
    expect(await whoAmI(forged)).toBe(401);
    const unsigned = createCookie(SESSION_COOKIE_NAME, { path: "/" });
    expect(await whoAmI((await unsigned.serialize(session.id)).split(";")[0]!)).toBe(401);
    expect(await whoAmI(`${SESSION_COOKIE_NAME}=${session.id}`)).toBe(401);
  });

  it("shrugs off cookies that are not cookies: doubled, huge, binary, or many", async () => {
    const odd = [
      `${cookie}; ${cookie}`,
      `${SESSION_COOKIE_NAME}=${"A".repeat(6000)}`,
      `${SESSION_COOKIE_NAME}=%E0%A4%A`,
      `${SESSION_COOKIE_NAME}=%00%00`,
      `${SESSION_COOKIE_NAME}="unterminated`,
      Array.from({ length: 200 }, (_, index) => `c${index}=${index}`).join("; "),
    ];
    for (const header of odd) {
      const answer = await call("GET", "/api/user", undefined, { cookie: header });
      expect([200, 401], header.slice(0, 40)).toContain(answer.status);
      expect(answer.body).toMatchObject(
        answer.status === 200
          ? { username: account.username.toLowerCase() }
          : { success: false, error: { code: "AUTH_SESSION_EXPIRED" } },
      );
      const page = await call("GET", "/dashboard", undefined, { cookie: header });
      expect([200, 302], header.slice(0, 40)).toContain(page.status);
    }
  });
});

describe("a session's life", () => {
  it("gets a new id at every sign-in, and the id the browser came with ends (no fixation)", async () => {
    const person = newAccount();
    const first = await call("POST", "/api/register", person);
    const before = sent(first.cookie);
    const again = await call("POST", "/api/login", { username: person.username, password }, { cookie: before });
    expect(again.status).toBe(200);
    const after = sent(again.cookie);
    expect(after).not.toBe(before);
    expect(await whoAmI(before)).toBe(401);
    expect(await whoAmI(after)).toBe(person.username.toLowerCase());

    // Signing in through the page does the same.
    const form = new URLSearchParams({ intent: "login", username: person.username, password });
    const page = await fetch(`${web.baseUrl}/auth`, {
      method: "POST",
      body: form,
      headers: { Cookie: after, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.9.9.9" },
      redirect: "manual",
    });
    expect(page.status).toBe(302);
    const viaPage = sent(page.headers.get("set-cookie"));
    expect(viaPage).not.toBe(after);
    expect(await whoAmI(after)).toBe(401);
    expect(await whoAmI(viaPage)).toBe(person.username.toLowerCase());
  });

  it("ends on the server at sign-out: the same cookie, sent again, no longer works", async () => {
    const person = newAccount();
    const registered = await call("POST", "/api/register", person);
    const session = sent(registered.cookie);
    const [row] = await prisma.session.findMany({ where: { user: { username: person.username.toLowerCase() } } });
    expect(row).toBeDefined();
    expect((await call("POST", "/api/logout", undefined, { cookie: session })).status).toBe(200);
    expect(await prisma.session.findUnique({ where: { id: row!.id } })).toBeNull();
    // A copy kept by someone who saw the cookie is worth nothing now, on the API and on pages.
    expect(await whoAmI(session)).toBe(401);
    const page = await call("GET", "/dashboard", undefined, { cookie: session });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/auth?redirectTo=%2Fdashboard");
  });

  it("ends when its device is signed out from another: the same cookie, sent again, no longer works", async () => {
    const person = newAccount();
    const phone = sent((await call("POST", "/api/register", person)).cookie);
    const laptop = sent((await call("POST", "/api/login", { username: person.username, password })).cookie);
    const shared = sent((await call("POST", "/api/login", { username: person.username, password })).cookie);
    const listed = await call("GET", "/api/user/sessions", undefined, { cookie: phone });
    const others = (listed.body.data.sessions as { id: string; current: boolean }[]).filter(({ current }) => !current);
    expect(others).toHaveLength(2);
    // Through the API: the laptop's session ends on the server, whatever its cookie still says.
    const laptopRow = await prisma.session.findFirstOrThrow({
      where: { user: { username: person.username } },
      orderBy: { createdAt: "asc" },
      skip: 1,
    });
    const gone = await call("DELETE", `/api/user/sessions/${laptopRow.publicId}`, undefined, { cookie: phone });
    expect(gone.status).toBe(200);
    expect(await prisma.session.findUnique({ where: { id: laptopRow.id } })).toBeNull();
    expect(await whoAmI(laptop)).toBe(401);
    const page = await call("GET", "/dashboard", undefined, { cookie: laptop });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/auth?redirectTo=%2Fdashboard");
    // Through the settings page's 'Sign out everywhere else': every other cookie stops working, this one goes on.
    const form = new URLSearchParams({ intent: "sign-out-others" });
    const answer = await fetch(`${web.baseUrl}/settings`, {
      method: "POST",
      body: form,
      headers: { Cookie: phone, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.9.9.8" },
    });
    expect(answer.status).toBe(200);
    expect(await whoAmI(shared)).toBe(401);
    expect(await whoAmI(phone)).toBe(person.username.toLowerCase());
  });

  it("ends at its expiry even with a cookie that says otherwise, and the row is removed", async () => {
    const person = newAccount();
    const registered = await call("POST", "/api/register", person);
    const session = sent(registered.cookie);
    const row = await prisma.session.findFirstOrThrow({ where: { user: { username: person.username.toLowerCase() } } });
    await prisma.session.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await whoAmI(session)).toBe(401);
    expect(await prisma.session.findUnique({ where: { id: row.id } })).toBeNull();
  });

  it("ends with its account", async () => {
    const person = newAccount();
    const registered = await call("POST", "/api/register", person);
    const session = sent(registered.cookie);
    await prisma.user.delete({ where: { id: registered.body.id } });
    expect(await whoAmI(session)).toBe(401);
  });
});

describe("behind a trusted proxy that says the request came over HTTPS", () => {
  let behindProxy: Awaited<ReturnType<typeof bootWebServer>> | undefined;
  let direct: Awaited<ReturnType<typeof bootWebServer>> | undefined;
  beforeAll(async () => {
    // TRUST_PROXY=loopback; no PUBLIC_URL, so only the request can say the site is https.
    behindProxy = await bootWebServer({ trustProxy: "loopback" });
    // No TRUST_PROXY: clients reach the server directly.
    direct = await bootWebServer({ trustProxy: false });
  });
  afterAll(async () => {
    await behindProxy?.stop();
    await direct?.stop();
  });
  const attributesOf = (setCookie: string | null) =>
    (setCookie ?? "").split(";").map((part) => part.trim().toLowerCase());

  it("the session cookie is Secure when it is set and when it is cleared; over plain HTTP it is not", async () => {
    const viaProxy = apiClient(() => behindProxy!.baseUrl);
    const https = { "X-Forwarded-Proto": "https" };
    const person = newAccount();
    const registered = await viaProxy("POST", "/api/register", person, { headers: https });
    expect(registered.status).toBe(201);
    expect(attributesOf(registered.cookie)).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax"]));
    const signedIn = await viaProxy(
      "POST",
      "/api/login",
      { username: person.username, password },
      { headers: https, cookie: sent(registered.cookie) },
    );
    expect(signedIn.status).toBe(200);
    expect(attributesOf(signedIn.cookie)).toContain("secure");
    // The device cookie set with it follows the same rule.
    const device = signedIn.cookie
      ?.split(/,(?=\s*asiiko-)/)
      .find((cookie) => cookie.trim().startsWith("asiiko-device="));
    expect(attributesOf(device ?? null)).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax"]));
    const signedOut = await viaProxy("POST", "/api/logout", undefined, {
      headers: https,
      cookie: sent(signedIn.cookie),
    });
    expect(signedOut.status).toBe(200);
    expect(attributesOf(signedOut.cookie)).toEqual(expect.arrayContaining(["secure", "max-age=0"]));
    // The same proxy, over plain HTTP.
    const plain = await viaProxy("POST", "/api/register", newAccount());
    expect(plain.status).toBe(201);
    expect(attributesOf(plain.cookie)).not.toContain("secure");
  });

  it("a client that only claims HTTPS, with no proxy trusted, does not make it Secure", async () => {
    // Signing out: the cookie is set (cleared) by the same rule, and this address's sign-in and
    // registration limits, which other tests count from this machine, are left alone.
    const callDirect = apiClient(() => direct!.baseUrl);
    const claimed = await callDirect("POST", "/api/logout", undefined, {
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(claimed.status).toBe(200);
    expect(attributesOf(claimed.cookie)).toContain("max-age=0");
    expect(attributesOf(claimed.cookie)).not.toContain("secure");
  });
});

describe("in production, behind HTTPS", () => {
  let production: Awaited<ReturnType<typeof startCompiledWeb>> | undefined;
  afterAll(async () => {
    await production?.stop();
  });

  it("the session cookie is Secure, httpOnly and SameSite=Lax", async () => {
    production = await startCompiledWeb({ PUBLIC_URL: "https://asiiko.example" });
    const person = newAccount();
    const answer = await fetch(`${production.baseUrl}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.8.8.8" },
      body: JSON.stringify(person),
    });
    expect(answer.status).toBe(201);
    const attributes = (answer.headers.get("set-cookie") ?? "").split(";").map((part) => part.trim().toLowerCase());
    expect(attributes[0]).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=`));
    expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]));
    // Both cookies of signing in, the session's and the device's, are Secure.
    expect(answer.headers.getSetCookie().map((cookie) => /;\s*Secure/i.test(cookie))).toEqual([true, true]);
  }, 120_000);

  it("with no PUBLIC_URL, says once at start that links point at localhost and cookies may lack Secure", async () => {
    const unset = await startCompiledWeb({ PUBLIC_URL: undefined, LOG_LEVEL: "warn" }, { keepStdout: true });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const warnings = unset.output().match(/PUBLIC_URL is not set[^"\n]*/g) ?? [];
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`links that leave the product will point at http://localhost:${unset.port}`);
      expect(warnings[0]).toContain("session cookies lack Secure");
    } finally {
      await unset.stop();
    }
  }, 120_000);
});

afterAll(async () => {
  await prisma.user.deleteMany({ where: { username: { in: usernames } } });
});
