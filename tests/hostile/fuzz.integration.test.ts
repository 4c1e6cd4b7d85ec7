import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordIndexChange } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import { callbackToken } from "~/modules/sms/callback.server";
import {
  endTrial,
  finishedAnalysis,
  indexPendingChanges,
  newIp,
  signedInUser,
  subscribe,
  uniqueName,
  type SignedIn,
} from "../support/api-client";
import {
  formBodyCases,
  idCases,
  idempotencyKeyCases,
  jsonBodyCases,
  methodCases,
  multipartCases,
  queryCases,
  seededRandom,
  type FuzzRequest,
  type Json,
} from "../support/fuzz";
import { createListing, createProduct } from "../support/market";
import { serveForTests } from "../support/web";

// Every /api route, sent well over a thousand generated malformed requests (tests/support/fuzz.ts):
// wrong types, missing and smuggled fields, huge texts and arrays, NUL bytes and lone
// surrogates, NaN and overflowing numbers, deep nesting, prototype keys, wrong and missing
// content types, empty, truncated and oversized bodies, spoilt photo forms, ids that are not
// ids, repeated and unknown query keys, methods a route does not take. For each answer:
// never 5xx; a refusal is the catalogue's JSON; a refused request has changed nothing
// (every row the test's accounts own is compared before and after it); and afterwards the
// server is healthy and still serves its owner.

// Demo mode, so that checkout has a provider (the sandbox) and malformed requests reach it.
vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
});

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const web = serveForTests();

// The specification's catalogue (platform.md, section 8): every refusal's code is one of these.
const CATALOGUE = new Set(
  (
    "VLD_REQUIRED_FIELD VLD_INVALID_EMAIL VLD_INVALID_PHONE VLD_PASSWORD_TOO_SHORT VLD_PASSWORD_TOO_WEAK VLD_INVALID_GPS_COORDS " +
    "VLD_INVALID_PRICE VLD_INVALID_QUANTITY VLD_INVALID_CROP_TYPE VLD_FARM_NAME_TOO_LONG AUTH_INVALID_CREDENTIALS AUTH_USER_NOT_FOUND " +
    "AUTH_USERNAME_EXISTS AUTH_EMAIL_EXISTS AUTH_SESSION_EXPIRED AUTH_ACCOUNT_LOCKED AUTH_EMAIL_NOT_VERIFIED AUTHZ_SUBSCRIPTION_REQUIRED " +
    "AUTHZ_SUBSCRIPTION_EXPIRED AUTHZ_FEATURE_LIMIT_REACHED AUTHZ_INSUFFICIENT_PERMISSIONS AUTHZ_FARM_ACCESS_DENIED NET_CONNECTION_TIMEOUT " +
    "NET_SERVER_UNAVAILABLE NET_SLOW_CONNECTION NET_DNS_RESOLUTION_FAILED NET_REQUEST_FAILED DB_CONNECTION_FAILED DB_QUERY_TIMEOUT " +
    "DB_CONSTRAINT_VIOLATION DB_DUPLICATE_ENTRY DB_RECORD_NOT_FOUND DB_TRANSACTION_FAILED FILE_TOO_LARGE FILE_INVALID_TYPE FILE_CORRUPTED " +
    "FILE_UPLOAD_FAILED FILE_VIRUS_DETECTED FILE_PROCESSING_FAILED AI_SERVICE_UNAVAILABLE AI_ANALYSIS_FAILED AI_INVALID_IMAGE " +
    "AI_QUOTA_EXCEEDED AI_MODEL_OVERLOADED AI_PROCESSING_TIMEOUT PAY_CARD_DECLINED PAY_INSUFFICIENT_FUNDS PAY_PAYMENT_FAILED " +
    "PAY_INVALID_CARD PAY_EXPIRED_CARD PAY_PROCESSING_ERROR FARM_GPS_UNAVAILABLE FARM_BOUNDARY_INVALID FARM_AREA_TOO_LARGE " +
    "FARM_LOCATION_RESTRICTED FARM_DATA_INCOMPLETE MKT_PRODUCT_NOT_FOUND MKT_LISTING_EXPIRED MKT_OUT_OF_STOCK MKT_PRICE_CHANGED " +
    "MKT_SELLER_UNAVAILABLE RATE_LIMIT_EXCEEDED RATE_TOO_MANY_REQUESTS RATE_DAILY_LIMIT_REACHED RATE_IP_BLOCKED SYS_INTERNAL_ERROR " +
    "SYS_MAINTENANCE_MODE SYS_SERVICE_DEGRADED SYS_CONFIGURATION_ERROR SEC_SUSPICIOUS_ACTIVITY SEC_INVALID_TOKEN SEC_CSRF_VIOLATION " +
    "SEC_IP_BLOCKED SEC_MALICIOUS_REQUEST"
  ).split(" "),
);

interface Owner extends SignedIn {
  farmId: string;
  plotId: string;
  listingId: string;
  analysisId: string;
  /** An order this owner sent to the next owner (they are its buyer). */
  orderId: string;
  /** The order the previous owner sent this one (they are its seller), and its one item. */
  saleId: string;
  saleItemId: string;
}
type Actor = "visitor" | "owner" | "admin" | "plain";

const owners: Owner[] = [];
let admin: SignedIn;
let plain: SignedIn;
let productId = "";
const registerPrefix = `fz${randomBytes(3).toString("hex")}`;

