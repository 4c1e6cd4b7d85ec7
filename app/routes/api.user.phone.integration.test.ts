import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { hashPassword } from "~/modules/auth/password.server";
import { prisma } from "~/server/db.server";
import { apiClient, newIp, signedInUser, type SignedIn } from "../../tests/support/api-client";
import { createListing } from "../../tests/support/market";
import { uniquePhone } from "../../tests/support/phones";
import { lockWaiters, withRowLocked } from "../../tests/support/row-lock";
import { smsTestBed } from "../../tests/support/sms-test-bed";
import { serveForTests } from "../../tests/support/web";

// Verifying a phone by SMS, over HTTP against the real database, Redis, the sms queue and its
// worker, with a local server speaking Africa's Talking's SMS API: the code texted, confirmed,
// wrong, expired, spent; the limits per number, per account and per address; Africa's Talking
// down (the code waits and goes once it is back); a number taken over by another account; and
// buyers shown only verified numbers. A code asked for someone else's number while Africa's
// Talking is down is in nothing the asker or an administrator can read: the asker's data copy
// (made by the maintenance worker), the SMS log, the queue dashboard's job data.

const { atPort } = vi.hoisted(() => {
  const port = 45000 + (process.pid % 1000);
  process.env.AT_USERNAME = "asiiko-phone-test";
  process.env.AT_API_KEY = "atsk_local_phone_key";
  process.env.AT_BASE_URL = `http://127.0.0.1:${port}`;
  return { atPort: port };
});

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const africasTalking = smsTestBed({ username: "asiiko-phone-test", apiKey: "atsk_local_phone_key", port: atPort });

// Data copies are made by the maintenance queue's worker, run here beside the sms one.
let maintenance: { close: () => Promise<void> } | undefined;
beforeAll(async () => {
  const { startWorkers } = await import("../../workers/index");
  maintenance = await startWorkers({ queues: ["maintenance"] });
});
afterAll(() => maintenance?.close());

