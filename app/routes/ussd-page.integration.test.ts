import { afterAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { postChunkedForm } from "../../tests/support/chunked-post";
import { pageClient } from "../../tests/support/page-client";
import { uniquePhone } from "../../tests/support/phones";
import { serveForTests } from "../../tests/support/web";

// The demo's basic phone (/ussd) without the page's script, in demo mode: the form dials and
// answers the same menu as the provider's callback, a text to Asiiko is answered into the demo
// inbox, and hostile input gets the menu's plain END or a 4xx, never a 5xx.

vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
});

const web = serveForTests();
const { post, get } = pageClient(() => web.baseUrl);
const phones: string[] = [];

afterAll(async () => {
  await prisma.smsMessage.deleteMany({ where: { to: { in: phones } } });
  await prisma.phoneCaller.deleteMany({ where: { phone: { in: phones } } });
});

/** The screen text of a simulator page. */
const screenOf = (html: string) =>
  /data-testid="phone-screen"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";

describe("/ussd in demo mode", () => {
  it("dials, answers, and ends by form posts; the callback's token is on the page", async () => {
    const phone = uniquePhone();
    phones.push(phone);
    const page = await get("/ussd");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/\/api\/ussd\?token=[A-Za-z0-9_-]{32}/);
    const called = await post("/ussd", { intent: "call", typedPhone: `0${phone.slice(4)}` });
    expect(called.status).toBe(200);
    expect(screenOf(called.text)).toContain("Choose your language");
    const sessionId = hidden(called.text, "sessionId");
    expect(sessionId).toMatch(/^demo_/);
    const menu = await post("/ussd", { intent: "send", caller: phone, sessionId, text: "", answer: "1" });
    expect(screenOf(menu.text)).toContain("1. Market prices");
    expect(hidden(menu.text, "text")).toBe("1");
    const hostile = await post("/ussd", { intent: "send", caller: phone, sessionId, text: "1", answer: "2\u0000" });
    expect(hostile.status).toBe(200);
    expect(screenOf(hostile.text)).toContain("Sorry, that could not be read. Please dial again.");
    const ended = await post("/ussd", { intent: "end", caller: phone });
    expect(ended.status).toBe(200);
  });

  it("sends a text to Asiiko and shows the answer among the number's texts", async () => {
    const phone = uniquePhone();
    phones.push(phone);
    const sent = await post("/ussd", { intent: "text", typedPhone: phone, message: "HELP" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/ussd?phone=${encodeURIComponent(phone)}`);
    const page = await get(sent.headers.get("location")!);
    expect(page.text).toContain("Asiiko: text PRICE then a product and a town");
  });

  it("refuses an unknown intent, a megabyte and a chunked body past the cap", async () => {
    expect((await post("/ussd", { intent: "nope", typedPhone: "08030000001" })).status).toBe(400);
    expect((await post("/ussd", { intent: "call", typedPhone: "1".repeat(1024 * 1024) })).status).toBe(413);
    expect(await postChunkedForm(web.baseUrl, "/ussd", "", "intent=call&typedPhone=", 2 * 1024 * 1024)).toBe(413);
    // Not a number: nothing is dialled.
    const bad = await post("/ussd", { intent: "call", typedPhone: "not a phone" });
    expect(bad.status).toBe(200);
    expect(screenOf(bad.text)).toContain("Dial *347*88# to start.");
  });
});
