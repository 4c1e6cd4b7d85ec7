import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient, newIp, signedInUser, type SignedIn } from "../../../tests/support/api-client";
import { createListing, createProduct } from "../../../tests/support/market";
import { uniquePhone } from "../../../tests/support/phones";
import { postChunkedJson } from "../../../tests/support/chunked-post";
import { smsTestBed } from "../../../tests/support/sms-test-bed";
import { serveForTests } from "../../../tests/support/web";
import { checkPriceAlerts } from "./alerts.server";
import { PRICE_ALERTS_MAX } from "./constants";
import { weekOf } from "./figures";
import { recordPrice } from "./prices.server";

// Price alerts against the real database, queue and a local server that speaks Africa's Talking:
// GET/POST/DELETE /api/price-alerts with their refusals, and the maintenance check that tells a
// follower (a notification, and an SMS to a verified phone) when a median moves by more than 10%
// week on week or a listing appears at or under their target: once per move, at most once a day,
// one price SMS a day, never of their own listing. The check is given noon in Lagos as its clock,
// so the SMS is never held for the morning whatever the hour the test runs at.

const { atPort } = vi.hoisted(() => {
  const port = 47000 + (process.pid % 1000);
  process.env.AT_USERNAME = "asiiko-alert-test";
  process.env.AT_API_KEY = "atsk_local_alert_key";
  process.env.AT_BASE_URL = `http://127.0.0.1:${port}`;
  return { atPort: port };
});

const africasTalking = smsTestBed({ username: "asiiko-alert-test", apiKey: "atsk_local_alert_key", port: atPort });
const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const as = (who: SignedIn) => ({ cookie: who.cookie });

const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon in Lagos today (11:00 UTC): the check's clock. */
const noon = new Date(`${new Date().toISOString().slice(0, 10)}T11:00:00Z`);
const thisWeek = new Date(`${weekOf(noon)}T00:00:00Z`);
const lastWeek = new Date(thisWeek.getTime() - 7 * DAY_MS);

let follower: SignedIn;
let productId = "";

beforeAll(async () => {
  follower = await signedInUser("USER", "alert_follower");
  productId = (await createProduct({ name: "Alert Maize", unit: "bags" })).id;
});

/** A week's figure for the product in a town, written as the figures job writes it. */
async function figure(town: string, week: Date, median: number, product = productId) {
  const values = { medianNgn: median, p25Ngn: median, p75Ngn: median, lowNgn: median, highNgn: median };
  await prisma.priceFigure.upsert({
    where: { productId_town_week: { productId: product, town, week } },
    create: { productId: product, town, week, ...values, count: 5, trades: 1, outliers: 0 },
    update: values,
  });
}

const noticesOf = (userId: string, kind: "price_moved" | "price_under_target") =>
  prisma.notification.findMany({ where: { userId, kind }, orderBy: { createdAt: "asc" } });

