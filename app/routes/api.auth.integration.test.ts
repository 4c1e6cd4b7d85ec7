import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { FRESH_PACE, paceAttempt } from "~/modules/auth/sign-in-pace";
import { prisma } from "~/server/db.server";
import { apiClient, newIp, uniqueName, type ApiResponse, type CallInit } from "../../tests/support/api-client";
import { passSignInWait } from "../../tests/support/sign-in-pace";
import { bootWebServer } from "../../tests/support/web";

// Sign-in, registration and sessions over HTTP, against the real database and Redis.
let web: Awaited<ReturnType<typeof bootWebServer>>;

beforeAll(async () => {
  web = await bootWebServer();
});

afterAll(async () => {
  await web?.stop();
});

const call = apiClient(() => web.baseUrl);

const sessionPart = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

/** The Set-Cookie of one cookie, among the answer's (fetch joins them with ", "). */
const setCookieOf = (setCookie: string | null, name: string) =>
  setCookie?.split(/,(?=\s*asiiko-)/).find((cookie) => cookie.trim().startsWith(`${name}=`)) ?? "";
/** `name=value`: what the browser sends back. */
const cookieFrom = (setCookie: string | null, name: string) => setCookieOf(setCookie, name).trim().split(";")[0]!;
const attributesOf = (setCookie: string | null, name: string) =>
  setCookieOf(setCookie, name)
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());

/** The most guesses the sign-in pace lets through in `ms` from a fresh start, each made the moment it may be. */
function guessesAllowedWithin(ms: number) {
  let state = FRESH_PACE;
  let count = 0;
  while (state.nextAt <= ms) {
    const answer = paceAttempt(state, state.nextAt);
    if (!answer.allowed) break;
    state = answer.state;
    count += 1;
  }
  return count;
}

const signInWith = (input: { username: string; password: string }, init: CallInit = {}) =>
  call("POST", "/api/login", { username: input.username, password: input.password }, init);

/**
 * A stranger's `count` wrong passwords for the account, each from a new address and browser,
 * every wait they are told waited out (the clock is moved for them, tests/support/sign-in-pace.ts).
 */
async function wrongPasswords(username: string, count: number) {
  for (let wrong = 0; wrong < count;) {
    const guess = await call("POST", "/api/login", { username, password: `guess-${wrong}` });
    if (guess.status === 429) await passSignInWait(username.toLowerCase(), Number(guess.headers.get("retry-after")));
    else {
      expect(guess.status).toBe(401);
      wrong += 1;
    }
  }
}

/** Waits as long as a 429 said (Retry-After), as a person told 'Try again in N seconds' does. */
const waitFor = (refused: ApiResponse) =>
  new Promise((resolve) => setTimeout(resolve, Number(refused.headers.get("retry-after")) * 1000));

function registration(overrides: Record<string, unknown> = {}) {
  return {
    username: uniqueName(),
    password: "correct-horse-8",
    firstName: "Amina",
    lastName: "Bello",
    email: `${uniqueName("mail")}@example.ng`,
    ...overrides,
  };
}