/** The code in the newest text to `phone`, once the worker has handed it to Africa's Talking. */
async function codeTextedTo(phone: string, { timeoutMs = 30_000, after = 0 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const texts = africasTalking().messagesTo(phone);
    if (texts.length > after) {
      const found = /\b(\d{6})\b/.exec(texts.at(-1)!.message);
      if (!found) throw new Error(`no code in ${JSON.stringify(texts.at(-1))}`);
      return found[1]!;
    }
    if (Date.now() > deadline) throw new Error(`no text reached ${phone}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const askCode = (user: SignedIn, phone: string, ip = newIp()) =>
  call("PUT", "/api/user/phone", { phone }, { cookie: user.cookie, ip });
const confirm = (user: SignedIn, code: string) =>
  call("POST", "/api/user/phone/verify", { code }, { cookie: user.cookie });
const stateOf = async (user: SignedIn) =>
  (await call("GET", "/api/user/phone", undefined, { cookie: user.cookie })).body;

/** A code that is not `code` (same length). */
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function verified(user: SignedIn, phone: string) {
  // Counted before asking: the text may arrive before or after the answer does.
  const before = africasTalking().messagesTo(phone).length;
  expect((await askCode(user, phone)).status).toBe(200);
  const code = await codeTextedTo(phone, { after: before });
  const answer = await confirm(user, code);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe("PUT /api/user/phone and POST /api/user/phone/verify", () => {
  it("answers 401 when signed out", async () => {
    expect((await call("PUT", "/api/user/phone", { phone: "0803 123 4567" })).status).toBe(401);
    expect((await call("POST", "/api/user/phone/verify", { code: "123456" })).status).toBe(401);
    expect((await call("GET", "/api/user/phone")).status).toBe(401);
  });

  // Each number as people write it (shown with 803 123 4567; each test has its own digits).
  const forms: [string, (digits: string) => string][] = [
    ["0803 123 4567", (d) => `0${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`],
    ["803 123 4567", (d) => `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`],
    ["+234 803 123 4567", (d) => `+234 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`],
    ["2348031234567", (d) => `234${d}`],
  ];
  it.each(forms)(
    "texts a code to %s in its one form, and the number is the account's once confirmed",
    async (_written, write) => {
      const user = await signedInUser("USER", "phone");
      const phone = uniquePhone();
      const asked = await askCode(user, write(phone.slice(4)));
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(asked.headers.get("cache-control")).toContain("no-store");
      expect(asked.body).toMatchObject({
        success: true,
        message: "Code sent. It may take a minute to arrive.",
        data: { phone: null, verified: false, pending: { phone, triesLeft: 5 } },
      });
      // Pending: not the account's yet.
      expect((await prisma.user.findUniqueOrThrow({ where: { id: user.user.id } })).phone).toBeNull();

      const code = await codeTextedTo(phone);
      expect(africasTalking().messagesTo(phone).at(-1)?.message).toBe(
        `Asiiko code: ${code}. It expires in 10 minutes. Do not share it with anyone.`,
      );
      // Kept only as a hash; the text's copy is erased once sent.
      const row = await prisma.phoneCode.findFirstOrThrow({ where: { userId: user.user.id } });
      expect(row.codeHash).not.toContain(code);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      // The worker records the provider's answer just after the provider has the text: wait for it,
      // as the operators' log does.
      await expect
        .poll(async () => (await prisma.smsMessage.findFirstOrThrow({ where: { userId: user.user.id } })).status, {
          timeout: 30_000,
        })
        .toBe("sent");
      const sms = await prisma.smsMessage.findFirstOrThrow({ where: { userId: user.user.id } });
      expect(sms).toMatchObject({ to: phone, kind: "phone_code", status: "sent", body: null, costCurrency: "NGN" });

      const confirmed = await confirm(user, `${code.slice(0, 3)} ${code.slice(3)}`);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body).toMatchObject({
        success: true,
        message: "Phone verified",
        data: { phone, verified: true, pending: null },
      });
      expect(await stateOf(user)).toMatchObject({ data: { phone, verified: true, pending: null, takenAt: null } });
      // A code works once.
      const again = await confirm(user, code);
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe("SEC_INVALID_TOKEN");
    },
  );

  it("answers a wrong code with the tries left, and a fifth wrong try spends the code", async () => {
    const user = await signedInUser("USER", "phone");
    const phone = uniquePhone();
    await askCode(user, phone);
    const code = await codeTextedTo(phone);
    const wrong = wrongOf(code);
    for (let left = 4; left >= 1; left -= 1) {
      const answer = await confirm(user, wrong);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        error: {
          code: "SEC_INVALID_TOKEN",
          message: `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
          fields: { code: ["That code is not right. Check the text and try again."] },
        },
      });
    }
    const fifth = await confirm(user, wrong);
    expect(fifth.status).toBe(400);
    expect(fifth.body.error.code).toBe("SEC_INVALID_TOKEN");
    // Spent: even the right code is refused now, and the number is not the account's.
    const right = await confirm(user, code);
    expect(right.status).toBe(400);
    expect(right.body.error).toMatchObject({
      code: "SEC_INVALID_TOKEN",
      message: "Too many wrong tries for this code. Send a new code.",
    });
    expect(await stateOf(user)).toMatchObject({ data: { phone: null, verified: false, pending: null } });
    // In the reader's language too.
    const hausa = await call("POST", "/api/user/phone/verify", { code }, { cookie: `asiiko-lang=ha; ${user.cookie}` });
    expect(hausa.body.error.message).not.toBe(right.body.error.message);
  });

  it("takes a try before judging a code: a right code sent while the fifth wrong one is judged is refused", async () => {
    const user = await signedInUser("USER", "phone");
    const phone = uniquePhone();
    await askCode(user, phone);
    const code = await codeTextedTo(phone);
    const wrong = wrongOf(code);
    for (let left = 4; left >= 1; left -= 1)
      expect((await confirm(user, wrong)).body.error.code).toBe("SEC_INVALID_TOKEN");
    const waiting = await prisma.phoneCode.findFirstOrThrow({ where: { userId: user.user.id, confirmedAt: null } });
    // One try left. A fifth wrong code, then the right one, both in flight together: the code's
    // row is held so each lines up, in that order, on its count.
    let fifth: ReturnType<typeof confirm> | undefined;
    let right: ReturnType<typeof confirm> | undefined;
    await withRowLocked("PhoneCode", waiting.id, async () => {
      fifth = confirm(user, wrong);
      await lockWaiters('"PhoneCode"', 1);
      right = confirm(user, code);
      await lockWaiters('"PhoneCode"', 2);
    });
    expect((await fifth!).body.error.code).toBe("SEC_INVALID_TOKEN");
    // The right code came after the last try was taken: it is not even looked at.
    const late = await right!;
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({
      code: "SEC_INVALID_TOKEN",
      message: "Too many wrong tries for this code. Send a new code.",
    });
    expect(await stateOf(user)).toMatchObject({ data: { phone: null, verified: false, pending: null } });
    expect(await prisma.phoneCode.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({
      attempts: 5,
      confirmedAt: null,
    });
  });

  it("answers an expired code, and no code at all, with SEC_INVALID_TOKEN saying it expired", async () => {
    const user = await signedInUser("USER", "phone");
    const none = await confirm(user, "123456");
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe("SEC_INVALID_TOKEN");

    const phone = uniquePhone();
    await askCode(user, phone);
    const code = await codeTextedTo(phone);
    // Ten minutes pass.
    await prisma.phoneCode.updateMany({
      where: { userId: user.user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await confirm(user, code);
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({
      code: "SEC_INVALID_TOKEN",
      message: "This code has expired. Send a new code.",
    });
    expect(await stateOf(user)).toMatchObject({ data: { phone: null, verified: false, pending: null } });
  });

  it("refuses what is not a code and a missing code (400 VLD_REQUIRED_FIELD), spending no try", async () => {
    const user = await signedInUser("USER", "phone");
    for (const code of ["12345", "abcdef", "1234567"]) {
      const answer = await confirm(user, code);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: "VLD_REQUIRED_FIELD", message: "The code is 6 digits" });
    }
    const missing = await call("POST", "/api/user/phone/verify", {}, { cookie: user.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("VLD_REQUIRED_FIELD");
  });

  it("a new code replaces the one waiting", async () => {
    const user = await signedInUser("USER", "phone");
    const phone = uniquePhone();
    await askCode(user, phone);
    const first = await codeTextedTo(phone);
    await askCode(user, phone);
    const second = await codeTextedTo(phone, { after: 1 });
    if (first !== second) {
      const old = await confirm(user, first);
      expect(old.status).toBe(400);
    }
    expect((await confirm(user, second)).status).toBe(200);
  });

  it("sends nothing for the account's own verified number", async () => {
    const user = await signedInUser("USER", "phone");
    const phone = uniquePhone();
    await verified(user, phone);
    const sentBefore = africasTalking().messagesTo(phone).length;
    const again = await askCode(user, phone);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      message: "This number is already verified on your account.",
      data: { phone, verified: true, pending: null },
    });
    expect(africasTalking().messagesTo(phone)).toHaveLength(sentBefore);
  });
});

