import { afterAll, describe, expect, it } from "vitest";
import { OCCUPATIONS } from "~/modules/auth/constants";
import { prisma } from "~/server/db.server";
import { apiClient, newIp, uniqueName } from "../../tests/support/api-client";
import { serveForTests } from "../../tests/support/web";

// What people say they are (farmer, buyer, herbalist, trader, or nothing), over HTTP: the
// registration API and the sign-up form take it, Profile changes it, anything else is a
// catalogue validation error, and neither lets anyone give themselves a role.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const made: string[] = [];

afterAll(async () => {
  await prisma.user.deleteMany({ where: { id: { in: made } } });
});

function registration(overrides: Record<string, unknown> = {}) {
  return {
    username: uniqueName("occ"),
    password: "correct-horse-8",
    firstName: "Amina",
    lastName: "Bello",
    ...overrides,
  };
}

const sessionPart = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

async function register(overrides: Record<string, unknown> = {}) {
  const answer = await call("POST", "/api/register", registration(overrides));
  if (answer.body?.id) made.push(answer.body.id);
  return answer;
}

/** A browser's form post, not following redirects. */
async function post(path: string, fields: Record<string, string>, cookie?: string) {
  const response = await fetch(`${web.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": newIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A page as the server renders it, without the occupation select's options (which list every word). */
async function page(path: string, cookie: string) {
  const response = await fetch(`${web.baseUrl}${path}`, { headers: { Cookie: cookie, "X-Forwarded-For": newIp() } });
  return { status: response.status, text: (await response.text()).replace(/<option[^>]*>[^<]*<\/option>/g, "") };
}

describe("POST /api/register", () => {
  it("takes each occupation, and answers it in the user's shape", async () => {
    for (const occupation of OCCUPATIONS) {
      const answer = await register({ occupation });
      expect(answer.status, occupation).toBe(201);
      expect(answer.body.occupation).toBe(occupation);
      const me = await call("GET", "/api/user", undefined, { cookie: sessionPart(answer.cookie) });
      expect(me.body.occupation).toBe(occupation);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: answer.body.id } })).occupation).toBe(occupation);
    }
  });

  it("leaves it unset when it is not given, or given empty", async () => {
    for (const overrides of [{}, { occupation: "" }, { occupation: null }]) {
      const answer = await register(overrides);
      expect(answer.status).toBe(201);
      expect(answer.body.occupation).toBeNull();
    }
  });

  it("refuses an unknown value with a catalogue validation error, and makes no account", async () => {
    for (const occupation of ["doctor", "Farmer", "ADMIN", 7, ["farmer"], { farmer: true }]) {
      const username = uniqueName("occ_bad");
      const answer = await register({ username, occupation });
      expect(answer.status, JSON.stringify(occupation)).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.error.code).toMatch(/^VLD_/);
      expect(await prisma.user.count({ where: { username } })).toBe(0);
    }
  });

  it("never takes a role from the body", async () => {
    const answer = await register({ occupation: "trader", role: "ADMIN", isAdmin: true });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ role: "USER", isAdmin: false, occupation: "trader" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: answer.body.id } })).role).toBe("USER");
  });
});

describe("the sign-up form", () => {
  it("stores what the person chose, and refuses an unknown value on its field", async () => {
    const username = uniqueName("occ_form");
    const fields = { intent: "register", ...registration({ username }), occupation: "herbalist", role: "ADMIN" };
    const signedUp = await post("/auth", fields);
    expect(signedUp.status).toBe(302);
    const user = await prisma.user.findUniqueOrThrow({ where: { username } });
    made.push(user.id);
    expect(user).toMatchObject({ occupation: "herbalist", role: "USER" });

    const refused = await post("/auth", { ...fields, username: uniqueName("occ_form"), occupation: "wizard" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Choose farmer, buyer, herbalist or trader");
  });
});

describe("Profile", () => {
  it("changes it, clears it, refuses an unknown value, and never changes the role", async () => {
    const answer = await register();
    const cookie = sessionPart(answer.cookie);
    const profile = (fields: Record<string, string>) =>
      post("/profile", { intent: "profile", firstName: "Amina", lastName: "Bello", ...fields }, cookie);
    const stored = async () => prisma.user.findUniqueOrThrow({ where: { id: answer.body.id } });

    // Unset: the sidebar and the profile card say 'Member', never 'Farmer'.
    let shown = await page("/profile", cookie);
    expect(shown.text).toMatch(/data-testid="profile-occupation">Member</);
    expect(shown.text).not.toContain(">Farmer<");

    expect((await profile({ occupation: "herbalist", role: "ADMIN" })).status).toBe(200);
    expect(await stored()).toMatchObject({ occupation: "herbalist", role: "USER" });
    expect((await call("GET", "/api/user", undefined, { cookie })).body).toMatchObject({
      occupation: "herbalist",
      isAdmin: false,
    });
    shown = await page("/profile", cookie);
    expect(shown.text).toMatch(/data-testid="profile-occupation">Herbalist</);
    expect(shown.text).not.toContain(">Farmer<");

    const refused = await profile({ occupation: "sorcerer" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Choose farmer, buyer, herbalist or trader");
    expect((await stored()).occupation).toBe("herbalist");

    expect((await profile({ occupation: "" })).status).toBe(200);
    expect((await stored()).occupation).toBeNull();
  });

  it("is shown in the reader's language", async () => {
    const answer = await register({ occupation: "herbalist" });
    const cookie = `${sessionPart(answer.cookie)}; asiiko-lang=ha`;
    const shown = await page("/profile", cookie);
    expect(shown.text).toMatch(/data-testid="profile-occupation">Mai maganin gargajiya</);
  });
});