const SQUARE = {
  type: "Polygon",
  coordinates: [
    [
      [3.9, 7.4],
      [3.901, 7.4],
      [3.901, 7.401],
      [3.9, 7.401],
      [3.9, 7.4],
    ],
  ],
};

beforeAll(async () => {
  // Three owners, so that the per-account limits (30 uploads or analyses in ten minutes, 60
  // searches a minute) leave most cases to reach the checks behind them.
  for (let index = 0; index < 3; index += 1) {
    const owner = await signedInUser("USER", "fuzz_owner");
    await subscribe(owner.user.id);
    const farm = await send(owner.cookie, "POST", "/api/farms", {
      name: uniqueName("Fuzz farm"),
      crops: ["Cassava"],
      boundary: SQUARE,
    });
    expect(farm.status).toBe(201);
    const farmId = (farm.json as { farm: { id: string } }).farm.id;
    const plot = await send(owner.cookie, "POST", `/api/farms/${farmId}/plots`, {
      name: "North field",
      type: "field",
      crops: ["Maize"],
    });
    expect(plot.status).toBe(201);
    owners.push({
      ...owner,
      farmId,
      plotId: (plot.json as { plot: { id: string } }).plot.id,
      listingId: "",
      analysisId: "",
      orderId: "",
      saleId: "",
      saleItemId: "",
    });
  }
  admin = await signedInUser("ADMIN", "fuzz_admin");
  plain = await signedInUser("USER", "fuzz_plain");
  await endTrial(plain.user.id);
  productId = (await createProduct({ name: uniqueName("Fuzz maize"), createdById: admin.user.id })).id;
  for (const owner of owners) {
    owner.listingId = (
      await createListing(owner.user.id, { productId, images: ["/images/products/maize.svg"], locality: "Oyo" })
    ).id;
    owner.analysisId = await finishedAnalysis(owner.user.id, { severity: "low", diagnosis: "Healthy leaves" });
  }
  // Each owner has asked the next for one bag of their listing: a buyer of one order, a seller of another.
  for (const [index, owner] of owners.entries()) {
    const seller = owners[(index + 1) % owners.length]!;
    const order = await prisma.order.create({
      data: {
        reference: `AS-FZ${index}${randomBytes(2).toString("hex").toUpperCase()}`,
        buyerId: owner.user.id,
        sellerId: seller.user.id,
        fulfilment: "pickup",
        totalNgn: "5000.00",
        items: { create: [{ listingId: seller.listingId, name: "Fuzz maize", quantity: 1, priceNgn: "5000.00" }] },
      },
      select: { id: true, items: { select: { id: true } } },
    });
    owner.orderId = order.id;
    seller.saleId = order.id;
    seller.saleItemId = order.items[0]!.id;
  }
}, 120_000);

afterAll(async () => {
  // What the accounts made, search documents included (as the app's own deletes do), and the
  // accounts that registrations which were let through made.
  const ids = [...owners.map((owner) => owner.user.id), admin?.user.id, plain?.user.id].filter((id): id is string =>
    Boolean(id),
  );
  await prisma.$transaction(async (tx) => {
    const [farms, listings, products] = await Promise.all([
      tx.farm.findMany({ where: { ownerId: { in: ids } }, select: { id: true } }),
      tx.listing.findMany({ where: { sellerId: { in: ids } }, select: { id: true } }),
      tx.product.findMany({ where: { createdById: { in: ids } }, select: { id: true } }),
    ]);
    for (const { id } of farms) await recordIndexChange(tx, "farm", id);
    for (const { id } of listings) await recordIndexChange(tx, "listing", id);
    for (const { id } of products) await recordIndexChange(tx, "product", id);
    await tx.farm.deleteMany({ where: { ownerId: { in: ids } } });
    await tx.listing.deleteMany({ where: { sellerId: { in: ids } } });
    // Products the administrator's accepted requests made (names as hostile as the fuzz writes them)
    // go here, with their search documents, not later without them: a search file after this one
    // would find "' OR '1'='1'" otherwise.
    await tx.product.deleteMany({ where: { createdById: { in: ids } } });
    await tx.user.deleteMany({ where: { username: { startsWith: registerPrefix } } });
    await tx.newsletterSubscription.deleteMany({ where: { email: { startsWith: registerPrefix } } });
  });
  await indexPendingChanges();
});

interface Answer {
  status: number;
  type: string;
  text: string;
  json: unknown;
}

/**
 * Sends one request over node:http, so that an answer the server gives before it has read the
 * whole body (a 413 for a body past its cap, say) is still read, as a browser would show it.
 */
function send(
  cookie: string | undefined,
  method: string,
  path: string,
  body?: Json | Buffer,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const raw = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  const url = new URL(web.baseUrl);
  const outgoing: Record<string, string> = {
    "X-Forwarded-For": newIp(),
    ...(raw && !Buffer.isBuffer(body) ? { "Content-Type": "application/json" } : {}),
    ...headers,
    ...(cookie ? { Cookie: cookie } : {}),
    ...(raw ? { "Content-Length": String(raw.length) } : {}),
  };
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const request = httpRequest({ host: url.hostname, port: url.port, path, method, headers: outgoing }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      const done = () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown = undefined;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"] ?? ""), text, json });
      };
      response.on("end", done);
      response.on("error", done);
    });
    // Once the server has answered and closed, the rest of the body cannot be sent: expected.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    request.end(raw);
  });
}