describe("POST /api/register", () => {
  it("creates the account, signs it in and answers the user object", async () => {
    const input = registration({ username: uniqueName("Mixed_Case") });
    const response = await call("POST", "/api/register", input);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      username: input.username.toLowerCase(),
      email: (input.email as string).toLowerCase(),
      firstName: "Amina",
      lastName: "Bello",
      role: "USER",
      isAdmin: false,
    });
    expect(response.body).not.toHaveProperty("passwordHash");
    expect(response.cookie).toMatch(/^asiiko-session=[^;]+;.*HttpOnly/i);
    expect(response.cookie).toMatch(/SameSite=Lax/i);

    const me = await call("GET", "/api/user", undefined, { cookie: sessionPart(response.cookie) });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(response.body.id);

    const stored = await prisma.user.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain("correct-horse-8");
  });

  it("takes e-mail as optional: missing, empty or null", async () => {
    for (const email of [undefined, "", null]) {
      const response = await call("POST", "/api/register", registration({ email }));
      expect(response.status).toBe(201);
      expect(response.body.email).toBeNull();
    }
  });

  it("refuses a taken username (whatever its case) and a taken e-mail with 409", async () => {
    const first = registration();
    expect((await call("POST", "/api/register", first)).status).toBe(201);

    const sameName = await call("POST", "/api/register", registration({ username: first.username.toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.body.error.code).toBe("AUTH_USERNAME_EXISTS");
    expect(sameName.body.error.fields.username).toEqual(["That username is already taken"]);

    const sameEmail = await call(
      "POST",
      "/api/register",
      registration({ email: (first.email as string).toUpperCase() }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.code).toBe("AUTH_EMAIL_EXISTS");
  });

  it.each([
    [
      "a username of 2 characters",
      { username: "ab" },
      "VLD_REQUIRED_FIELD",
      "username",
      "Username must be 3-50 characters",
    ],
    [
      "a username of 51 characters",
      { username: "u".repeat(51) },
      "VLD_REQUIRED_FIELD",
      "username",
      "Username must be 3-50 characters",
    ],
    [
      "a username with spaces",
      { username: "amina bello" },
      "VLD_REQUIRED_FIELD",
      "username",
      "Use letters, numbers, dots, dashes and underscores only",
    ],
    [
      "a password of 7 characters",
      { password: "1234567" },
      "VLD_PASSWORD_TOO_SHORT",
      "password",
      "Password must be at least 8 characters",
    ],
    ["no first name", { firstName: undefined }, "VLD_REQUIRED_FIELD", "firstName", "First name is required"],
    ["a blank last name", { lastName: "   " }, "VLD_REQUIRED_FIELD", "lastName", "Last name is required"],
    ["no username", { username: undefined }, "VLD_REQUIRED_FIELD", "username", "Username is required"],
    ["an invalid e-mail", { email: "amina@" }, "VLD_INVALID_EMAIL", "email", "Enter a valid e-mail address"],
    ["a number for a name", { firstName: 42 }, "VLD_REQUIRED_FIELD", "firstName", "First name is required"],
  ])("refuses %s with 400 and the field's message", async (_case, overrides, code, field, message) => {
    const response = await call("POST", "/api/register", registration(overrides));
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.fields[field]).toContain(message);
  });

  it("accepts the boundaries: usernames of 3 and 50 characters, a password of 8", async () => {
    const three = `a${randomBytes(1).toString("hex")}`;
    expect((await call("POST", "/api/register", registration({ username: three, password: "12345678" }))).status).toBe(
      201,
    );
    const fifty = `${uniqueName("b")}${"x".repeat(50)}`.slice(0, 50);
    expect((await call("POST", "/api/register", registration({ username: fifty }))).status).toBe(201);
  });

  it("answers messages in the reader's language", async () => {
    const response = await call("POST", "/api/register", registration({ password: "short" }), {
      headers: { "Accept-Language": "fr-FR,fr;q=0.9" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).not.toBe("Password must be at least 8 characters");
    expect(response.body.error.message).toMatch(/8/);
  });

  it("refuses a 5 MB body, a wrong content type, malformed JSON and non-object JSON, storing nothing", async () => {
    const before = await prisma.user.count();
    const huge = await call("POST", "/api/register", undefined, {
      raw: JSON.stringify({ ...registration(), firstName: "x".repeat(5 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("FILE_TOO_LARGE");

    const form = await call("POST", "/api/register", undefined, {
      raw: "username=a&password=b",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.message).toContain("JSON");

    const broken = await call("POST", "/api/register", undefined, { raw: '{"username": "amina",' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toBe("The request body is not valid JSON.");

    for (const raw of ["[]", "null", '"text"']) {
      const response = await call("POST", "/api/register", undefined, { raw });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toMatch(/^VLD_/);
    }
    expect(await prisma.user.count()).toBe(before);
  });

  it("limits registrations per address with 429 and Retry-After", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let attempt = 0; attempt < 61; attempt += 1) {
      last = await call("POST", "/api/register", { username: "x" }, { ip });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    // The wait is the hour's rest, and the message says so in minutes, rounded up.
    const wait = Number(last!.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(59 * 60);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(last!.body.error.message).toBe(`Too many attempts. Try again in ${Math.ceil(wait / 60)} minutes.`);
  });

  it("signs up 60 farmers in an hour from one shared address and refuses the 61st", async () => {
    // A training session in a village hall: every phone on one hotspot, one public address.
    const ip = newIp();
    const statuses: number[] = [];
    for (let farmer = 0; farmer < 60; farmer += 1) {
      statuses.push((await call("POST", "/api/register", registration(), { ip })).status);
    }
    expect(statuses).toEqual(Array.from({ length: 60 }, () => 201));
    const refused = await call("POST", "/api/register", registration(), { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 120_000);
});

describe("POST /api/login", () => {
  it("signs in with the right password, case-insensitively, with a new session each time", async () => {
    const input = registration();
    const registered = await call("POST", "/api/register", input);
    const first = await call("POST", "/api/login", {
      username: input.username.toUpperCase(),
      password: input.password,
    });
    expect(first.status).toBe(200);
    expect(first.body.id).toBe(registered.body.id);

    // Signing in again from the same browser renews the session id and ends the old one.
    const second = await call(
      "POST",
      "/api/login",
      { username: input.username, password: input.password },
      { cookie: sessionPart(first.cookie) },
    );
    expect(second.status).toBe(200);
    expect(sessionPart(second.cookie)).not.toBe(sessionPart(first.cookie));
    expect((await call("GET", "/api/user", undefined, { cookie: sessionPart(first.cookie) })).status).toBe(401);
    expect((await call("GET", "/api/user", undefined, { cookie: sessionPart(second.cookie) })).status).toBe(200);
  });

  it("gives the same 401 for a wrong password and an unknown username", async () => {
    const input = registration();
    await call("POST", "/api/register", input);
    const wrong = await call("POST", "/api/login", { username: input.username, password: "not-the-password" });
    const unknown = await call("POST", "/api/login", { username: uniqueName("ghost"), password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toEqual({ code: "AUTH_INVALID_CREDENTIALS", message: "Invalid username or password" });
    expect(wrong.cookie).toBeNull();
  });

  it("requires username and password", async () => {
    const response = await call("POST", "/api/login", {});
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VLD_REQUIRED_FIELD");
    expect(Object.keys(response.body.error.fields).sort()).toEqual(["password", "username"]);
  });

  it("gives the browser a signed device cookie at sign-in, and the same id each time after", async () => {
    const input = registration();
    const registered = await call("POST", "/api/register", input);
    // The session's cookie first, then the device's: httpOnly, SameSite=Lax, for a year.
    expect(registered.cookie).toMatch(/^asiiko-session=/);
    const device = cookieFrom(registered.cookie, "asiiko-device");
    const attributes = attributesOf(registered.cookie, "asiiko-device");
    expect(attributes).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/", "max-age=31536000"]));
    expect(attributes).not.toContain("secure");
    // Signed: the id, a dot, the signature.
    expect(decodeURIComponent(device.split("=")[1]!)).toMatch(/^.+\..+$/);

    const again = await signInWith(input, { cookie: device });
    expect(again.status).toBe(200);
    expect(cookieFrom(again.cookie, "asiiko-device")).toBe(device);
    // A browser without one, or with one that was tampered with, gets a new one.
    const fresh = await signInWith(input);
    expect(cookieFrom(fresh.cookie, "asiiko-device")).not.toBe(device);
    const tampered = `${device.slice(0, -2)}xx`;
    const retold = await signInWith(input, { cookie: tampered });
    expect(retold.status).toBe(200);
    expect(cookieFrom(retold.cookie, "asiiko-device")).not.toBe(tampered);
    expect(cookieFrom(retold.cookie, "asiiko-device")).not.toBe(device);
  });

  it("lets the owner's phone in at once after a stranger's ten, twenty and fifty wrong passwords from other addresses and browsers", async () => {
    const input = registration();
    const phone = cookieFrom((await call("POST", "/api/register", input)).cookie, "asiiko-device");
    let wrong = 0;
    for (const checkpoint of [10, 20, 50]) {
      // The stranger waits out every wait they are told (the clock is moved for them) and guesses on.
      await wrongPasswords(input.username, checkpoint - wrong);
      wrong = checkpoint;
      // Right after the stranger's last guess, the account waits for anyone new...
      const newcomer = await signInWith(input);
      expect(newcomer.status).toBe(429);
      // ...but the owner's phone is let in at once.
      const owner = await signInWith(input, { cookie: phone });
      expect(owner.status, `after ${checkpoint} wrong passwords`).toBe(200);
    }
  }, 120_000);

  it("lets the owner in on a new phone after the wait it states, in seconds, with Retry-After the same", async () => {
    const input = registration();
    await call("POST", "/api/register", input);
    // Six wrong passwords from elsewhere: five are free, the sixth makes the next attempt wait 2 s.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      let guess = await call("POST", "/api/login", { username: input.username, password: "guess-guess" });
      if (guess.status === 429) {
        await waitFor(guess);
        guess = await call("POST", "/api/login", { username: input.username, password: "guess-guess" });
      }
      expect(guess.status).toBe(401);
    }
    const told = await signInWith(input);
    expect(told.status).toBe(429);
    expect(told.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    const wait = Number(told.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    expect(told.body.error.message).toBe(
      wait === 1 ? "Too many attempts. Try again in a second." : `Too many attempts. Try again in ${wait} seconds.`,
    );
    expect(told.cookie).toBeNull();
    // The owner waits what they were told, and is in.
    await waitFor(told);
    const owner = await signInWith(input);
    expect(owner.status).toBe(200);
    expect(owner.body.username).toBe(input.username.toLowerCase());
  });

  it("states every wait truly: after fifty wrong passwords the wait is 40 seconds at most, said in the reader's language", async () => {
    const input = registration();
    await call("POST", "/api/register", input);
    const account = input.username.toLowerCase();
    await wrongPasswords(input.username, 50);
    const told = await signInWith(input, { headers: { "Accept-Language": "fr-FR,fr;q=0.9" } });
    expect(told.status).toBe(429);
    const wait = Number(told.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(30);
    expect(wait).toBeLessThanOrEqual(40);
    expect(told.body.error.message).toBe(`Trop de tentatives. Réessayez dans ${wait} secondes.`);
    // Once that wait has passed, the right password is let in.
    await passSignInWait(account, wait);
    expect((await signInWith(input)).status).toBe(200);
  }, 120_000);

  it("counts a username's attempts together whatever its case and spaces", async () => {
    const input = registration();
    await call("POST", "/api/register", input);
    const variants = [input.username.toUpperCase(), ` ${input.username} `, input.username];
    // Sent at once: five reach the password check, and whichever comes last waits.
    const guesses = await Promise.all(
      Array.from({ length: 6 }, (_, attempt) =>
        call("POST", "/api/login", { username: variants[attempt % 3], password: "guess-guess" }),
      ),
    );
    expect(guesses.map(({ status }) => status).sort()).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("lets through no more than about 100 guesses an hour against one account, from any number of addresses", async () => {
    const input = registration();
    await call("POST", "/api/register", input);
    const account = input.username.toLowerCase();
    // A hundred guesses at once, each from its own address: five reach the password check, and
    // only as many more as the waits let through while the hundred were being answered.
    const sent = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call("POST", "/api/login", { username: input.username, password: `burst-${index}` }),
      ),
    );
    const took = Date.now() - sent;
    const through = burst.filter(({ status }) => status === 401).length;
    expect(through).toBeGreaterThanOrEqual(5);
    expect(through).toBeLessThanOrEqual(guessesAllowedWithin(took));
    const refused = burst.filter(({ status }) => status === 429);
    expect(through + refused.length).toBe(100);
    for (const answer of refused) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    // Then the rest of an hour of guessing from a new address each time, every wait waited out the
    // moment it is over: the hour is the waits the server stated plus the time the requests took.
    let waited = 0;
    let guesses = through;
    while (waited * 1000 + (Date.now() - sent) < 3_600_000) {
      const guess = await call("POST", "/api/login", { username: input.username, password: `hour-${guesses}` });
      if (guess.status === 429) {
        const wait = Number(guess.headers.get("retry-after"));
        waited += wait;
        await passSignInWait(account, wait);
      } else {
        expect(guess.status).toBe(401);
        guesses += 1;
      }
    }
    expect(guesses).toBeLessThanOrEqual(100);
    expect(guesses).toBeGreaterThan(80);
  }, 120_000);

  it("holds a guesser on the owner's own phone to that phone's 10 in 15 minutes, and locks nobody else out", async () => {
    const input = registration();
    const phone = cookieFrom((await call("POST", "/api/register", input)).cookie, "asiiko-device");
    const laptop = cookieFrom((await signInWith(input)).cookie, "asiiko-device");
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess = await call(
        "POST",
        "/api/login",
        { username: input.username, password: "guess-guess" },
        { cookie: phone },
      );
      expect(guess.status).toBe(401);
    }
    const locked = await signInWith(input, { cookie: phone });
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(locked.body.error.message).toBe("Too many attempts. Try again in 15 minutes.");
    // The owner's other browser, and a new one, are not held back by that phone's guesses.
    expect((await signInWith(input, { cookie: laptop })).status).toBe(200);
    expect((await signInWith(input)).status).toBe(200);
  });

  it("counts a device cookie that signed in to another account as a new browser", async () => {
    const owner = registration();
    await call("POST", "/api/register", owner);
    // The stranger's own account gives their browser a device cookie; it is nothing to the owner's.
    const strangers = cookieFrom((await call("POST", "/api/register", registration())).cookie, "asiiko-device");
    const guesses = await Promise.all(
      Array.from({ length: 6 }, () =>
        call("POST", "/api/login", { username: owner.username, password: "guess-guess" }, { cookie: strangers }),
      ),
    );
    expect(guesses.map(({ status }) => status).sort()).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("refuses a sign-in posted from another site", async () => {
    const input = registration();
    await call("POST", "/api/register", input);
    const cross = await call(
      "POST",
      "/api/login",
      { username: input.username, password: input.password },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(cross.status).toBe(403);
    expect(cross.body.error.code).toBe("SEC_CSRF_VIOLATION");
    expect(cross.cookie).toBeNull();
    const same = await call(
      "POST",
      "/api/login",
      { username: input.username, password: input.password },
      { headers: { Origin: web.baseUrl } },
    );
    expect(same.status).toBe(200);
  });

  it("answers only POST", async () => {
    const response = await call("GET", "/api/login");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.body.error.message).toBe("This address answers only: POST.");
  });
});

describe("refusals in the reader's language", () => {
  it("speaks the language of the cookie, else of Accept-Language, else English", async () => {
    const hausa = await call("GET", "/api/no-such-route", undefined, { cookie: "asiiko-lang=ha" });
    expect(hausa.status).toBe(404);
    expect(hausa.body.error).toEqual({
      code: "DB_RECORD_NOT_FOUND",
      message: "Babu irin wannan adireshi a cikin API.",
    });
    const french = await call("GET", "/api/user", undefined, { headers: { "Accept-Language": "fr-FR,fr;q=0.9" } });
    expect(french.status).toBe(401);
    expect(french.body.error.message).toBe("Veuillez vous reconnecter");
    const yoruba = await call("GET", "/api/login", undefined, { cookie: "asiiko-lang=yo" });
    expect(yoruba.body.error.message).toBe("Àdírẹ́sì yìí ń dáhùn sí ìwọ̀nyí nìkan: POST.");
    const english = await call("GET", "/api/no-such-route");
    expect(english.body.error.message).toBe("There is no such address in the API.");
  });
});

describe("GET /api/user and POST /api/logout", () => {
  it("answers 401 when signed out or with a forged cookie", async () => {
    const none = await call("GET", "/api/user");
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe("AUTH_SESSION_EXPIRED");
    const forged = await call("GET", "/api/user", undefined, { cookie: "asiiko-session=not-signed" });
    expect(forged.status).toBe(401);
  });

  it("signs out: the cookie is cleared and the old session no longer works", async () => {
    const registered = await call("POST", "/api/register", registration());
    const cookie = sessionPart(registered.cookie);
    expect((await call("GET", "/api/user", undefined, { cookie })).status).toBe(200);

    const out = await call("POST", "/api/logout", undefined, { cookie });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(out.cookie).toMatch(/asiiko-session=;.*Max-Age=0/i);
    expect((await call("GET", "/api/user", undefined, { cookie })).status).toBe(401);
    expect(await prisma.session.count({ where: { userId: registered.body.id } })).toBe(0);
  });

  it("answers the same when signing out without a session", async () => {
    const out = await call("POST", "/api/logout");
    expect(out.status).toBe(200);
  });
});

describe("POST /api/errors/frontend", () => {
  const report = {
    errorId: "ERR-TEST-0001",
    boundary: "MarketplacePage",
    level: "page",
    message: "Cannot read properties of undefined",
    stack: "TypeError: ...",
    componentStack: null,
    timestamp: new Date().toISOString(),
    userAgent: "Mozilla/5.0",
    url: "http://localhost/marketplace",
    retryCount: 1,
  };

  it("accepts a report and queues it for the worker", async () => {
    const response = await call("POST", "/api/errors/frontend", report);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ success: true, data: { errorId: "ERR-TEST-0001" } });
    const jobs = await getQueue("frontend-errors").getJobs(["waiting", "delayed", "active", "completed"]);
    expect(jobs.some((job) => job.data.report.errorId === "ERR-TEST-0001")).toBe(true);
  });

  it("refuses a malformed or oversized report", async () => {
    const bad = await call("POST", "/api/errors/frontend", { ...report, level: "galaxy" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^VLD_/);
    const big = await call("POST", "/api/errors/frontend", { ...report, stack: "x".repeat(40_000) });
    expect(big.status).toBe(413);
  });
});

describe("the settings page's 'Sign out everywhere'", () => {
  it("ends every session of the account, this one included, and opens the sign-in page, which says so", async () => {
    const input = registration();
    const first = await call("POST", "/api/register", input);
    const other = await call("POST", "/api/login", { username: input.username, password: input.password });
    const bystander = await call("POST", "/api/register", registration());
    const cookie = sessionPart(first.cookie);
    expect(await prisma.session.count({ where: { userId: first.body.id } })).toBe(2);

    const response = await fetch(`${web.baseUrl}/settings`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": newIp() },
      body: new URLSearchParams({ intent: "sign-out-everywhere" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?signedOut=everywhere");
    expect(response.headers.get("set-cookie")).toMatch(/asiiko-session=;.*Max-Age=0/i);

    expect(await prisma.session.count({ where: { userId: first.body.id } })).toBe(0);
    expect((await call("GET", "/api/user", undefined, { cookie })).status).toBe(401);
    expect((await call("GET", "/api/user", undefined, { cookie: sessionPart(other.cookie) })).status).toBe(401);
    // Other accounts keep theirs.
    expect((await call("GET", "/api/user", undefined, { cookie: sessionPart(bystander.cookie) })).status).toBe(200);

    const page = await fetch(`${web.baseUrl}/auth?signedOut=everywhere`, { headers: { "X-Forwarded-For": newIp() } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You are signed out on every device.");
  });
});

describe("the profile page's password change", () => {
  it("checks the current password, changes it, and ends the account's other sessions", async () => {
    const input = registration();
    const first = await call("POST", "/api/register", input);
    const other = await call("POST", "/api/login", { username: input.username, password: input.password });
    const cookie = sessionPart(first.cookie);

    const post = (currentPassword: string, newPassword: string) =>
      fetch(`${web.baseUrl}/profile`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": newIp() },
        body: new URLSearchParams({ intent: "password", currentPassword, newPassword }),
      });

    expect((await post("wrong-current-password", "brand-new-password")).status).toBe(400);
    expect(
      (await call("POST", "/api/login", { username: input.username, password: "brand-new-password" })).status,
    ).toBe(401);

    expect((await post(input.password, "brand-new-password")).status).toBe(200);
    // This browser stays signed in; the other one is signed out, and the account no longer knows it.
    expect((await call("GET", "/api/user", undefined, { cookie })).status).toBe(200);
    expect((await call("GET", "/api/user", undefined, { cookie: sessionPart(other.cookie) })).status).toBe(401);
    const devices = await call("GET", "/api/user/sessions", undefined, { cookie });
    expect(devices.body.data.sessions).toHaveLength(1);
    expect(devices.body.data.sessions[0].current).toBe(true);
    expect(await prisma.device.count({ where: { userId: first.body.id } })).toBe(1);

    expect(
      (await call("POST", "/api/login", { username: input.username, password: "brand-new-password" })).status,
    ).toBe(200);
    expect((await call("POST", "/api/login", { username: input.username, password: input.password })).status).toBe(401);
  });
});
