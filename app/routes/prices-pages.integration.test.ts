import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { weekOf } from "~/modules/prices/figures";
import { signedInUser, type SignedIn } from "../../tests/support/api-client";
import { postChunkedForm } from "../../tests/support/chunked-post";
import { createProduct } from "../../tests/support/market";
import { pageClient } from "../../tests/support/page-client";
import { serveForTests } from "../../tests/support/web";

// Market Prices (/prices) over HTTP, as a phone without the page's script reads it: the product
// search understands local names; a product's towns with median, range, sources and change; a
// town's weeks as an SVG drawn in the HTML with the same figures as a table; 'Near me' ordering by
// a typed town; price alerts followed and stopped by plain form posts; hostile input answered
// with the form's message or a 4xx, and nothing kept.

const web = serveForTests();
const { post, get } = pageClient(() => web.baseUrl);

const DAY_MS = 24 * 60 * 60 * 1000;
const thisWeek = new Date(`${weekOf(new Date())}T00:00:00Z`);
const weeksAgo = (weeks: number) => new Date(thisWeek.getTime() - weeks * 7 * DAY_MS);

let reader: SignedIn;
let productId = "";

beforeAll(async () => {
  reader = await signedInUser("USER", "pp_reader");
  // 'Guinea corn' is sorghum by its local names: 'dawa' (Hausa), 'oka baba' (Yoruba).
  productId = (await createProduct({ name: "Pricepage Sorghum Grain", unit: "bags" })).id;
  const rows = [];
  for (const [town, base] of [
    ["Kano", 30000],
    ["Zaria", 32000],
    ["Ikeja", 45000],
  ] as const) {
    for (let back = 0; back < 12; back += 1) {
      const median = base + (11 - back) * 500;
      rows.push({
        productId,
        town,
        week: weeksAgo(back),
        medianNgn: median,
        p25Ngn: median - 1000,
        p75Ngn: median + 1500,
        lowNgn: median - 3000,
        highNgn: median + 4000,
        count: 6 + back,
        trades: back % 3,
        outliers: 0,
      });
    }
  }
  await prisma.priceFigure.createMany({ data: rows });
});

/** The towns a page lists, in order. */
const townsOf = (html: string) =>
  [...html.matchAll(/data-testid="price-town-name">([^<]+)</g)].map((match) => match[1]);

describe("/prices", () => {
  it("finds a product by a local name, and lists its towns with median, range, sources and change", async () => {
    const search = await get("/prices?q=dawa", reader.cookie);
    expect(search.status).toBe(200);
    expect(search.text).toContain("Pricepage Sorghum Grain");
    expect(search.text).toContain(`href="/prices?product=${productId}"`);

    const page = await get(`/prices?product=${productId}`, reader.cookie);
    expect(page.status).toBe(200);
    expect(townsOf(page.text)).toEqual(["Ikeja", "Kano", "Zaria"]);
    // Kano this week: 30,000 + 11 x 500; four weeks before: 33,500 (a 6% rise).
    expect(page.text).toContain("₦35,500");
    expect(page.text).toContain("Up 6% in 4 weeks");
    expect(page.text).toContain("From 6 asking prices");
    expect(page.text).toContain("₦32,500 to ₦39,500");
    expect(page.text).toContain("No figure is shown from fewer than 3 prices");
  });

  it("orders towns by distance from a typed town, and says when it does not know it", async () => {
    const near = await get(`/prices?product=${productId}&near=Kaduna`, reader.cookie);
    expect(townsOf(near.text)).toEqual(["Zaria", "Kano", "Ikeja"]);
    expect(near.text).toMatch(/\d+ km/);
    const unknown = await get(`/prices?product=${productId}&near=Atlantis`, reader.cookie);
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain("We do not know that town");
  });

  it("draws a town's twelve weeks as a small SVG with the same figures as a table", async () => {
    const page = await get(`/prices?product=${productId}&town=Kano`, reader.cookie);
    expect(page.status).toBe(200);
    const chart =
      page.text.match(/<svg[^>]*data-testid="price-chart"[\s\S]*?<\/svg>\s*<circle[\s\S]*?<\/svg>/)?.[0] ?? "";
    expect(chart).toContain("<polyline");
    expect(chart).toContain("<polygon");
    expect(chart.length).toBeLessThan(8 * 1024);
    const table = page.text.match(/<table[\s\S]*?<\/table>/)?.[0] ?? "";
    expect((table.match(/<tr>/g) ?? []).length).toBe(13);
    expect(table).toContain("₦35,500");
    expect(table).toContain("₦34,500–₦37,000");
    expect(page.text).toContain("Follow Pricepage Sorghum Grain in Kano");
  });

  it("shows the page whatever the address holds", async () => {
    for (const path of [
      "/prices?product=no-such-product",
      "/prices?product=%00&town=%00",
      `/prices?product=${productId}&town=${"x".repeat(500)}`,
      `/prices?product=${productId}&lat=999&lng=abc`,
      `/prices?q=${"a".repeat(1000)}`,
      "/prices?q=%F0%9F%8C%BD",
    ]) {
      const page = await get(path, reader.cookie);
      expect(page.status, path).toBe(200);
    }
    expect((await get("/prices?product=no-such-product", reader.cookie)).text).toContain(
      "Choose a product from the catalogue.",
    );
    const visitor = await get("/prices");
    expect(visitor.status).toBe(302);
  });
});