/** Everything the test's accounts own, as one comparable text: a refused request must leave it as it was. */
async function ownedState() {
  const ids = [...owners.map((owner) => owner.user.id), admin.user.id, plain.user.id];
  const [row] = await prisma.$queryRaw<{ state: unknown }[]>`
    SELECT json_build_object(
      'users', (SELECT json_agg(json_build_object('id', id, 'updated', "updatedAt", 'phone', phone, 'email', email, 'role', role) ORDER BY id) FROM "User" WHERE id = ANY(${ids})),
      'registered', (SELECT count(*) FROM "User" WHERE username LIKE ${`${registerPrefix}%`}),
      'newsletter', (SELECT count(*) FROM "NewsletterSubscription" WHERE email LIKE ${`${registerPrefix}%`}),
      'sessions', (SELECT count(*) FROM "Session" WHERE "userId" = ANY(${ids})),
      'listings', (SELECT json_build_array(count(*), max("updatedAt")) FROM "Listing" WHERE "sellerId" = ANY(${ids})),
      'farms', (SELECT json_build_array(count(*), max("updatedAt")) FROM "Farm" WHERE "ownerId" = ANY(${ids})),
      'plots', (SELECT json_build_array(count(*), max(p."updatedAt")) FROM "Plot" p JOIN "Farm" f ON f.id = p."farmId" WHERE f."ownerId" = ANY(${ids})),
      'analyses', (SELECT json_build_array(count(*), max("createdAt")) FROM "Analysis" WHERE "userId" = ANY(${ids})),
      'uploads', (SELECT count(*) FROM "Upload" WHERE "ownerId" = ANY(${ids})),
      'subscriptions', (SELECT json_build_array(count(*), max("updatedAt")) FROM "Subscription" WHERE "userId" = ANY(${ids})),
      'uses', (SELECT count(*) FROM "PremiumFeatureUse" WHERE "userId" = ANY(${ids})),
      'products', (SELECT json_build_array(count(*), max("updatedAt")) FROM "Product" WHERE "createdById" = ANY(${ids}) OR id = ${productId}),
      'payments', (SELECT count(*) FROM "PaymentEvent" WHERE id LIKE 'evt_fz%'),
      'stock', (SELECT json_build_array(sum(quantity), sum("reservedQuantity"), string_agg(status::text, ',' ORDER BY id)) FROM "Listing" WHERE "sellerId" = ANY(${ids})),
      'cart', (SELECT json_build_array(count(*), max("updatedAt"), sum(quantity)) FROM "CartItem" WHERE "userId" = ANY(${ids})),
      'orders', (SELECT json_build_array(count(*), max("updatedAt")) FROM "Order" WHERE "buyerId" = ANY(${ids}) OR "sellerId" = ANY(${ids})),
      'items', (SELECT json_agg(json_build_array(i.quantity, i."proposedQuantity", i."proposedPriceNgn") ORDER BY i.id) FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE o."buyerId" = ANY(${ids})),
      'messages', (SELECT count(*) FROM "OrderMessage" WHERE "authorId" = ANY(${ids})),
      'notifications', (SELECT json_build_array(count(*), count(*) FILTER (WHERE "readAt" IS NULL)) FROM "Notification" WHERE "userId" = ANY(${ids})),
      'reviews', (SELECT json_build_array(count(*), max("repliedAt")) FROM "Review" WHERE "reviewerId" = ANY(${ids}) OR "sellerId" = ANY(${ids})),
      'tradeReports', (SELECT count(*) FROM "TradeReport" WHERE "reporterId" = ANY(${ids}))
    ) AS state`;
  return JSON.stringify(row?.state);
}

interface Case extends FuzzRequest {
  actor: Actor;
  /** Which owner (of three) sends it, when the owner does. */
  ownerIndex: number;
}

