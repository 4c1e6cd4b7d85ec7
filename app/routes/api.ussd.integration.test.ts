import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isGsm } from "~/lib/gsm";
import { LANGUAGES } from "~/lib/i18n";
import { weekOf } from "~/modules/prices/figures";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { toGsm } from "~/lib/gsm";
import { indexPendingChanges, signedInUser, trackUser, type SignedIn } from "../../tests/support/api-client";
import { createListing, createProduct } from "../../tests/support/market";
import { uniquePhone } from "../../tests/support/phones";
import { lockWaiters, withRowLocked } from "../../tests/support/row-lock";
import { smsTestBed } from "../../tests/support/sms-test-bed";
import { serveForTests } from "../../tests/support/web";
import { getQueue } from "~/jobs/enqueue.server";
import { quietHoursDelayMs } from "~/modules/orders/quiet-hours";

// The USSD menu over HTTP, as Africa's Talking calls it: one POST per screen with the session's
// answers so far joined by '*', the session text growing as the provider sends it. Walks every
// menu in the five languages (prices with "send me this by SMS", a purchase the seller then sees
// on the web and accepts by USSD, a listing made by USSD that the marketplace and search show, my
// listings, the PIN locked after five tries), and checks every screen reached: "CON "/"END ",
// at most 182 characters, GSM characters only. Texts go through the real sms queue to a local
// server that speaks Africa's Talking.

const { atPort, token } = vi.hoisted(() => {
  const port = 47000 + (process.pid % 1000);
  const USSD_CALLBACK_TOKEN = "ussd-test-token-0123456789abcdefghij";
  process.env.AT_USERNAME = "asiiko-ussd-test";
  process.env.AT_API_KEY = "atsk_local_ussd_key";
  process.env.AT_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.USSD_CALLBACK_TOKEN = USSD_CALLBACK_TOKEN;
  return { atPort: port, token: USSD_CALLBACK_TOKEN };
});

const africasTalking = smsTestBed({ username: "asiiko-ussd-test", apiKey: "atsk_local_ussd_key", port: atPort });
const web = serveForTests();

/** Every screen any test reached, for the checks that hold for all of them. */
const screens: string[] = [];
const phones = new Set<string>();

