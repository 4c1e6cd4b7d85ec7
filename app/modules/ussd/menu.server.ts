import { createHmac, randomUUID } from "node:crypto";
import type { TFunction } from "i18next";
import { sessionSecrets } from "~/env.server";
import { plainLettersFor } from "~/lib/gsm";
import { formatNaira } from "~/lib/currency";
import { distanceKm } from "~/lib/geo";
import { LANGUAGES } from "~/lib/i18n";
import { normaliseNigerianPhone } from "~/lib/phone";
import { LISTING_LIMITS } from "~/modules/listings/constants";
import { PRODUCT_CATEGORIES } from "~/modules/products/constants";
import { createListing, setListingStatus } from "~/modules/listings/listings.server";
import { listingSchema, priceNgn as priceNgnSchema } from "~/modules/listings/schemas";
import { findTown, NIGERIAN_TOWNS } from "~/modules/listings/towns";
import { moveOrder } from "~/modules/orders/moves.server";
import { requestListing } from "~/modules/orders/requesting.server";
import { productPrices } from "~/modules/prices/prices.server";
import { findPriceProducts, popularPriceProducts } from "~/modules/prices/products.server";
import { publicName } from "~/modules/sellers/public-profile";
import { queueSms } from "~/modules/sms/sms.server";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { checkPin, createPhoneAccount, findCaller, pinLock, rememberLanguage, setPin } from "./callers.server";
import { FIRST_NAME_MAX, FIRST_NAME_MIN, USSD_LIST_SIZE, USSD_MAX_ANSWERS, USSD_MAX_TEXT } from "./constants";
import { renderScreen, type ScreenKind, type ScreenParts } from "./screens";
import { holdSession, loadSession, releaseSession, saveSession } from "./session.server";
import type { Choice, ChosenProduct, ChosenTown, Flow, NodeName, UssdState } from "./state";

// The USSD menu. The provider sends, for every screen, the session's id, the caller's number and
// every answer so far joined by '*'; the state of the session (app/modules/ussd/state.ts) is kept
// between screens, each new answer is applied once, and the next screen is rendered in the
// caller's language within 182 GSM characters (screens.ts). What the menu does, it does through
// the same modules as the web: prices from the weekly figures, order requests, listings created,
// validated and indexed as the listing form's, status changes as My Listings', answers to orders
// as the order page's.

export interface UssdCall {
  sessionId: string;
  serviceCode: string;
  phoneNumber: string;
  networkCode: string;
  text: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]|[\uD800-\uDFFF]/;
const SESSION_ID = /^[A-Za-z0-9._:-]{1,100}$/;

interface Reply {
  kind: ScreenKind;
  parts: ScreenParts;
}

const con = (lines: string[], options?: ScreenParts["options"], footer?: string): Reply => ({
  kind: "CON",
  parts: { lines, options, footer },
});
const end = (...lines: string[]): Reply => ({ kind: "END", parts: { lines } });

/** A screen for a call that cannot be read, in English: nothing is known of the caller. */
const plainEnd = (key: "unreadable" | "expired" | "failed", t?: TFunction) =>
  renderScreen("END", { lines: [t ? t(`ussd.${key}`) : ENGLISH[key]] });
const ENGLISH = {
  unreadable: "Sorry, that could not be read. Please dial again.",
  expired: "This session has ended. Please dial again.",
  failed: "Sorry, something went wrong. Please try again later.",
} as const;

/** Answers one call of the provider: the screen's text, "CON ..." or "END ...". */
export async function answerUssd(call: UssdCall, now = new Date()): Promise<string> {
  const phone = normaliseNigerianPhone(call.phoneNumber);
  if (
    !SESSION_ID.test(call.sessionId) ||
    !phone ||
    call.text.length > USSD_MAX_TEXT ||
    CONTROL.test(call.text) ||
    call.text.split("*").length > USSD_MAX_ANSWERS
  )
    return plainEnd("unreadable");
  const hold = randomUUID();
  try {
    if (!(await holdSession(call.sessionId, hold))) return await answerWhenFree(call);
    try {
      return await answerHeld(call, phone, now);
    } finally {
      await releaseSession(call.sessionId, hold).catch(() => undefined);
    }
  } catch (error) {
    // Redis or the database away: the caller hears it plainly rather than the network's silence.
    logger.error({ err: error }, "a USSD call could not be answered");
    return plainEnd("failed");
  }
}

/** The same answer arriving while it is being worked out: the screen it led to, once there. */
async function answerWhenFree(call: UssdCall): Promise<string> {
  for (let waited = 0; waited < 40; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const state = await loadSession(call.sessionId);
    if (state?.text === call.text) return state.reply;
  }
  return plainEnd("failed");
}

