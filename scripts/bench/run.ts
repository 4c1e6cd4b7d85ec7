// npm run bench [-- http://127.0.0.1:3000]
// Measures a running Asiiko (npm start) over loopback, with bounded request
// counts: marketplace listing queries (plain, filtered, near a point and sorted
// by distance) and sign-in answer times for a wrong password versus an unknown
// username (they should be alike, so the answer time does not reveal which
// usernames exist). Prints a table; it asserts nothing.
import { randomBytes } from "node:crypto";
import { load, summarise, type Measured } from "./load";

const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const target = new URL(base);
if (!["127.0.0.1", "localhost", "[::1]"].includes(target.hostname)) {
  console.error("bench: only a server on this machine (127.0.0.1) may be measured");
  process.exit(2);
}

function summary(name: string, measured: Measured) {
  const numbers = summarise(measured);
  return {
    name,
    requests: numbers.requests,
    "p50 ms": numbers.p50.toFixed(1),
    "p95 ms": numbers.p95.toFixed(1),
    "max ms": numbers.max.toFixed(1),
    "req/s": numbers.perSecond.toFixed(0),
  };
}

/** One request's time; 401 counts as an answer (sign-in attempts expect it). */
async function timed(run: () => Promise<Response>) {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok && response.status !== 401) throw new Error(`${response.status} ${response.statusText}`);
  return performance.now() - started;
}

const requests = (run: () => Promise<Response>) => async () => {
  await timed(run);
};

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
  await load(10, 2, requests(get(path))); // warm-up
  rows.push(summary(name, await load(200, 10, requests(get(path)))));
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
rows.push(summary("sign-in: wrong password", { times: wrong, wallMs: wrong.reduce((a, b) => a + b, 0) }));
rows.push(summary("sign-in: unknown username", { times: unknown, wallMs: unknown.reduce((a, b) => a + b, 0) }));

console.table(rows);
