// npm run bench:ai [-- --photos 20 --requests 30 --keep]
// Asiiko AI's two costs on this machine:
// 1. the built-in analyzer's time per 12-megapixel JPEG (a phone's full-size photo), called
//    directly, and per 1600 px WebP (the prepared photo the worker gives it);
// 2. the queue's overhead: POST /api/ai/analyze of a 1600 px JPEG (what the page sends), served
//    as `npm start` serves it (web server and workers in their own processes, a database of
//    its own), one request at a time. Overhead = from the analysis being queued (its row's
//    createdAt) to the answer, minus the photo's preparation and the analyzer's own time (both
//    recorded on the row by the worker): the job's pick-up, the stage writes, the result's
//    transaction, the change message and the answer.
// Prints the table and writes it to bench/results/. Asserts nothing.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { leafPhoto, leafPixels } from "../../tests/support/leaf-photos";
import {
  argument,
  benchSetting,
  describeMachine,
  root,
  runBenchmark,
  startProcess,
  startWebServer,
  writeReport,
} from "./bench-env";
import { percentile } from "./load";

const PHOTOS = argument("photos", 20);
const REQUESTS = argument("requests", 30);
const keep = process.argv.includes("--keep");
/** Users the requests are spread over: each may send 30 analyses in 10 minutes. */
const USERS = Math.max(1, Math.ceil(REQUESTS / 25));

if (!existsSync(path.join(root, "build/server/index.js")) || !existsSync(path.join(root, "build/node/server.js"))) {
  console.error("bench:ai serves the production build: run `npm run build` first");
  process.exit(2);
}

const database = benchSetting("bench_ai", "bench:ai", { UPLOAD_DIR: path.join(root, "test-results/bench-ai-uploads") });
// The built-in analyzer answers: no provider is called.
for (const key of ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY"]) delete process.env[key];

interface Stats {
  count: number;
  p50: number;
  p95: number;
  max: number;
}
function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 };
}

async function timeAnalyzer(image: Buffer, mimeType: "image/jpeg" | "image/webp") {
  const { analyzeWithBuiltin } = await import("../../app/modules/analysis/builtin");
  const input = {
    image,
    mimeType,
    analysisType: "crop_health" as const,
    context: { cropType: "cassava" },
    language: "en" as const,
    signal: new AbortController().signal,
  };
  // Warm sharp's thread pool and the code paths.
  for (let warm = 0; warm < 2; warm += 1) await analyzeWithBuiltin(input);
  const times: number[] = [];
  for (let run = 0; run < PHOTOS; run += 1) {
    const started = performance.now();
    await analyzeWithBuiltin(input);
    times.push(performance.now() - started);
  }
  return stats(times);
}

async function mintSession(client: pg.Client, index: number) {
  const { sessionCookie } = await import("../../app/modules/auth/session.server");
  const userId = `bench_farmer_${index}`;
  await client.query(
    `INSERT INTO "User" (id, username, "passwordHash", "firstName", "lastName", "updatedAt") VALUES ($1, $2, 'x', 'Farmer', 'Bench', now())`,
    [userId, userId],
  );
  // A subscriber: every analysis is allowed (a trial would allow one).
  await client.query(
    `INSERT INTO "Subscription" (id, "userId", provider, status, "externalId", "amountNgn", "currentPeriodStart", "currentPeriodEnd", "updatedAt")
     VALUES ($1, $2, 'sandbox', 'active', $3, 15000, now() - interval '1 day', now() + interval '29 days', now())`,
    [`bench_sub_${index}`, userId, `bench_sub_${index}`],
  );
  const sessionId = `bench_session_${randomBytes(8).toString("hex")}`;
  await client.query(`INSERT INTO "Session" (id, "userId", "expiresAt") VALUES ($1, $2, now() + interval '1 day')`, [
    sessionId,
    userId,
  ]);
  return (await sessionCookie.serialize(sessionId)).split(";")[0]!;
}

