import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tests/support/chromium";
// npm run bench:budget
// What each page costs a phone on its first visit. Serves the production build (compiled, as
// npm start runs it) on the demo data in a database of its own, opens each page in Debian's
// Chromium at 360 px with an empty cache (signed in as the demo farmer where the page needs it),
// waits until the page has stopped loading (on /mapping, until the map has drawn), and adds up
// what came over the wire per kind: JavaScript, CSS, HTML, images, fonts, data. Compressed sizes
// as sent: Chromium asks 127.0.0.1 for brotli, as every current browser asks an HTTPS site, so
// the build's files come as their brotli copies (app/server/http/precompressed.server.ts) and
// the pages as the server compresses them. Before measuring, the marketplace's first 50 listings get a photo each,
// made by the upload pipeline from a synthetic 12-megapixel camera JPEG, so the marketplace's
// first load is measured with real web-size photos against its 600 KB budget. Fails (exit 1)
// when a page's JavaScript, or the marketplace's whole first load, is over its budget. Writes
// the table to bench/results/budget-<date>.md.
import { rm } from "node:fs/promises";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { benchSetting, describeMachine, root, runBenchmark, startWebServer, writeReport } from "./bench-env";
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
  /** Everything the first visit transfers, allowed, in bytes. */
  total?: number;
}

const pages: PageBudget[] = [
  { name: "landing", path: "/", signedIn: false, js: 100 * KB },
  { name: "auth", path: "/auth", signedIn: false, js: 100 * KB },
  { name: "dashboard", path: "/dashboard", signedIn: true, js: 170 * KB },
  { name: "marketplace", path: "/marketplace", signedIn: true, js: 170 * KB, total: 600 * KB },
  { name: "my-listings", path: "/my-listings", signedIn: true, js: 170 * KB },
  { name: "search", path: "/search?q=maize", signedIn: true, js: 170 * KB },
  { name: "asiiko", path: "/asiiko", signedIn: true, js: 170 * KB },
  { name: "mapping", path: "/mapping", signedIn: true, js: 250 * KB, ready: "[data-farm-map] .leaflet-map-pane" },
  // The trade's pages: the farmer's orders and cart (the demo's orders), market prices, a seller's page.
  { name: "orders", path: "/orders", signedIn: true, js: 170 * KB },
  { name: "cart", path: "/cart", signedIn: true, js: 170 * KB },
  { name: "prices", path: "/prices", signedIn: true, js: 170 * KB },
  { name: "seller", path: "/sellers/seed_user_tunde", signedIn: true, js: 170 * KB },
  { name: "notifications", path: "/notifications", signedIn: true, js: 170 * KB },
  { name: "profile", path: "/profile", signedIn: true, js: 170 * KB },
  { name: "settings", path: "/settings", signedIn: true, js: 170 * KB },
];

const KINDS = ["script", "stylesheet", "document", "image", "font", "data"] as const;
type Kind = (typeof KINDS)[number];

const uploads = path.join(root, "test-results/bench-budget-uploads");
const database = benchSetting("budget", "bench:budget", { UPLOAD_DIR: uploads });

/** How many listings get a photo: the marketplace's first page. */
const PHOTOGRAPHED = 50;

/**
 * A stand-in for a phone camera's photo of a field: 4000 x 3000, leafy texture (noise, blurred and
 * enlarged) over a sky-green-soil gradient, JPEG at quality 88 (~3.7 MB). About as hard to compress
 * as the real thing.
 */
