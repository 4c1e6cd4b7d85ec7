import { randomBytes, randomUUID } from "node:crypto";
import { test as base, type Page } from "@playwright/test";
import pg from "pg";
import { createSessionCookie, SESSION_COOKIE_NAME } from "~/modules/auth/session-cookie";
import { E2E_DATABASE_URL, E2E_SESSION_SECRET } from "../support/e2e-env";

// Signs a fresh user in by writing the session straight into the test
// database and setting its signed cookie: only the sign-in tests use the form.
export interface TestUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
}

const sessionCookie = createSessionCookie([E2E_SESSION_SECRET], { secure: false });

export async function withDatabase<T>(run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createUser(overrides: Partial<{ firstName: string; lastName: string; role: "USER" | "ADMIN" }> = {}): Promise<TestUser> {
  const user = {
    id: `e2e_${randomUUID()}`,
    username: `e2e_${randomBytes(5).toString("hex")}`,
    firstName: overrides.firstName ?? "Chioma",
    lastName: overrides.lastName ?? "Okafor",
  };
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "User" (id, username, "passwordHash", "firstName", "lastName", role, "updatedAt") VALUES ($1, $2, 'not-a-password', $3, $4, $5, now())`,
      [user.id, user.username, user.firstName, user.lastName, overrides.role ?? "USER"],
    ),
  );
  return user;
}

export async function signIn(page: Page, user: TestUser, baseURL: string) {
  const sessionId = `e2e_session_${randomUUID()}`;
  await withDatabase((client) =>
    client.query(`INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, $2, now() + interval '1 day')`, [sessionId, user.id]),
  );
  const value = (await sessionCookie.serialize(sessionId)).split(";")[0]!.split("=").slice(1).join("=");
  await page.context().addCookies([{ name: SESSION_COOKIE_NAME, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Waits until React has taken over the page, so no click lands on server-rendered HTML alone. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export const test = base.extend<{ user: TestUser }>({
  user: async ({ page, baseURL }, use) => {
    const user = await createUser();
    await signIn(page, user, baseURL!);
    await use(user);
    await withDatabase((client) => client.query(`DELETE FROM "User" WHERE id = $1`, [user.id]));
  },
});

export { expect } from "@playwright/test";
