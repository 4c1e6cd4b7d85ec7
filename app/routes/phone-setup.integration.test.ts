import { describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser } from "../../tests/support/api-client";
import { serveForTests } from "../../tests/support/web";

// A site as a real deployment starts it: outside demo mode, with no SMS provider configured.
// Phones cannot be verified and the product says so; nothing is faked: no code is made, no text
// is kept for an inbox, and the SMS page is the administrators' (empty) log, not a demo inbox.

vi.hoisted(() => {
  for (const name of ["AT_USERNAME", "AT_API_KEY", "AT_BASE_URL", "AT_SENDER_ID"]) delete process.env[name];
  process.env.DEMO_MODE = "";
});

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

describe("phone verification with no SMS provider, outside demo mode", () => {
  it("answers 503 SYS_CONFIGURATION_ERROR and makes no code", async () => {
    const user = await signedInUser("USER", "nosms");
    const answer = await call("PUT", "/api/user/phone", { phone: "0803 123 4567" }, { cookie: user.cookie });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      success: false,
      error: { code: "SYS_CONFIGURATION_ERROR", message: "Text messages cannot be sent from this site yet." },
    });
    expect(await prisma.phoneCode.count({ where: { userId: user.user.id } })).toBe(0);
    expect(await prisma.smsMessage.count({ where: { userId: user.user.id } })).toBe(0);
    // A wrong number is still a wrong number.
    expect((await call("PUT", "/api/user/phone", { phone: "12" }, { cookie: user.cookie })).status).toBe(400);
    expect((await call("GET", "/api/user/phone", undefined, { cookie: user.cookie })).body).toMatchObject({
      data: { phone: null, verified: false, pending: null },
    });
  });

  it("Profile says verification is unavailable, and /sms is no inbox", async () => {
    const [user, admin] = await Promise.all([signedInUser("USER", "nosms"), signedInUser("ADMIN", "nosms")]);
    const profile = await fetch(`${web.baseUrl}/profile`, { headers: { Cookie: user.cookie } });
    const html = await profile.text();
    expect(html).toContain("Phone numbers cannot be verified on this site yet");
    expect(html).not.toContain("Send code");

    const forUser = await (await fetch(`${web.baseUrl}/sms`, { headers: { Cookie: user.cookie } })).text();
    expect(forUser).toContain("Access denied: the text message log is for administrators.");
    expect(forUser).not.toContain("Demo SMS inbox");
    const forAdmin = await (await fetch(`${web.baseUrl}/sms`, { headers: { Cookie: admin.cookie } })).text();
    expect(forAdmin).toContain("Text messages cannot be sent from this site yet.");
    expect(forAdmin).not.toContain("Demo SMS inbox");
  });
});
