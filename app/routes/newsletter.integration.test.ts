import { afterAll, describe, expect, it } from "vitest";
import { NEWSLETTER_CSV_COLUMNS, NEWSLETTER_LIMITS } from "~/modules/newsletter/constants";
import { unsubscribeUrl } from "~/modules/newsletter/newsletter.server";
import { prisma } from "~/server/db.server";
import { apiClient, newIp, signedInUser, uniqueName } from "../../tests/support/api-client";
import { serveForTests } from "../../tests/support/web";

// The footer newsletter over HTTP: the form and the API store one row per address (e-mail,
// language, time), repeats answer the same and store nothing more, a bad address is a
// catalogue error, the unsubscribe link changes nothing until its button is pressed, and
// only administrators export the list.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const addresses: string[] = [];

afterAll(async () => {
  await prisma.newsletterSubscription.deleteMany({ where: { email: { in: addresses } } });
});

const address = () => {
  const email = `${uniqueName("news")}@example.ng`.toLowerCase();
  addresses.push(email);
  return email;
};

/** A browser's form post (urlencoded), not following redirects. */
async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${web.baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": newIp(), ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: withoutNonce(await response.text()) };
}

/** Pages differ in their scripts' nonce alone when they say the same. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, "");

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${web.baseUrl}${path}`, {
    headers: { "X-Forwarded-For": newIp(), ...headers },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const row = (email: string) => prisma.newsletterSubscription.findUnique({ where: { email } });

describe("subscribing through the footer's form (POST /newsletter)", () => {
  it("stores the address, its language and the time, and confirms it in the reader's language", async () => {
    const email = address();
    const before = Date.now();
    const page = await post("/newsletter", { email: email.toUpperCase() }, { Cookie: "asiiko-lang=ha" });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Mun gode! An tabbatar da rajistarka ta wasiƙar labarai.");
    const stored = await row(email);
    expect(stored).toMatchObject({ email, language: "ha" });
    expect(stored!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("answers a repeat exactly as the first time, keeping one row", async () => {
    const email = address();
    const first = await post("/newsletter", { email });
    const stored = await row(email);
    const again = await post("/newsletter", { email: ` ${email.toUpperCase()} ` }, { Cookie: "asiiko-lang=yo" });
    const english = await post("/newsletter", { email });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(english.text).toBe(first.text);
    expect(await prisma.newsletterSubscription.count({ where: { email } })).toBe(1);
    // Same row, same link; the language follows the last form.
    expect(await row(email)).toMatchObject({ id: stored!.id, token: stored!.token, language: "en" });
    // A known address and an unknown one get the same page.
    const unknown = await post("/newsletter", { email: address() });
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe(english.text);
  });

  it("refuses what is not an e-mail address with the form's translated error, storing nothing", async () => {
    const before = await prisma.newsletterSubscription.count();
    for (const email of ["", "amina", "x@", `${"a".repeat(260)}@example.ng`]) {
      const page = await post("/newsletter", { email }, { Cookie: "asiiko-lang=fr" });
      expect(page.status, email).toBe(400);
      expect(page.text).toContain("Saisissez une adresse e-mail valide");
    }
    const nul = await post("/newsletter", { email: "ami\u0000na@example.ng" }, { Cookie: "asiiko-lang=fr" });
    expect(nul.status).toBe(400);
    expect(nul.text).toContain("Ce texte contient des caractères qui ne peuvent pas être enregistrés");
    expect(await prisma.newsletterSubscription.count()).toBe(before);
  });

  it("caps what a form may send", async () => {
    const page = await post("/newsletter", { email: address(), filler: "x".repeat(10_000) });
    expect(page.status).toBe(413);
  });
});

describe("POST /api/newsletter", () => {
  it("subscribes, answers a repeat the same, and refuses a bad address with VLD_INVALID_EMAIL", async () => {
    const email = address();
    const first = await call("POST", "/api/newsletter", { email });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { subscribed: true } });
    const again = await call("POST", "/api/newsletter", { email });
    expect(again.body).toEqual(first.body);
    expect(await prisma.newsletterSubscription.count({ where: { email } })).toBe(1);

    const bad = await call("POST", "/api/newsletter", { email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: { code: "VLD_INVALID_EMAIL" } });
    expect((await call("POST", "/api/newsletter", {})).body.error.code).toMatch(/^VLD_/);
    expect((await call("POST", "/api/newsletter", undefined, { raw: "email=x" })).status).toBe(400);
    expect((await call("GET", "/api/newsletter")).status).toBe(405);
  });

  it("is limited per address", async () => {
    const ip = newIp();
    const answers: number[] = [];
    for (let attempt = 0; attempt <= NEWSLETTER_LIMITS.subscribePerIp.max; attempt += 1)
      answers.push((await call("POST", "/api/newsletter", { email: "x@" }, { ip })).status);
    expect(answers.slice(0, -1).every((status) => status === 400)).toBe(true);
    const last = await call("POST", "/api/newsletter", { email: address() }, { ip });
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("leaving through the unsubscribe link", () => {
  it("shows a translated page with a button and changes nothing on GET; the button ends it", async () => {
    const email = address();
    await post("/newsletter", { email });
    const { token } = (await row(email))!;
    const link = `/newsletter/unsubscribe/${token}`;

    const shown = await get(link, { Cookie: "asiiko-lang=yo" });
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Kúrò nínú ìwé ìròyìn");
    expect(shown.text).toContain("Yọ orúkọ mi kúrò");
    expect(shown.text).not.toContain(email);
    // Opening it again (a mail scanner, say) still changes nothing.
    await get(link);
    expect(await row(email)).not.toBeNull();

    const left = await post(link, {}, { Cookie: "asiiko-lang=yo" });
    expect(left.status).toBe(200);
    expect(left.text).toContain("O ti kúrò nínú ìwé ìròyìn");
    expect(await row(email)).toBeNull();
    // Pressing it again answers the same; subscribing again makes a new link.
    const twice = await post(link, {}, { Cookie: "asiiko-lang=yo" });
    expect(twice.status).toBe(200);
    expect(twice.text).toBe(left.text);
    await post("/newsletter", { email });
    expect((await row(email))!.token).not.toBe(token);
  });

  it("answers a token of the wrong form 404, and an unknown one as any other, removing nothing", async () => {
    const email = address();
    await post("/newsletter", { email });
    expect((await get("/newsletter/unsubscribe/short")).status).toBe(404);
    expect((await post("/newsletter/unsubscribe/short", {})).status).toBe(404);
    const unknown = await post(`/newsletter/unsubscribe/${"A".repeat(43)}`, {});
    expect(unknown.status).toBe(200);
    expect(await row(email)).not.toBeNull();
  });
});

describe("GET /api/admin/newsletter", () => {
  it("gives administrators the list as CSV with its columns, and no one else any of it", async () => {
    const email = address();
    await post("/newsletter", { email }, { Cookie: "asiiko-lang=ig" });
    const { token, createdAt } = (await row(email))!;
    const [admin, farmer] = await Promise.all([signedInUser("ADMIN", "nl"), signedInUser("USER", "nl")]);

    const csv = await get("/api/admin/newsletter", { Cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="asiiko-newsletter-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(NEWSLETTER_CSV_COLUMNS.join(","));
    expect(lines[0]).toBe("email,language,subscribed_at,unsubscribe_url");
    expect(lines).toContain(`${email},ig,${createdAt.toISOString()},${unsubscribeUrl(token)}`);
    expect(unsubscribeUrl(token)).toMatch(new RegExp(`^https?://[^/]+/newsletter/unsubscribe/${token}$`));
    expect(lines.filter((line) => line.startsWith(`${email},`))).toHaveLength(1);

    for (const [who, cookie, status, code] of [
      ["a visitor", undefined, 401, "AUTH_SESSION_EXPIRED"],
      ["a farmer", farmer.cookie, 403, "AUTHZ_INSUFFICIENT_PERMISSIONS"],
    ] as const) {
      const answer = await call("GET", "/api/admin/newsletter", undefined, { cookie });
      expect(answer.status, who).toBe(status);
      expect(answer.body.error.code, who).toBe(code);
      const text = JSON.stringify(answer.body);
      expect(text, who).not.toContain(email);
      expect(text, who).not.toContain(token);
    }
    expect((await call("POST", "/api/admin/newsletter", {}, { cookie: admin.cookie })).status).toBe(405);
  });

  it("keeps a spreadsheet from reading an address as a formula", async () => {
    const email = `-${uniqueName("x")}@example.ng`.toLowerCase();
    addresses.push(email);
    expect((await call("POST", "/api/newsletter", { email })).status).toBe(200);
    const admin = await signedInUser("ADMIN", "nl");
    const csv = await get("/api/admin/newsletter", { Cookie: admin.cookie });
    const line = csv.text.split("\r\n").find((each) => each.includes(email.slice(1)))!;
    expect(line.startsWith(`"'-`)).toBe(true);
  });
});