async function answerHeld(call: UssdCall, phone: string, now: Date): Promise<string> {
  let state = await loadSession(call.sessionId);
  if (state && state.phone !== phone) return plainEnd("unreadable");
  if (!state) {
    // A session starts with nothing typed; anything else is a session we no longer know.
    if (call.text !== "") return plainEnd("expired");
    state = await newSession(call.sessionId, phone);
    const t = await translator(state);
    const reply = state.language ? await enter(state, "menu", t) : await enter(state, "language", t);
    return finish(state, reply, "");
  }
  if (call.text === state.text) return state.reply;
  const prefix = state.text === "" ? "" : `${state.text}*`;
  if (!call.text.startsWith(prefix) || state.ended) return plainEnd("expired", await translator(state));
  const answers = call.text.slice(prefix.length).split("*");
  let reply: Reply | null = null;
  try {
    for (const raw of answers) {
      const t = await translator(state);
      reply = await step(state, raw.trim(), t, now);
      if (reply.kind === "END") break;
    }
  } catch (error) {
    logger.error({ err: error, node: state.node }, "a USSD screen failed");
    state.ended = true;
    return finish(state, end((await translator(state))("ussd.failed")), call.text);
  }
  return finish(state, reply ?? end(ENGLISH.failed), call.text);
}

async function finish(state: UssdState, reply: Reply, text: string) {
  state.text = text;
  state.answers = text === "" ? 0 : text.split("*").length;
  state.ended = reply.kind === "END";
  state.reply = renderScreen(reply.kind, reply.parts, { plainLetters: plainLettersFor(state.language) });
  await saveSession(state);
  return state.reply;
}

async function newSession(sessionId: string, phone: string): Promise<UssdState> {
  const caller = await findCaller(phone);
  return {
    sessionId,
    phone,
    text: "",
    answers: 0,
    reply: "",
    ended: false,
    node: "menu",
    language: caller.language,
    userId: caller.userId,
    firstName: caller.firstName,
    hasPin: caller.hasPin,
    suspended: caller.suspended,
    pinOk: false,
    flow: null,
    choices: [],
    product: null,
    town: null,
    listing: null,
    quantity: null,
    priceNgn: null,
    pinDraft: null,
    afterPin: null,
    picked: null,
    priceText: null,
  };
}

const translator = (state: UssdState) => getFixedT(state.language ?? "en");

/** The option a numbered answer chose on the screen shown, if it is one. */
const chosen = (state: UssdState, answer: string) => state.choices.find((choice) => choice.key === answer) ?? null;

const numbered = (labels: { id: string; label: string }[]): Choice[] =>
  labels.map((entry, index) => ({ key: String(index + 1), ...entry }));

const options = (choices: Choice[]) => choices.map(({ key, label }) => ({ key, label }));

const unitsOf = (t: TFunction, unit: string | null) => (unit ? t(`units.${unit}`, { defaultValue: unit }) : "");
const perUnit = (t: TFunction, unit: string | null) => (unit ? t(`perUnit.${unit}`, { defaultValue: "" }) : "");
const naira = (amount: number | string) => formatNaira(amount);
const shortDay = (isoDay: string) => `${Number(isoDay.slice(8, 10))}/${Number(isoDay.slice(5, 7))}`;

