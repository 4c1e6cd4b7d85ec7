import { afterAll, describe, expect, it } from "vitest";
import { SESSION_SEEN_EVERY_SECONDS } from "~/modules/auth/constants";
import type { SignedInDevice } from "~/modules/auth/devices.server";
import { prisma } from "~/server/db.server";
import { apiClient, uniqueName, type ApiResponse } from "../../tests/support/api-client";
import { serveForTests } from "../../tests/support/web";

// The account's signed-in devices over HTTP: GET /api/user/sessions lists them (browser and
// device from the user agent, first signed in, last seen, this one marked), DELETE
// /api/user/sessions/{id} signs one out. Someone else's session and one that does not exist
// answer the same 404; the id the list gives is never the session id the cookie carries.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

const PHONE =
  "Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const LAPTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0";
const FEATURE_PHONE =
  "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54";

const password = "Ibadan-Yams#2026";
const prefix = uniqueName("dev");

afterAll(async () => {
  await prisma.user.deleteMany({ where: { username: { startsWith: prefix } } });
});

/** The cookies a browser sends back after this answer: its session's and its device's. */
const browserCookies = (answer: ApiResponse) =>
  (answer.cookie ?? "")
    .split(/,(?=\s*asiiko-)/)
    .map((cookie) => cookie.trim().split(";")[0]!)
    .join("; ");

/** An account signed in on a phone, a laptop and a feature phone: each browser's cookies. */
async function accountOnThreeDevices() {
  const username = uniqueName(prefix);
  const registered = await call(
    "POST",
    "/api/register",
    { username, password, firstName: "Funke", lastName: "Adeyemi" },
    { headers: { "User-Agent": PHONE } },
  );
  expect(registered.status).toBe(201);
  const signIn = async (userAgent: string) =>
    browserCookies(await call("POST", "/api/login", { username, password }, { headers: { "User-Agent": userAgent } }));
  return {
    userId: registered.body.id as string,
    username,
    phone: browserCookies(registered),
    laptop: await signIn(LAPTOP),
    featurePhone: await signIn(FEATURE_PHONE),
  };
}

const list = async (cookie: string) => {
  const answer = await call("GET", "/api/user/sessions", undefined, { cookie });
  expect(answer.status).toBe(200);
  return answer.body.data.sessions as SignedInDevice[];
};

const whoAmI = async (cookie: string) => (await call("GET", "/api/user", undefined, { cookie })).status;