describe("limits on codes", () => {
  it("sends at most 3 codes an hour to one number, whichever account asks", async () => {
    const [first, second] = await Promise.all([signedInUser("USER", "lim"), signedInUser("USER", "lim")]);
    const phone = uniquePhone();
    expect((await askCode(first, phone)).status).toBe(200);
    expect((await askCode(first, phone)).status).toBe(200);
    expect((await askCode(second, phone)).status).toBe(200);
    const fourth = await askCode(second, phone);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
      message: "This number has had 3 codes in the last hour. Try again later.",
    });
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await prisma.phoneCode.count({ where: { phone } })).toBe(3);
  });

  it("sends at most 5 codes a day for one account", async () => {
    const user = await signedInUser("USER", "lim");
    for (let sent = 0; sent < 5; sent += 1) expect((await askCode(user, uniquePhone())).status).toBe(200);
    const sixth = await askCode(user, uniquePhone());
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({
      code: "RATE_DAILY_LIMIT_REACHED",
      message: "You have asked for 5 codes today. Try again tomorrow.",
    });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
  });

  it("allows many phones behind one shared address, up to a limit", async () => {
    const address = newIp();
    const users = await Promise.all(Array.from({ length: 7 }, () => signedInUser("USER", "nat")));
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof askCode>> | null = null;
    outer: for (const user of users) {
      for (let each = 0; each < 5; each += 1) {
        const answer = await askCode(user, uniquePhone(), address);
        if (answer.status === 429) {
          refused = answer;
          break outer;
        }
        expect(answer.status).toBe(200);
        accepted += 1;
      }
    }
    expect(accepted).toBe(30);
    expect(refused?.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    // Another address is not held back.
    expect((await askCode(users[6]!, uniquePhone())).status).toBe(200);
  });
});

