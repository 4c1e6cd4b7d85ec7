import { randomBytes } from "node:crypto";
import pg from "pg";
import { load, summarise } from "./load";
const db = "postgresql://postgres@127.0.0.1:5432/asiiko_bench_search";
Object.assign(process.env, { DATABASE_URL: db, SESSION_SECRET: "probe-secret", NODE_ENV: "production", LOG_LEVEL: "silent" });
const c = new pg.Client({ connectionString: db }); await c.connect();
const sid = `probe_${randomBytes(6).toString("hex")}`;
await c.query(`INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, 'bench_buyer', now() + interval '1 day')`, [sid]);
const { sessionCookie } = await import("../../app/modules/auth/session.server");
const cookie = (await sessionCookie.serialize(sid)).split(";")[0]!;
const base = process.argv[2]!;
for (const [name, path, enc] of [["health", "/api/health", "gzip"], ["search cached gz", "/api/search?q=maize&types=listing&limit=50", "gzip"], ["search cached plain", "/api/search?q=maize&types=listing&limit=50", "identity"], ["search limit 5", "/api/search?q=maize&types=listing&limit=5", "identity"]] as const) {
  await fetch(base + path, { headers: { cookie } });
  const m = await load(600, 10, async () => { const r = await fetch(base + path, { headers: { cookie, "accept-encoding": enc } }); await r.arrayBuffer(); });
  const s = summarise(m); console.log(name, s.p50.toFixed(1), s.p95.toFixed(1), s.perSecond.toFixed(0));
}
await c.end(); process.exit(0);
