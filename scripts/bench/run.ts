// npm run bench [-- http://127.0.0.1:3000]
// Measures a running Asiiko (npm start) over loopback, with bounded request
// counts: marketplace listing queries (plain, filtered, near a point and sorted
// by distance) and sign-in answer times for a wrong password versus an unknown
// username (they should be alike, so the answer time does not reveal which
// usernames exist). Prints a table; it asserts nothing.
import { randomBytes } from "node:crypto";

const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const target = new URL(base);
if (!["127.0.0.1", "localhost", "[::1]"].includes(target.hostname)) {
  console.error("bench: only a server on this machine (127.0.0.1) may be measured");
  process.exit(2);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summary(name: string, times: number[], wallMs: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const row = {
    name,
    requests: times.length,
    "p50 ms": percentile(sorted, 50).toFixed(1),
    "p95 ms": percentile(sorted, 95).toFixed(1),
    "max ms": (sorted.at(-1) ?? 0).toFixed(1),
    "req/s": ((times.length / wallMs) * 1000).toFixed(0),
  };
  return row;
}

async function timed(run: () => Promise<Response>) {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok && response.status !== 401) throw new Error(`${response.status} ${response.statusText}`);
  return performance.now() - started;
}

/** `total` requests, `concurrency` at a time. */
async function load(total: number, concurrency: number, run: () => Promise<Response>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        times.push(await timed(run));
      }
    }),
  );
  return { times, wallMs: performance.now() - started };
}

async function signIn(username: string, password: string) {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.99.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

const rows = [];
const cookie = await signIn("amina", "AsiikoFarmer#2026");
const get = (path: string) => () => fetch(`${base}${path}`, { headers: { Cookie: cookie } });

for (const [name, path] of [
  ["listings: newest, 50", "/api/market/listings?limit=50"],
  ["listings: search + category", "/api/market/listings?search=rice&categories=Grains%20%26%20Cereals"],
  ["listings: near Kano, by distance", "/api/market/listings?lat=12.0022&lng=8.592&radius_km=200&sort=distance"],
  ["marketplace page (HTML)", "/marketplace"],
] as const) {
  await load(10, 2, get(path)); // warm-up
  const { times, wallMs } = await load(200, 10, get(path));
  rows.push(summary(name, times, wallMs));
}

// Sign-in timing: three demo sellers, three wrong passwords each (below the per-username limit of 10).
const wrong: number[] = [];
const unknown: number[] = [];
for (const username of ["tunde", "chidi", "halima"]) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const body = (user: string) => JSON.stringify({ username: user, password: `not-the-password-${attempt}` });
    const headers = { "Content-Type": "application/json", "X-Forwarded-For": `10.98.${attempt}.${randomBytes(1)[0]}` };
    wrong.push(await timed(() => fetch(`${base}/api/login`, { method: "POST", headers, body: body(username) })));
    unknown.push(await timed(() => fetch(`${base}/api/login`, { method: "POST", headers, body: body(`ghost_${randomBytes(4).toString("hex")}`) })));
  }
  // A successful sign-in clears that username's failure counter again.
  await signIn(username, "AsiikoFarmer#2026");
}
rows.push(summary("sign-in: wrong password", wrong, wrong.reduce((a, b) => a + b, 0)));
rows.push(summary("sign-in: unknown username", unknown, unknown.reduce((a, b) => a + b, 0)));

console.table(rows);
