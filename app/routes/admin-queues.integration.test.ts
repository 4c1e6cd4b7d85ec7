import { describe, expect, it } from "vitest";
import { apiClient, signedInUser } from "../../tests/support/api-client";
import { serveForTests } from "../../tests/support/web";

// The operators' queue dashboard (bull-board, /admin/queues) over HTTP: a signed-in administrator
// and whoever presents ADMIN_TOKEN get in; a browser anyone else opens it with gets the product's
// own page saying who may see it (translated, in the shell when signed in); scripts and API clients
// still get the catalogue's JSON.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

async function open(path: string, init: { cookie?: string; accept?: string; language?: string; token?: string } = {}) {
  const headers: Record<string, string> = { Accept: init.accept ?? BROWSER };
  if (init.language) headers["Accept-Language"] = init.language;
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  return call("GET", path, undefined, { cookie: init.cookie, headers });
}

describe("/admin/queues", () => {
  it("opens for a signed-in administrator without a token, and for an operator's token without an account", async () => {
    const admin = await signedInUser("ADMIN", "queues_admin");
    const asAdmin = await open("/admin/queues", { cookie: admin.cookie });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("content-type")).toContain("text/html");
    expect(String(asAdmin.body)).not.toContain("data-queues-refused");
    // The dashboard's own calls work for the administrator too.
    const queues = await open("/admin/queues/api/queues", { cookie: admin.cookie, accept: "application/json" });
    expect(queues.status).toBe(200);

    const byToken = await open("/admin/queues", { token: process.env.ADMIN_TOKEN });
    expect(byToken.status).toBe(200);
    expect(String(byToken.body)).not.toContain("data-queues-refused");
  });

  it("shows a visitor's browser the product's page (401), saying who may see it and offering to sign in", async () => {
    const page = await open("/admin/queues");
    expect(page.status).toBe(401);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = String(page.body);
    expect(html).toContain("data-queues-refused");
    expect(html).toContain("The queue dashboard is for Asiiko&#x27;s administrators and operators only");
    expect(html).toContain("Sign in with an administrator&#x27;s account to open it.");
    expect(html).toContain(`href="/auth?redirectTo=${encodeURIComponent("/admin/queues")}"`);
    expect(html).not.toContain("AUTH_SESSION_EXPIRED");
  });

  it("shows a farmer the page in the signed-in shell (403), in the reader's language", async () => {
    const farmer = await signedInUser("USER", "queues_farmer");
    const page = await open("/admin/queues", { cookie: farmer.cookie, language: "ha" });
    expect(page.status).toBe(403);
    const html = String(page.body);
    expect(html).toContain("data-queues-refused");
    expect(html).toContain("Allon layukan aiki na masu gudanarwa da ma&#x27;aikatan Asiiko ne kawai");
    expect(html).toContain("Asusunka ba na mai gudanarwa ba ne");
    // The shell: its sidebar, without the administrators' entries.
    expect(html).toContain('id="app-sidebar"');
    expect(html).not.toContain('href="/product-catalog"');
    expect(html).not.toContain("AUTHZ_INSUFFICIENT_PERMISSIONS");
  });

  it("a wrong token in a browser gets the page too (403), and lets no one in", async () => {
    const page = await open("/admin/queues", { token: "not-the-admin-token-0123456789" });
    expect(page.status).toBe(403);
    expect(String(page.body)).toContain("data-queues-refused");
  });

  it("still answers scripts and API clients with the catalogue's JSON", async () => {
    const farmer = await signedInUser("USER", "queues_script");
    const cases: [string, { cookie?: string; accept?: string; token?: string }, number, string][] = [
      ["/admin/queues", { accept: "application/json" }, 401, "AUTH_SESSION_EXPIRED"],
      ["/admin/queues", { accept: "*/*" }, 401, "AUTH_SESSION_EXPIRED"],
      ["/admin/queues/api/queues", { accept: "application/json" }, 401, "AUTH_SESSION_EXPIRED"],
      ["/admin/queues", { accept: "application/json", cookie: farmer.cookie }, 403, "AUTHZ_INSUFFICIENT_PERMISSIONS"],
      [
        "/admin/queues",
        { accept: "application/json", token: "wrong-token-0123456789abcdef" },
        403,
        "AUTHZ_INSUFFICIENT_PERMISSIONS",
      ],
    ];
    for (const [path, init, status, code] of cases) {
      const answer = await open(path, init);
      const label = `${path} ${JSON.stringify(init)}`;
      expect(answer.status, label).toBe(status);
      expect(answer.headers.get("content-type"), label).toContain("application/json");
      expect(answer.body, label).toMatchObject({ success: false, error: { code } });
    }
  });

  it("a signed-in administrator finds it in the sidebar's Management area", async () => {
    const admin = await signedInUser("ADMIN", "queues_nav");
    const html = String((await open("/dashboard", { cookie: admin.cookie })).body);
    const management = html.indexOf('href="/product-catalog"');
    const queues = html.indexOf('href="/admin/queues"');
    expect(management).toBeGreaterThan(-1);
    expect(queues).toBeGreaterThan(management);
    const farmer = await signedInUser("USER", "queues_nav_farmer");
    expect(String((await open("/dashboard", { cookie: farmer.cookie })).body)).not.toContain('href="/admin/queues"');
  });
});