async function main() {
  console.log(`[bench:ai] the built-in analyzer, ${PHOTOS} runs per photo`);
  const fullSize = await leafPhoto("spotted", { width: 4000, height: 3000 });
  // A phone photo carries sensor noise and fine detail, which make a JPEG several times larger and slower to decode.
  const pixels = leafPixels(4000, 3000, "spotted");
  for (let index = 0; index < pixels.length; index += 1)
    pixels[index] = Math.max(0, Math.min(255, pixels[index]! + ((index * 2654435761) >>> 27) - 16));
  const noisy = await sharp(pixels, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  const prepared = await sharp(fullSize).resize({ width: 1600 }).webp({ quality: 78 }).toBuffer();
  const analyzerJpeg = await timeAnalyzer(fullSize, "image/jpeg");
  const analyzerNoisy = await timeAnalyzer(noisy, "image/jpeg");
  const analyzerWebp = await timeAnalyzer(prepared, "image/webp");

  console.log(`[bench:ai] ${REQUESTS} analyses through the queue, in a database of its own`);
  await database.create();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const cookies = [];
  for (let index = 0; index < USERS; index += 1) cookies.push(await mintSession(client, index));

  const workers = startProcess("workers/index.ts");
  const web = await startWebServer();
  const photo = await leafPhoto("yellowed", { width: 1600, height: 1200 });
  const totals: number[] = [];
  const overheads: number[] = [];
  const queued: number[] = [];
  try {
    for (let index = -2; index < REQUESTS; index += 1) {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "leaf.jpg");
      form.append("analysisType", "crop_health");
      form.append("preferredModel", "openai");
      form.append("additionalContext", JSON.stringify({ cropType: "Cassava" }));
      const sent = Date.now();
      const t0 = performance.now();
      const response = await fetch(`${web.base}/api/ai/analyze`, {
        method: "POST",
        body: form,
        headers: { cookie: cookies[Math.max(0, index) % USERS]! },
      });
      const body = (await response.json()) as { data?: { id: string } };
      const total = performance.now() - t0;
      const answered = Date.now();
      if (!response.ok || !body.data)
        throw new Error(`POST /api/ai/analyze: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      if (index < 0) continue; // warm-up
      const { rows } = await client.query<{ createdAt: Date; prepareMs: number; analyzerMs: number }>(
        `SELECT "createdAt", "prepareMs", "analyzerMs" FROM "Analysis" WHERE id = $1`,
        [body.data.id],
      );
      const row = rows[0]!;
      totals.push(total);
      queued.push(row.createdAt.getTime() - sent);
      overheads.push(answered - row.createdAt.getTime() - row.prepareMs - row.analyzerMs);
    }
  } finally {
    await web.stop();
    await workers.stop();
    await client.end();
  }

  const line = (what: string, measured: Stats, target = "") =>
    `| ${what} | ${measured.count} | ${measured.p50.toFixed(1)} | ${measured.p95.toFixed(1)} | ${measured.max.toFixed(1)} | ${target} |`;
  const report = [
    `# Asiiko AI benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${describeMachine()}. The built-in analyzer (no provider keys). Generated leaf photos (tests/support/leaf-photos.ts).`,
    "The analyses through the queue: one request at a time, web server and workers in their own processes as `npm start` runs them.",
    "",
    "| measure | runs | p50 ms | p95 ms | max ms | target |",
    "|---|---:|---:|---:|---:|---|",
    line(
      `built-in analyzer, 12 MP JPEG (4000 x 3000, drawn leaf, ${(fullSize.length / 2 ** 20).toFixed(1)} MB)`,
      analyzerJpeg,
      "under 400 ms",
    ),
    line(
      `built-in analyzer, 12 MP JPEG (the same with photo-like noise, ${(noisy.length / 2 ** 20).toFixed(1)} MB)`,
      analyzerNoisy,
      "under 400 ms",
    ),
    line("built-in analyzer, prepared 1600 px WebP", analyzerWebp),
    line("POST /api/ai/analyze, 1600 px JPEG, request to answer", stats(totals)),
    line("  of which: request to queued (upload, checks, photo stored, row, job)", stats(queued)),
    line("  queue overhead: queued to answer, minus preparation and analysis", stats(overheads), "p50 under 30 ms"),
    "",
  ].join("\n");
  writeReport("ai", "[bench:ai]", report);
  if (!keep) await database.drop();
}

runBenchmark("[bench:ai]", main);
