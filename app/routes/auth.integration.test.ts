import { describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { newIp, uniqueName } from "../../tests/support/api-client";
import { serveForTests } from "../../tests/support/web";

// The sign-in page is sent without the app's JavaScript: everything a person
// needs comes from the server's HTML. Its forms post to the page itself, which
// answers with the page again (the field messages and the 'Login failed'
// toast) or with the redirect; its tabs are links.
const web = serveForTests();

async function page(path: string, init: { form?: Record<string, string>; language?: string } = {}) {
  const headers: Record<string, string> = { "X-Forwarded-For": newIp() };
  if (init.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  if (init.language) headers.Cookie = `asiiko-lang=${init.language}`;
  const response = await fetch(`${web.baseUrl}${path}`, {
    method: init.form ? "POST" : "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The attributes of the first element whose opening tag matches. */
const tag = (html: string, pattern: RegExp) => html.match(pattern)?.[0] ?? "";

describe("the sign-in page without the app", () => {
  it("sends no module scripts, only the small inline script, and forms that post to itself", async () => {
    const { status, html } = await page("/auth?redirectTo=%2Fmarketplace");
    expect(status).toBe(200);
    expect(html).not.toMatch(/<script[^>]+type="(x-)?module"/);
    expect(html).not.toMatch(/rel="(x-)?modulepreload"/);
    expect(html).not.toContain("__remixContext");
    expect(html).toContain("enhanceStaticPage");
    // Both forms post to this address (the redirect kept), and say what they show while sent.
    expect(
      html.match(/<form method="post" action="\/auth\?redirectTo=%2Fmarketplace"[^>]*data-pending-form/g),
    ).toHaveLength(2);
    expect(html).toContain('data-pending-label="Signing in..."');
    expect(html).toContain('data-pending-label="Creating account..."');
    // No toast and no empty toast region before anything failed.
    expect(html).not.toMatch(/<[^>]+data-toast/);
  });

  it("has tabs that are links: ?tab=register opens the registration form, the redirect kept", async () => {
    const signIn = await page("/auth?redirectTo=%2Fsettings");
    expect(tag(signIn.html, /<a[^>]*id="auth-tab-register"[^>]*>/)).toContain(
      'href="/auth?redirectTo=%2Fsettings&amp;tab=register"',
    );
    expect(tag(signIn.html, /<a[^>]*id="auth-tab-login"[^>]*>/)).toContain('aria-selected="true"');
    expect(tag(signIn.html, /<div[^>]*id="auth-panel-register"[^>]*>/)).toContain("hidden");
    expect(tag(signIn.html, /<div[^>]*id="auth-panel-login"[^>]*>/)).not.toContain("hidden");

    const register = await page("/auth?redirectTo=%2Fsettings&tab=register");
    expect(tag(register.html, /<a[^>]*id="auth-tab-register"[^>]*>/)).toContain('aria-selected="true"');
    expect(tag(register.html, /<a[^>]*id="auth-tab-login"[^>]*>/)).toContain('href="/auth?redirectTo=%2Fsettings"');
    expect(tag(register.html, /<div[^>]*id="auth-panel-login"[^>]*>/)).toContain("hidden");
    expect(tag(register.html, /<div[^>]*id="auth-panel-register"[^>]*>/)).not.toContain("hidden");
  });

  it("answers a wrong password with the page: the 'Login failed' toast, the reason, the username kept and never the password", async () => {
    // A username of its own: other files' failed sign-ins count towards a shared one's lock.
    const username = uniqueName("wrong");
    const { status, html } = await page("/auth", { form: { intent: "login", username, password: "not-the-password" } });
    expect(status).toBe(401);
    const toast = tag(html, /<li[^>]*data-toast[^>]*>[\s\S]*?<\/li>/);
    expect(toast).toContain("Login failed");
    expect(toast).toContain("Invalid username or password");
    expect(toast).toContain('aria-label="Close"');
    expect(html).toContain('aria-label="Notifications (F8)"');
    expect(tag(html, /<input[^>]*name="username"[^>]*>/)).toContain(`value="${username}"`);
    expect(tag(html, /<input[^>]*name="password"[^>]*>/)).not.toContain("value=");
    expect(html).not.toContain("not-the-password");
  });

  it("answers a registration that breaks the hints with each field's message, in the reader's language, and creates nobody", async () => {
    const before = await prisma.user.count();
    const english = await page("/auth?tab=register", {
      form: { intent: "register", username: "ab", password: "short", firstName: "", lastName: "Obi" },
    });
    expect(english.status).toBe(400);
    expect(english.html).toContain("Username must be 3-50 characters");
    expect(english.html).toContain("Password must be at least 8 characters");
    expect(english.html).toContain("First name is required");
    // The registration tab stays open, and a validation refusal is not a failed sign-in toast.
    expect(tag(english.html, /<a[^>]*id="auth-tab-register"[^>]*>/)).toContain('aria-selected="true"');
    expect(english.html).not.toMatch(/<[^>]+data-toast/);

    const hausa = await page("/auth", {
      language: "ha",
      form: { intent: "register", username: "ab", password: "short", firstName: "Ada", lastName: "Obi" },
    });
    expect(hausa.status).toBe(400);
    expect(hausa.html).toMatch(/<html lang="ha"/);
    expect(hausa.html).not.toContain("Username must be 3-50 characters");
    expect(await prisma.user.count()).toBe(before);
  });

  it("answers a taken username with the 'Registration failed' toast", async () => {
    const username = uniqueName("taken");
    const form = { intent: "register", username, password: "correct-horse-8", firstName: "Amina", lastName: "Bello" };
    try {
      expect((await page("/auth", { form })).status).toBe(302);
      const { status, html } = await page("/auth", { form });
      expect(status).toBe(409);
      const toast = tag(html, /<li[^>]*data-toast[^>]*>[\s\S]*?<\/li>/);
      expect(toast).toContain("Registration failed");
      expect(toast).toContain("That username is already taken");
    } finally {
      await prisma.user.deleteMany({ where: { username } });
    }
  });

  it("signs in with a plain form post and sends the reader where they were going", async () => {
    const username = uniqueName("static");
    const made = await page("/auth", {
      form: {
        intent: "register",
        username,
        password: "correct-horse-8",
        firstName: "Ada",
        lastName: "Obi",
        redirectTo: "/marketplace",
      },
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe("/marketplace");
    // The session's cookie, and the device cookie this browser's later sign-ins are counted by.
    expect(made.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual([
      "asiiko-session",
      "asiiko-device",
    ]);
    const again = await page("/auth", {
      form: { intent: "login", username, password: "correct-horse-8", redirectTo: "/settings" },
    });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/settings");
    await prisma.user.deleteMany({ where: { username } });
  });
});

describe("the sign-in page while an account waits", () => {
  it("answers 429 with Retry-After, and a toast that states the same wait, in the reader's language", async () => {
    const username = uniqueName("waits");
    const form = { intent: "register", username, password: "correct-horse-8", firstName: "Musa", lastName: "Bello" };
    expect((await page("/auth", { form })).status).toBe(302);
    try {
      // Five wrong passwords from five addresses: free. The next ones wait.
      const wrong = { intent: "login", username, password: "not-the-password" };
      const free = await Promise.all(Array.from({ length: 5 }, () => page("/auth", { form: wrong })));
      expect(free.map(({ status }) => status)).toEqual([401, 401, 401, 401, 401]);
      const waiting = await Promise.all(
        Array.from({ length: 3 }, () =>
          page("/auth", { language: "ha", form: { intent: "login", username, password: "correct-horse-8" } }),
        ),
      );
      // Sent together: at most one may come after the first wait is over; the others are told to wait.
      const told = waiting.filter(({ status }) => status === 429);
      expect(told.length).toBeGreaterThanOrEqual(2);
      for (const answer of told) {
        const wait = Number(answer.headers.get("retry-after"));
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(2);
        const toast = tag(answer.html, /<li[^>]*data-toast[^>]*>[\s\S]*?<\/li>/);
        expect(toast).toContain(
          wait === 1
            ? "Ƙoƙari ya yi yawa. Sake gwadawa bayan daƙiƙa ɗaya."
            : `Ƙoƙari ya yi yawa. Sake gwadawa bayan daƙiƙa ${wait}.`,
        );
        expect(answer.headers.get("set-cookie")).toBeNull();
      }
    } finally {
      await prisma.user.deleteMany({ where: { username } });
    }
  });
});
