// The demo data as the page benchmarks browse it: the seed in the benchmark's own database (run in
// demo mode, so it makes the demo accounts and data, while the server measured runs outside it, as
// a deployment does), and a session for the demo farmer (amina), made a subscriber so every page
// shows its tools (the map on /mapping, the analysis form on /asiiko).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { benchDatabase } from "./bench-env";
import { root } from "./bench-env";

/** Creates and seeds the database; answers the farmer's session cookie as name and value. */
export async function loadDemo(database: ReturnType<typeof benchDatabase>) {
  await database.create();
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "prisma/seed.ts"], {
    cwd: root,
    env: { ...process.env, DEMO_MODE: "1" },
    stdio: "inherit",
  });
  if (seeded.status !== 0) throw new Error("the seed failed");

  const { sessionCookie } = await import("../../app/modules/auth/session.server");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const sessionId = `bench_demo_${randomBytes(8).toString("hex")}`;
    await client.query(
      `INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, 'seed_user_amina', now() + interval '1 day')`,
      [sessionId],
    );
    await client.query(
      `INSERT INTO "Subscription" (id, "userId", provider, status, "externalId", "amountNgn", "currentPeriodStart", "currentPeriodEnd", "updatedAt")
       VALUES ($1, 'seed_user_amina', 'sandbox', 'active', $1, 15000, now(), now() + interval '30 days', now())`,
      [`bench_demo_${randomBytes(6).toString("hex")}`],
    );
    const [name, ...value] = (await sessionCookie.serialize(sessionId)).split(";")[0]!.split("=");
    return { name: name!, value: value.join("=") };
  } finally {
    await client.end();
  }
}
