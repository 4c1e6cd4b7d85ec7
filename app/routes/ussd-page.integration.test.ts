import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callbackToken } from "~/modules/sms/callback.server";
import { prisma } from "~/server/db.server";
import { removeCreatedData, signedInUser, trackUser, type SignedIn } from "../../tests/support/api-client";
import { postChunkedForm } from "../../tests/support/chunked-post";
import { pageClient } from "../../tests/support/page-client";
import { uniquePhone } from "../../tests/support/phones";
import { serveForTests } from "../../tests/support/web";

// The demo's basic phone (/ussd) over HTTP in demo mode, which a demo server hands to anyone who
// reaches it. It calls only as a demo account's number or the signed-in person's own verified
// number: another number's codes and USSD (which would sign in as, or act for, its account) are
// nobody else's, a visitor's or another member's. The provider's callback token is in no page and
// no answer. Without the page's script the form dials and answers the same menu; with it, each
// screen is a POST to /api/ussd/simulator; hostile input gets the menu's plain END or a 4xx.

vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
});

const web = serveForTests();
const { post, get } = pageClient(() => web.baseUrl);
const phones: string[] = [];
/** The texts' worker: it makes a sign-in code and puts it in the demo inbox, a second after it is asked for. */
let smsWorker: { close: () => Promise<void> } | undefined;

/** A demo account (the seed's kind: its id starts seed_user_) with a verified number. */
let demo: { id: string; phone: string };
/** Someone's real account on the demo server, with a verified number. */
let owner: SignedIn & { phone: string };

beforeAll(async () => {
  const { startWorkers } = await import("../../workers/index");
  smsWorker = await startWorkers({ queues: ["sms"] });
  const phone = uniquePhone();
  const id = `seed_user_ussd_${randomBytes(4).toString("hex")}`;
  await prisma.user.create({
    data: {
      id,
      username: id,
      passwordHash: "x",
      firstName: "Demo",
      lastName: "Caller",
      phone,
      phoneVerifiedAt: new Date(),
    },
  });
  trackUser(id);
  demo = { id, phone };
  const person = await signedInUser("USER", "ussd_owner");
  const ownPhone = uniquePhone();
  await prisma.user.update({ where: { id: person.user.id }, data: { phone: ownPhone, phoneVerifiedAt: new Date() } });
  owner = { ...person, phone: ownPhone };
  phones.push(phone, ownPhone);
});

afterAll(async () => {
  await prisma.smsMessage.deleteMany({ where: { to: { in: phones } } });
  await prisma.phoneCaller.deleteMany({ where: { phone: { in: phones } } });
  await removeCreatedData();
  await smsWorker?.close();
});

/** The screen text of a simulator page. */
const screenOf = (html: string) =>
  /data-testid="phone-screen"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";