/** Applies one answer to the screen shown, and answers the next screen. */
async function step(state: UssdState, answer: string, t: TFunction, now: Date): Promise<Reply> {
  if (answer === "0" && state.node !== "language") return enter(state, "menu", t);
  switch (state.node) {
    case "language": {
      const picked = LANGUAGES[Number(answer) - 1];
      if (!/^[1-5]$/.test(answer) || !picked) return enter(state, "language", t, [t("ussd.invalidChoice")]);
      state.language = picked.code;
      await rememberLanguage(state.phone, picked.code, state.userId);
      const translated = await getFixedT(picked.code);
      return enter(state, "menu", translated, state.text === "" ? [] : [translated("ussd.languageSaved")]);
    }
    case "menu":
      return menuChoice(state, answer, t, now);
    case "product":
    case "productPick":
      return productAnswer(state, answer, t);
    case "town":
      return townAnswer(state, answer, t, now);
    case "priceResult":
      if (answer === "1") return textPrice(state, t);
      return showPrice(state, t, now);
    case "noPrice":
      if (answer === "1") return enter(state, "town", t);
      return enter(state, "noPrice", t, [t("ussd.invalidChoice")]);
    case "listings": {
      const choice = chosen(state, answer);
      if (!choice) return enter(state, "listings", t, [t("ussd.invalidChoice")]);
      const [priceNgn = "0", available = "0", ...seller] = choice.id.split("|").slice(1);
      state.listing = {
        id: choice.id.split("|")[0]!,
        priceNgn,
        available: Number(available),
        seller: seller.join("|"),
      };
      return enter(state, "quantity", t);
    }
    case "quantity": {
      const max = state.listing?.available ?? 0;
      const quantity = wholeNumber(answer);
      if (quantity === null || quantity < 1 || quantity > max)
        return enter(state, "quantity", t, [t("ussd.quantityInvalid", { max })]);
      state.quantity = quantity;
      return enter(state, state.userId ? "orderConfirm" : "buyerName", t);
    }
    case "buyerName":
    case "sellName": {
      const name = firstNameOf(answer);
      if (!name) return enter(state, state.node, t, [t("ussd.nameInvalid")]);
      state.firstName = name;
      return enter(state, state.node === "buyerName" ? "orderConfirm" : "pinNew", t);
    }
    case "orderConfirm":
      if (answer === "1") return placeOrder(state, t, now);
      return enter(state, "orderConfirm", t, [t("ussd.invalidChoice")]);
    case "pinNew":
      if (!/^\d{4}$/.test(answer)) return enter(state, "pinNew", t, [t("ussd.pinInvalid")]);
      state.pinDraft = pinDraft(state, answer);
      return enter(state, "pinAgain", t);
    case "pinAgain":
      return confirmNewPin(state, answer, t, now);
    case "pin":
      return pinAnswer(state, answer, t, now);
    case "sellQuantity": {
      const quantity = wholeNumber(answer);
      if (quantity === null || quantity < LISTING_LIMITS.quantityMin || quantity > LISTING_LIMITS.quantityMax)
        return enter(state, "sellQuantity", t, [t("ussd.quantityInvalid", { max: LISTING_LIMITS.quantityMax })]);
      state.quantity = quantity;
      return enter(state, "sellPrice", t);
    }
    case "sellPrice": {
      const price = nairaTyped(answer);
      if (!price) return enter(state, "sellPrice", t, [t("ussd.priceInvalid")]);
      state.priceNgn = price;
      return enter(state, "sellTown", t);
    }
    case "sellTown": {
      const town = findTown(answer);
      if (!answer || !town) return enter(state, "sellTown", t, [t("ussd.townUnknown", { typed: answer.slice(0, 30) })]);
      state.town = { name: town.name, state: town.state, latitude: town.latitude, longitude: town.longitude };
      return enter(state, "sellConfirm", t);
    }
    case "sellConfirm":
      if (answer === "1") return listProduct(state, t);
      if (answer === "2") return enter(state, "menu", t);
      return enter(state, "sellConfirm", t, [t("ussd.invalidChoice")]);
    case "myListings": {
      const choice = chosen(state, answer);
      if (!choice) return enter(state, "myListings", t, [t("ussd.invalidChoice")]);
      state.picked = choice;
      return enter(state, "listingAction", t);
    }
    case "listingAction":
      return changeListing(state, answer, t);
    case "myOrders": {
      const choice = chosen(state, answer);
      if (!choice) return enter(state, "myOrders", t, [t("ussd.invalidChoice")]);
      state.picked = choice;
      return enter(state, "orderAction", t);
    }
    case "orderAction":
      if (answer === "1") return answerOrder(state, { action: "accept", input: {} }, t, now);
      if (answer === "2") return enter(state, "declineReason", t);
      return enter(state, "orderAction", t, [t("ussd.invalidChoice")]);
    case "declineReason": {
      const reason = DECLINE_REASONS[Number(answer) - 1];
      if (!/^[1-4]$/.test(answer) || !reason) return enter(state, "declineReason", t, [t("ussd.invalidChoice")]);
      return answerOrder(state, { action: "decline", input: { reason: t(`ussd.declineReasons.${reason}`) } }, t, now);
    }
  }
}

const DECLINE_REASONS = ["soldOut", "price", "far", "other"] as const;
const MENU: { key: string; flow: Flow | "language"; label: string }[] = [
  { key: "1", flow: "prices", label: "ussd.menuPrices" },
  { key: "2", flow: "buy", label: "ussd.menuBuy" },
  { key: "3", flow: "sell", label: "ussd.menuSell" },
  { key: "4", flow: "listings", label: "ussd.menuListings" },
  { key: "5", flow: "orders", label: "ussd.menuOrders" },
  { key: "6", flow: "language", label: "ussd.menuLanguage" },
];

async function menuChoice(state: UssdState, answer: string, t: TFunction, now: Date): Promise<Reply> {
  const entry = MENU.find((item) => item.key === answer);
  if (!entry) return enter(state, "menu", t, [t("ussd.invalidChoice")]);
  if (entry.flow === "language") return enter(state, "language", t);
  state.flow = entry.flow;
  state.product = null;
  state.town = null;
  state.listing = null;
  state.quantity = null;
  state.priceNgn = null;
  state.picked = null;
  if (entry.flow === "prices") return enter(state, "product", t);
  if (state.suspended) return end(t("ussd.suspended"));
  if (entry.flow === "buy") return enter(state, "product", t);
  if (entry.flow !== "sell" && !state.userId) return end(t("ussd.noAccount"));
  return withPin(state, entry.flow, t, now);
}