describe("when Africa's Talking cannot be reached", () => {
  it("keeps the code's text and sends it once the service is back; the user is told it may take a minute", async () => {
    const user = await signedInUser("USER", "down");
    const phone = uniquePhone();
    africasTalking().setUnreachable(true);
    const asked = await askCode(user, phone);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe("Code sent. It may take a minute to arrive.");
    // The worker tries and keeps the text for its next try.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const row = await prisma.smsMessage.findFirstOrThrow({ where: { userId: user.user.id } });
      if (row.attempts >= 1 || Date.now() > deadline) {
        expect(row).toMatchObject({ status: "queued", attempts: expect.any(Number) });
        // Kept sealed for the next try, never readable.
        expect(row).toMatchObject({ body: null, sealedBody: expect.stringMatching(/^v1\./) });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(africasTalking().messagesTo(phone)).toHaveLength(0);
    africasTalking().setUnreachable(false);
    const code = await codeTextedTo(phone, { timeoutMs: 60_000 });
    expect((await confirm(user, code)).status).toBe(200);
  });
});

describe("one verified number, one account", () => {
  it("a second account confirming the number takes it; the first is told and its listings stop showing it", async () => {
    const [first, second, buyer] = await Promise.all([
      signedInUser("USER", "own"),
      signedInUser("USER", "take"),
      signedInUser("USER", "buyer"),
    ]);
    const phone = uniquePhone();
    await verified(first, phone);
    const listing = await createListing(first.user.id, {
      title: "Yam tubers",
      priceNgn: "3000.00",
      quantity: 10,
      images: ["/images/products/yam.svg"],
      locality: "Ogbomoso, Oyo",
      showPhone: true,
    });
    const shown = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: buyer.cookie });
    expect(shown.body.data.listing.seller.phone).toBe(phone);

    // Asking for a code takes nothing yet.
    await askCode(second, phone);
    expect(await stateOf(first)).toMatchObject({ data: { phone, verified: true } });
    const code = await codeTextedTo(phone, { after: 1 });
    expect((await confirm(second, code)).status).toBe(200);

    expect(await stateOf(second)).toMatchObject({ data: { phone, verified: true } });
    const firstNow = await stateOf(first);
    expect(firstNow.data).toMatchObject({ phone: null, verified: false });
    expect(firstNow.data.takenAt).toEqual(expect.any(String));
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).showPhone).toBe(false);
    const after = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: buyer.cookie });
    expect(after.body.data.listing.seller.phone).toBeNull();
  });

  it("a code sent before another account proved the number theirs is spent, not used", async () => {
    const [asker, owner] = await Promise.all([signedInUser("USER", "early"), signedInUser("USER", "owner")]);
    const phone = uniquePhone();
    // The asker's code reaches the phone (or a demo inbox) while nobody has the number...
    const before = africasTalking().messagesTo(phone).length;
    expect((await askCode(asker, phone)).status).toBe(200);
    const early = await codeTextedTo(phone, { after: before });
    // ...then its owner verifies it, and the early code comes back within its ten minutes.
    await verified(owner, phone);
    const late = await confirm(asker, early);
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe("SEC_INVALID_TOKEN");
    expect(await stateOf(owner)).toMatchObject({ data: { phone, verified: true } });
    expect((await stateOf(asker)).data).toMatchObject({ verified: false });
    // Spent: the same code again is no better.
    expect((await confirm(asker, early)).status).toBe(400);
    expect(await stateOf(owner)).toMatchObject({ data: { phone, verified: true } });
  });

  it("buyers are shown only a verified number", async () => {
    const [seller, buyer] = await Promise.all([signedInUser("USER", "seller"), signedInUser("USER", "buyer")]);
    const phone = uniquePhone();
    // A number saved before phones were verified: on the account, not shown.
    await prisma.user.update({ where: { id: seller.user.id }, data: { phone } });
    const listing = await createListing(seller.user.id, {
      title: "Palm oil",
      priceNgn: "9000.00",
      quantity: 5,
      images: ["/images/products/palm-oil.svg"],
      locality: "Ikom, Cross River",
      showPhone: true,
    });
    const before = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: buyer.cookie });
    expect(before.body.data.listing.seller.phone).toBeNull();
    expect(JSON.stringify(before.body)).not.toContain(phone.slice(4));
    expect(await stateOf(seller)).toMatchObject({ data: { phone, verified: false } });

    await verified(seller, phone);
    const afterVerify = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: buyer.cookie });
    expect(afterVerify.body.data.listing.seller.phone).toBe(phone);
  });

  it("DELETE removes the number and the waiting code", async () => {
    const user = await signedInUser("USER", "del");
    const phone = uniquePhone();
    await verified(user, phone);
    await askCode(user, uniquePhone());
    const removed = await call("DELETE", "/api/user/phone", undefined, { cookie: user.cookie });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      data: { phone: null, verified: false, pending: null },
      message: "Phone removed",
    });
    const left = await confirm(user, "000000");
    expect(left.body.error.code).toBe("SEC_INVALID_TOKEN");
  });
});

