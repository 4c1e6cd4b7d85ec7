import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { apiClient, signedInUser } from "../../tests/support/api-client";
import { serveForTests } from "../../tests/support/web";

// The landing page's language and theme forms post here (the page runs without
// the app's JavaScript), and the landing page itself is sent without it.
const web = serveForTests();

const call = apiClient(() => web.baseUrl);
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const post = (fields: string, headers: Record<string, string> = {}) =>
  call("POST", "/api/preferences", undefined, { raw: fields, headers: { ...FORM, ...headers } });

describe("POST /api/preferences", () => {
  it("keeps the theme in the cookie the app's own toggle writes, and goes back to the page", async () => {
    const response = await post("theme=dark&back=%2F");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.cookie).toBe("asiiko-theme=dark; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("keeps the language, and the page it goes back to is rendered in it", async () => {
    const response = await post(`language=ha&back=${encodeURIComponent("/?from=menu")}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/?from=menu");
    expect(response.cookie).toBe("asiiko-lang=ha; Path=/; Max-Age=31536000; SameSite=Lax");

    const page = await fetch(`${web.baseUrl}/`, { headers: { Cookie: response.cookie!.split(";")[0]! } });
    expect(await page.text()).toMatch(/<html lang="ha"/);
  });

  it("sets both when both are chosen, and may go back to the sign-in page", async () => {
    const response = await post("theme=light&language=yo&back=%2Fauth%3FredirectTo%3D%252Fmarketplace");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fmarketplace");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toEqual([
      "asiiko-theme=light; Path=/; Max-Age=31536000; SameSite=Lax",
      "asiiko-lang=yo; Path=/; Max-Age=31536000; SameSite=Lax",
    ]);
  });

  it.each([
    ["another site", "//evil.example/x"],
    ["another origin", "https://evil.example/"],
    ["the API", "/api/user"],
    ["a backslash trick", "/\\evil.example"],
    ["nothing", ""],
  ])("goes back to the home page instead of %s", async (_label, back) => {
    const response = await post(`theme=dark&back=${encodeURIComponent(back)}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/");
  });

  it("refuses a theme or language it does not know, in the catalogue's format and the reader's language", async () => {
    const theme = await post("theme=purple");
    expect(theme.status).toBe(400);
    expect(theme.body).toEqual({
      success: false,
      message: "Choose light or dark.",
      error: {
        code: "VLD_REQUIRED_FIELD",
        message: "Choose light or dark.",
        fields: { theme: ["Choose light or dark."] },
      },
    });
    expect(theme.cookie).toBeNull();

    const language = await post("language=de", { Cookie: "asiiko-lang=fr" });
    expect(language.status).toBe(400);
    expect(language.body.error.fields).toEqual({ language: ["Choisissez English, Français, Hausa, Igbo ou Yoruba."] });
    expect(language.cookie).toBeNull();
  });

  it("refuses a form that chooses nothing", async () => {
    const response = await post("back=%2F");
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Choose a language or a theme.");
  });

  it("refuses a body that is not a form, and one past its cap", async () => {
    const json = await call("POST", "/api/preferences", { theme: "dark" });
    expect(json.status).toBe(415);
    expect(json.body.error).toMatchObject({
      code: "FILE_INVALID_TYPE",
      message: "Send the form as application/x-www-form-urlencoded.",
    });

    const huge = await post(`theme=dark&back=/${"a".repeat(5000)}`);
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("FILE_TOO_LARGE");
  });

  it("takes no harm from hostile text: NUL, a lone surrogate, no body, a stream past the cap with no length", async () => {
    // Text that cannot be stored is refused wherever it stands, as by every schema of ours.
    const nul = await post(`theme=dark&back=${encodeURIComponent("/market\u0000place")}`);
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatchObject({ code: "VLD_REQUIRED_FIELD", fields: { back: [expect.any(String)] } });
    expect(nul.cookie).toBeNull();

    const surrogate = await post(`language=${encodeURIComponent("ha")}%ED%A0%80`);
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.fields).toHaveProperty("language");

    const empty = await post("");
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Choose a language or a theme.");

    // Sent in pieces, with no Content-Length: counted as it arrives, refused past 4 KB.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 64; index += 1)
          controller.enqueue(new TextEncoder().encode(`back=${"a".repeat(1019)}&`));
        controller.close();
      },
    });
    const streamed = await fetch(`${web.baseUrl}/api/preferences`, {
      method: "POST",
      headers: FORM,
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).error.code).toBe("FILE_TOO_LARGE");
  });

  it("answers only POST, and refuses a post from another site", async () => {
    const get = await call("GET", "/api/preferences");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");

    const cross = await post("theme=dark", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(cross.status).toBe(403);
    expect(cross.body.error.code).toBe("SEC_CSRF_VIOLATION");
    expect(cross.cookie).toBeNull();
  });
});

describe("the landing page", () => {
  it("is sent without the app's JavaScript: only its own small inline script", async () => {
    const html = await (await fetch(`${web.baseUrl}/`)).text();
    expect(html).toContain("Farm smarter.");
    expect(html).not.toMatch(/<script[^>]+type="(x-)?module"/);
    expect(html).not.toMatch(/rel="(x-)?modulepreload"/);
    expect(html).not.toContain("__remixContext");
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts.some((script) => script.includes("enhanceStaticPage"))).toBe(true);
    // What the phone downloads: a few kilobytes compressed, where the app is ~190 KB.
    expect(gzipSync(scripts.join("")).length).toBeLessThan(3.5 * 1024);
    // Its controls are forms that work with no script at all.
    expect(html).toMatch(/<form method="post" action="\/api\/preferences"[^>]* data-language-form/);
    expect(html).toMatch(/<form method="post" action="\/api\/preferences"[^>]* data-theme-form/);
    expect(html).toMatch(/id="offline-banner" hidden/);
  });

  it("is the dashboard, with the app, for a signed-in farmer", async () => {
    const { cookie } = await signedInUser("USER", "landing");
    const html = await (await fetch(`${web.baseUrl}/`, { headers: { Cookie: cookie } })).text();
    expect(html).toMatch(/<script[^>]+type="(x-)?module"/);
    expect(html).toContain("__remixContext");
    expect(html).not.toContain("enhanceStaticPage");
  });

  it("the sign-in page is sent without the app too (auth.integration.test.ts)", async () => {
    const html = await (await fetch(`${web.baseUrl}/auth`)).text();
    expect(html).not.toContain("__remixContext");
    expect(html).toContain("enhanceStaticPage");
  });
});