describe("GET/POST/DELETE /api/price-alerts", () => {
  it("follows a product in a town by any spelling of it, changes the target, lists and stops", async () => {
    const made = await call("POST", "/api/price-alerts", { product_id: productId, town: "ibadan, oyo" }, as(follower));
    expect(made.status).toBe(201);
    expect(made.body.data.alert).toMatchObject({ town: "Ibadan", targetNgn: null, product: { id: productId } });

    const again = await call(
      "POST",
      "/api/price-alerts",
      { product_id: productId, town: "Ibadan", target_price: "8500" },
      as(follower),
    );
    expect(again.status).toBe(200);
    expect(again.body.data.alert).toMatchObject({ id: made.body.data.alert.id, targetNgn: 8500 });

    const listed = await call("GET", "/api/price-alerts", undefined, as(follower));
    expect(listed.status).toBe(200);
    expect(listed.body.data.alerts.map((alert: { id: string }) => alert.id)).toContain(made.body.data.alert.id);

    const someoneElse = await signedInUser("USER", "alert_other");
    const theirs = await call("DELETE", `/api/price-alerts?id=${made.body.data.alert.id}`, undefined, as(someoneElse));
    expect(theirs.status).toBe(404);
    const gone = await call("DELETE", "/api/price-alerts", { id: made.body.data.alert.id }, as(follower));
    expect(gone.status).toBe(200);
    expect(await prisma.priceAlert.count({ where: { id: made.body.data.alert.id } })).toBe(0);
    const twice = await call("DELETE", `/api/price-alerts?id=${made.body.data.alert.id}`, undefined, as(follower));
    expect(twice.status).toBe(404);
    expect(twice.body.error.code).toBe("DB_RECORD_NOT_FOUND");
  });

  it("refuses what it cannot follow, with the catalogue's codes, and keeps nothing", async () => {
    const user = await signedInUser("USER", "alert_bad");
    const cases: [unknown, number, string][] = [
      [{ town: "Kano" }, 400, "VLD_REQUIRED_FIELD"],
      [{ product_id: productId }, 400, "VLD_REQUIRED_FIELD"],
      [{ product_id: productId, town: "Atlantis" }, 400, "VLD_REQUIRED_FIELD"],
      [{ product_id: productId, town: "Kano", target_price: "abc" }, 400, "VLD_INVALID_PRICE"],
      [{ product_id: productId, town: "Kano", target_price: "0" }, 400, "VLD_INVALID_PRICE"],
      [{ product_id: productId, town: "Kano", target_price: -5 }, 400, "VLD_INVALID_PRICE"],
      [{ product_id: productId, town: "Kano", extra: 1 }, 400, "VLD_REQUIRED_FIELD"],
      [{ product_id: "no-such-product", town: "Kano" }, 404, "MKT_PRODUCT_NOT_FOUND"],
      [{ product_id: "bad id!", town: "Kano" }, 400, "VLD_REQUIRED_FIELD"],
      [{ product_id: productId, town: "x".repeat(101) }, 400, "VLD_REQUIRED_FIELD"],
      [[], 400, "VLD_REQUIRED_FIELD"],
    ];
    for (const [body, status, code] of cases) {
      const answer = await call("POST", "/api/price-alerts", body, as(user));
      expect([JSON.stringify(body), answer.status, answer.body.error?.code]).toEqual([
        JSON.stringify(body),
        status,
        code,
      ]);
    }
    const unknownTown = await call("POST", "/api/price-alerts", { product_id: productId, town: "Atlantis" }, as(user));
    expect(unknownTown.body.error.message).toContain("We do not know that town");
    expect((await call("DELETE", "/api/price-alerts", {}, as(user))).status).toBe(400);
    expect((await call("GET", "/api/price-alerts")).status).toBe(401);
    expect((await call("POST", "/api/price-alerts", { product_id: productId, town: "Kano" })).status).toBe(401);
    expect((await call("PUT", "/api/price-alerts", {}, as(user))).status).toBe(405);
    expect(await prisma.priceAlert.count({ where: { userId: user.user.id } })).toBe(0);
  });

  it("answers hostile input in the catalogue's JSON, never a 5xx, and keeps nothing", async () => {
    const user = await signedInUser("USER", "alert_hostile");
    const texts = ["Kano\u0000", "\ud800", "k".repeat(1024 * 1024)];
    for (const town of texts) {
      const answer = await call("POST", "/api/price-alerts", { product_id: productId, town }, as(user));
      expect([answer.status, answer.body.success]).toEqual([answer.status === 413 ? 413 : 400, false]);
      expect(answer.body.error.code).toMatch(/^(VLD|SEC|FILE)_/);
    }
    // A NUL and a megabyte are refused; bytes that are no UTF-8 read as replacement characters, a
    // place nobody knows: no usual price, nothing kept.
    for (const query of ["product_id=%00", `product_id=${"p".repeat(1024 * 1024)}`]) {
      const answer = await call("GET", `/api/prices/usual?${query}`, undefined, as(user));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const odd = await call("GET", `/api/prices/usual?product_id=${productId}&locality=%ED%A0%80`, undefined, as(user));
    expect([odd.status, odd.body.data?.usual]).toEqual([200, null]);
    // No body, a body past the cap without a Content-Length, a malformed cookie beside the session.
    expect(
      (
        await call("POST", "/api/price-alerts", undefined, {
          ...as(user),
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(400);
    const chunked = await postChunkedJson(web.baseUrl, "/api/price-alerts", user.cookie, 2 * 1024 * 1024);
    expect(chunked).toBe(413);
    expect(
      (await call("GET", "/api/price-alerts", undefined, { cookie: `${user.cookie}; asiiko-lang=%E0%A4%A` })).status,
    ).toBe(200);
    // A farmer whose premium trial is spent follows prices as anyone does: they are free.
    await prisma.user.update({
      where: { id: user.user.id },
      data: { firstPremiumUseAt: new Date(Date.now() - 2 * DAY_MS) },
    });
    expect((await call("POST", "/api/price-alerts", { product_id: productId, town: "Kano" }, as(user))).status).toBe(
      201,
    );
    expect(
      (await call("GET", `/api/prices/usual?product_id=${productId}&locality=Kano`, undefined, as(user))).status,
    ).toBe(200);
    expect(await prisma.priceAlert.count({ where: { userId: user.user.id } })).toBe(1);
  });

  it(`follows at most ${PRICE_ALERTS_MAX} prices, even when asked for two at once`, async () => {
    const user = await signedInUser("USER", "alert_many");
    const towns = ["Kano", "Kaduna", "Zaria", "Jos", "Sokoto", "Katsina", "Bauchi", "Gombe", "Yola", "Minna"];
    const products = await Promise.all(Array.from({ length: 2 }, () => createProduct()));
    await prisma.priceAlert.createMany({
      data: products
        .flatMap((product) => towns.map((town) => ({ userId: user.user.id, productId: product.id, town })))
        .slice(0, PRICE_ALERTS_MAX - 1),
    });
    const answers = await Promise.all(
      ["Lokoja", "Makurdi"].map((town) =>
        call("POST", "/api/price-alerts", { product_id: productId, town }, { ...as(user), ip: newIp() }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
    expect(answers.find((answer) => answer.status === 403)?.body.error.code).toBe("AUTHZ_FEATURE_LIMIT_REACHED");
    expect(await prisma.priceAlert.count({ where: { userId: user.user.id } })).toBe(PRICE_ALERTS_MAX);
  });
});

describe("the alerts check", () => {
  it("tells of a median that moved more than 10% week on week, once; a smaller move is no news", async () => {
    const user = await signedInUser("USER", "alert_move");
    await figure("Kano", lastWeek, 40000);
    await figure("Kano", thisWeek, 46000);
    await figure("Kaduna", lastWeek, 40000);
    await figure("Kaduna", thisWeek, 42000);
    await prisma.priceAlert.createMany({
      data: [
        { userId: user.user.id, productId, town: "Kano" },
        { userId: user.user.id, productId, town: "Kaduna" },
      ],
    });
    await checkPriceAlerts(noon);
    const [notice, ...more] = await noticesOf(user.user.id, "price_moved");
    expect(more).toEqual([]);
    expect(notice?.data).toMatchObject({ productId, town: "Kano", median: 46000, before: 40000, changePct: 15 });
    const kaduna = await prisma.priceAlert.findFirstOrThrow({ where: { userId: user.user.id, town: "Kaduna" } });
    expect(kaduna).toMatchObject({ lastToldAt: null, moveToldWeek: null });
    // The week goes on: when Kaduna's median moves on past 10%, that is news too.
    await figure("Kaduna", thisWeek, 45000);
    await checkPriceAlerts(noon);
    expect((await noticesOf(user.user.id, "price_moved")).map((row) => row.data)).toEqual([
      expect.objectContaining({ town: "Kano" }),
      expect.objectContaining({ town: "Kaduna", median: 45000, before: 40000, changePct: 12.5 }),
    ]);

    // The same move is told once, even days later.
    await checkPriceAlerts(new Date(noon.getTime() + 2 * DAY_MS));
    expect(await noticesOf(user.user.id, "price_moved")).toHaveLength(2);
  });

  it("tells of a listing at or under the target, not of the follower's own, and at most once a day", async () => {
    const user = await signedInUser("USER", "alert_target");
    const seller = await signedInUser("USER", "alert_seller");
    const product = await createProduct({ name: "Alert Rice", unit: "bags" });
    await prisma.priceAlert.create({
      data: { userId: user.user.id, productId: product.id, town: "Jos", targetNgn: 30000 },
    });
    await checkPriceAlerts(noon); // Whatever came before is not news for this alert.
    const listed = async (sellerId: string, price: number, town = "Jos") => {
      const listing = await createListing(sellerId, { productId: product.id, priceNgn: String(price), locality: town });
      await recordPrice(prisma, {
        productId: product.id,
        town,
        priceNgn: price,
        source: "listed",
        listingId: listing.id,
      });
      return listing;
    };
    await listed(seller.user.id, 35000); // above the target
    await listed(user.user.id, 20000); // the follower's own
    await listed(seller.user.id, 25000, "Kano"); // another town
    await checkPriceAlerts(noon);
    expect(await noticesOf(user.user.id, "price_under_target")).toEqual([]);

    await listed(seller.user.id, 29000);
    const cheapest = await listed(seller.user.id, 28000);
    await checkPriceAlerts(noon);
    const [notice, ...more] = await noticesOf(user.user.id, "price_under_target");
    expect(more).toEqual([]);
    // The cheapest of the new listings is the one told of.
    expect(notice?.data).toMatchObject({ town: "Jos", price: 28000, target: 30000, listingId: cheapest.id });

    // Another listing the same day waits; it is not told again later (the day passed it by).
    await listed(seller.user.id, 27000);
    await checkPriceAlerts(new Date(noon.getTime() + 60 * 60 * 1000));
    expect(await noticesOf(user.user.id, "price_under_target")).toHaveLength(1);
    // A day later, a new one is told: the cheapest on sale (on-sale.server.ts), not a cheaper one
    // a moderator hid, nor a suspended seller's.
    await listed(seller.user.id, 26000);
    const hidden = await listed(seller.user.id, 20000);
    await prisma.listing.update({ where: { id: hidden.id }, data: { hiddenAt: new Date(), hiddenCause: "moderator" } });
    const suspended = await signedInUser("USER", "alert_suspended");
    await prisma.user.update({ where: { id: suspended.user.id }, data: { suspendedAt: new Date() } });
    await listed(suspended.user.id, 21000);
    await checkPriceAlerts(new Date(noon.getTime() + DAY_MS + 60 * 1000));
    const notices = await noticesOf(user.user.id, "price_under_target");
    expect(notices).toHaveLength(2);
    expect(notices[1]?.data).toMatchObject({ price: 26000 });
  });

  it("texts a verified phone in the follower's language, one price text a day", async () => {
    const user = await signedInUser("USER", "alert_sms");
    const phone = uniquePhone();
    await prisma.user.update({
      where: { id: user.user.id },
      data: { phone, phoneVerifiedAt: new Date(), language: "yo" },
    });
    const product = await createProduct({ name: "Alert Yam", unit: "tubers" });
    await figure("Ilorin", lastWeek, 2000, product.id);
    await figure("Ilorin", thisWeek, 1500, product.id);
    await figure("Osogbo", lastWeek, 2000, product.id);
    await figure("Osogbo", thisWeek, 2600, product.id);
    await prisma.priceAlert.createMany({
      data: [
        { userId: user.user.id, productId: product.id, town: "Ilorin" },
        { userId: user.user.id, productId: product.id, town: "Osogbo" },
      ],
    });
    await checkPriceAlerts(noon);
    // Both alerts are told on Asiiko; one text goes.
    expect(await noticesOf(user.user.id, "price_moved")).toHaveLength(2);
    const stored = () => prisma.smsMessage.findMany({ where: { userId: user.user.id, kind: "price_alert" } });
    await expect.poll(async () => (await stored()).map((row) => row.status), { timeout: 30_000 }).toEqual(["sent"]);
    const [text] = africasTalking().messagesTo(phone);
    expect(text!.message).toContain("Alert Yam");
    expect(text!.message).not.toContain("Open Asiiko for the prices");
  });

  it("texts nobody whose phone is not verified", async () => {
    const user = await signedInUser("USER", "alert_nosms");
    await prisma.user.update({ where: { id: user.user.id }, data: { phone: uniquePhone(), phoneVerifiedAt: null } });
    const product = await createProduct({ name: "Alert Beans" });
    await figure("Enugu", lastWeek, 50000, product.id);
    await figure("Enugu", thisWeek, 60000, product.id);
    await prisma.priceAlert.create({ data: { userId: user.user.id, productId: product.id, town: "Enugu" } });
    await checkPriceAlerts(noon);
    expect(await noticesOf(user.user.id, "price_moved")).toHaveLength(1);
    expect(await prisma.smsMessage.count({ where: { userId: user.user.id } })).toBe(0);
  });
});