/** Selling, listings and orders ask for the PIN once per session (choosing one first if there is none). */
async function withPin(state: UssdState, flow: Flow, t: TFunction, now: Date): Promise<Reply> {
  state.afterPin = flow;
  if (state.pinOk) return afterPin(state, t);
  if (!state.userId) return enter(state, "sellName", t, [t("ussd.sellAccount")]);
  if (!state.hasPin) return enter(state, "pinNew", t);
  const locked = await pinLock(state.userId, now);
  if (locked) return end(t("ussd.pinLocked", { time: lagosTime(locked) }));
  return enter(state, "pin", t);
}

function afterPin(state: UssdState, t: TFunction): Promise<Reply> {
  if (state.afterPin === "listings") return enter(state, "myListings", t);
  if (state.afterPin === "orders") return enter(state, "myOrders", t);
  return enter(state, "product", t);
}

const pinDraft = (state: UssdState, pin: string) =>
  createHmac("sha256", sessionSecrets()[0] ?? "")
    .update(`${state.sessionId}\n${pin}`)
    .digest("base64url");

async function confirmNewPin(state: UssdState, answer: string, t: TFunction, now: Date): Promise<Reply> {
  if (!state.pinDraft || pinDraft(state, answer) !== state.pinDraft) {
    state.pinDraft = null;
    return enter(state, "pinNew", t, [t("ussd.pinMismatch")]);
  }
  state.pinDraft = null;
  if (state.userId) {
    // An account without a PIN yet (made on the web, or by buying): the network proves the number.
    if (state.hasPin) {
      const locked = await pinLock(state.userId, now);
      if (locked) return end(t("ussd.pinLocked", { time: lagosTime(locked) }));
      return enter(state, "pin", t);
    }
    await setPin(state.userId, answer);
  } else {
    state.userId = await createPhoneAccount({
      phone: state.phone,
      firstName: state.firstName ?? "",
      language: state.language ?? "en",
      pin: answer,
    });
  }
  state.hasPin = true;
  state.pinOk = true;
  return afterPin(state, t);
}

async function pinAnswer(state: UssdState, answer: string, t: TFunction, now: Date): Promise<Reply> {
  if (!state.userId) return enter(state, "menu", t);
  if (!/^\d{4}$/.test(answer)) return enter(state, "pin", t, [t("ussd.pinInvalid")]);
  const checked = await checkPin(state.userId, answer, now);
  if (checked.ok) {
    state.pinOk = true;
    return afterPin(state, t);
  }
  if ("lockedUntil" in checked) return end(t("ussd.pinLocked", { time: lagosTime(checked.lockedUntil) }));
  return enter(state, "pin", t, [t("ussd.pinWrong", { count: checked.left })]);
}

/** "14:05" in Lagos. */
const lagosTime = (at: Date) => new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(11, 16);

const wholeNumber = (answer: string) => (/^\d{1,7}$/.test(answer) ? Number(answer) : null);

/** A price as typed on a keypad ("30000", "30,000", "N30000", "2500.50"), checked as the listing form checks it. */
function nairaTyped(answer: string): string | null {
  const compact = answer.replace(/^[Nn₦]/, "").replace(/[,\s]/g, "");
  const parsed = priceNgnSchema.safeParse(compact);
  return parsed.success ? parsed.data : null;
}