async function callback(form: Record<string, string>, { query = `token=${token}`, path = "/api/ussd" } = {}) {
  return fetch(`${web.baseUrl}${path}?${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

/** A caller's session: each `send` adds an answer and posts the whole text, as the provider does. */
function dial(phone: string) {
  phones.add(phone);
  const sessionId = `ATUid_${randomUUID()}`;
  const answers: string[] = [];
  const post = async () => {
    const response = await callback({
      sessionId,
      serviceCode: "*347*88#",
      phoneNumber: phone,
      networkCode: "62130",
      text: answers.join("*"),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const screen = await response.text();
    screens.push(screen);
    return screen;
  };
  return {
    start: post,
    send: async (answer: string) => {
      answers.push(answer);
      return post();
    },
    /** The same text again: the network retrying a screen. */
    again: post,
  };
}

/**
 * The texts Africa's Talking took for `phone`, once there are `count`. Texts about orders wait for
 * the morning when written at night (quiet-hours.ts): a test run at night sends them on at once,
 * as the morning would, so the test means the same at any hour.
 */
async function textsTo(phone: string, count: number) {
  await expect
    .poll(
      async () => {
        if (quietHoursDelayMs(new Date()) > 0)
          await Promise.all((await getQueue("sms").getDelayed()).map((job) => job.promote()));
        return africasTalking().messagesTo(phone).length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return africasTalking().messagesTo(phone);
}

const newPhone = () => {
  const phone = uniquePhone();
  phones.add(phone);
  return phone;
};

const thisWeek = new Date(`${weekOf(new Date())}T00:00:00Z`);
const KANO = { latitude: 12.0022, longitude: 8.592 };
let productId = "";
let seller: SignedIn;
let sellerPhone = "";
let listingId = "";

beforeAll(async () => {
  productId = (await createProduct({ name: "Ussdtest Grain", unit: "bags", images: ["/images/products/maize.svg"] }))
    .id;
  await prisma.priceFigure.create({
    data: {
      productId,
      town: "Kano",
      week: thisWeek,
      medianNgn: 30000,
      p25Ngn: 28000,
      p75Ngn: 32000,
      lowNgn: 26000,
      highNgn: 35000,
      count: 9,
      trades: 2,
      outliers: 0,
    },
  });
  seller = await signedInUser("USER", "ussd_seller");
  sellerPhone = newPhone();
  await prisma.user.update({
    where: { id: seller.user.id },
    data: { firstName: "Musa", lastName: "Garba", phone: sellerPhone, phoneVerifiedAt: new Date(), language: "en" },
  });
  listingId = (
    await createListing(seller.user.id, {
      productId,
      quantity: 20,
      priceNgn: "30000.00",
      showPhone: true,
      ...KANO,
      locality: "Kano, Kano",
    })
  ).id;
});

afterAll(async () => {
  // The accounts the menu made for numbers, with what they made.
  const made = await prisma.user.findMany({ where: { phone: { in: [...phones] } }, select: { id: true } });
  for (const user of made) trackUser(user.id);
  await prisma.phoneCaller.deleteMany({ where: { phone: { in: [...phones] } } });
  await prisma.priceFigure.deleteMany({ where: { productId } });
});

describe("POST /api/ussd: market prices", () => {
  it.each(LANGUAGES.map((language, index) => [language.code, index + 1] as const))(
    "answers a price in %s, and sends it by SMS",
    async (code, choice) => {
      const t = await getFixedT(code);
      const plain = (text: string) => toGsm(text, { plainLetters: code !== "en" && code !== "fr" });
      const phone = newPhone();
      const call = dial(phone);
      const first = await call.start();
      expect(first).toMatch(/^CON /);
      expect(first).toContain("1. English");
      expect(first).toContain("5. Yoruba");
      const menu = await call.send(String(choice));
      expect(menu).toContain(`1. ${plain(t("ussd.menuPrices"))}`);
      expect(menu).toContain(`6. ${plain(t("ussd.menuLanguage"))}`);
      expect(await call.send("1")).toContain(plain(t("ussd.productPrompt")));
      // Typed, as a caller would: the product's name in lower case.
      const townScreen = await call.send("ussdtest");
      expect(townScreen).toContain("1. Kano");
      const price = await call.send("Kano");
      expect(price).toMatch(/^CON Ussdtest Grain, Kano/);
      expect(price).toContain("N30,000");
      expect(price).toContain("N26,000");
      expect(price).toContain("N35,000");
      expect(price).toContain(`1. ${plain(t("ussd.sendSms"))}`);
      expect(await call.send("1")).toBe(`END ${plain(t("ussd.smsSent"))}`);
      const [text] = await textsTo(phone, 1);
      expect(text!.message).toContain("Ussdtest Grain");
      expect(text!.message).toContain("N30,000");
      expect(isGsm(text!.message)).toBe(true);
      // The language is remembered by number: the next call opens on the menu.
      const next = dial(phone);
      expect(await next.start()).toBe(menu);
    },
  );

  it("understands a number chosen from the list, says what it does not know, and goes back with 0", async () => {
    const call = dial(newPhone());
    await call.start();
    await call.send("1");
    await call.send("1");
    expect(await call.send("zzzqqq")).toContain('We do not know "zzzqqq".');
    expect(await call.send("9")).toContain("Choose a number from the list.");
    await call.send("ussdtest");
    expect(await call.send("Atlantis")).toContain('We do not know the town "Atlantis".');
    expect(await call.send("1")).toMatch(/^CON Ussdtest Grain, Kano/);
    expect(await call.send("0")).toMatch(/^CON Asiiko:\n1. Market prices/);
    await call.send("1");
    await call.send("ussdtest");
    expect(await call.send("Jos")).toContain("No prices for Ussdtest Grain in Jos in the last 12 weeks.");
  });

  it("changes the language from the menu", async () => {
    const phone = newPhone();
    const call = dial(phone);
    await call.start();
    await call.send("1");
    expect(await call.send("6")).toContain("Choose your language");
    const hausa = await call.send("3");
    expect(hausa).toMatch(/^CON /);
    expect(hausa).not.toContain("Market prices");
    expect(await prisma.phoneCaller.findUnique({ where: { phone } })).toMatchObject({ language: "ha" });
  });
});

describe("POST /api/ussd: buying", () => {
  it("sends an order request the seller sees on the web and accepts by USSD; the buyer is texted", async () => {
    const buyerPhone = newPhone();
    const call = dial(buyerPhone);
    await call.start();
    await call.send("1");
    await call.send("2");
    await call.send("ussdtest");
    const listings = await call.send("Kano");
    expect(listings).toContain("Ussdtest Grain near Kano (+ = verified):");
    expect(listings).toMatch(/1\. Musa G\.\+ 20 bags N30,000 0km/);
    expect(await call.send("1")).toContain("How many bags? (1 to 20)");
    expect(await call.send("25")).toContain("Type a whole number from 1 to 20.");
    expect(await call.send("3")).toContain("Your first name?");
    const confirm = await call.send("ade");
    expect(confirm).toContain("Ask Musa G. for 3 bags of Ussdtest Grain at N30,000 each (N90,000)?");
    const sent = await call.send("1");
    const reference = /Request (AS-[A-Z0-9]+) sent to Musa G\./.exec(sent)?.[1];
    expect(reference, sent).toBeTruthy();
    // The network retrying the last screen gets the same answer, and no second order.
    expect(await call.again()).toBe(sent);
    const orders = await prisma.order.findMany({ where: { reference: reference! }, include: { items: true } });
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ placedByPhone: true, sellerId: seller.user.id, status: "requested" });
    expect(orders[0]!.items[0]).toMatchObject({ listingId, quantity: 3 });
    const buyer = await prisma.user.findFirstOrThrow({ where: { phone: buyerPhone } });
    expect(buyer).toMatchObject({ firstName: "Ade", pinHash: null, passwordHash: "phone-only" });
    expect(buyer.phoneVerifiedAt).not.toBeNull();
    // The buyer's text names the seller's number, shown on the listing.
    const [placed] = await textsTo(buyerPhone, 1);
    expect(placed!.message).toContain(reference!);
    expect(placed!.message).toContain(sellerPhone);

    // The seller sees the request on the web.
    const onWeb = await fetch(`${web.baseUrl}/api/orders?role=seller`, { headers: { Cookie: seller.cookie } });
    expect(JSON.stringify(await onWeb.json())).toContain(reference!);

    // ... and accepts it by USSD, choosing a PIN first (their web account has none).
    const answer = dial(sellerPhone);
    expect(await answer.start()).toMatch(/^CON Asiiko:/);
    expect(await answer.send("5")).toContain("Choose a 4-digit PIN:");
    expect(await answer.send("12")).toContain("A PIN is 4 digits.");
    await answer.send("2580");
    const waiting = await answer.send("2580");
    expect(waiting).toContain("Requests waiting:");
    expect(waiting).toContain(`1. ${reference} Ade`);
    expect(await answer.send("1")).toContain(`${reference} from Ade: 3 bags Ussdtest Grain, N90,000.`);
    expect(await answer.send("1")).toBe(`END You accepted ${reference}. Ade is told.`);
    expect(await prisma.order.findFirst({ where: { reference: reference! } })).toMatchObject({ status: "accepted" });
    const texts = await textsTo(buyerPhone, 2);
    expect(texts[1]!.message).toContain(`accepted your request ${reference}`);
    expect(texts[1]!.message).toContain(sellerPhone);
  });

  it("declines a request with a reason the buyer is texted", async () => {
    const buyerPhone = newPhone();
    const call = dial(buyerPhone);
    await call.start();
    await call.send("1");
    await call.send("2");
    await call.send("ussdtest");
    await call.send("Kano");
    await call.send("1");
    await call.send("1");
    await call.send("Chidi");
    const reference = /Request (AS-[A-Z0-9]+)/.exec(await call.send("1"))?.[1];
    const answer = dial(sellerPhone);
    await answer.start();
    await answer.send("5");
    const waiting = await answer.send("2580");
    const line = waiting.split("\n").find((entry) => entry.includes(reference!));
    await answer.send(line!.split(".")[0]!);
    expect(await answer.send("2")).toContain("Why?\n1. Sold out");
    expect(await answer.send("3")).toBe(`END You declined ${reference}. Chidi is told.`);
    expect(await prisma.order.findFirst({ where: { reference: reference! } })).toMatchObject({
      status: "declined",
      declineReason: "Too far",
    });
    const texts = await textsTo(buyerPhone, 2);
    expect(texts[1]!.message).toContain(`declined your request ${reference}: Too far`);
  });
});

describe("POST /api/ussd: selling", () => {
  it("makes an account with a PIN, and a listing the marketplace and search show; then pauses it", async () => {
    const phone = newPhone();
    const call = dial(phone);
    await call.start();
    await call.send("5");
    const t = await getFixedT("yo");
    const plain = (text: string) => toGsm(text, { plainLetters: true });
    expect(await call.send("3")).toContain(plain(t("ussd.namePrompt")));
    expect(await call.send("B")).toContain(plain(t("ussd.nameInvalid")));
    expect(await call.send("Bola")).toContain(plain(t("ussd.pinNew")));
    await call.send("4321");
    expect(await call.send("4322")).toContain(plain(t("ussd.pinMismatch")));
    await call.send("4321");
    expect(await call.send("4321")).toContain(plain(t("ussd.productPrompt")));
    await call.send("ussdtest");
    expect(await call.send("0.5")).toContain(plain(t("ussd.quantityInvalid", { max: 100000 })));
    await call.send("15");
    expect(await call.send("free")).toContain(plain(t("ussd.priceInvalid")));
    await call.send("N25,000");
    const confirm = await call.send("ibadan");
    expect(confirm).toContain("Ussdtest Grain");
    expect(confirm).toContain("N25,000");
    expect(confirm).toContain("Ibadan");
    const done = await call.send("1");
    expect(done).toMatch(/^END /);
    expect(done).toContain("N25,000");

    const account = await prisma.user.findFirstOrThrow({ where: { phone } });
    expect(account).toMatchObject({ firstName: "Bola", language: "yo", passwordHash: "phone-only" });
    expect(account.pinHash).toMatch(/^scrypt\$/);
    expect(account.pinHash).not.toContain("4321");
    const listing = await prisma.listing.findFirstOrThrow({ where: { sellerId: account.id } });
    expect(listing).toMatchObject({
      productId,
      quantity: 15,
      status: "active",
      locality: "Ibadan, Oyo",
      images: ["/images/products/maize.svg"],
      showPhone: false,
    });
    expect(listing.priceNgn.toString()).toBe("25000");
    expect(listing.latitude).toBeCloseTo(7.3775, 1);

    // A buyer on the web finds it in the marketplace and in search, once the search outbox is applied
    // (the search-index worker's work, done here in the test).
    await indexPendingChanges();
    const reader = await signedInUser("USER", "ussd_reader");
    const market = await fetch(`${web.baseUrl}/api/market/listings?search=ussdtest&limit=50`, {
      headers: { Cookie: reader.cookie },
    });
    expect(JSON.stringify(await market.json())).toContain(listing.id);
    const found = await fetch(`${web.baseUrl}/api/search?q=ussdtest&types=listing`, {
      headers: { Cookie: reader.cookie },
    });
    expect(JSON.stringify(await found.json())).toContain(listing.id);

    // My listings, in a new session: the PIN is asked again, once.
    const again = dial(phone);
    await again.start();
    expect(await again.send("4")).toContain(plain(t("ussd.pinPrompt")));
    const mine = await again.send("4321");
    expect(mine).toContain("1. Ussdtest Grain 15 N25,000");
    const actions = await again.send("1");
    expect(actions).toContain(`1. ${plain(t("ussd.pause"))}`);
    expect(await again.send("1")).toMatch(/^END /);
    expect(await prisma.listing.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({ status: "paused" });

    // A product without a picture of its own is listed with its category's.
    await createProduct({ name: "Ussdpic Beans", unit: "bags", categories: ["Legumes & Pulses"], images: [] });
    const more = dial(phone);
    await more.start();
    await more.send("3");
    for (const answer of ["4321", "ussdpic", "4", "18000", "Kano"]) await more.send(answer);
    expect(await more.send("1")).toMatch(/^END /);
    const beans = await prisma.listing.findFirstOrThrow({
      where: { sellerId: account.id, product: { name: "Ussdpic Beans" } },
    });
    expect(beans.images).toEqual(["/images/products/legumes-pulses.svg"]);
  });

  it("takes a try before judging a PIN: a right PIN sent while the fifth wrong one is judged is refused", async () => {
    const phone = newPhone();
    const owner = await signedInUser("USER", "ussd_pin");
    await prisma.user.update({ where: { id: owner.user.id }, data: { phone, phoneVerifiedAt: new Date() } });
    const setup = dial(phone);
    await setup.start();
    await setup.send("4");
    await setup.send("1111");
    expect(await setup.send("1111")).toContain("You have no listings yet.");
    const guessing = dial(phone);
    await guessing.start();
    await guessing.send("4");
    for (let left = 4; left >= 1; left -= 1) expect(await guessing.send("9999")).toContain("Wrong PIN.");
    // One try left. A fifth wrong PIN, then the right one from another session, both in flight
    // together: the row is held so each lines up, in that order, on the PIN's count.
    const owning = dial(phone);
    await owning.start();
    expect(await owning.send("4")).toMatch(/^CON Your 4-digit PIN:/);
    let fifth: Promise<string> | undefined;
    let right: Promise<string> | undefined;
    await withRowLocked("User", owner.user.id, async () => {
      fifth = guessing.send("9990");
      await lockWaiters('"pinFailures"', 1);
      right = owning.send("1111");
      await lockWaiters('"pinFailures"', 2);
    });
    expect(await fifth!).toMatch(/^END Too many wrong PINs\. Try again after \d\d:\d\d\./);
    // The right PIN came after the last try was taken: it is not even looked at.
    expect(await right!).toMatch(/^END Too many wrong PINs\. Try again after \d\d:\d\d\./);
    const locked = await prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } });
    expect(locked.pinLockedUntil!.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it("locks PIN actions for an hour after five wrong PINs", async () => {
    const phone = newPhone();
    const owner = await signedInUser("USER", "ussd_pin");
    await prisma.user.update({ where: { id: owner.user.id }, data: { phone, phoneVerifiedAt: new Date() } });
    const setup = dial(phone);
    await setup.start();
    await setup.send("4");
    await setup.send("1111");
    expect(await setup.send("1111")).toContain("You have no listings yet.");

    const call = dial(phone);
    await call.start();
    await call.send("4");
    for (let left = 4; left >= 1; left -= 1)
      expect(await call.send("9999")).toContain(`Wrong PIN. ${left} tries left.`);
    expect(await call.send("9999")).toMatch(/^END Too many wrong PINs\. Try again after \d\d:\d\d\./);
    const locked = await prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } });
    expect(locked.pinLockedUntil!.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    // Even the right PIN waits for the hour, and selling does too.
    const later = dial(phone);
    await later.start();
    expect(await later.send("3")).toMatch(/^END Too many wrong PINs/);
    // Prices and buying stay open.
    const prices = dial(phone);
    await prices.start();
    expect(await prices.send("1")).toMatch(/^CON Type a product/);

    // On the web, Profile chooses a new PIN, which lifts the lock.
    const profile = (fields: Record<string, string>, cookie = owner.cookie) =>
      fetch(`${web.baseUrl}/profile`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    expect((await profile({ intent: "ussd-pin", pin: "12a4" })).status).toBe(400);
    expect((await profile({ intent: "ussd-pin", pin: "2468" })).status).toBe(200);
    const unlocked = dial(phone);
    await unlocked.start();
    await unlocked.send("4");
    expect(await unlocked.send("2468")).toContain("You have no listings yet.");
    // Without a verified phone there is no menu to choose a PIN for.
    const stranger = await signedInUser("USER", "ussd_nophone");
    const refused = await profile({ intent: "ussd-pin", pin: "1357" }, stranger.cookie);
    expect(refused.status).toBe(409);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: stranger.user.id } })).toMatchObject({ pinHash: null });
  });

  it("tells a number without an account how to make one for My listings and My orders", async () => {
    const call = dial(newPhone());
    await call.start();
    await call.send("1");
    expect(await call.send("4")).toBe("END No account uses this number. Choose Sell to make one.");
  });
});

describe("POST /api/ussd: every menu in every language", () => {
  it.each(LANGUAGES.map((language, index) => [language.code, index + 1] as const))(
    "walks buying, selling, my listings, my orders and the language in %s",
    async (code, choice) => {
      const t = await getFixedT(code);
      const plain = (key: string, values?: Record<string, unknown>) =>
        toGsm(t(key, values).replace(/\s+/g, " ").trim(), { plainLetters: code !== "en" && code !== "fr" }).slice(
          0,
          24,
        );
      const phone = newPhone();
      const buy = dial(phone);
      await buy.start();
      expect(await buy.send(String(choice))).toContain(`2. ${plain("ussd.menuBuy")}`);
      expect(await buy.send("2")).toContain(plain("ussd.productPrompt"));
      await buy.send("ussdtest");
      const listings = await buy.send("Kano");
      expect(listings).toContain("1. ");
      expect(await buy.send("1")).toContain(
        plain("ussd.quantityPrompt", { units: t("units.bags"), max: 1 }).slice(0, 8),
      );
      expect(await buy.send("1")).toContain(plain("ussd.namePrompt"));
      expect(await buy.send("Ngozi")).toContain(`1. ${plain("ussd.sendRequest")}`);
      expect(await buy.send("1")).toMatch(/^END .*AS-[A-Z0-9]{6}/s);

      const sell = dial(phone);
      await sell.start();
      expect(await sell.send("3")).toContain(plain("ussd.pinNew"));
      expect(await sell.send("1357")).toContain(plain("ussd.pinAgain"));
      expect(await sell.send("1357")).toContain(plain("ussd.productPrompt"));
      expect(await sell.send("ussdtest")).toMatch(/^CON /);
      expect(await sell.send("5")).toContain(plain("ussd.sellPrice", { per: t("perUnit.bags") }).slice(0, 6));
      expect(await sell.send("20000")).toContain(plain("ussd.sellTown"));
      expect(await sell.send("Kano")).toContain(`1. ${plain("ussd.yes")}`);
      expect(await sell.send("1")).toMatch(/^END .*N20,000/s);

      const mine = dial(phone);
      await mine.start();
      expect(await mine.send("4")).toContain(plain("ussd.pinPrompt"));
      expect(await mine.send("1357")).toContain(`1. Ussdtest Grain 5 N20,000`);
      expect(await mine.send("1")).toContain(`1. ${plain("ussd.pause")}`);
      expect(await mine.send("1")).toMatch(/^END /);

      const orders = dial(phone);
      await orders.start();
      await orders.send("5");
      expect(await orders.send("1357")).toBe(
        `END ${toGsm(t("ussd.noOrders"), { plainLetters: code !== "en" && code !== "fr" })}`,
      );

      const language = dial(phone);
      await language.start();
      expect(await language.send("6")).toContain("5. Yoruba");
    },
  );
});

describe("POST /api/ussd: who may call, and what it takes", () => {
  const base = {
    sessionId: "ATUid_refused",
    serviceCode: "*347*88#",
    phoneNumber: "+2348030000001",
    networkCode: "62130",
  };

  it("refuses a wrong or missing token with 403, and makes no session", async () => {
    for (const query of ["token=wrong", "", `token=${token}x`, `token=${token.slice(0, -1)}`]) {
      const response = await callback({ ...base, text: "" }, { query });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        success: false,
        error: { code: "AUTHZ_INSUFFICIENT_PERMISSIONS" },
      });
    }
    const sms = await callback(
      { from: "+2348030000001", text: "HELP" },
      { query: "token=wrong", path: "/api/sms/incoming" },
    );
    expect(sms.status).toBe(403);
    // The refused session was never started: its first screen now is the menu's first.
    const phone = newPhone();
    const started = await callback({ ...base, sessionId: `ATUid_${randomUUID()}`, phoneNumber: phone, text: "" });
    expect(await started.text()).toContain("Choose your language");
  });

  it("answers END with a plain message to hostile or malformed text", async () => {
    const phone = newPhone();
    const hostile = ["1\u0000", "1".repeat(10 * 1024), "***", "1*2*\uD800", "*".repeat(200)];
    for (const text of hostile) {
      const response = await callback({ ...base, sessionId: `ATUid_${randomUUID()}`, phoneNumber: phone, text });
      expect(response.status).toBe(200);
      const screen = await response.text();
      screens.push(screen);
      expect(screen).toMatch(
        /^END (Sorry, that could not be read\. Please dial again\.|This session has ended\. Please dial again\.)$/,
      );
    }
    // Mid-session: an answer with NUL, and a text that is not the session's own.
    const call = dial(phone);
    await call.start();
    expect(await call.send("1\u0000")).toBe("END Sorry, that could not be read. Please dial again.");
    const other = dial(phone);
    await other.start();
    await other.send("1");
    const sessionText = await callback({
      ...base,
      sessionId: "ATUid_unknown_session",
      phoneNumber: phone,
      text: "1*1",
    });
    expect(await sessionText.text()).toBe("END This session has ended. Please dial again.");
    // Not a Nigerian mobile number, a missing session id.
    for (const form of [
      { ...base, phoneNumber: "+15551234567", text: "" },
      { ...base, sessionId: "", text: "" },
      { ...base, sessionId: "x".repeat(300), text: "" },
    ]) {
      const response = await callback(form);
      expect(await response.text()).toBe("END Sorry, that could not be read. Please dial again.");
    }
  });

  it("has no demo phone page outside demo mode", async () => {
    expect((await fetch(`${web.baseUrl}/ussd`)).status).toBe(404);
    const posted = await fetch(`${web.baseUrl}/ussd`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=call&phone=08030000001",
    });
    expect(posted.status).toBe(404);
    // Nor its screens' route: an address nobody answers, in the catalogue's JSON.
    const screen = await callback(
      { sessionId: `demo_${randomUUID()}`, phoneNumber: "+2348030000001", text: "" },
      { path: "/api/ussd/simulator", query: "" },
    );
    expect(screen.status).toBe(404);
    expect(await screen.json()).toMatchObject({ success: false, error: { code: "DB_RECORD_NOT_FOUND" } });
  });

  it("refuses a body past its cap with 413, another method with 405", async () => {
    const big = await callback({ ...base, text: "1".repeat(40 * 1024) });
    expect(big.status).toBe(413);
    const get = await fetch(`${web.baseUrl}/api/ussd?token=${token}`);
    expect(get.status).toBe(405);
  });

  it("never shows a screen over 182 characters or outside the GSM alphabet", () => {
    expect(screens.length).toBeGreaterThan(80);
    for (const screen of screens) {
      expect(screen, screen).toMatch(/^(CON|END) /);
      expect(screen.length, screen).toBeLessThanOrEqual(182);
      expect(isGsm(screen), screen).toBe(true);
    }
  });
});

describe("POST /api/sms/incoming", () => {
  const text = async (from: string, message: string) => {
    const response = await callback(
      { from, to: "38888", text: message, date: "2026-11-28 10:00:00", id: randomUUID(), linkId: "" },
      { path: "/api/sms/incoming" },
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { outcome: string }).outcome;
  };

  it("answers PRICE with the week's price, HELP with the commands, in the language of the word used", async () => {
    const phone = newPhone();
    expect(await text(phone, "price ussdtest kano")).toBe("price");
    const [english] = await textsTo(phone, 1);
    expect(english!.message).toBe(
      "Asiiko: Ussdtest Grain in Kano, week of " +
        `${thisWeek.getUTCDate()}/${thisWeek.getUTCMonth() + 1}: N30,000 per bag, most N26,000 to N35,000, from 9 prices.`,
    );
    expect(await text(phone, "FARASHI Ussdtest Grain Kano")).toBe("price");
    const hausa = (await textsTo(phone, 2))[1]!.message;
    expect(hausa).toContain("N30,000");
    expect(hausa).not.toContain("week of");
    expect(isGsm(hausa)).toBe(true);
    expect(hausa).toBe(toGsm(hausa, { plainLetters: true }));
    expect(await text(phone, "HELP")).toBe("help");
    expect((await textsTo(phone, 3))[2]!.message).toContain("PRICE");
    expect((await textsTo(phone, 3))[2]!.message).toContain("*347*88#");
    expect(await text(phone, "taimako")).toBe("help");
    expect((await textsTo(phone, 4))[3]!.message).toContain("FARASHI masara Kano");
    expect(await text(phone, "IYE ussdtest Jos")).toBe("no-price");
    expect(await text(phone, "PRIX ussdtest Atlantide")).toBe("unknown-town");
    expect(await text(phone, "price zzzqqq kano")).toBe("unknown-product");
    expect(await text(phone, "hello there")).toBe("help");
    const all = await textsTo(phone, 8);
    for (const message of all) expect(isGsm(message.message), message.message).toBe(true);
  });

  it("takes hostile text without harm, and answers a number at most 20 times a day", async () => {
    const phone = newPhone();
    expect(await text(phone, "PRICE\u0000ussdtest\u0000kano")).toBe("price");
    // Ten kilobytes are read as their first 320 characters: a command without a town, so help.
    expect(await text(phone, `PRICE ${"x".repeat(10 * 1024)} kano`)).toBe("help");
    expect(await text(phone, `PRICE ${"x ".repeat(10)}kano`)).toBe("unknown-product");
    expect(await text("+15551234567", "PRICE ussdtest kano")).toBe("ignored");
    for (let sent = 3; sent < 20; sent += 1) expect(await text(phone, "HELP")).toBe("help");
    expect(await text(phone, "HELP")).toBe("limited");
    await textsTo(phone, 20);
    expect(africasTalking().messagesTo(phone)).toHaveLength(20);
  });
});
