import { randomBytes, randomUUID } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { Queue } from "bullmq";
import pg from "pg";
import { createSessionCookie, SESSION_COOKIE_NAME } from "~/server/session-cookie";
import { E2E_DATABASE_URL, E2E_QUEUE_PREFIX, E2E_SESSION_SECRET } from "../support/e2e-env";

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

export async function createUser(
  overrides: Partial<{ firstName: string; lastName: string; role: "USER" | "ADMIN" }> = {},
): Promise<TestUser> {
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

/** Gives the user an active premium subscription (a sandbox one, paid for 30 days), as the payment worker records it. */
export async function subscribe(user: TestUser) {
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Subscription" (id, "userId", provider, status, "externalId", "amountNgn", "currentPeriodStart", "currentPeriodEnd", "updatedAt")
       VALUES ($1, $2, 'sandbox', 'active', $3, 15000, now(), now() + interval '30 days', now())`,
      [`e2e_sub_${randomUUID()}`, user.id, `e2e_sandbox_${randomUUID()}`],
    ),
  );
}

/**
 * Writes a session of the user into the database, as signing in on a browser with this user
 * agent would (signed in and last seen `hoursAgo`), and answers its signed cookie's value.
 */
export async function mintSession(
  user: TestUser,
  { userAgent = null, hoursAgo = 0 }: { userAgent?: string | null; hoursAgo?: number } = {},
) {
  const sessionId = `e2e_session_${randomUUID()}`;
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "Session" (id, "userId", "expiresAt", "userAgent", "createdAt", "lastSeenAt")
       VALUES ($1, $2, now() + interval '1 day', $3, now() - make_interval(hours => $4), now() - make_interval(hours => $4))`,
      [sessionId, user.id, userAgent, hoursAgo],
    ),
  );
  return (await sessionCookie.serialize(sessionId)).split(";")[0]!.split("=").slice(1).join("=");
}

export async function signIn(page: Page, user: TestUser, baseURL: string, userAgent: string | null = null) {
  const value = await mintSession(user, { userAgent });
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE_NAME, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Makes rows a test wrote straight into the database searchable, as the app's own writes are:
 * records each change in the search outbox, asks the running search-indexing worker to apply
 * it, and waits until it has (its outbox row is gone), as a seller waits to be found.
 */
export async function indexForSearch(entity: "product" | "listing" | "farm", ids: string[]) {
  if (ids.length === 0) return;
  await withDatabase((client) =>
    client.query(`INSERT INTO "SearchOutbox" (entity, "entityId") SELECT $1, unnest($2::text[])`, [entity, ids]),
  );
  const queue = new Queue("search-indexing", {
    connection: { url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" },
    prefix: E2E_QUEUE_PREFIX,
  });
  try {
    await queue.addBulk(ids.map((id) => ({ name: "search-indexing", data: { entity, id, action: "upsert" } })));
  } finally {
    await queue.close();
  }
  await expect
    .poll(
      () =>
        withDatabase(async (client) =>
          Number(
            (await client.query(`SELECT count(*) FROM "SearchOutbox" WHERE "entityId" = ANY($1::text[])`, [ids]))
              .rows[0].count,
          ),
        ),
      { message: `the search index takes in ${entity} ${ids.join(", ")}`, timeout: 20_000 },
    )
    .toBe(0);
}

/**
 * The oldest listing buyers can see (active, not hidden, its seller not suspended: other tests
 * hide and suspend), from the demo data the server starts with; not one of `notOf`'s.
 */
export async function listingBuyersSee(notOf?: TestUser) {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string; sellerId: string }>(
      `SELECT l.id, l."sellerId" FROM "Listing" l JOIN "User" u ON u.id = l."sellerId"
        WHERE l.status = 'active' AND l."hiddenAt" IS NULL AND u."suspendedAt" IS NULL AND l."sellerId" <> $1
        ORDER BY l."createdAt", l.id LIMIT 1`,
      [notOf?.id ?? ""],
    );
    return rows[0]!;
  });
}

/**
 * Files an open report by `reporter` on a listing buyers can see, as POST
 * /api/market/listings/{id}/reports records it: Moderation then has it to show. Deleting the
 * reporter takes the report with it.
 */
export async function reportAListing(reporter: TestUser, reason: string, note: string) {
  const listing = await listingBuyersSee(reporter);
  await withDatabase((client) =>
    client.query(
      `INSERT INTO "ListingReport" (id, "listingId", "reporterId", reason, note) VALUES ($1, $2, $3, $4::"ReportReason", $5)`,
      [`e2e_report_${randomUUID()}`, listing.id, reporter.id, reason, note],
    ),
  );
}

/** Waits until React has taken over the page, so no click lands on server-rendered HTML alone. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * After a change of search, filters or sort: waits until the page shows the
 * results asked for, as a user waits for them. The address changes before the
 * new results are drawn, so the address alone proves nothing: nothing may be
 * marked busy (aria-busy="true" marks old results dimmed while new ones load)
 * and `check` (what the new results must show) must hold, both at the same
 * moment, retried together until they do.
 */
export async function expectResults(page: Page, check: () => Promise<void> | void) {
  await expect(async () => {
    expect(await page.locator('[aria-busy="true"]').count(), "results still loading").toBe(0);
    await check();
  }).toPass({ timeout: 15_000 });
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

/** A toast with this title in the notifications region. */
export const toast = (page: Page, title: string) =>
  page
    .getByRole("region", { name: /^Notifications/ })
    .locator("li")
    .filter({ hasText: title });

/** A square boundary as GeoJSON, its south-west corner at (lng, lat), `side` degrees a side (0.003° is about 330 m). */
export function squareBoundary(lng: number, lat: number, side = 0.003) {
  const ring = [
    [lng, lat],
    [lng + side, lat],
    [lng + side, lat + side],
    [lng, lat + side],
    [lng, lat],
  ];
  return { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } };
}