function firstNameOf(answer: string): string | null {
  const name = answer.replace(/\s+/g, " ").trim();
  if (name.length < FIRST_NAME_MIN || name.length > FIRST_NAME_MAX) return null;
  if (!/^[\p{L}][\p{L}\p{M}' .-]*$/u.test(name)) return null;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

async function productAnswer(state: UssdState, answer: string, t: TFunction): Promise<Reply> {
  const choice = chosen(state, answer);
  let product: ChosenProduct | null = null;
  if (choice) product = await productById(choice.id);
  else if (/^\d+$/.test(answer) || !answer) return enter(state, state.node, t, [t("ussd.invalidChoice")]);
  else {
    const found = (await findPriceProducts(answer.slice(0, 60))).slice(0, USSD_LIST_SIZE);
    if (found.length === 0)
      return enter(state, "product", t, [t("ussd.productUnknown", { typed: answer.slice(0, 30) })]);
    if (found.length > 1) {
      state.choices = numbered(found.map((entry) => ({ id: entry.id, label: entry.name })));
      return reply(
        state,
        "productPick",
        con([t("ussd.productPick")], options(state.choices), `0. ${t("ussd.toMenu")}`),
      );
    }
    product = await productById(found[0]!.id);
  }
  if (!product) return enter(state, "product", t, [t("ussd.invalidChoice")]);
  state.product = product;
  if (state.flow === "sell") return enter(state, "sellQuantity", t);
  return enter(state, "town", t);
}

/** A catalogue category's bundled picture ("Grains & Cereals": /images/products/grains-cereals.svg). */
const categoryPicture = (category: string | undefined) =>
  category && (PRODUCT_CATEGORIES as readonly string[]).includes(category)
    ? `/images/products/${category.toLowerCase().replace(/&/g, "").replace(/\s+/g, "-")}.svg`
    : null;

async function productById(id: string): Promise<ChosenProduct | null> {
  const product = await prisma.product.findFirst({
    where: { id, isActive: true },
    select: { id: true, name: true, unit: true, images: true, categories: true },
  });
  // A listing made on a phone shows the product's picture (a keypad sends none), else its category's.
  const image = product ? (product.images[0] ?? categoryPicture(product.categories[0])) : null;
  return product ? { id: product.id, name: product.name, unit: product.unit, image } : null;
}

async function townAnswer(state: UssdState, answer: string, t: TFunction, now: Date): Promise<Reply> {
  const choice = chosen(state, answer);
  let town: ChosenTown | null = null;
  if (choice) town = townNamed(choice.id);
  else if (/^\d+$/.test(answer) || !answer) return enter(state, "town", t, [t("ussd.invalidChoice")]);
  else {
    const known = findTown(answer);
    if (known) town = { name: known.name, state: known.state, latitude: known.latitude, longitude: known.longitude };
  }
  if (!town) return enter(state, "town", t, [t("ussd.townUnknown", { typed: answer.slice(0, 30) })]);
  state.town = town;
  if (state.flow === "buy") return enter(state, "listings", t);
  return showPrice(state, t, now);
}

function townNamed(name: string): ChosenTown {
  const known = NIGERIAN_TOWNS.find((town) => town.name === name);
  return known
    ? { name: known.name, state: known.state, latitude: known.latitude, longitude: known.longitude }
    : { name, state: null, latitude: null, longitude: null };
}

async function showPrice(state: UssdState, t: TFunction, now: Date): Promise<Reply> {
  const { product, town } = state;
  if (!product || !town) return enter(state, "menu", t);
  const { towns } = await productPrices(product.id, { weeks: 12 }, now);
  const figure = towns.find((row) => row.town === town.name);
  if (!figure) return enter(state, "noPrice", t);
  const values = {
    product: product.name,
    town: town.name,
    week: shortDay(figure.week),
    median: naira(figure.median),
    low: naira(figure.low),
    high: naira(figure.high),
    per: perUnit(t, product.unit),
    count: figure.count,
  };
  state.priceText = t("ussd.sms.price", values);
  state.choices = [];
  return reply(
    state,
    "priceResult",
    con([t("ussd.price", values)], [{ key: "1", label: t("ussd.sendSms") }], `0. ${t("ussd.toMenu")}`),
  );
}

async function textPrice(state: UssdState, t: TFunction): Promise<Reply> {
  if (!state.priceText) return enter(state, "menu", t);
  try {
    await queueSms({
      to: state.phone,
      body: state.priceText,
      kind: "price_answer",
      userId: state.userId,
      plainLetters: plainLettersFor(state.language),
    });
  } catch (error) {
    if (error instanceof Refusal) return end(t("ussd.smsUnavailable"));
    throw error;
  }
  return end(t("ussd.smsSent"));
}

interface NearListing {
  id: string;
  priceNgn: string;
  available: number;
  latitude: number | null;
  longitude: number | null;
  firstName: string;
  lastName: string;
  verified: boolean;
}

/** The five nearest listings of the product on sale (not the caller's own), nearest first. */
async function nearestListings(productId: string, town: ChosenTown, buyerId: string | null) {
  const latitude = town.latitude ?? 0;
  const longitude = town.longitude ?? 0;
  return prisma.$queryRaw<NearListing[]>`
    SELECT l.id, l."priceNgn"::text AS "priceNgn", (l.quantity - l."reservedQuantity")::int AS available,
           l.latitude, l.longitude, u."firstName", u."lastName", (u."phoneVerifiedAt" IS NOT NULL) AS verified
    FROM "Listing" l
    JOIN "User" u ON u.id = l."sellerId"
    WHERE l."productId" = ${productId} AND l.status = 'active' AND l."hiddenAt" IS NULL
      AND u."suspendedAt" IS NULL AND l.quantity > l."reservedQuantity"
      AND l."sellerId" <> ${buyerId ?? ""}
    ORDER BY (l.latitude IS NULL),
             power(l.latitude - ${latitude}, 2) + power((l.longitude - ${longitude}) * cos(radians(${latitude})), 2),
             l."createdAt" DESC
    LIMIT ${USSD_LIST_SIZE}`;
}

async function placeOrder(state: UssdState, t: TFunction, now: Date): Promise<Reply> {
  const { listing, quantity, product } = state;
  if (!listing || !quantity || !product) return enter(state, "menu", t);
  if (!state.userId) {
    state.userId = await createPhoneAccount({
      phone: state.phone,
      firstName: state.firstName ?? "",
      language: state.language ?? "en",
    });
  }
  let placed;
  try {
    placed = await requestListing(state.userId, { listingId: listing.id, quantity }, { placedByPhone: true }, now);
  } catch (error) {
    if (error instanceof Refusal && error.status === 403) return end(t("ussd.ownListing"));
    if (error instanceof Refusal) return end(t("ussd.notEnough", { quantity }));
    throw error;
  }
  const seller = await prisma.user.findUnique({
    where: { id: placed.sellerId },
    select: { firstName: true, lastName: true, phone: true, phoneVerifiedAt: true },
  });
  const shown = await prisma.listing.findUnique({ where: { id: listing.id }, select: { showPhone: true } });
  const sellerName = seller ? publicName(seller.firstName, seller.lastName) : listing.seller;
  // The seller's number, when verified and shown to buyers on the listing; else it comes with their answer.
  const phone = seller?.phoneVerifiedAt && shown?.showPhone ? seller.phone : null;
  const values = {
    reference: placed.reference,
    quantity,
    units: unitsOf(t, product.unit),
    product: product.name,
    seller: sellerName,
    phone,
  };
  try {
    await queueSms({
      to: state.phone,
      body: phone ? t("ussd.sms.orderPlaced", values) : t("ussd.sms.orderPlacedNoPhone", values),
      kind: "order_buyer",
      userId: state.userId,
      plainLetters: plainLettersFor(state.language),
    });
  } catch (error) {
    logger.error({ err: error }, "the buyer's text about a USSD order could not be queued");
  }
  return end(t("ussd.orderSent", { reference: placed.reference, seller: sellerName }));
}

async function listProduct(state: UssdState, t: TFunction): Promise<Reply> {
  const { product, quantity, priceNgn, town, userId } = state;
  if (!product || !quantity || !priceNgn || !town || !userId) return enter(state, "menu", t);
  const parsed = listingSchema.safeParse({
    productId: product.id,
    priceNgn,
    quantity,
    condition: "new",
    images: product.image ? [product.image] : [],
    latitude: town.latitude ?? undefined,
    longitude: town.longitude ?? undefined,
    locality: town.state ? `${town.name}, ${town.state}` : town.name,
    status: "active",
  });
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message ?? "ussd.failed";
    return end(t(key));
  }
  try {
    await createListing(parsed.data, userId);
  } catch (error) {
    if (error instanceof Refusal) return end(t(error.message, error.params));
    throw error;
  }
  return end(
    t("ussd.listed", { product: product.name, quantity, units: unitsOf(t, product.unit), price: naira(priceNgn) }),
  );
}

async function changeListing(state: UssdState, answer: string, t: TFunction): Promise<Reply> {
  const picked = state.picked;
  if (!picked || !state.userId) return enter(state, "menu", t);
  const choice = chosen(state, answer);
  if (!choice) return enter(state, "listingAction", t, [t("ussd.invalidChoice")]);
  const status = choice.id as "active" | "paused" | "sold";
  try {
    await setListingStatus(picked.id, state.userId, status);
  } catch (error) {
    if (error instanceof Refusal && error.message === "moderation.errors.hiddenCannotActivate")
      return end(t("ussd.hiddenListing"));
    if (error instanceof Refusal) return end(t(error.message, error.params));
    throw error;
  }
  return end(t("ussd.listingChanged", { product: picked.label, status: t(`ussd.status.${status}`) }));
}

async function answerOrder(
  state: UssdState,
  move: { action: "accept"; input: Record<string, never> } | { action: "decline"; input: { reason: string } },
  t: TFunction,
  now: Date,
): Promise<Reply> {
  const picked = state.picked;
  if (!picked || !state.userId) return enter(state, "menu", t);
  const [reference = "", buyer = ""] = picked.label.split("|");
  try {
    await moveOrder(picked.id, state.userId, move, now);
  } catch (error) {
    if (error instanceof Refusal && error.status === 409 && error.code === "DB_CONSTRAINT_VIOLATION")
      return end(t("ussd.noLongerApplies"));
    if (error instanceof Refusal) return end(t(error.message, { ...error.params, name: error.params?.name ?? "" }));
    throw error;
  }
  return end(t(move.action === "accept" ? "ussd.accepted" : "ussd.declined", { reference, buyer }));
}

function reply(state: UssdState, node: NodeName, screen: Reply): Reply {
  state.node = node;
  return screen;
}

/** Shows a screen, working out what it offers; `notes` are said first (an error, a confirmation). */
async function enter(state: UssdState, node: NodeName, t: TFunction, notes: string[] = []): Promise<Reply> {
  state.choices = [];
  const menuFooter = `0. ${t("ussd.toMenu")}`;
  switch (node) {
    case "language":
      state.choices = numbered(LANGUAGES.map((language) => ({ id: language.code, label: language.name })));
      return reply(state, node, con([...notes, t("ussd.chooseLanguage")], options(state.choices)));
    case "menu":
      state.flow = null;
      return reply(
        state,
        node,
        con(
          [...notes, t("ussd.menu")],
          MENU.map((item) => ({ key: item.key, label: t(item.label) })),
        ),
      );
    case "product":
    case "productPick": {
      const popular = (await popularPriceProducts()).slice(0, USSD_LIST_SIZE);
      state.choices = numbered(popular.map((product) => ({ id: product.id, label: product.name })));
      return reply(state, "product", con([...notes, t("ussd.productPrompt")], options(state.choices), menuFooter));
    }
    case "town": {
      const towns = state.product ? (await productPrices(state.product.id, { weeks: 4 })).towns : [];
      towns.sort((a, b) => b.count - a.count || a.town.localeCompare(b.town));
      state.choices = numbered(towns.slice(0, 4).map((row) => ({ id: row.town, label: row.town })));
      const prompt = state.choices.length > 0 ? t("ussd.townPrompt") : t("ussd.townTyped");
      return reply(state, node, con([...notes, prompt], options(state.choices), menuFooter));
    }
    case "noPrice":
      return reply(
        state,
        node,
        con(
          [...notes, t("ussd.noPrice", { product: state.product?.name ?? "", town: state.town?.name ?? "" })],
          [{ key: "1", label: t("ussd.anotherTown") }],
          menuFooter,
        ),
      );
    case "listings": {
      const { product, town } = state;
      if (!product || !town) return enter(state, "menu", t);
      const found = await nearestListings(product.id, town, state.userId);
      if (found.length === 0) return end(...notes, t("ussd.noListings", { product: product.name, town: town.name }));
      state.choices = found.map((row, index) => {
        const seller = publicName(row.firstName, row.lastName);
        const km =
          row.latitude !== null && row.longitude !== null && town.latitude !== null && town.longitude !== null
            ? ` ${Math.round(distanceKm({ latitude: row.latitude, longitude: row.longitude }, { latitude: town.latitude, longitude: town.longitude }))}km`
            : "";
        return {
          key: String(index + 1),
          id: [row.id, row.priceNgn, row.available, seller].join("|"),
          label: `${seller}${row.verified ? "+" : ""} ${row.available} ${unitsOf(t, product.unit)} ${naira(row.priceNgn)}${km}`,
        };
      });
      return reply(
        state,
        node,
        con(
          [...notes, t("ussd.listingsTitle", { product: product.name, town: town.name })],
          options(state.choices),
          menuFooter,
        ),
      );
    }
    case "quantity":
      return reply(
        state,
        node,
        con([
          ...notes,
          t("ussd.quantityPrompt", {
            units: unitsOf(t, state.product?.unit ?? null),
            max: state.listing?.available ?? 0,
          }),
        ]),
      );
    case "buyerName":
    case "sellName":
      return reply(state, node, con([...notes, t("ussd.namePrompt")]));
    case "orderConfirm": {
      const { listing, quantity, product } = state;
      if (!listing || !quantity || !product) return enter(state, "menu", t);
      const total = Number(listing.priceNgn) * quantity;
      state.choices = [{ key: "1", id: "send", label: t("ussd.sendRequest") }];
      return reply(
        state,
        node,
        con(
          [
            ...notes,
            t("ussd.orderConfirm", {
              seller: listing.seller,
              quantity,
              units: unitsOf(t, product.unit),
              product: product.name,
              price: naira(listing.priceNgn),
              total: naira(total),
            }),
          ],
          options(state.choices),
          menuFooter,
        ),
      );
    }
    case "pinNew":
      return reply(state, node, con([...notes, t("ussd.pinNew")]));
    case "pinAgain":
      return reply(state, node, con([...notes, t("ussd.pinAgain")]));
    case "pin":
      return reply(state, node, con([...notes, t("ussd.pinPrompt")]));
    case "sellQuantity":
      return reply(
        state,
        node,
        con([
          ...notes,
          t("ussd.sellQuantity", {
            units: unitsOf(t, state.product?.unit ?? null),
            product: state.product?.name ?? "",
          }),
        ]),
      );
    case "sellPrice":
      return reply(state, node, con([...notes, t("ussd.sellPrice", { per: perUnit(t, state.product?.unit ?? null) })]));
    case "sellTown":
      return reply(state, node, con([...notes, t("ussd.sellTown")]));
    case "sellConfirm": {
      const { product, quantity, priceNgn, town } = state;
      if (!product || !quantity || !priceNgn || !town) return enter(state, "menu", t);
      return reply(
        state,
        node,
        con(
          [
            ...notes,
            t("ussd.sellConfirm", {
              quantity,
              units: unitsOf(t, product.unit),
              product: product.name,
              price: naira(priceNgn),
              town: town.name,
            }),
          ],
          [
            { key: "1", label: t("ussd.yes") },
            { key: "2", label: t("ussd.no") },
          ],
        ),
      );
    }
    case "myListings": {
      if (!state.userId) return enter(state, "menu", t);
      const listings = await prisma.listing.findMany({
        where: { sellerId: state.userId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: USSD_LIST_SIZE,
        select: {
          id: true,
          title: true,
          status: true,
          quantity: true,
          priceNgn: true,
          product: { select: { name: true, unit: true } },
        },
      });
      if (listings.length === 0) return end(...notes, t("ussd.noListingsOwn"));
      state.choices = listings.map((listing, index) => {
        const name = listing.product?.name ?? listing.title ?? "";
        return {
          key: String(index + 1),
          id: `${listing.id}|${listing.status}`,
          label: `${name} ${listing.quantity} ${naira(listing.priceNgn.toString())} ${t(`ussd.status.${listing.status}`)}`,
        };
      });
      return reply(state, node, con([...notes, t("ussd.myListings")], options(state.choices), menuFooter));
    }
    case "listingAction": {
      const picked = state.picked;
      if (!picked) return enter(state, "menu", t);
      const [id = "", status = ""] = picked.id.split("|");
      const name = picked.label.split(" ").slice(0, -3).join(" ") || picked.label;
      state.picked = { key: picked.key, id, label: name };
      const moves =
        status === "active"
          ? [
              { id: "paused", label: t("ussd.pause") },
              { id: "sold", label: t("ussd.markSold") },
            ]
          : status === "paused"
            ? [
                { id: "active", label: t("ussd.activate") },
                { id: "sold", label: t("ussd.markSold") },
              ]
            : [{ id: "active", label: t("ussd.activate") }];
      state.choices = numbered(moves);
      return reply(
        state,
        node,
        con([...notes, `${name}: ${t(`ussd.status.${status}`)}`], options(state.choices), menuFooter),
      );
    }
    case "myOrders": {
      if (!state.userId) return enter(state, "menu", t);
      const orders = await prisma.order.findMany({
        where: { sellerId: state.userId, status: "requested" },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: USSD_LIST_SIZE,
        select: { id: true, reference: true, totalNgn: true, buyer: { select: { firstName: true, lastName: true } } },
      });
      if (orders.length === 0) return end(...notes, t("ussd.noOrders"));
      state.choices = orders.map((order, index) => ({
        key: String(index + 1),
        id: order.id,
        label: `${order.reference} ${publicName(order.buyer.firstName, order.buyer.lastName)} ${naira(order.totalNgn.toString())}`,
      }));
      return reply(state, node, con([...notes, t("ussd.myOrders")], options(state.choices), menuFooter));
    }
    case "orderAction": {
      const picked = state.picked;
      if (!picked || !state.userId) return enter(state, "menu", t);
      const order = await prisma.order.findFirst({
        where: { id: picked.id, sellerId: state.userId },
        select: {
          reference: true,
          totalNgn: true,
          buyer: { select: { firstName: true, lastName: true } },
          items: { select: { name: true, unit: true, quantity: true }, orderBy: { id: "asc" } },
        },
      });
      if (!order) return enter(state, "menu", t);
      const buyer = publicName(order.buyer.firstName, order.buyer.lastName);
      const summary = order.items.map((item) => `${item.quantity} ${unitsOf(t, item.unit)} ${item.name}`).join(", ");
      state.picked = { key: picked.key, id: picked.id, label: `${order.reference}|${buyer}` };
      state.choices = [
        { key: "1", id: "accept", label: t("ussd.accept") },
        { key: "2", id: "decline", label: t("ussd.decline") },
      ];
      return reply(
        state,
        node,
        con(
          [
            ...notes,
            t("ussd.orderDetail", {
              reference: order.reference,
              buyer,
              summary,
              total: naira(order.totalNgn.toString()),
            }),
          ],
          options(state.choices),
          menuFooter,
        ),
      );
    }
    case "declineReason":
      state.choices = numbered(
        DECLINE_REASONS.map((reason) => ({ id: reason, label: t(`ussd.declineReasons.${reason}`) })),
      );
      return reply(state, node, con([...notes, t("ussd.declineWhy")], options(state.choices)));
    case "priceResult":
      return enter(state, "menu", t, notes);
  }
}