function buildCases(): Case[] {
  const random = seededRandom(SEED);
  const cases: Case[] = [];
  let turn = 0;
  // Each owner in turn, so the per-account limits are shared out.
  const as = (actor: Actor, requests: FuzzRequest[]) => {
    for (const request of requests) cases.push({ ...request, actor, ownerIndex: turn++ % 3 });
  };
  // Paths that name an owner's things are written with placeholders, filled in for the owner that sends them.
  const F = "{farm}";
  const P = "{plot}";
  const L = "{listing}";
  const A = "{analysis}";

  const listing: Record<string, Json> = {
    productId: "{product}",
    priceNgn: 12500,
    quantity: 4,
    condition: "new",
    images: ["/images/products/maize.svg"],
    latitude: 7.38,
    longitude: 3.95,
    locality: "Ibadan",
    showPhone: false,
    status: "active",
  };
  const farm: Record<string, Json> = {
    name: "Fuzz acres",
    description: "Cassava and yam",
    crops: ["Cassava", "Yam"],
    centerLat: 7.4,
    centerLng: 3.9,
  };
  const plot: Record<string, Json> = {
    name: "South field",
    type: "field",
    crops: ["Maize"],
    geometry: SQUARE,
    centroidLat: 7.4,
    centroidLng: 3.9,
  };
  const product: Record<string, Json> = {
    name: "Fuzz sorghum",
    description: "Red sorghum",
    categories: ["Grains & Cereals"],
    unit: "kg",
    isActive: true,
    images: [],
  };
  const report: Record<string, Json> = {
    errorId: "ERR-FUZZ-0001",
    boundary: "FuzzPage",
    level: "page",
    message: "Cannot read properties of undefined",
    stack: "TypeError: ...",
    componentStack: null,
    timestamp: "2026-11-24T12:00:00.000Z",
    userAgent: "Mozilla/5.0",
    url: "http://localhost/marketplace",
    retryCount: 1,
  };

  // The account.
  as(
    "visitor",
    jsonBodyCases(
      "POST",
      "/api/register",
      {
        username: `${registerPrefix}ok`,
        password: "correct-horse-8",
        firstName: "Ada",
        lastName: "Obi",
        email: `${registerPrefix}@example.ng`,
        occupation: "herbalist",
      },
      random,
      6,
    ),
  );
  as("visitor", jsonBodyCases("POST", "/api/login", { username: "nobody_here", password: "not-the-password" }, random));
  as("visitor", [...jsonBodyCases("POST", "/api/logout", {}, random), ...methodCases("/api/logout", ["POST"])]);
  as("owner", [...queryCases("/api/user", {}, random), ...methodCases("/api/user", ["GET"])]);
  as("owner", [
    ...jsonBodyCases("PUT", "/api/user/phone", { phone: "+2348031234567" }, random, 14),
    ...methodCases("/api/user/phone", ["GET", "PUT", "DELETE"]),
    ...jsonBodyCases("POST", "/api/user/phone/verify", { code: "123456" }, random, 8),
    ...methodCases("/api/user/phone/verify", ["POST"]),
  ]);
  // Sellers' pages and saved listings: ids that name nothing are 404; a page that is no number is the first.
  as("owner", [
    ...queryCases("/api/sellers/cm0000000000000000000000", { page: "2" }, random),
    ...idCases(["GET"], (id) => `/api/sellers/${id}`),
    ...methodCases(`/api/sellers/cm0000000000000000000000`, ["GET"]),
    ...queryCases("/api/saved-listings", {}, random),
    ...methodCases("/api/saved-listings", ["GET"]),
    ...idCases(["GET", "PUT", "DELETE"], (id) => `/api/saved-listings/${id}`),
    ...methodCases(`/api/saved-listings/${L}`, ["GET", "PUT", "DELETE"]),
  ]);
  // The cart, orders, their threads and reviews, notifications. {order} is one the owner asked for
  // (their moves are the buyer's), {sale} one they were asked for (the seller's); {other} is the
  // next owner's listing, which may go in the cart.
  const O = "{order}";
  const S = "{sale}";
  as("owner", [
    ...queryCases("/api/cart", {}, random),
    ...methodCases("/api/cart", ["GET"]),
    ...jsonBodyCases("PUT", "/api/cart/items/{other}", { quantity: 1 }, random, 10),
    ...idCases(["PUT", "DELETE"], (id) => `/api/cart/items/${id}`, { quantity: 1 }),
    ...methodCases("/api/cart/items/{other}", ["PUT", "DELETE"]),
    ...queryCases("/api/orders", { role: "seller", status: "requested", page: "1" }, random, 6),
    ...jsonBodyCases(
      "POST",
      "/api/orders",
      { sellerId: "{otherSeller}", fulfilment: "delivery", town: "Kano", deliveryNote: "Gate 2", message: "Hello" },
      random,
      5,
    ),
    ...methodCases("/api/orders", ["GET", "POST"]),
    ...idCases(["GET"], (id) => `/api/orders/${id}`),
    ...methodCases(`/api/orders/${O}`, ["GET"]),
    ...jsonBodyCases(
      "POST",
      `/api/orders/${S}/accept`,
      { items: [{ id: "{saleItem}", quantity: 1, priceNgn: "4800" }] },
      random,
      8,
    ),
    ...jsonBodyCases("POST", `/api/orders/${S}/decline`, { reason: "Sold out at the market" }, random, 6),
    ...jsonBodyCases("POST", `/api/orders/${O}/dispute`, { reason: "not_received", note: "Nobody came" }, random, 6),
    ...jsonBodyCases("POST", `/api/orders/${O}/confirm`, {}, random),
    ...idCases(["POST"], (id) => `/api/orders/${id}/cancel`),
    ...methodCases(`/api/orders/${O}/cancel`, ["POST"]),
    ...jsonBodyCases("POST", `/api/orders/${O}/messages`, { body: "Can you do 4,500?" }, random, 6),
    ...methodCases(`/api/orders/${O}/messages`, ["GET", "POST"]),
    ...idCases(["GET", "POST"], (id) => `/api/orders/${id}/messages`, { body: "hello" }),
    ...idCases(["POST"], (id) => `/api/orders/${O}/messages/${id}/reports`, { reason: "scam" }),
    ...jsonBodyCases("POST", `/api/orders/${O}/review`, { rating: 5, text: "Good maize" }, random, 6),
    ...jsonBodyCases("PUT", `/api/orders/${S}/review`, { reply: "Thank you" }, random, 4),
    ...methodCases(`/api/orders/${O}/review`, ["POST", "PUT"]),
    ...queryCases("/api/notifications", { page: "1" }, random, 4),
    ...methodCases("/api/notifications", ["GET"]),
    ...jsonBodyCases("POST", "/api/notifications/read", { ids: ["cm000000000000000000000000"] }, random, 6),
    ...methodCases("/api/notifications/read", ["POST"]),
    ...jsonBodyCases(
      "POST",
      "/api/reviews/cm000000000000000000000000/reports",
      { reason: "offensive", note: "Rude" },
      random,
      4,
    ),
    ...idCases(["POST"], (id) => `/api/reviews/${id}/reports`, { reason: "offensive" }),
    ...queryCases("/api/prices", { product_id: "{product}", town: "Kano", weeks: "12" }, random, 8),
    ...methodCases("/api/prices", ["GET"]),
    ...queryCases("/api/prices/usual", { product_id: "{product}", locality: "Kano", lat: "12", lng: "8.5" }, random, 8),
    ...queryCases("/api/prices/usual", { listing_id: "cm000000000000000000000000" }, random, 2),
    ...methodCases("/api/prices/usual", ["GET"]),
    ...jsonBodyCases(
      "POST",
      "/api/price-alerts",
      { product_id: "{product}", town: "Kano", target_price: "9000" },
      random,
      8,
    ),
    ...jsonBodyCases("DELETE", "/api/price-alerts", { id: "cm000000000000000000000000" }, random, 4),
    ...methodCases("/api/price-alerts", ["GET", "POST", "DELETE"]),
    ...queryCases("/api/sellers/{otherSeller}/reviews", { page: "1" }, random, 4),
    ...idCases(["GET"], (id) => `/api/sellers/${id}/reviews`),
  ]);
  as("owner", [...queryCases("/api/admin/check", {}, random), ...methodCases("/api/admin/check", ["GET"])]);
  // The account's signed-in devices: ids that name no session of one's own are 404, and end nothing.
  as("owner", [
    ...queryCases("/api/user/sessions", {}, random),
    ...methodCases("/api/user/sessions", ["GET"]),
    ...idCases(["DELETE"], (id) => `/api/user/sessions/${id}`),
    ...methodCases("/api/user/sessions/00000000-0000-4000-8000-000000000000", ["DELETE"]),
  ]);
  // The footer newsletter: anyone subscribes; only administrators export the list (as CSV).
  as("visitor", [
    ...jsonBodyCases("POST", "/api/newsletter", { email: `${registerPrefix}-news@example.ng` }, random, 6),
    ...methodCases("/api/newsletter", ["POST"]),
  ]);
  as("admin", [...queryCases("/api/admin/newsletter", {}, random), ...methodCases("/api/admin/newsletter", ["GET"])]);
  as("plain", queryCases("/api/admin/newsletter", {}, random));
  // Reports and moderation: nobody reports their own listing, whatever the body (400 or 403); only
  // administrators reach the moderation routes (here a report and a user that do not exist).
  as("owner", [
    ...jsonBodyCases("POST", `/api/market/listings/${L}/reports`, { reason: "scam", note: "Fuzz" }, random, 6),
    ...methodCases(`/api/market/listings/${L}/reports`, ["POST"]),
    ...idCases(["POST"], (id) => `/api/market/listings/${id}/reports`, { reason: "scam" }),
  ]);
  const NO_ID = "cm000000000000000000000000";
  as("admin", [
    ...queryCases("/api/admin/trade-reports", {}, random),
    ...methodCases("/api/admin/trade-reports", ["GET"]),
    ...jsonBodyCases(
      "POST",
      `/api/admin/trade-reports/${NO_ID}/resolve`,
      { action: "cancel_order", note: "Fuzz" },
      random,
      6,
    ),
    ...idCases(["POST"], (id) => `/api/admin/trade-reports/${id}/resolve`, { action: "dismiss" }),
  ]);
  as("admin", [
    ...queryCases("/api/admin/reports", {}, random),
    ...methodCases("/api/admin/reports", ["GET"]),
    ...jsonBodyCases(
      "POST",
      `/api/admin/reports/${NO_ID}/resolve`,
      { action: "hide_listing", note: "Fuzz" },
      random,
      6,
    ),
    ...methodCases(`/api/admin/reports/${NO_ID}/resolve`, ["POST"]),
    ...idCases(["POST"], (id) => `/api/admin/reports/${id}/resolve`, { action: "dismiss" }),
    ...jsonBodyCases("POST", `/api/admin/users/${NO_ID}/unsuspend`, { note: "Fuzz" }, random, 6),
    ...methodCases(`/api/admin/users/${NO_ID}/unsuspend`, ["POST"]),
    ...idCases(["POST"], (id) => `/api/admin/users/${id}/unsuspend`, {}),
  ]);
  as("plain", [
    ...queryCases("/api/admin/reports", {}, random),
    ...jsonBodyCases(
      "POST",
      `/api/admin/reports/${NO_ID}/resolve`,
      { action: "suspend_seller", note: "Fuzz" },
      random,
      2,
    ),
  ]);
  // The account's data rights: a copy (no body is read), its download by an id that names no copy
  // of one's own (404), and deletion, which no malformed body (and no password: the owners' hashes
  // match none) may ever carry out.
  as("owner", [
    ...queryCases("/api/user/export", {}, random),
    ...jsonBodyCases("POST", "/api/user/export", {}, random, 3),
    ...methodCases("/api/user/export", ["GET", "POST"]),
    ...idCases(["GET"], (id) => `/api/user/export/${id}`),
    ...methodCases("/api/user/export/cm000000000000000000000000", ["GET"]),
  ]);
  as("owner", [
    ...jsonBodyCases("DELETE", "/api/user/account", { password: "not-the-password" }, random, 8),
    ...methodCases("/api/user/account", ["DELETE"]),
  ]);
  as(
    "visitor",
    jsonBodyCases("POST", "/api/preferences", { theme: "dark", language: "ha", back: "/marketplace" }, random, 6),
  );

  // The marketplace.
  as(
    "owner",
    queryCases(
      "/api/market/listings",
      {
        search: "maize",
        categories: "Grains & Cereals",
        price_min: "100",
        price_max: "50000",
        sort: "price_low",
        limit: "10",
        offset: "0",
        lat: "7.4",
        lng: "3.9",
        radius_km: "50",
      },
      random,
      6,
    ),
  );
  as("owner", [
    ...jsonBodyCases("POST", "/api/market/listings", listing, random),
    ...idempotencyKeyCases("/api/market/listings", listing),
  ]);
  as("owner", [
    ...jsonBodyCases("PATCH", `/api/market/listings/${L}`, listing, random, 5),
    ...methodCases(`/api/market/listings/${L}`, ["GET", "PATCH", "DELETE"]),
  ]);
  as(
    "owner",
    idCases(["GET", "PATCH", "DELETE"], (id) => `/api/market/listings/${id}`, { status: "paused" }),
  );
  as(
    "admin",
    queryCases(
      "/api/products",
      { search: "maize", categories: "Grains & Cereals", is_active: "true", limit: "10", offset: "0" },
      random,
      6,
    ),
  );
  as("admin", jsonBodyCases("POST", "/api/products", product, random));
  as("admin", [
    ...jsonBodyCases("PATCH", "/api/products/{product}", product, random, 5),
    ...methodCases("/api/products/{product}", ["GET", "PATCH", "DELETE"]),
  ]);
  as(
    "admin",
    idCases(["GET", "PATCH", "DELETE"], (id) => `/api/products/${id}`, product),
  );
  as("owner", jsonBodyCases("POST", "/api/uploads", {}, random).slice(-10));
  as("owner", multipartCases("/api/uploads", "file", { purpose: "listing" }));
  // A catalogue photo: refused to anyone but an administrator, before the photo is looked at.
  as("plain", multipartCases("/api/uploads", "file", { purpose: "product" }).slice(0, 12));
  as("admin", multipartCases("/api/uploads", "file", { purpose: "product" }).slice(0, 12));
  as(
    "owner",
    queryCases(
      "/api/search",
      { q: "maize", types: "product,listing,farm", lat: "7.4", lng: "3.9", radius_km: "25", limit: "10" },
      random,
      6,
    ),
  );

  // Farms and plots.
  as("owner", [
    ...queryCases("/api/farms", {}, random),
    ...jsonBodyCases("POST", "/api/farms", { ...farm, boundary: SQUARE }, random),
  ]);
  as("owner", [
    ...jsonBodyCases("PATCH", `/api/farms/${F}`, farm, random, 6),
    ...methodCases(`/api/farms/${F}`, ["GET", "PATCH", "DELETE"]),
  ]);
  as(
    "owner",
    idCases(["GET", "PATCH", "DELETE"], (id) => `/api/farms/${id}`, farm),
  );
  as("owner", [
    ...jsonBodyCases("POST", `/api/farms/${F}/plots`, plot, random, 6),
    ...idempotencyKeyCases(`/api/farms/${F}/plots`, plot),
    ...idCases(["GET", "POST"], (id) => `/api/farms/${id}/plots`, plot),
  ]);
  as("owner", [
    ...jsonBodyCases("PATCH", `/api/farms/${F}/plots/${P}`, plot, random, 5),
    ...methodCases(`/api/farms/${F}/plots/${P}`, ["PATCH", "DELETE"]),
  ]);
  as("owner", [
    ...idCases(["PATCH", "DELETE"], (id) => `/api/farms/${F}/plots/${id}`, plot),
    ...idCases(["PATCH", "DELETE"], (id) => `/api/farms/${id}/plots/${P}`, plot),
  ]);
  as("owner", [
    ...queryCases(`/api/farms/${F}/export`, { format: "geojson" }, random),
    ...queryCases(`/api/farms/${F}/export`, { format: "kml" }, random, 4),
    ...idCases(["GET"], (id) => `/api/farms/${id}/export`),
    ...methodCases(`/api/farms/${F}/export`, ["GET"]),
  ]);
  as("owner", [
    ...multipartCases(`/api/farms/${F}/import`, "file", { use: "plots", mode: "preview" }),
    ...multipartCases(`/api/farms/${F}/import`, "file", { use: "boundary", mode: "save" }),
    ...idCases(["POST"], (id) => `/api/farms/${id}/import`),
    ...methodCases(`/api/farms/${F}/import`, ["POST"]),
  ]);
  as("owner", [
    ...queryCases(`/api/farms/${F}/environment`, {}, random),
    ...idCases(["GET"], (id) => `/api/farms/${id}/environment`),
    ...methodCases(`/api/farms/${F}/environment`, ["GET"]),
  ]);

  // Premium and payments.
  as("owner", [
    ...idCases(["GET"], (id) => `/api/premium/${id}/check`),
    ...idCases(["POST"], (id) => `/api/premium/${id}/use`, {}),
  ]);
  as("owner", [
    ...jsonBodyCases("POST", "/api/premium/farm_mapping/use", { note: "x" }, random, 3),
    ...methodCases("/api/premium/asiiko_ai/check", ["GET"]),
  ]);
  as("plain", [...queryCases("/api/subscription", {}, random), ...methodCases("/api/subscription", ["GET"])]);
  as("plain", [
    ...jsonBodyCases("POST", "/api/subscription/checkout", { plan: "monthly" }, random, 3),
    // The page to come back to after paying: any text is taken or replaced by Settings, never followed off the site.
    ...jsonBodyCases("POST", "/api/subscription/checkout", { returnTo: "/asiiko?tab=history" }, random, 3),
    ...jsonBodyCases("POST", "/api/subscription/cancel", { reason: "x" }, random, 3),
    // The way to pay: card or transfer; anything else is refused before any provider is asked.
    ...jsonBodyCases("POST", "/api/subscription/checkout", { method: "transfer" }, random, 3),
    ...jsonBodyCases("POST", "/api/subscription/card", {}, random, 2),
    ...methodCases("/api/subscription/card", ["POST"]),
  ]);
  // Back from Paystack with any reference: never someone else's payment, never a 5xx.
  as("plain", queryCases("/checkout/paystack/return", { reference: "asiiko_0123456789abcdef01234567" }, random, 4));
  const event = {
    id: "evt_fz_0001",
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: "cs_fz", subscription: "sub_fz", metadata: { userId: "someone" } } },
  };
  as(
    "visitor",
    jsonBodyCases("POST", "/api/webhooks/stripe", event, random, 4).map((request, index) => ({
      ...request,
      headers: {
        ...request.headers,
        ...(index % 3 === 0
          ? {}
          : { "Stripe-Signature": index % 3 === 1 ? "t=1,v1=deadbeef" : `t=${"9".repeat(40)},v1=${"z".repeat(64)}` }),
      },
    })),
  );
  // Paystack's events, signed or not with anything but the secret key.
  const paystackEvent = { event: "charge.success", data: { id: 4099, reference: "asiiko_fz", status: "success" } };
  as(
    "visitor",
    jsonBodyCases("POST", "/api/webhooks/paystack", paystackEvent, random, 4).map((request, index) => ({
      ...request,
      headers: {
        ...request.headers,
        ...(index % 3 === 0 ? {} : { "x-paystack-signature": index % 3 === 1 ? "deadbeef" : "f".repeat(128) }),
      },
    })),
  );

  // The USSD and SMS provider's callbacks: with the token (demo mode's own here), every field
  // spoiled; without it, or with a wrong one, refused whatever the body.
  const token = callbackToken()!;
  const ussdCall = {
    sessionId: "ATUid_fz",
    serviceCode: "*347*88#",
    phoneNumber: "+2348030000099",
    networkCode: "62130",
    text: "1*1",
  };
  const textIn = {
    from: "+2348030000099",
    to: "38888",
    text: "PRICE maize Kano",
    date: "2026-11-28",
    id: "fz",
    linkId: "",
  };
  as("visitor", [
    ...formBodyCases(`/api/ussd?token=${token}`, ussdCall, random, 6),
    ...formBodyCases(`/api/sms/incoming?token=${token}`, textIn, random, 3),
    ...formBodyCases("/api/ussd?token=wrong", ussdCall, random, 1),
    ...formBodyCases("/api/sms/incoming", textIn, random, 1),
    ...methodCases(`/api/ussd?token=${token}`, ["POST"]),
    ...methodCases(`/api/sms/incoming?token=${token}`, ["POST"]),
  ]);
  // The demo phone's own screens (demo mode: this suite's): a number nobody has is refused (403)
  // after its form is checked; every field spoiled, 400, 403 or 413, never more.
  const simulatorScreen = {
    sessionId: "demo_0b6f5c4e-2f51-4d7a-9a55-7d1c2f9e8a10",
    phoneNumber: "+2348030000099",
    text: "1*1",
  };
  as("visitor", [
    ...formBodyCases("/api/ussd/simulator", simulatorScreen, random, 6),
    ...methodCases("/api/ussd/simulator", ["POST"]),
  ]);
  as("owner", formBodyCases("/api/ussd/simulator", simulatorScreen, random, 2));

  // Asiiko AI.
  as(
    "owner",
    multipartCases("/api/ai/analyze", "image", {
      analysisType: "crop_health",
      preferredModel: "openai",
      additionalContext: '{"cropType":"cassava"}',
    }),
  );
  as("owner", [
    ...queryCases("/api/ai/analyses", { limit: "10", before: A }, random, 8),
    ...methodCases("/api/ai/analyses", ["GET"]),
  ]);
  as("owner", [
    ...idCases(["GET"], (id) => `/api/ai/analyses/${id}`),
    ...idCases(["GET"], (id) => `/api/ai/analyses/${id}/photo`),
    ...idCases(["GET"], (id) => `/api/ai/analyses/${id}/events`),
  ]);
  as("owner", [
    ...methodCases(`/api/ai/analyses/${A}`, ["GET"]),
    ...methodCases(`/api/ai/analyses/${A}/events`, ["GET"]),
    ...queryCases(`/api/ai/analyses/${A}/events`, { since: "0" }, random, 4),
  ]);

  // Reports, health, and addresses nobody answers.
  as("visitor", jsonBodyCases("POST", "/api/errors/frontend", report, random, 4));
  as("visitor", [...queryCases("/api/health", {}, random), ...methodCases("/api/health", ["GET"])]);
  as(
    "owner",
    [
      "/api/nope",
      "/api/farms/a/b/c/d/e",
      "/api/%00",
      "/api/..%2F..%2Fpackage.json",
      "/api/%2e%2e/%2e%2e/etc/passwd",
      "/api//market//listings",
      `/api/${"deep/".repeat(200)}`,
      "/api/market/listings/%ZZ",
    ].flatMap((path) =>
      ["GET", "POST", "DELETE"].map((method) => ({ label: `unknown address ${method}`, method, path, headers: {} })),
    ),
  );
  return cases;
}

