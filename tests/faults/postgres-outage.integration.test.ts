import { afterAll, beforeAll, expect, it } from "vitest";
import { startTcpProxy } from "../support/tcp-proxy";
import {
  askedAndAnsweredBetween,
  describeAnswer,
  drillListing,
  faultsOf,
  listingOutcome,
  outageDrill,
  slowest,
} from "../support/outage-drill";
import { sendOnce } from "../support/traffic";
import { bootWebServer } from "../support/web";

// PostgreSQL goes away under traffic and comes back (the web server reaches it through a proxy
// the test stops, which cuts every open connection as a stopped server does): while it is away
// every request that needs it is answered 503 SYS_SERVICE_DEGRADED at once, never 500 and never
// left hanging; once it is back the same requests succeed, without restarting anything; and
// every listing the server said it created is there.

const realDatabase = new URL(process.env.DATABASE_URL!);
const proxy = await startTcpProxy({ host: realDatabase.hostname, port: Number(realDatabase.port || 5432) });
const proxied = new URL(realDatabase);
proxied.port = String(proxy.port);
process.env.DATABASE_URL = proxied.toString();

let web: Awaited<ReturnType<typeof bootWebServer>>;
let seller: { user: { id: string }; cookie: string };

beforeAll(async () => {
  web = await bootWebServer();
  const { signedInUser } = await import("../support/api-client");
  seller = await signedInUser("USER", "pg_drill");
});

afterAll(async () => {
  await proxy.start().catch(() => undefined);
  const { removeCreatedData } = await import("../support/api-client");
  await removeCreatedData();
  await web?.stop();
  await proxy.stop();
});

const OUTAGE_MS = 4_000;
const listing = drillListing("Drill maize", {
  priceNgn: "15000",
  quantity: 2,
  image: "/images/products/maize.svg",
});

it("answers 503 while PostgreSQL is away and serves again once it is back, losing no listing it said it made", async () => {
  const drill = outageDrill(
    web.baseUrl,
    [
      { kind: "browse", method: "GET", path: "/api/market/listings?limit=5", cookie: seller.cookie },
      { kind: "own farms", method: "GET", path: "/api/farms", cookie: seller.cookie },
      listing.posted(seller.cookie),
      { kind: "marketplace page", method: "GET", path: "/marketplace", cookie: seller.cookie },
    ],
    6,
  );

  await drill.everyKindServed(0, 20_000, "every kind of request served before the outage");
  const { stoppedAt, backAt } = await drill.outage(OUTAGE_MS, proxy);
  // Back without a restart: every kind of request is served again.
  await drill.everyKindServed(backAt, 30_000, "every kind of request served after PostgreSQL came back");
  const sent = await drill.stop();

  const describe = describeAnswer(stoppedAt);
  // Never a fault, never a dropped connection: 2xx, or 503 while the database is away.
  expect(faultsOf(sent).map(describe)).toEqual([]);
  // Asked and answered while it was away (a moment after the cut): 503, the API's with the catalogue code, each at once.
  const during = askedAndAnsweredBetween(sent, stoppedAt + 300, backAt);
  expect(during.length).toBeGreaterThan(10);
  expect(during.filter((answer) => answer.status !== 503).map(describe)).toEqual([]);
  expect(
    during
      .filter((answer) => answer.kind !== "marketplace page" && answer.code !== "SYS_SERVICE_DEGRADED")
      .map(describe),
  ).toEqual([]);
  expect(slowest(during)).toBeLessThan(3_000);

  // The page says so in its status and when to come back.
  await proxy.stop();
  try {
    const page = await sendOnce(web.baseUrl, "GET", "/marketplace", { cookie: seller.cookie });
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("5");
    const health = await sendOnce(web.baseUrl, "GET", "/api/health");
    expect(health.status).toBe(503);
  } finally {
    await proxy.start();
  }

  // Every listing answered 201 is in the database, once.
  const { acknowledged, stored, lost } = await listingOutcome(sent, listing, seller.user.id);
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(lost).toEqual([]);
  expect(new Set(stored).size).toBe(stored.length);
}, 120_000);
