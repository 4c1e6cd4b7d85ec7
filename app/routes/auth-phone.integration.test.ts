import { afterAll, describe, expect, it, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { formatNigerianPhone } from "~/lib/phone";
import { NO_PASSWORD } from "~/modules/auth/password.server";
import { prisma } from "~/server/db.server";
import { trackUser } from "../../tests/support/api-client";
import { postChunkedForm } from "../../tests/support/chunked-post";
import { pageClient } from "../../tests/support/page-client";
import { uniquePhone } from "../../tests/support/phones";
import { smsTestBed } from "../../tests/support/sms-test-bed";
import { serveForTests } from "../../tests/support/web";

// Signing in with a code by SMS (/auth/phone), as an account made on a basic phone does, over
// HTTP without the page's script: the code goes to the verified phone through the real sms queue
// and a local server that speaks Africa's Talking; a wrong code counts, five spend it; the right
// one signs in once and leads to Profile, where the account chooses its first password, which
// then signs in too. A number that is no account's gets the same answer and no text.

const { atPort } = vi.hoisted(() => {
  const port = 48000 + (process.pid % 1000);
  process.env.AT_USERNAME = "asiiko-signin-test";
  process.env.AT_API_KEY = "atsk_local_signin_key";
  process.env.AT_BASE_URL = `http://127.0.0.1:${port}`;
  return { atPort: port };
});

const africasTalking = smsTestBed({ username: "asiiko-signin-test", apiKey: "atsk_local_signin_key", port: atPort });
const web = serveForTests();
const { post, get } = pageClient(() => web.baseUrl);

/** An account made on a basic phone: a first name, a verified number, no password. */
async function phoneAccount() {
  const phone = uniquePhone();
  const user = await prisma.user.create({
    data: {
      username: `farmer${phone.slice(-8)}`,
      passwordHash: NO_PASSWORD,
      firstName: "Bola",
      lastName: "",
      language: "en",
      phone,
      phoneVerifiedAt: new Date(),
    },
  });
  trackUser(user.id);
  return { user, phone, typed: `0${phone.slice(4)}` };
}

/** The code in the newest text to `phone`, once it is there. */
async function codeSentTo(phone: string, count = 1) {
  await expect.poll(() => africasTalking().messagesTo(phone).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  const text = africasTalking().messagesTo(phone).at(-1)!.message;
  return /\b(\d{6})\b/.exec(text)![1]!;
}

const sessionCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");

afterAll(async () => {
  await prisma.user.deleteMany({ where: { username: { startsWith: "farmer" }, firstName: "Bola", lastName: "" } });
});

describe("/auth/phone", () => {
  it("signs a phone account in with the texted code, then lets it choose its first password", async () => {
    const { user, phone, typed } = await phoneAccount();
    const page = await get("/auth/phone");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Text me a code");

    const asked = await post("/auth/phone", { intent: "send", phone: typed });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("is an Asiiko account&#x27;s phone, a code is on its way");
    const code = await codeSentTo(phone);
    expect(africasTalking().messagesTo(phone)[0]!.message).toContain("Asiiko sign-in code");

    const wrong = await post("/auth/phone", {
      intent: "confirm",
      phone: typed,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("That code is not right. 4 tries left.");

    const signedIn = await post("/auth/phone", { intent: "confirm", phone: typed, code });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/profile#set-password");
    const cookie = sessionCookie(signedIn.headers);
    // The code is spent.
    const again = await post("/auth/phone", { intent: "confirm", phone: typed, code });
    expect(again.status).toBe(400);
    expect(again.text).toContain("This code has expired or was used.");

    const profile = await get("/profile", cookie);
    expect(profile.status).toBe(200);
    expect(profile.text).toContain("Choose a password");
    expect(profile.text).not.toContain('name="currentPassword"');
    const chosen = await post("/profile", { intent: "password", newPassword: "maize-harvest-2026" }, cookie);
    expect(chosen.status).toBe(200);
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    // The password signs in now, and Profile asks for it before changing it.
    const login = await fetch(`${web.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: user.username, password: "maize-harvest-2026" }),
    });
    expect(login.status).toBe(200);
    expect((await get("/profile", cookie)).text).toContain('name="currentPassword"');
    const withoutCurrent = await post("/profile", { intent: "password", newPassword: "another-pass-2026" }, cookie);
    expect(withoutCurrent.status).toBe(400);
  });

  it("answers a number that is no account's the same, and texts nothing", async () => {
    const phone = uniquePhone();
    const asked = await post("/auth/phone", { intent: "send", phone });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("a code is on its way");
    const confirm = await post("/auth/phone", { intent: "confirm", phone, code: "123456" });
    expect(confirm.status).toBe(400);
    expect(confirm.text).toContain("This code has expired or was used.");
    expect(africasTalking().messagesTo(phone)).toHaveLength(0);
  });

  it("spends a code after five wrong tries, and sends a number at most three codes an hour", async () => {
    const { phone, typed } = await phoneAccount();
    await post("/auth/phone", { intent: "send", phone: typed });
    const code = await codeSentTo(phone);
    const other = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left -= 1)
      expect((await post("/auth/phone", { intent: "confirm", phone: typed, code: other })).text).toContain(
        left === 1 ? "1 try left" : `${left} tries left`,
      );
    const fifth = await post("/auth/phone", { intent: "confirm", phone: typed, code: other });
    expect(fifth.text).toContain("This code has expired or was used.");
    expect((await post("/auth/phone", { intent: "confirm", phone: typed, code })).status).toBe(400);
    await post("/auth/phone", { intent: "send", phone: typed });
    await post("/auth/phone", { intent: "send", phone: typed });
    const fourth = await post("/auth/phone", { intent: "send", phone: typed });
    expect(fourth.status).toBe(429);
  });

  it("judges at most five of thirty wrong codes sent at once; the right code after them signs nobody in", async () => {
    const { phone, typed } = await phoneAccount();
    await post("/auth/phone", { intent: "send", phone: typed });
    const code = await codeSentTo(phone);
    // Thirty different wrong guesses, all in flight together (each from its own address).
    const guesses = Array.from({ length: 30 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, "0"),
    );
    const answers = await Promise.all(
      guesses.map((guess) => post("/auth/phone", { intent: "confirm", phone: typed, code: guess })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(guesses.map(() => 400));
    const refused = answers.filter((answer) => answer.text.includes("Too many wrong tries for this code."));
    const judged = answers.filter((answer) => !refused.includes(answer));
    // Four say how many tries are left, the fifth that the code is spent; the others were not looked at.
    expect(judged).toHaveLength(5);
    expect(judged.filter((answer) => /That code is not right\. \d tr(y|ies) left\./.test(answer.text))).toHaveLength(4);
    expect(judged.filter((answer) => answer.text.includes("This code has expired or was used."))).toHaveLength(1);
    const right = await post("/auth/phone", { intent: "confirm", phone: typed, code });
    expect(right.status).toBe(400);
    expect(right.text).toContain("Too many wrong tries for this code.");
    expect(right.headers.get("location")).toBeNull();
  });

  it("answers an account's number and any other alike and in the same time, and texts the account its code", async () => {
    const rounds = 20;
    const accounts = await Promise.all(Array.from({ length: rounds + 2 }, () => phoneAccount()));
    const strangers = Array.from({ length: rounds + 2 }, () => uniquePhone());
    const ask = async (phone: string) => {
      const started = performance.now();
      const answer = await post("/auth/phone", { intent: "send", phone });
      return { ms: performance.now() - started, answer };
    };
    // What a person sees, with their own number (and the page's nonce) taken out.
    const seen = (text: string, phone: string) =>
      text
        .replaceAll(formatNigerianPhone(phone), "<number>")
        .replaceAll(phone, "<number>")
        .replace(/nonce="[^"]*"/g, "")
        .replace(/"nonce":"[^"]*"/g, "");
    const forAccounts: number[] = [];
    const forStrangers: number[] = [];
    for (let round = 0; round < rounds + 2; round += 1) {
      const account = accounts[round]!;
      const stranger = strangers[round]!;
      // Turn about, so neither kind always goes first; the first two rounds warm the server up.
      const order = round % 2 === 0 ? (["account", "stranger"] as const) : (["stranger", "account"] as const);
      const answers: Partial<Record<"account" | "stranger", Awaited<ReturnType<typeof ask>>>> = {};
      for (const kind of order) answers[kind] = await ask(kind === "account" ? account.phone : stranger);
      const { account: toAccount, stranger: toStranger } = answers as Required<typeof answers>;
      expect(toAccount.answer.status).toBe(200);
      expect(toStranger.answer.status).toBe(200);
      expect(seen(toAccount.answer.text, account.phone)).toBe(seen(toStranger.answer.text, stranger));
      // The account's code reaches its phone, and the texts' queue is idle, before the next round
      // is timed: a worker running in this process must not slow one kind of answer more.
      await codeSentTo(account.phone);
      await expect
        .poll(async () => Object.values(await getQueue("sms").getJobCounts("active", "waiting", "delayed")), {
          timeout: 30_000,
        })
        .toEqual([0, 0, 0]);
      if (round >= 2) {
        forAccounts.push(toAccount.ms);
        forStrangers.push(toStranger.ms);
      }
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
    };
    const [accountMedian, strangerMedian] = [median(forAccounts), median(forStrangers)];
    const report = `account ${accountMedian.toFixed(1)} ms, stranger ${strangerMedian.toFixed(1)} ms`;
    // The same work either way: within half of each other (the work done for an account alone took 2-3 times as long).
    expect(accountMedian, report).toBeLessThan(strangerMedian * 1.5);
    expect(strangerMedian, report).toBeLessThan(accountMedian * 1.5);
    for (const stranger of strangers) expect(africasTalking().messagesTo(stranger)).toHaveLength(0);
    for (const account of accounts) expect(africasTalking().messagesTo(account.phone)).toHaveLength(1);
  });

  it("refuses what is not a number, a megabyte, a chunked body past the cap, and a suspended account", async () => {
    const nul = await post("/auth/phone", { intent: "send", phone: "0803\u0000123" });
    expect(nul.status).toBe(400);
    expect(nul.text).toContain("Enter a Nigerian mobile number");
    const big = await post("/auth/phone", { intent: "send", phone: "1".repeat(1024 * 1024) });
    expect(big.status).toBe(413);
    const chunked = await postChunkedForm(web.baseUrl, "/auth/phone", "", "intent=send&phone=", 2 * 1024 * 1024);
    expect(chunked).toBe(413);
    expect((await post("/auth/phone", { intent: "nope", phone: "08031234567" })).status).toBe(400);
    const { user, phone, typed } = await phoneAccount();
    await prisma.user.update({ where: { id: user.id }, data: { suspendedAt: new Date(), suspensionReason: "test" } });
    expect((await post("/auth/phone", { intent: "send", phone: typed })).status).toBe(200);
    expect(africasTalking().messagesTo(phone)).toHaveLength(0);
  });
});
