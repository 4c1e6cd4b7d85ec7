import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { benchSetting, startWebServer, runBenchmark, argument } from "./bench-env";
import { benchUserId } from "./market";
import { measureAddress } from "./autocannon-measure";
import { profileClock, readProfile, renderProfile, summariseProfile } from "./cpu-profile";

const database = benchSetting("bench", "[prof]");
const target = process.argv.slice(2).find((a) => a.startsWith("/")) ?? "/marketplace";
runBenchmark("[prof]", async () => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { sessionCookie } = await import("../../app/modules/auth/session.server");
  const sessionId = `bench_session_${randomBytes(8).toString("hex")}`;
  await client.query(`INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, $2, now() + interval '1 day')`, [
    sessionId,
    benchUserId(1),
  ]);
  const cookie = (await sessionCookie.serialize(sessionId)).split(";")[0]!;
  await client.end();
  const dir = mkdtempSync(path.join(os.tmpdir(), "prof-"));
  const profile = process.argv.includes("--prof");
  const flagIndex = process.argv.indexOf("--flags");
  const extra = flagIndex > 0 ? process.argv[flagIndex + 1]!.split(" ") : [];
  const web = await startWebServer({}, [...extra, ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [])]);
  const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
  const check = await fetch(`${web.base}${target}`, { headers, redirect: "manual" });
  const html = await check.text();
  (await import("node:fs")).writeFileSync("/tmp/page.html", html);
  console.log(
    check.status,
    check.headers.get("location"),
    html
      .replace(/<script[^]*?<\/script>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .slice(0, 1500),
  );
  await measureAddress(`${web.base}${target}`, headers, { duration: 3, connections: 50 });
  const from = profileClock();
  const m = await measureAddress(`${web.base}${target}`, headers, {
    duration: argument("duration", 10),
    connections: 50,
  });
  const to = profileClock();
  console.log(m);
  await web.stop();
  if (profile) {
    const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"))!;
    console.log(
      renderProfile(
        summariseProfile(readProfile(path.join(dir, file)), {
          from,
          to,
          limit: 45,
          under: [
            "handleRequest",
            "loader",
            "renderToPipeableStream",
            "callLoaderOrAction",
            "performWork",
            "renderRootSync",
            "requestHandler",
            "compression",
            "translate",
            "fixedT",
            "matchRoutes",
            "renderToString",
          ],
        }),
        m.requests + 0,
      ).join("\n"),
    );
  }
});