const fill = (text: string, owner: Owner) => {
  const next = owners[(owners.indexOf(owner) + 1) % owners.length]!;
  return text
    .replaceAll("{order}", owner.orderId)
    .replaceAll("{sale}", owner.saleId)
    .replaceAll("{saleItem}", owner.saleItemId)
    .replaceAll("{other}", next.listingId)
    .replaceAll("{otherSeller}", next.user.id)
    .replaceAll("{farm}", owner.farmId)
    .replaceAll("{plot}", owner.plotId)
    .replaceAll("{listing}", owner.listingId)
    .replaceAll("{analysis}", owner.analysisId)
    .replaceAll("{product}", productId);
};

describe("generated malformed requests on every /api route", () => {
  it("builds well over a thousand of them, deterministically for a seed", () => {
    const cases = buildCases();
    expect(cases.length).toBeGreaterThanOrEqual(1_000);
    expect(buildCases().map((request) => request.label)).toEqual(cases.map((request) => request.label));
    // Every route file under app/routes/api.* is reached by some case.
    const families = [
      "/api/register",
      "/api/login",
      "/api/logout",
      "/api/user",
      "/api/user/phone",
      "/api/sellers/",
      "/api/saved-listings",
      "/api/cart",
      "/api/orders",
      "/api/notifications",
      "/api/prices",
      "/api/prices/usual",
      "/api/price-alerts",
      "/api/user/sessions",
      "/api/admin/check",
      "/api/admin/newsletter",
      "/api/admin/reports",
      "/api/admin/trade-reports",
      "/api/reviews/",
      "/api/admin/users",
      "/api/newsletter",
      "/api/preferences",
      "/api/market/listings",
      "/api/products",
      "/api/uploads",
      "/api/search",
      "/api/farms",
      "/api/premium/",
      "/api/subscription",
      "/api/subscription/checkout",
      "/api/subscription/cancel",
      "/api/subscription/card",
      "/api/webhooks/stripe",
      "/api/webhooks/paystack",
      "/api/ussd",
      "/api/ussd/simulator",
      "/api/sms/incoming",
      "/checkout/paystack/return",
      "/api/ai/analyze",
      "/api/ai/analyses",
      "/api/errors/frontend",
      "/api/health",
      "/api/nope",
    ];
    for (const family of families)
      expect(
        cases.some((request) => request.path.startsWith(family)),
        family,
      ).toBe(true);
  });

  it("never answers 5xx, refuses in the catalogue's JSON, and changes nothing when it refuses", async () => {
    const cases = buildCases();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let state = await ownedState();
    for (const [index, request] of cases.entries()) {
      const owner = owners[request.ownerIndex]!;
      const cookie = { visitor: undefined, owner: owner.cookie, admin: admin.cookie, plain: plain.cookie }[
        request.actor
      ];
      const body =
        request.body && request.body.includes("{")
          ? Buffer.from(fill(request.body.toString("latin1"), owner), "latin1")
          : request.body;
      let answer: Answer;
      try {
        answer = await send(cookie, request.method, fill(request.path, owner), body, request.headers);
      } catch (error) {
        failures.push(
          `no answer (${String(error)}): #${index} ${request.method} ${request.path.slice(0, 80)} [${request.label}] as ${request.actor}`,
        );
        continue;
      }
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const where = `#${index} ${request.method} ${request.path.slice(0, 80)} [${request.label}] as ${request.actor}: ${answer.status} ${answer.text.slice(0, 160)}`;
      if (answer.status >= 500) failures.push(`5xx: ${where}`);
      if (answer.status >= 400) {
        const refusal = answer.json as { success?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
        if (!answer.type.includes("application/json") || refusal?.success !== false)
          failures.push(`not the catalogue's JSON: ${where}`);
        else if (typeof refusal.error?.code !== "string" || !CATALOGUE.has(refusal.error.code))
          failures.push(`code not in the catalogue: ${where}`);
        else if (typeof refusal.error.message !== "string" || refusal.error.message.length === 0)
          failures.push(`no message: ${where}`);
        const after = await ownedState();
        if (after !== state) failures.push(`refused, yet something changed: ${where}`);
        state = after;
      } else {
        if (answer.type.includes("application/json") && answer.json === undefined)
          failures.push(`JSON that does not parse: ${where}`);
        state = await ownedState();
      }
    }
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ");
    expect(failures, `seed ${SEED}; answers ${summary}\n${failures.slice(0, 40).join("\n")}`).toEqual([]);
    // Most cases are refusals, and they were refused for what they are, not for lack of a session.
    expect(
      [...statuses]
        .filter(([status]) => status === 400 || status === 413 || status === 415)
        .reduce((sum, [, count]) => sum + count, 0),
    ).toBeGreaterThan(cases.length / 3);
  }, 600_000);

  it("is healthy afterwards, and serves its owners as before", async () => {
    const health = await send(undefined, "GET", "/api/health");
    expect(health.status).toBe(200);
    for (const owner of owners) {
      expect((await send(owner.cookie, "GET", "/api/farms")).status).toBe(200);
      const farm = await send(owner.cookie, "GET", `/api/farms/${owner.farmId}`);
      expect(farm.status).toBe(200);
      expect((await send(owner.cookie, "GET", `/api/farms/${owner.farmId}/plots`)).text).toContain(owner.plotId);
      expect((await send(owner.cookie, "GET", `/api/ai/analyses/${owner.analysisId}`)).status).toBe(200);
    }
    const page = await fetch(`${web.baseUrl}/marketplace`, { headers: { Cookie: owners[0]!.cookie } });
    expect(page.status).toBe(200);
  });
});