/** The person's data copy, asked for and downloaded as Settings does: every file's name and text. */
async function dataCopyOf(person: SignedIn) {
  const asked = await call("POST", "/api/user/export", undefined, { cookie: person.cookie });
  expect(asked.status).toBe(202);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = await call("GET", "/api/user/export", undefined, { cookie: person.cookie });
    if (now.body.data.export?.status === "ready") {
      const response = await fetch(`${web.baseUrl}${now.body.data.export.downloadUrl}`, {
        headers: { Cookie: person.cookie },
      });
      expect(response.status).toBe(200);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      return Object.entries(files).map(([name, bytes]) => ({ name, text: strFromU8(bytes) }));
    }
    if (Date.now() > deadline) throw new Error("the data copy was never made");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the queue dashboard (bull-board's own API, as its page reads it) shows an administrator of the sms queue. */
async function queueDashboard(admin: SignedIn) {
  const pages: string[] = [];
  for (const status of ["latest", "active", "waiting", "delayed", "completed", "failed"]) {
    const answer = await fetch(
      `${web.baseUrl}/admin/queues/api/queues?activeQueue=sms&status=${status}&page=1&jobsPerPage=100`,
      { headers: { Cookie: admin.cookie, Accept: "application/json" } },
    );
    expect(answer.status).toBe(200);
    pages.push(await answer.text());
  }
  return pages.join("\n");
}

describe("a code asked for someone else's number while Africa's Talking is down", () => {
  it("is in no file of the asker's data copy, the SMS log or the queue's job data, and reaches the phone whole", async () => {
    const [owner, asker, admin] = await Promise.all([
      signedInUser("USER", "owner"),
      signedInUser("USER", "asker"),
      signedInUser("ADMIN", "smslog"),
    ]);
    const phone = uniquePhone();
    await verified(owner, phone);
    // Credentials of the asker's own, which no copy may carry either.
    await prisma.user.update({
      where: { id: asker.user.id },
      data: {
        passwordHash: await hashPassword("Correct#Horse7"),
        pinHash: await hashPassword("2468"),
        pinFailures: 3,
        pinLockedUntil: new Date(Date.now() + 60_000),
      },
    });
    await prisma.device.create({ data: { userId: asker.user.id, keyHash: "d".repeat(43) } });

    const before = africasTalking().messagesTo(phone).length;
    africasTalking().setUnreachable(true);
    expect((await askCode(asker, phone)).status).toBe(200);
    // The worker has tried once: the text waits for the next try.
    let waiting;
    for (const deadline = Date.now() + 30_000; ;) {
      waiting = await prisma.smsMessage.findFirstOrThrow({ where: { userId: asker.user.id, to: phone } });
      if (waiting.attempts >= 1 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(waiting).toMatchObject({ status: "queued" });
    const copy = await dataCopyOf(asker);
    const logWhileWaiting = await (await fetch(`${web.baseUrl}/sms`, { headers: { Cookie: admin.cookie } })).text();
    const dashboardWhileWaiting = await queueDashboard(admin);
    const job = await getQueue("sms").getJob(`sms-${waiting.id}`);
    const jobWhileWaiting = JSON.stringify(job?.asJSON() ?? {});
    // The dashboard and the job do show the waiting text (by its id): what they show holds no code.
    expect(dashboardWhileWaiting).toContain(waiting.id);
    expect(jobWhileWaiting).toContain(waiting.id);

    africasTalking().setUnreachable(false);
    const code = await codeTextedTo(phone, { after: before, timeoutMs: 60_000 });
    // The phone gets the text whole.
    expect(africasTalking().messagesTo(phone).at(-1)!.message).toContain(code);
    // Marked sent as soon as Africa's Talking has answered the worker.
    let sent = await prisma.smsMessage.findUniqueOrThrow({ where: { id: waiting.id } });
    for (const deadline = Date.now() + 30_000; sent.status === "queued" && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      sent = await prisma.smsMessage.findUniqueOrThrow({ where: { id: waiting.id } });
    }

    // The secrets of the asker's rows: the code's hash, the sealed text, the PIN's hash, the session and device keys.
    const [codes, sessions, devices, user] = await Promise.all([
      prisma.phoneCode.findMany({ where: { userId: asker.user.id } }),
      prisma.session.findMany({ where: { userId: asker.user.id } }),
      prisma.device.findMany({ where: { userId: asker.user.id } }),
      prisma.user.findUniqueOrThrow({ where: { id: asker.user.id } }),
    ]);
    const secrets = [
      code,
      ...codes.map((row) => row.codeHash),
      waiting.sealedBody,
      user.pinHash,
      user.passwordHash,
      ...sessions.map((row) => row.id),
      ...devices.map((row) => row.keyHash),
    ].filter((value): value is string => Boolean(value));
    expect(copy.map((file) => file.name)).toContain("texts.json");
    // The text waiting for someone else's number: in the copy, without its words.
    const texts = JSON.parse(copy.find((file) => file.name === "texts.json")!.text);
    expect(texts).toEqual([expect.objectContaining({ to: phone, kind: "phone_code", status: "queued", body: null })]);
    for (const file of copy) {
      for (const secret of secrets) expect(file.text, `${file.name} holds a secret`).not.toContain(secret);
      expect(file.text, file.name).not.toMatch(/"pin(Hash|Failures|LockedUntil)"|"codeHash"|"sealedBody"/);
    }

    const logAfter = await (await fetch(`${web.baseUrl}/sms`, { headers: { Cookie: admin.cookie } })).text();
    expect(logAfter).toContain('data-testid="sms-log"');
    const dashboardAfter = await queueDashboard(admin);
    const jobAfter = JSON.stringify((await getQueue("sms").getJob(`sms-${waiting.id}`))?.asJSON() ?? {});
    for (const seen of [logWhileWaiting, logAfter, dashboardWhileWaiting, dashboardAfter, jobWhileWaiting, jobAfter])
      expect(seen).not.toContain(code);
    // The rows, waiting and sent, hold no code.
    expect(JSON.stringify(waiting)).not.toContain(code);
    expect(sent).toMatchObject({ status: "sent", body: null, sealedBody: null });
    expect(JSON.stringify(sent)).not.toContain(code);
    // The number is still its owner's.
    expect(await stateOf(owner)).toMatchObject({ data: { phone, verified: true } });
  });
});