describe("GET /api/user/sessions", () => {
  it("lists the account's devices, this one first, by browser and device, with when each signed in and was last seen", async () => {
    const account = await accountOnThreeDevices();
    const sessions = await list(account.laptop);
    expect(sessions.map(({ browser, platform, current }) => ({ browser, platform, current }))).toEqual([
      { browser: "Firefox", platform: "Windows", current: true },
      { browser: "Opera Mini", platform: null, current: false },
      { browser: "Chrome", platform: "Android", current: false },
    ]);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/);
      expect(Date.parse(session.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(session.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(session.signedInAt));
      expect(Object.keys(session).sort()).toEqual(["browser", "current", "id", "lastSeenAt", "platform", "signedInAt"]);
    }
    // The session ids (what the cookies carry) appear nowhere in the answer.
    const rows = await prisma.session.findMany({ where: { userId: account.userId }, select: { id: true } });
    const text = JSON.stringify(await call("GET", "/api/user/sessions", undefined, { cookie: account.phone }));
    for (const { id } of rows) expect(text).not.toContain(id);
    // Nobody else's sessions.
    const other = await accountOnThreeDevices();
    expect((await list(other.phone)).map(({ id }) => id)).not.toEqual(expect.arrayContaining([sessions[0]!.id]));
  });

  it("answers 401 without a session, and only GET", async () => {
    const none = await call("GET", "/api/user/sessions");
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe("AUTH_SESSION_EXPIRED");
    const account = await accountOnThreeDevices();
    const post = await call("POST", "/api/user/sessions", {}, { cookie: account.phone });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("writes 'last seen' once every few minutes at most, not at every request", async () => {
    const account = await accountOnThreeDevices();
    const row = await prisma.session.findFirstOrThrow({
      where: { userId: account.userId },
      orderBy: { createdAt: "asc" },
    });
    // Used a minute ago: a request now leaves it alone.
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await prisma.session.update({ where: { id: row.id }, data: { lastSeenAt: aMinuteAgo } });
    expect(await whoAmI(account.phone)).toBe(200);
    expect((await prisma.session.findUniqueOrThrow({ where: { id: row.id } })).lastSeenAt).toEqual(aMinuteAgo);
    // Used longer ago than that: the request writes now.
    const longAgo = new Date(Date.now() - (SESSION_SEEN_EVERY_SECONDS + 60) * 1000);
    await prisma.session.update({ where: { id: row.id }, data: { lastSeenAt: longAgo } });
    const before = Date.now();
    expect(await whoAmI(account.phone)).toBe(200);
    const seen = (await prisma.session.findUniqueOrThrow({ where: { id: row.id } })).lastSeenAt.getTime();
    expect(seen).toBeGreaterThanOrEqual(before - 1_000);
    const listed = (await list(account.laptop)).find(({ browser }) => browser === "Chrome")!;
    expect(Date.parse(listed.lastSeenAt)).toBe(seen);
  });
});

describe("DELETE /api/user/sessions/{id}", () => {
  it("signs one of the account's other devices out: its cookie stops working, the others go on", async () => {
    const account = await accountOnThreeDevices();
    const featurePhone = (await list(account.phone)).find(({ browser }) => browser === "Opera Mini")!;
    const answer = await call("DELETE", `/api/user/sessions/${featurePhone.id}`, undefined, { cookie: account.phone });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: { id: featurePhone.id } });
    expect(answer.cookie).toBeNull();
    expect(await whoAmI(account.featurePhone)).toBe(401);
    expect(await whoAmI(account.phone)).toBe(200);
    expect(await whoAmI(account.laptop)).toBe(200);
    expect((await list(account.phone)).map(({ browser }) => browser)).toEqual(["Chrome", "Firefox"]);
    // Asked again, it is gone.
    const again = await call("DELETE", `/api/user/sessions/${featurePhone.id}`, undefined, { cookie: account.phone });
    expect(again.status).toBe(404);
  });

  it("forgets the signed-out browser, so its sign-in attempts count as a new one's", async () => {
    const account = await accountOnThreeDevices();
    const laptop = (await list(account.phone)).find(({ browser }) => browser === "Firefox")!;
    expect(await prisma.device.count({ where: { userId: account.userId } })).toBe(3);
    await call("DELETE", `/api/user/sessions/${laptop.id}`, undefined, { cookie: account.phone });
    expect(await prisma.device.count({ where: { userId: account.userId } })).toBe(2);
    // The laptop's guesses now share the account's pace: five wrong passwords, then a wait.
    const guesses = await Promise.all(
      Array.from({ length: 6 }, () =>
        call("POST", "/api/login", { username: account.username, password: "guess-guess" }, { cookie: account.laptop }),
      ),
    );
    expect(guesses.map(({ status }) => status).sort()).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("answers someone else's session, an unknown id and a malformed one with the same 404, and ends none", async () => {
    const account = await accountOnThreeDevices();
    const stranger = await accountOnThreeDevices();
    const theirs = (await list(stranger.phone))[0]!.id;
    const answers = [];
    for (const id of [theirs, "00000000-0000-4000-8000-000000000000", "not-a-session", theirs.toUpperCase()]) {
      const answer = await call("DELETE", `/api/user/sessions/${id}`, undefined, { cookie: account.phone });
      expect(answer.status, id).toBe(404);
      answers.push(answer.body);
    }
    expect(new Set(answers.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(answers[0]).toMatchObject({ success: false, error: { code: "DB_RECORD_NOT_FOUND" } });
    // The session id itself (what a cookie carries) names nothing here either.
    const row = await prisma.session.findFirstOrThrow({ where: { userId: account.userId } });
    const bySessionId = await call("DELETE", `/api/user/sessions/${row.id}`, undefined, { cookie: account.phone });
    expect(bySessionId.status).toBe(404);
    expect(bySessionId.body).toEqual(answers[0]);
    expect(await whoAmI(stranger.phone)).toBe(200);
    expect(await prisma.session.count({ where: { userId: stranger.userId } })).toBe(3);
    expect(await prisma.session.count({ where: { userId: account.userId } })).toBe(3);
  });

  it("signs this device out when it names its own session, and clears its cookie", async () => {
    const account = await accountOnThreeDevices();
    const mine = (await list(account.laptop)).find(({ current }) => current)!;
    const answer = await call("DELETE", `/api/user/sessions/${mine.id}`, undefined, { cookie: account.laptop });
    expect(answer.status).toBe(200);
    expect(answer.cookie).toMatch(/asiiko-session=;.*Max-Age=0/i);
    expect(await whoAmI(account.laptop)).toBe(401);
    expect(await whoAmI(account.phone)).toBe(200);
  });

  it("answers 401 without a session and 405 to another method", async () => {
    const account = await accountOnThreeDevices();
    const id = (await list(account.phone))[0]!.id;
    const none = await call("DELETE", `/api/user/sessions/${id}`);
    expect(none.status).toBe(401);
    const get = await call("GET", `/api/user/sessions/${id}`, undefined, { cookie: account.phone });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("DELETE");
    expect(await whoAmI(account.phone)).toBe(200);
  });
});