/** One screen asked as the page's script asks it. */
const screen = (fields: Record<string, string>, cookie?: string) =>
  fetch(`${web.baseUrl}/api/ussd/simulator`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
const newSession = () => `demo_${crypto.randomUUID()}`;

/** The six-digit codes in a text. */
const codesIn = (text: string) => [...text.matchAll(/\b\d{6}\b/g)].map((match) => match[0]);

describe("/ussd in demo mode", () => {
  it("dials, answers, and ends by form posts as a demo account's number; no page carries the callback token", async () => {
    const token = callbackToken()!;
    expect(token).toBeTruthy();
    const page = await get("/ussd");
    expect(page.status).toBe(200);
    expect(page.text).toContain(demo.phone.slice(4));
    expect(page.text).not.toContain(token);
    expect(page.text).not.toContain("/api/ussd?token");
    const data = await get(`/ussd.data?phone=${encodeURIComponent(demo.phone)}`);
    expect(data.status).toBe(200);
    expect(data.text).not.toContain(token);
    const called = await post("/ussd", { intent: "call", phone: demo.phone });
    expect(called.status).toBe(200);
    expect(called.text).not.toContain(token);
    expect(screenOf(called.text)).toContain("1. Market prices");
    const sessionId = hidden(called.text, "sessionId");
    expect(sessionId).toMatch(/^demo_/);
    const prices = await post("/ussd", { intent: "send", caller: demo.phone, sessionId, text: "", answer: "1" });
    expect(hidden(prices.text, "text")).toBe("1");
    const hostile = await post("/ussd", {
      intent: "send",
      caller: demo.phone,
      sessionId,
      text: "1",
      answer: "2\u0000",
    });
    expect(hostile.status).toBe(200);
    expect(screenOf(hostile.text)).toContain("Sorry, that could not be read. Please dial again.");
    expect((await post("/ussd", { intent: "end", caller: demo.phone })).status).toBe(200);
  });

  it("answers the page's script screen by screen for a demo account's number", async () => {
    const sessionId = newSession();
    const first = await screen({ sessionId, phoneNumber: demo.phone, text: "" });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("text/plain");
    expect(await first.text()).toMatch(/^CON .*1\. Market prices/s);
    const next = await screen({ sessionId, phoneNumber: `0${demo.phone.slice(4)}`, text: "1" });
    expect(await next.text()).toMatch(/^CON /);
  });

  it("lets nobody but its owner call as, or read the texts of, someone's verified number", async () => {
    // A sign-in code for the owner's number, asked for by anyone (the sign-in page is public).
    const asked = await post("/auth/phone", { intent: "send", phone: owner.phone });
    expect(asked.status).toBe(200);
    await expect
      .poll(() => prisma.smsMessage.count({ where: { to: owner.phone, kind: "phone_code" } }), { timeout: 30_000 })
      .toBe(1);
    const other = await signedInUser("USER", "ussd_other");
    for (const cookie of [undefined, other.cookie]) {
      for (const path of [
        `/ussd?phone=${encodeURIComponent(owner.phone)}`,
        `/ussd.data?phone=${encodeURIComponent(owner.phone)}`,
      ]) {
        const page = await get(path, cookie);
        expect(page.status).toBe(200);
        // (The address asked for is echoed, URL-encoded, in the page's links; the number itself is not offered.)
        expect(page.text).not.toContain(owner.phone);
        expect(codesIn(page.text)).toEqual([]);
        expect(page.text).not.toContain(callbackToken()!);
      }
      // Neither by the form nor by the script's route; an arbitrary number neither.
      for (const number of [owner.phone, uniquePhone()]) {
        const called = await post("/ussd", { intent: "call", phone: number }, cookie);
        expect(called.status).toBe(403);
        expect(called.text).toContain("This phone calls only as a demo account or as your own verified number.");
        expect(screenOf(called.text)).not.toContain("Market prices");
        const texted = await post("/ussd", { intent: "text", phone: number, message: "HELP" }, cookie);
        expect(texted.status).toBe(403);
        const asScript = await screen({ sessionId: newSession(), phoneNumber: number, text: "" }, cookie);
        expect(asScript.status).toBe(403);
        expect(await asScript.json()).toMatchObject({
          success: false,
          error: { code: "AUTHZ_INSUFFICIENT_PERMISSIONS" },
        });
      }
    }
    expect(await prisma.smsMessage.count({ where: { to: owner.phone, kind: "command_reply" } })).toBe(0);
    // Its owner, signed in, reads the code on the phone and calls as the number.
    const own = await get(`/ussd.data?phone=${encodeURIComponent(owner.phone)}`, owner.cookie);
    expect(new Set(codesIn(own.text)).size).toBe(1);
    expect(own.text).not.toContain(callbackToken()!);
    const asOwner = await screen({ sessionId: newSession(), phoneNumber: owner.phone, text: "" }, owner.cookie);
    expect(asOwner.status).toBe(200);
    expect(await asOwner.text()).toMatch(/^CON /);
    // The demo SMS inbox shows the code to its owner only.
    const [inboxOfOther, inboxOfOwner] = await Promise.all([get("/sms", other.cookie), get("/sms", owner.cookie)]);
    expect(codesIn(inboxOfOther.text)).toEqual([]);
    expect(inboxOfOther.text).not.toContain(owner.phone);
    expect(new Set(codesIn(inboxOfOwner.text)).size).toBe(1);
  });

  it("sends a text to Asiiko and shows the answer among the number's texts", async () => {
    const sent = await post("/ussd", { intent: "text", phone: demo.phone, message: "HELP" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/ussd?phone=${encodeURIComponent(demo.phone)}`);
    const page = await get(sent.headers.get("location")!);
    expect(page.text).toContain("Asiiko: text PRICE then a product and a town");
  });

  it("refuses an unknown intent, a megabyte, a chunked body past the cap, and spoilt screens", async () => {
    expect((await post("/ussd", { intent: "nope", phone: demo.phone })).status).toBe(400);
    expect((await post("/ussd", { intent: "call", phone: "1".repeat(1024 * 1024) })).status).toBe(413);
    expect(await postChunkedForm(web.baseUrl, "/ussd", "", "intent=call&phone=", 2 * 1024 * 1024)).toBe(413);
    // Not a number: nothing is dialled.
    const bad = await post("/ussd", { intent: "call", phone: "not a phone" });
    expect(bad.status).toBe(403);
    expect(screenOf(bad.text)).toContain("Dial *347*88# to start.");
    for (const fields of [
      { sessionId: "ATUid_not-ours", phoneNumber: demo.phone, text: "" },
      { sessionId: newSession(), phoneNumber: demo.phone, text: "1".repeat(2000) },
      { phoneNumber: demo.phone, text: "" },
    ]) {
      const answer = await screen(fields as Record<string, string>);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, error: { code: "VLD_REQUIRED_FIELD" } });
    }
    const huge = await screen({ sessionId: newSession(), phoneNumber: demo.phone, text: "1".repeat(40 * 1024) });
    expect(huge.status).toBe(413);
    expect((await fetch(`${web.baseUrl}/api/ussd/simulator`)).status).toBe(405);
  });
});