describe("price alerts from /prices", () => {
  it("follows with a target, changes it and stops, by plain form posts", async () => {
    const user = await signedInUser("USER", "pp_follow");
    const followed = await post(
      `/prices?product=${productId}&town=Kano`,
      { intent: "follow", productId, town: "Kano", target: "31000" },
      user.cookie,
    );
    expect(followed.status).toBe(200);
    const alert = await prisma.priceAlert.findFirstOrThrow({ where: { userId: user.user.id } });
    expect(Number(alert.targetNgn)).toBe(31000);
    const page = await get(`/prices?product=${productId}&town=Kano`, user.cookie);
    expect(page.text).toContain("You follow this price, with a target of ₦31,000.");
    expect(page.text).toContain("Your price alerts");

    await post("/prices", { intent: "follow", productId, town: "Kano", target: "" }, user.cookie);
    expect((await prisma.priceAlert.findFirstOrThrow({ where: { userId: user.user.id } })).targetNgn).toBeNull();

    const stopped = await post("/prices", { intent: "unfollow", alertId: alert.id }, user.cookie);
    expect(stopped.status).toBe(200);
    expect(await prisma.priceAlert.count({ where: { userId: user.user.id } })).toBe(0);
  });

  it("answers refused and hostile input with the form's message or a 4xx, and keeps nothing", async () => {
    const user = await signedInUser("USER", "pp_hostile");
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "follow", productId, town: "Kano", target: "abc" }, 400, "Price must be"],
      [{ intent: "follow", productId, town: "Atlantis" }, 400, "We do not know that town"],
      [{ intent: "follow", productId: "no-such-product", town: "Kano" }, 404, "Choose a product from the catalogue."],
      [{ intent: "follow", productId, town: "Kano\u0000" }, 400, "cannot be saved"],
      [{ intent: "unfollow", alertId: "cm000000000000000000000000" }, 404, "That price alert does not exist."],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await post("/prices", fields, user.cookie);
      expect([JSON.stringify(fields), answer.status]).toEqual([JSON.stringify(fields), status]);
      expect(answer.text).toContain(message);
    }
    // Someone else's alert is not theirs to stop.
    const other = await signedInUser("USER", "pp_other");
    const theirs = await prisma.priceAlert.create({ data: { userId: other.user.id, productId, town: "Kano" } });
    expect((await post("/prices", { intent: "unfollow", alertId: theirs.id }, user.cookie)).status).toBe(404);
    expect(await prisma.priceAlert.count({ where: { id: theirs.id } })).toBe(1);

    expect((await post("/prices", { intent: "nonsense" }, user.cookie)).status).toBe(400);
    expect((await post("/prices", {}, user.cookie)).status).toBe(400);
    const big = await post("/prices", { intent: "follow", productId, town: "k".repeat(1024 * 1024) }, user.cookie);
    expect(big.status).toBe(413);
    const chunked = await postChunkedForm(web.baseUrl, "/prices", user.cookie, `intent=follow&town=`, 2 * 1024 * 1024);
    expect(chunked).toBe(413);
    const visitor = await post("/prices", { intent: "follow", productId, town: "Kano" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    // A malformed cookie beside the session is ignored; a lone surrogate in the address is refused as one.
    expect((await get("/prices", `${user.cookie}; asiiko-lang=%E0%A4%A`)).status).toBe(200);
    expect((await get("/prices/%ED%A0%80", user.cookie)).status).toBeLessThan(500);
    expect(await prisma.priceAlert.count({ where: { userId: user.user.id } })).toBe(0);
  });
});
