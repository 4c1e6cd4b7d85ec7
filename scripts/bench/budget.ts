// npm run bench:budget
// What each page costs a phone on its first visit. Serves the production build (compiled, as
// npm start runs it) on the demo data in a database of its own, opens each page in Debian's
// Chromium at 360 px with an empty cache (signed in as the demo farmer where the page needs it),
// waits until the page has stopped loading (on /mapping, until the map has drawn), and adds up
// what came over the wire per kind: JavaScript, CSS, HTML, images, fonts, data. Compressed sizes
// as sent (gzip: Chromium asks plain-http addresses for gzip, not brotli, so this is the
// larger of the two). Fails (exit 1) when a page's JavaScript is over its budget. Writes the
// table to bench/results/budget-<date>.md.
import { chromium, type Page } from "@playwright/test";
import { benchSetting, describeMachine, runBenchmark, startWebServer, writeReport } from "./bench-env";
import { loadDemo } from "./demo";

const KB = 1024;
interface PageBudget {
  name: string;
  path: string;
  signedIn: boolean;
  /** Compressed JavaScript allowed, in bytes. */
  js: number;
  /** What the page shows once it has loaded (a selector), when that comes after the load. */
  ready?: string;
}

const pages: PageBudget[] = [
  { name: "landing", path: "/", signedIn: false, js: 100 * KB },
  { name: "auth", path: "/auth", signedIn: false, js: 100 * KB },
  { name: "dashboard", path: "/dashboard", signedIn: true, js: 170 * KB },
  { name: "marketplace", path: "/marketplace", signedIn: true, js: 170 * KB },
  { name: "my-listings", path: "/my-listings", signedIn: true, js: 170 * KB },
  { name: "search", path: "/search?q=maize", signedIn: true, js: 170 * KB },
  { name: "asiiko", path: "/asiiko", signedIn: true, js: 170 * KB },
  { name: "mapping", path: "/mapping", signedIn: true, js: 250 * KB, ready: "[data-farm-map] .leaflet-map-pane" },
];

const KINDS = ["script", "stylesheet", "document", "image", "font", "data"] as const;
type Kind = (typeof KINDS)[number];

const database = benchSetting("budget", "bench:budget");

function kindOf(resourceType: string): Kind | null {
  if (resourceType === "script" || resourceType === "stylesheet" || resourceType === "document" || resourceType === "image" || resourceType === "font") return resourceType;
  if (resourceType === "fetch" || resourceType === "xhr") return "data";
  return null;
}

/** The page's first visit: bytes over the wire per kind, and how many files. */
async function measure(page: Page, base: string, target: PageBudget) {
  const bytes = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const files = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    const kind = kindOf(request.resourceType());
    if (!kind || !request.url().startsWith(base)) return;
    pending.push(
      request.sizes().then((sizes) => {
        bytes[kind] += sizes.responseBodySize;
        files[kind] += 1;
      }),
    );
  });
  const response = await page.goto(`${base}${target.path}`, { waitUntil: "networkidle" });
  if (!response?.ok()) throw new Error(`${target.path}: ${response?.status()}`);
  if (target.ready) {
    await page
      .locator(target.ready)
      .first()
      // Attached, not visible: Leaflet's panes are boxes of no size.
      .waitFor({ state: "attached" })
      .catch(async (error: Error) => {
        const shown = (await page.locator("body").innerText().catch(() => "")).replace(/\s+/g, " ").slice(0, 400);
        throw new Error(`${target.path} never showed ${target.ready} (${error.message.split("\n")[0]}); the page said: ${shown}`);
      });
    await page.waitForLoadState("networkidle");
  }
  await Promise.all(pending);
  return { bytes, files };
}

async function main() {
  console.log("[bench:budget] the demo data in a database of its own");
  const session = await loadDemo(database);

  const web = await startWebServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const rows: { target: PageBudget; bytes: Record<Kind, number>; files: Record<Kind, number> }[] = [];
  try {
    for (const target of pages) {
      const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      // Map tiles come from the internet, which this machine cannot reach: they are not ours to count.
      await context.route((url) => !url.href.startsWith(web.base), (route) => route.abort());
      if (target.signedIn) await context.addCookies([{ ...session, url: web.base, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      rows.push({ target, ...(await measure(page, web.base, target)) });
      await context.close();
      const last = rows.at(-1)!;
      console.log(`[bench:budget] ${target.name}: ${(last.bytes.script / KB).toFixed(1)} KB of JavaScript in ${last.files.script} files`);
    }
  } finally {
    await browser.close();
    await web.stop();
  }

  const kb = (value: number) => (value / KB).toFixed(1);
  const over = rows.filter((row) => row.bytes.script > row.target.js);
  const table = rows.map(({ target, bytes, files }) => {
    const total = KINDS.reduce((sum, kind) => sum + bytes[kind], 0);
    const verdict = bytes.script > target.js ? `**over** by ${kb(bytes.script - target.js)} KB` : "within";
    return `| ${target.name} | ${kb(bytes.script)} (${files.script}) | ${kb(target.js)} | ${verdict} | ${kb(bytes.stylesheet)} (${files.stylesheet}) | ${kb(bytes.document)} | ${kb(bytes.image)} (${files.image}) | ${files.font} | ${kb(bytes.data)} | ${kb(total)} |`;
  });
  const report = [
    `# Page budget, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `First visit, empty cache, 360 px, Debian Chromium, the production build on the demo data. Compressed bytes as sent (gzip), in KB, with the number of files. ${describeMachine()}.`,
    "",
    "| page | JavaScript KB (files) | budget KB | | CSS KB (files) | HTML KB | images KB (files) | fonts | data KB | total KB |",
    "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|",
    ...table,
    "",
    over.length ? `Over budget: ${over.map((row) => row.target.name).join(", ")}.` : "Every page within its JavaScript budget.",
    "",
  ].join("\n");
  writeReport("budget", "[bench:budget]", report);
  await database.drop();
  if (over.length) process.exitCode = 1;
}

runBenchmark("[bench:budget]", main);