async function fieldPhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const hue = 90 + (seed % 7) * 8;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="hsl(200,55%,70%)"/><stop offset="0.35" stop-color="hsl(${hue},45%,40%)"/><stop offset="1" stop-color="hsl(30,40%,30%)"/>` +
      `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  // Detail at about the scale a phone shows: its 800 px WebP comes to ~95 KB, like a real field's.
  const texture = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .blur(0.8)
    .resize(width, height, { kernel: "cubic" })
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: texture, blend: "overlay" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The marketplace's first page of listings, each with a photo made by the upload pipeline (as a seller's upload is). */
async function photographListings() {
  const { acceptUpload, processUpload } = await import("../../app/modules/storage/uploads.server");
  const { uploadUrl } = await import("../../app/modules/storage/renditions");
  const { prisma } = await import("../../app/server/db.server");
  const listings = await prisma.listing.findMany({
    where: { status: { in: ["active", "sold"] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PHOTOGRAPHED,
    select: { id: true, sellerId: true },
  });
  for (const [index, listing] of listings.entries()) {
    const upload = await acceptUpload(listing.sellerId, "listing", await fieldPhoto(index), { queue: false });
    const processed = await processUpload(upload.id);
    if (processed.status !== "ready") throw new Error(`photo ${index + 1} was not processed: ${processed.status}`);
    await prisma.listing.update({ where: { id: listing.id }, data: { images: [uploadUrl(upload.id)] } });
  }
  await prisma.$disconnect();
  return listings.length;
}

function kindOf(resourceType: string): Kind | null {
  if (
    resourceType === "script" ||
    resourceType === "stylesheet" ||
    resourceType === "document" ||
    resourceType === "image" ||
    resourceType === "font"
  )
    return resourceType;
  if (resourceType === "fetch" || resourceType === "xhr") return "data";
  return null;
}

/** The page's first visit: bytes over the wire per kind, and how many files. */
async function measure(page: Page, base: string, target: PageBudget) {
  const bytes = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const files = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  /** Each script's path and compressed bytes, for `--files`. */
  const scripts: [string, number][] = [];
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    const kind = kindOf(request.resourceType());
    if (!kind || !request.url().startsWith(base)) return;
    pending.push(
      request.sizes().then((sizes) => {
        bytes[kind] += sizes.responseBodySize;
        files[kind] += 1;
        if (kind === "script") scripts.push([new URL(request.url()).pathname, sizes.responseBodySize]);
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
        const shown = (
          await page
            .locator("body")
            .innerText()
            .catch(() => "")
        )
          .replace(/\s+/g, " ")
          .slice(0, 400);
        throw new Error(
          `${target.path} never showed ${target.ready} (${error.message.split("\n")[0]}); the page said: ${shown}`,
        );
      });
    await page.waitForLoadState("networkidle");
  }
  await Promise.all(pending);
  return { bytes, files, scripts };
}

async function main() {
  console.log("[bench:budget] the demo data in a database of its own");
  const session = await loadDemo(database);
  console.log(`[bench:budget] a photo for each of the first ${PHOTOGRAPHED} listings, through the upload pipeline`);
  const photographed = await photographListings();

  const web = await startWebServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: { target: PageBudget; bytes: Record<Kind, number>; files: Record<Kind, number> }[] = [];
  // `--files`: each page's scripts, heaviest first (where the budget goes). `--page NAME`: that page only.
  const listFiles = process.argv.includes("--files");
  const only = process.argv[process.argv.indexOf("--page") + 1];
  const measured = process.argv.includes("--page") ? pages.filter((target) => target.name === only) : pages;
  try {
    for (const target of measured) {
      // No service worker: what it fetches for the page (the map's code, loaded after the worker took
      // over) would not be counted as the page's, and a first visit pays for it all the same.
      const context = await browser.newContext({
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        serviceWorkers: "block",
      });
      // Map tiles come from the internet, which this machine cannot reach: they are not ours to count.
      await context.route(
        (url) => !url.href.startsWith(web.base),
        (route) => route.abort(),
      );
      if (target.signedIn) await context.addCookies([{ ...session, url: web.base, httpOnly: true, sameSite: "Lax" }]);
      const page = await context.newPage();
      const { scripts, ...sizes } = await measure(page, web.base, target);
      rows.push({ target, ...sizes });
      if (listFiles)
        for (const [path, size] of scripts.sort((a, b) => b[1] - a[1]))
          console.log(`  ${(size / KB).toFixed(1).padStart(6)} KB  ${path}`);
      await context.close();
      const last = rows.at(-1)!;
      console.log(
        `[bench:budget] ${target.name}: ${(last.bytes.script / KB).toFixed(1)} KB of JavaScript in ${last.files.script} files`,
      );
    }
  } finally {
    await browser.close();
    await web.stop();
  }

  const kb = (value: number) => (value / KB).toFixed(1);
  const totalOf = (bytes: Record<Kind, number>) => KINDS.reduce((sum, kind) => sum + bytes[kind], 0);
  const over = rows.filter(
    (row) =>
      row.bytes.script > row.target.js || (row.target.total !== undefined && totalOf(row.bytes) > row.target.total),
  );
  const table = rows.map(({ target, bytes, files }) => {
    const total = totalOf(bytes);
    const verdict = bytes.script > target.js ? `**over** by ${kb(bytes.script - target.js)} KB` : "within";
    const totalVerdict =
      target.total === undefined
        ? ""
        : ` (budget ${kb(target.total)}: ${total > target.total ? `**over** by ${kb(total - target.total)}` : "within"})`;
    return `| ${target.name} | ${kb(bytes.script)} (${files.script}) | ${kb(target.js)} | ${verdict} | ${kb(bytes.stylesheet)} (${files.stylesheet}) | ${kb(bytes.document)} | ${kb(bytes.image)} (${files.image}) | ${files.font} | ${kb(bytes.data)} | ${kb(total)}${totalVerdict} |`;
  });
  const report = [
    `# Page budget, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `First visit, empty cache, 360 px (device pixel ratio 2), Debian Chromium, the production build on the demo data, the first ${photographed} listings with a photo each (WebP sizes made by the upload pipeline from a 12-megapixel JPEG). Compressed bytes as sent (brotli: the build's files compressed when built, the HTML on the way), in KB, with the number of files. ${describeMachine()}.`,
    "",
    "| page | JavaScript KB (files) | budget KB | | CSS KB (files) | HTML KB | images KB (files) | fonts | data KB | total KB |",
    "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|",
    ...table,
    "",
    over.length
      ? `Over budget: ${over.map((row) => row.target.name).join(", ")}.`
      : "Every page within its JavaScript budget.",
    "",
  ].join("\n");
  // A page measured alone (`--page`) is a look, not the record.
  if (measured === pages) writeReport("budget", "[bench:budget]", report);
  else console.log(report);
  await database.drop();
  await rm(uploads, { recursive: true, force: true });
  if (over.length) process.exitCode = 1;
}

runBenchmark("[bench:budget]", main);
