import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeGeohash } from "~/lib/geo";
import { buildExport } from "~/modules/account-data/exports.server";
import { recordIndexChange } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";
import {
  apiClient,
  endTrial,
  finishedAnalysis,
  indexPendingChanges,
  signedInUser,
  subscribe,
  uniqueName,
  type SignedIn,
} from "../support/api-client";
import { createListing, createProduct } from "../support/market";
import { uniquePhone } from "../support/phones";
import { serveForTests } from "../support/web";

// Who may do what, as one table: every protected API route and page, for a
// visitor, a farmer whose trial is spent (no premium), another subscriber, the
// owner of the things asked about, and an administrator. The owner's things are
// a farm with a plot, a paused listing, a listing on sale with its place, and an
// analysis. No answer to anyone but the owner may carry the owner's private
// details, in any field: the listing's place reaches others only to about a
// kilometre (no digit past the second decimal, no geohash past 6 characters).

// Demo mode, so that paying has a provider (the sandbox): who may check out is then the question
// (outside demo mode with no provider, checkout is 503 for everyone: app/routes/payments-setup.integration.test.ts).
vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
});

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

type Role = "visitor" | "lapsed" | "other" | "owner" | "admin";
const ROLES: Role[] = ["visitor", "lapsed", "other", "owner", "admin"];
const people = {} as Record<Exclude<Role, "visitor">, SignedIn>;
const owned = {
  farmId: "",
  plotId: "",
  listingId: "",
  onSaleId: "",
  analysisId: "",
  exportId: "",
  paymentId: "",
  productId: "",
  spareProductId: "",
  productName: uniqueName("Matrix maize"),
  /** An order the owner sent to a trader outside the table's roles: only the owner (its buyer) reads it. */
  orderId: "",
  traderId: "",
};
/** Where the owner's phone put the listing on sale, to the metre (Ogbomoso). */
const PLACE = { latitude: 8.133371, longitude: 4.240417 };
const secret = {
  email: "",
  farmName: "",
  plotName: "",
  // Verified, so it is one a buyer could be shown: to no one here, as no listing shows it.
  phone: uniquePhone(),
  diagnosis: "",
  exactLatitude: "8.1333",
  exactLongitude: "4.2404",
  exactGeohash: encodeGeohash(PLACE.latitude, PLACE.longitude, 7),
  // The owner's session on another device is a secret too: its public id is for the owner's list alone.
  sessionId: "",
  // A payment's reference is on its receipt, for its payer alone.
  paymentReference: "",
  // An order's delivery note and thread are its two parties' alone.
  deliveryNote: uniqueName("Behind the secret mosque"),
};

beforeAll(async () => {
  [people.lapsed, people.other, people.owner, people.admin] = await Promise.all([
    signedInUser("USER", "mx_lapsed"),
    signedInUser("USER", "mx_other"),
    signedInUser("USER", "mx_owner"),
    signedInUser("ADMIN", "mx_admin"),
  ]);
  await endTrial(people.lapsed.user.id);
  await subscribe(people.other.user.id);
  await subscribe(people.owner.user.id);
  secret.email = `${uniqueName("owner")}@example.ng`;
  await prisma.user.update({
    where: { id: people.owner.user.id },
    data: { email: secret.email, phone: secret.phone, phoneVerifiedAt: new Date() },
  });

  secret.farmName = uniqueName("Secret farm");
  const farm = await call(
    "POST",
    "/api/farms",
    { name: secret.farmName, crops: ["Cassava"] },
    { cookie: people.owner.cookie },
  );
  expect(farm.status).toBe(201);
  owned.farmId = farm.body.farm.id;
  secret.plotName = uniqueName("Secret plot");
  const plot = await call(
    "POST",
    `/api/farms/${owned.farmId}/plots`,
    { name: secret.plotName, type: "field", crops: ["Maize"] },
    { cookie: people.owner.cookie },
  );
  expect(plot.status).toBe(201);
  owned.plotId = plot.body.plot.id;

  owned.productId = (await createProduct({ name: owned.productName })).id;
  // One no listing uses, for the catalogue's DELETE.
  owned.spareProductId = (
    await createProduct({ name: uniqueName("Matrix spare"), categories: ["Spices & Herbs"], unit: "kg" })
  ).id;
  owned.listingId = (
    await createListing(people.owner.user.id, { productId: owned.productId, status: "paused", locality: "Oyo" })
  ).id;
  owned.onSaleId = (
    await createListing(
      people.owner.user.id,
      {
        productId: owned.productId,
        locality: "Ogbomoso",
        ...PLACE,
        geohash: encodeGeohash(PLACE.latitude, PLACE.longitude),
      },
      { indexed: true },
    )
  ).id;
  await indexPendingChanges();
  secret.diagnosis = uniqueName("Cassava mosaic, secret");
  owned.analysisId = await finishedAnalysis(people.owner.user.id, { diagnosis: secret.diagnosis });
  // A ready copy of the owner's data, as the maintenance worker leaves one.
  owned.exportId = (
    await prisma.accountExport.create({
      data: { userId: people.owner.user.id, expiresAt: new Date(Date.now() + 3_600_000) },
    })
  ).id;
  await buildExport(owned.exportId);
  // A payment received from the owner, with its receipt.
  secret.paymentReference = `asiiko_${uniqueName("matrix")}`;
  owned.paymentId = (
    await prisma.payment.create({
      data: {
        userId: people.owner.user.id,
        provider: "paystack",
        externalId: `trx_${secret.paymentReference}`,
        reference: secret.paymentReference,
        amountKobo: 1_500_000,
        method: "transfer",
        channel: "ussd",
        paidAt: new Date(),
        periodStart: new Date(),
        periodEnd: new Date(Date.now() + 30 * 24 * 3_600_000),
      },
    })
  ).id;
  // The owner's order from a trader (not one of the roles), with a delivery note.
  const trader = await signedInUser("USER", "mx_trader");
  owned.traderId = trader.user.id;
  const traded = await createListing(trader.user.id, { productId: owned.productId, quantity: 50 });
  owned.orderId = (
    await prisma.order.create({
      data: {
        reference: `AS-${uniqueName("").slice(-6).toUpperCase()}`,
        buyerId: people.owner.user.id,
        sellerId: trader.user.id,
        fulfilment: "delivery",
        town: "Ogbomoso",
        deliveryNote: secret.deliveryNote,
        totalNgn: "5000.00",
        items: { create: [{ listingId: traded.id, name: owned.productName, quantity: 1, priceNgn: "5000.00" }] },
      },
    })
  ).id;
  secret.sessionId = (
    await prisma.session.create({
      data: { userId: people.owner.user.id, expiresAt: new Date(Date.now() + 3_600_000), userAgent: "Opera Mini" },
    })
  ).publicId;
});

afterAll(async () => {
  if (owned.paymentId) await prisma.payment.deleteMany({ where: { id: owned.paymentId } });
  // The farm's search document goes with it, as the app's deletes do.
  if (!owned.farmId) return;
  await prisma.$transaction(async (tx) => {
    await recordIndexChange(tx, "farm", owned.farmId);
    await tx.farm.deleteMany({ where: { id: owned.farmId } });
  });
  await indexPendingChanges();
});

// 200/201 where the role may; otherwise the refusal the API gives that role.
// A thing another reader may not see answers 404: they cannot tell it exists.
type Row = {
  method: string;
  path: () => string;
  body?: () => unknown;
  /** A multipart body instead (a file sent). */
  form?: () => FormData;
  /** An urlencoded form instead (a page's form, the demo phone's screens). */
  urlencoded?: () => Record<string, string>;
  /** Request headers of the row's own (a browser's Accept, say). */
  headers?: Record<string, string>;
  expect: Record<Role, number>;
};
/** The upload form asking for a catalogue photo, without the photo. */
function productPhotoForm() {
  const form = new FormData();
  form.set("purpose", "product");
  return form;
}

/** A GeoJSON file with one small field, as the import form sends it. */
function boundaryFileForm() {
  const ring = [
    [4.2404, 8.1333],
    [4.2406, 8.1333],
    [4.2406, 8.1335],
    [4.2404, 8.1333],
  ];
  const form = new FormData();
  const file = JSON.stringify({
    type: "Feature",
    properties: { name: "Field" },
    geometry: { type: "Polygon", coordinates: [ring] },
  });
  form.set("file", new Blob([file]), "field.geojson");
  return form;
}
const all = (status: number, overrides: Partial<Record<Role, number>> = {}) => ({
  visitor: status,
  lapsed: status,
  other: status,
  owner: status,
  admin: status,
  ...overrides,
});
const signedIn = (status: number, overrides: Partial<Record<Role, number>> = {}) =>
  all(status, { visitor: 401, ...overrides });

const ROWS: Row[] = [
  { method: "GET", path: () => "/api/user", expect: signedIn(200) },
  { method: "GET", path: () => "/api/admin/check", expect: signedIn(200) },
  // The newsletter: anyone subscribes, or opens a leaving link; only administrators export the list.
  {
    method: "POST",
    path: () => "/api/newsletter",
    body: () => ({ email: "matrix.news@example.ng" }),
    expect: all(200),
  },
  { method: "GET", path: () => "/api/admin/newsletter", expect: signedIn(403, { admin: 200 }) },
  // Reports and moderation: anyone signed in reports someone else's listing (once: one open report
  // each); only administrators read the reports, act on them and lift suspensions (here on a report
  // that does not exist and a user who is not suspended, so nothing changes).
  {
    method: "POST",
    path: () => `/api/market/listings/${owned.onSaleId}/reports`,
    body: () => ({ reason: "other", note: "Matrix check" }),
    expect: signedIn(201, { owner: 403 }),
  },
  {
    method: "POST",
    path: () => `/api/market/listings/${owned.listingId}/reports`,
    body: () => ({ reason: "other" }),
    expect: signedIn(404, { owner: 403 }),
  },
  { method: "GET", path: () => "/api/admin/reports", expect: signedIn(403, { admin: 200 }) },
  // Reports about trades: only administrators read and settle them (here one that does not exist);
  // anyone signed in reports a review (none by that id: 404).
  { method: "GET", path: () => "/api/admin/trade-reports", expect: signedIn(403, { admin: 200 }) },
  {
    method: "POST",
    path: () => "/api/admin/trade-reports/cm000000000000000000000000/resolve",
    body: () => ({ action: "dismiss" }),
    expect: signedIn(403, { admin: 404 }),
  },
  {
    method: "POST",
    path: () => "/api/reviews/cm000000000000000000000000/reports",
    body: () => ({ reason: "other" }),
    expect: signedIn(404),
  },
  {
    method: "POST",
    path: () => "/api/admin/reports/cm000000000000000000000000/resolve",
    body: () => ({ action: "dismiss" }),
    expect: signedIn(403, { admin: 404 }),
  },
  {
    method: "POST",
    path: () => `/api/admin/users/${people.other.user.id}/unsuspend`,
    body: () => ({}),
    expect: signedIn(403, { admin: 409 }),
  },
  { method: "GET", path: () => "/moderation", expect: all(403, { visitor: 302, admin: 200 }) },
  { method: "GET", path: () => "/newsletter", expect: all(200) },
  { method: "GET", path: () => `/newsletter/unsubscribe/${"A".repeat(43)}`, expect: all(200) },
  // The cart: each their own; one's own listing cannot go in it.
  { method: "GET", path: () => "/api/cart", expect: signedIn(200) },
  {
    method: "PUT",
    path: () => `/api/cart/items/${owned.onSaleId}`,
    body: () => ({ quantity: 1 }),
    expect: signedIn(200, { owner: 403 }),
  },
  { method: "DELETE", path: () => `/api/cart/items/${owned.onSaleId}`, expect: signedIn(200) },
  // Orders: only the two parties know one exists (the owner is this one's buyer; accepting is the
  // seller's move, and reviewing waits for completion). A request needs something of that seller's
  // in one's cart (nothing here: 400), and is never to oneself.
  { method: "GET", path: () => "/api/orders?role=buyer", expect: signedIn(200) },
  {
    method: "POST",
    path: () => "/api/orders",
    body: () => ({ sellerId: people.owner.user.id, fulfilment: "pickup" }),
    expect: signedIn(400, { owner: 403 }),
  },
  { method: "GET", path: () => `/api/orders/${owned.orderId}`, expect: signedIn(404, { owner: 200 }) },
  { method: "GET", path: () => `/api/orders/${owned.orderId}/messages`, expect: signedIn(404, { owner: 200 }) },
  {
    method: "POST",
    path: () => `/api/orders/${owned.orderId}/messages`,
    body: () => ({ body: "Matrix hello" }),
    expect: signedIn(404, { owner: 201 }),
  },
  { method: "POST", path: () => `/api/orders/${owned.orderId}/accept`, expect: signedIn(404, { owner: 403 }) },
  // A message of the order reported (none by that id: 404 for its party too), the review answered
  // (the seller's to answer: 403 for the buyer; there is none yet besides).
  {
    method: "POST",
    path: () => `/api/orders/${owned.orderId}/messages/cm000000000000000000000000/reports`,
    body: () => ({ reason: "offensive" }),
    expect: signedIn(404),
  },
  {
    method: "PUT",
    path: () => `/api/orders/${owned.orderId}/review`,
    body: () => ({ reply: "Thank you" }),
    expect: signedIn(404, { owner: 403 }),
  },
  {
    method: "POST",
    path: () => `/api/orders/${owned.orderId}/review`,
    body: () => ({ rating: 5 }),
    expect: signedIn(404, { owner: 409 }),
  },
  { method: "GET", path: () => "/orders", expect: all(200, { visitor: 302 }) },
  { method: "GET", path: () => `/orders/${owned.orderId}`, expect: all(404, { visitor: 302, owner: 200 }) },
  { method: "GET", path: () => "/cart", expect: all(200, { visitor: 302 }) },
  { method: "GET", path: () => `/prices?product=${owned.productId}&town=Ogbomoso`, expect: all(200, { visitor: 302 }) },
  { method: "GET", path: () => "/api/notifications", expect: signedIn(200) },
  { method: "POST", path: () => "/api/notifications/read", expect: signedIn(200) },
  { method: "GET", path: () => `/api/sellers/${owned.traderId}/reviews`, expect: signedIn(200) },
  // Market prices: free, for anyone signed in.
  { method: "GET", path: () => `/api/prices?product_id=${owned.productId}`, expect: signedIn(200) },
  {
    method: "GET",
    path: () => `/api/prices/usual?product_id=${owned.productId}&locality=Ogbomoso`,
    expect: signedIn(200),
  },
  // A listing's usual price: only for a listing the asker may see (this one is paused: its seller's).
  {
    method: "GET",
    path: () => `/api/prices/usual?listing_id=${owned.listingId}`,
    expect: signedIn(404, { owner: 200 }),
  },
  { method: "GET", path: () => `/api/prices/usual?listing_id=${owned.onSaleId}`, expect: signedIn(200) },
  // Price alerts: each person's own; an alert that is not theirs is 404.
  { method: "GET", path: () => "/api/price-alerts", expect: signedIn(200) },
  {
    method: "POST",
    path: () => "/api/price-alerts",
    body: () => ({ product_id: owned.productId, town: "Ogbomoso", target_price: "9000" }),
    expect: signedIn(201),
  },
  { method: "DELETE", path: () => "/api/price-alerts?id=cm000000000000000000000000", expect: signedIn(404) },
  { method: "GET", path: () => "/api/subscription", expect: signedIn(200) },
  { method: "GET", path: () => "/api/premium/farm_mapping/check", expect: signedIn(200) },
  // Farms: a farmer keeps reading their own after the trial; anyone else's is AUTHZ_FARM_ACCESS_DENIED.
  { method: "GET", path: () => "/api/farms", expect: signedIn(200) },
  { method: "GET", path: () => `/api/farms/${owned.farmId}`, expect: signedIn(403, { owner: 200 }) },
  {
    method: "PATCH",
    path: () => `/api/farms/${owned.farmId}`,
    body: () => ({ crops: ["Yam"] }),
    expect: signedIn(403, { owner: 200 }),
  },
  { method: "GET", path: () => `/api/farms/${owned.farmId}/plots`, expect: signedIn(403, { owner: 200 }) },
  {
    method: "PATCH",
    path: () => `/api/farms/${owned.farmId}/plots/${owned.plotId}`,
    body: () => ({ crops: ["Rice"] }),
    expect: signedIn(403, { owner: 200 }),
  },
  { method: "GET", path: () => `/api/farms/${owned.farmId}/export`, expect: signedIn(403, { owner: 200 }) },
  {
    method: "GET",
    path: () => `/api/farms/${owned.farmId}/export?format=kml`,
    expect: signedIn(403, { owner: 200 }),
  },
  // The farm's weather and soil: the owner's alone (off in these tests: nothing is asked outside).
  { method: "GET", path: () => `/api/farms/${owned.farmId}/environment`, expect: signedIn(403, { owner: 200 }) },
  // A boundary file's preview: the owner's farm, with premium; nothing is written.
  {
    method: "POST",
    path: () => `/api/farms/${owned.farmId}/import`,
    form: () => boundaryFileForm(),
    expect: signedIn(403, { owner: 200 }),
  },
  {
    method: "POST",
    path: () => `/api/farms/${owned.farmId}/import`,
    body: () => ({ use: "plots" }),
    expect: signedIn(415, { lapsed: 403 }),
  },
  // A listing on sale, its place and its distance: everyone signed in, to about a kilometre but for its seller.
  { method: "GET", path: () => `/api/market/listings/${owned.onSaleId}`, expect: signedIn(200) },
  { method: "GET", path: () => `/api/market/listings?${near()}&sort=distance`, expect: signedIn(200) },
  { method: "GET", path: () => `/api/market/listings?search=${owned.productName}&${near()}`, expect: signedIn(200) },
  { method: "GET", path: () => `/api/search?q=${owned.productName}&${near()}`, expect: signedIn(200) },
  // (A page's data answers a visitor 202, the way to /auth in its body: single fetch's redirect.)
  { method: "GET", path: () => `/marketplace.data?${near()}&sort=distance`, expect: all(200, { visitor: 202 }) },
  { method: "GET", path: () => `/search.data?q=${owned.productName}&${near()}`, expect: all(200, { visitor: 202 }) },
  // Listings: a paused listing is its seller's alone.
  { method: "GET", path: () => `/api/market/listings/${owned.listingId}`, expect: signedIn(404, { owner: 200 }) },
  // A listing's seller: a paused listing's is its seller's alone.
  {
    method: "GET",
    path: () => `/marketplace/${owned.listingId}/seller`,
    expect: all(404, { visitor: 302, owner: 200 }),
  },
  // A seller's page: everyone signed in, as the marketplace (nothing private: the leak check reads it).
  { method: "GET", path: () => `/api/sellers/${people.owner.user.id}`, expect: signedIn(200) },
  { method: "GET", path: () => `/sellers/${people.owner.user.id}`, expect: all(200, { visitor: 302 }) },
  // Saved listings: each their own; a listing nobody else sees (the paused one) cannot be saved, even by its seller.
  { method: "GET", path: () => "/api/saved-listings", expect: signedIn(200) },
  { method: "PUT", path: () => `/api/saved-listings/${owned.onSaleId}`, expect: signedIn(200) },
  { method: "GET", path: () => `/api/saved-listings/${owned.onSaleId}`, expect: signedIn(200) },
  { method: "PUT", path: () => `/api/saved-listings/${owned.listingId}`, expect: signedIn(404) },
  { method: "DELETE", path: () => `/api/saved-listings/${owned.onSaleId}`, expect: signedIn(200) },
  // Changing it too: to anyone else it does not exist (an active one answers 403, api.market's tests).
  {
    method: "PATCH",
    path: () => `/api/market/listings/${owned.listingId}`,
    body: () => ({ status: "paused" }),
    expect: signedIn(404, { owner: 200 }),
  },
  {
    method: "GET",
    path: () => `/api/market/listings?seller_id=${people.owner.user.id}&status=paused`,
    expect: signedIn(200),
  },
  // Analyses: the owner's alone.
  { method: "GET", path: () => "/api/ai/analyses", expect: signedIn(200) },
  { method: "GET", path: () => `/api/ai/analyses/${owned.analysisId}`, expect: signedIn(404, { owner: 200 }) },
  // The catalogue: everyone signed in reads it, only administrators write it.
  { method: "GET", path: () => "/api/products", expect: signedIn(200) },
  {
    method: "PATCH",
    path: () => `/api/products/${owned.productId}`,
    body: () => ({ name: owned.productName, categories: ["Grains & Cereals"], unit: "kg" }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    method: "POST",
    path: () => "/api/products",
    body: () => ({ name: uniqueName("Matrix millet"), categories: ["Grains & Cereals"], unit: "kg" }),
    expect: signedIn(403, { admin: 201 }),
  },
  { method: "DELETE", path: () => `/api/products/${owned.spareProductId}`, expect: signedIn(403, { admin: 200 }) },
  { method: "GET", path: () => "/api/search?q=maize", expect: signedIn(200) },
  { method: "GET", path: () => "/api/user/phone", expect: signedIn(200) },
  // Phone codes: each asks for one for a number of their own (the demo inbox keeps it), and a code
  // that is not theirs confirms nothing (400).
  { method: "PUT", path: () => "/api/user/phone", body: () => ({ phone: uniquePhone() }), expect: signedIn(200) },
  { method: "POST", path: () => "/api/user/phone/verify", body: () => ({ code: "000000" }), expect: signedIn(400) },
  // The demo SMS inbox: each signed-in reader sees the demo accounts' texts, and their own (the
  // owner's phone is no one else's, administrators' included).
  { method: "GET", path: () => "/sms.data", expect: all(200, { visitor: 202 }) },
  // The account's signed-in devices: each reads their own.
  { method: "GET", path: () => "/api/user/sessions", expect: signedIn(200) },
  // The account's data rights: each asks for and reads their own copy; another's copy does not exist
  // for them. Deleting an account needs its password (these accounts have none that matches: 400).
  { method: "GET", path: () => "/api/user/export", expect: signedIn(200) },
  { method: "POST", path: () => "/api/user/export", expect: signedIn(202) },
  { method: "GET", path: () => `/api/user/export/${owned.exportId}`, expect: signedIn(404, { owner: 200 }) },
  {
    method: "DELETE",
    path: () => "/api/user/account",
    body: () => ({ password: "not-the-password" }),
    expect: signedIn(400),
  },
  // Plots are drawn on one's own farm only.
  {
    method: "POST",
    path: () => `/api/farms/${owned.farmId}/plots`,
    body: () => ({ name: uniqueName("Plot"), type: "pen", crops: [] }),
    expect: signedIn(403, { owner: 201 }),
  },
  // An analysis's progress and photo: its owner's alone (this one has no photo: 404 for the owner too).
  { method: "GET", path: () => `/api/ai/analyses/${owned.analysisId}/events`, expect: signedIn(404, { owner: 200 }) },
  { method: "GET", path: () => `/api/ai/analyses/${owned.analysisId}/photo`, expect: signedIn(404) },
  // Photos: any signed-in user may send one (this body is not a photo form: 415 once let in); an
  // analysis also needs premium, checked before the body is read.
  { method: "POST", path: () => "/api/uploads", body: () => ({ not: "a form" }), expect: signedIn(415) },
  // A catalogue photo: administrators only, refused before the photo is looked at (this form has
  // none: 400 once let in).
  { method: "POST", path: () => "/api/uploads", form: () => productPhotoForm(), expect: signedIn(403, { admin: 400 }) },
  {
    method: "POST",
    path: () => "/api/ai/analyze",
    body: () => ({ not: "a form" }),
    expect: signedIn(415, { lapsed: 403 }),
  },
  { method: "GET", path: () => "/api/premium/asiiko_ai/check", expect: signedIn(200) },
  // Paying: a spent trial may check out; a subscriber is told they already are one. Cancelling needs a subscription.
  { method: "POST", path: () => "/api/subscription/checkout", expect: signedIn(200, { other: 409, owner: 409 }) },
  // Removing: the owner's things, by the owner alone (last, so the rows above still find them).
  {
    method: "DELETE",
    path: () => `/api/farms/${owned.farmId}/plots/${owned.plotId}`,
    expect: signedIn(403, { owner: 200 }),
  },
  { method: "DELETE", path: () => `/api/market/listings/${owned.listingId}`, expect: signedIn(404, { owner: 200 }) },
  { method: "DELETE", path: () => `/api/farms/${owned.farmId}`, expect: signedIn(403, { owner: 200 }) },
  // Someone else's device answers as one that does not exist.
  { method: "DELETE", path: () => `/api/user/sessions/${secret.sessionId}`, expect: signedIn(404, { owner: 200 }) },
  // Premium use ends a trial: asked after every row above that needs premium.
  { method: "POST", path: () => "/api/premium/farm_mapping/use", expect: signedIn(200, { lapsed: 403 }) },
  { method: "POST", path: () => "/api/subscription/cancel", expect: signedIn(404, { other: 200, owner: 200 }) },
  // The card a subscription renews on: the sandbox's subscriptions have no card page to send anyone to.
  { method: "POST", path: () => "/api/subscription/card", expect: signedIn(404, { other: 409, owner: 409 }) },
  // Back from Paystack with a reference that is nobody's: back to Settings, nothing granted; a visitor signs in first.
  { method: "GET", path: () => "/checkout/paystack/return?reference=asiiko_nobody", expect: all(302) },
  // A receipt is its payer's alone; anyone else is told it does not exist.
  { method: "GET", path: () => `/receipts/${owned.paymentId}`, expect: all(404, { visitor: 302, owner: 200 }) },
  // Paystack's events are checked by their signature, whoever sends them: unsigned, refused.
  {
    method: "POST",
    path: () => "/api/webhooks/paystack",
    body: () => ({ event: "charge.success", data: { id: 1, reference: "asiiko_nobody" } }),
    expect: all(400),
  },
  // The USSD and incoming SMS callbacks are the provider's: no session opens them, only the token
  // of the callback's address (not given here), whatever the body.
  {
    method: "POST",
    path: () => "/api/ussd?token=",
    body: () => ({ sessionId: "ATUid_matrix", phoneNumber: "+2348030000001", text: "" }),
    expect: all(403),
  },
  {
    method: "POST",
    path: () => "/api/sms/incoming",
    body: () => ({ from: "+2348030000001", text: "HELP" }),
    expect: all(403),
  },
  // Pages.
  ...[
    "/dashboard",
    "/my-listings",
    "/marketplace",
    "/search",
    "/asiiko",
    "/mapping",
    "/profile",
    "/settings",
    "/help",
    "/notifications",
    "/prices",
    "/community",
    "/medicine",
  ].map((page): Row => ({ method: "GET", path: () => page, expect: all(200, { visitor: 302 }) })),
  // The catalogue page tells a non-administrator they may not manage it (the specification's text).
  { method: "GET", path: () => "/product-catalog", expect: all(200, { visitor: 302 }) },
  { method: "GET", path: () => "/admin/queues", expect: all(403, { visitor: 401, admin: 200 }) },
  // A browser gets the product's page saying who may see the dashboard, with the same statuses.
  {
    method: "GET",
    path: () => "/admin/queues",
    headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    expect: all(403, { visitor: 401, admin: 200 }),
  },
  // The demo's basic phone (this table runs in demo mode; outside it the page is 404,
  // app/routes/api.ussd.integration.test.ts): open to anyone, with or without a session, but it
  // calls only as a demo account's number or the signed-in person's own verified one: the owner's
  // number as the owner alone (administrators neither), a number that is nobody's as nobody. A body
  // that is not its form is refused. Its page shows the owner's number and texts to the owner alone.
  { method: "GET", path: () => "/ussd", expect: all(200) },
  { method: "GET", path: () => `/ussd.data?phone=${encodeURIComponent(secret.phone)}`, expect: all(200) },
  {
    method: "POST",
    path: () => "/ussd",
    body: () => ({ intent: "call", phone: "08030000001" }),
    expect: all(400),
  },
  {
    method: "POST",
    path: () => "/ussd",
    urlencoded: () => ({ intent: "call", phone: secret.phone }),
    expect: all(403, { owner: 200 }),
  },
  {
    method: "POST",
    path: () => "/ussd",
    urlencoded: () => ({ intent: "call", phone: uniquePhone() }),
    expect: all(403),
  },
  {
    method: "POST",
    path: () => "/api/ussd/simulator",
    urlencoded: () => ({ sessionId: `demo_${randomUUID()}`, phoneNumber: secret.phone, text: "" }),
    expect: all(403, { owner: 200 }),
  },
  {
    method: "POST",
    path: () => "/api/ussd/simulator",
    urlencoded: () => ({ sessionId: `demo_${randomUUID()}`, phoneNumber: uniquePhone(), text: "" }),
    expect: all(403),
  },
  // Signing in with a code by SMS: a visitor's page; someone signed in already goes to the dashboard.
  { method: "GET", path: () => "/auth/phone", expect: all(302, { visitor: 200 }) },
  // The Privacy Policy and the Terms are for everyone, visitors first.
  { method: "GET", path: () => "/privacy", expect: all(200) },
  { method: "GET", path: () => "/terms", expect: all(200) },
  // Where a deleted account lands: public, it shows nobody's data.
  { method: "GET", path: () => "/account-deleted", expect: all(200) },
];

/** Near the listing on sale: a few kilometres off, so answers carry its distance. */
const near = () => `lat=8.16&lng=4.26&radius_km=25`;

async function ask(row: Row, role: Role) {
  const cookie = role === "visitor" ? undefined : people[role].cookie;
  const body = row.body?.();
  return call(row.method, row.path(), body, {
    cookie,
    form: row.form?.(),
    raw: row.urlencoded ? new URLSearchParams(row.urlencoded()).toString() : undefined,
    headers: {
      Origin: web.baseUrl,
      ...(row.urlencoded ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...row.headers,
    },
  });
}

describe("the authorisation matrix", () => {
  it("answers each role as the table says", async () => {
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const row of ROWS) {
      // Whoever may remove a thing is asked last, so everyone else is asked about a thing that exists.
      const order =
        row.method === "DELETE"
          ? [...ROLES.filter((role) => row.expect[role] >= 400), ...ROLES.filter((role) => row.expect[role] < 400)]
          : ROLES;
      for (const role of order) {
        const response = await ask(row, role);
        // A refusal from the API is JSON with a catalogue code.
        if (row.path().startsWith("/api/") && response.status >= 400)
          expect(response.body?.error?.code, `${row.method} ${row.path()} as ${role}`).toMatch(/^[A-Z]+_[A-Z_]+$/);
        seen.push(`${row.method} ${row.path().replace(/[a-z0-9]{20,}/g, ":id")} as ${role}: ${response.status}`);
        wanted.push(`${row.method} ${row.path().replace(/[a-z0-9]{20,}/g, ":id")} as ${role}: ${row.expect[role]}`);
      }
    }
    expect(seen).toEqual(wanted);
  }, 120_000);

  it("never shows the owner's private details to anyone else, in any field", async () => {
    const leaks: string[] = [];
    for (const row of ROWS.filter((each) => each.method === "GET")) {
      for (const role of ROLES.filter((each) => each !== "owner")) {
        const response = await ask(row, role);
        const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
        for (const [what, value] of Object.entries(secret)) {
          if (value && text.includes(value))
            leaks.push(`${row.method} ${row.path()} as ${role} shows the owner's ${what}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // Only an administrator manages the catalogue: the others are told so, and get no management tools.
    for (const role of ["lapsed", "other", "owner"] as const) {
      const page = await ask(
        ROWS.find((row) => row.path() === "/product-catalog")!,
        role,
      );
      expect(page.body).toContain("Access denied: Product catalog management requires administrator privileges.");
      expect(page.body).not.toContain("Add Product");
    }
    // The owner does see them, so the check looks at the right places.
    const own = await ask(
      ROWS.find((row) => row.path().endsWith(owned.analysisId))!,
      "owner",
    );
    expect(JSON.stringify(own.body)).toContain(secret.diagnosis);
    const onSale = ROWS.find((row) => row.path() === `/api/market/listings/${owned.onSaleId}`)!;
    expect((await ask(onSale, "owner")).body.data.listing).toMatchObject(PLACE);
    // The others get it to about a kilometre, and its distance in whole kilometres.
    const listed = ROWS.find((row) => row.path().startsWith("/api/market/listings?lat"))!;
    for (const role of ["lapsed", "other", "admin"] as const) {
      expect((await ask(onSale, role)).body.data.listing, role).toMatchObject({ latitude: 8.13, longitude: 4.24 });
      const ours = (await ask(listed, role)).body.data.listings.find(
        (listing: { id: string }) => listing.id === owned.onSaleId,
      );
      expect(Number.isInteger(ours.distanceKm), role).toBe(true);
    }
  });

  it("shows the payments that granted nothing to administrators only", async () => {
    // A signed payment the worker ignored (another plan, one naira), as it stores one.
    const reference = uniqueName("T_matrix_never_started");
    const event = await prisma.paymentEvent.create({
      data: {
        id: `paystack/charge.success/${reference}`,
        type: "charge.success",
        provider: "paystack",
        payload: {},
        status: "ignored",
        processedAt: new Date(),
        ignoredReason: "wrong_plan",
        ignoredFacts: { reference, amountKobo: 100, currency: "NGN", plan: "PLN_other", expectedKobo: 1_500_000 },
      },
    });
    try {
      const page = ROWS.find((row) => row.path() === "/moderation")!;
      const admin = await ask(page, "admin");
      expect(admin.status).toBe(200);
      expect(admin.body).toContain(reference);
      expect(admin.body).toContain("Not the plan or price this subscription was sold on");
      for (const role of ["visitor", "lapsed", "other", "owner"] as const) {
        const answer = await ask(page, role);
        expect(answer.status, role).toBe(role === "visitor" ? 302 : 403);
        expect(JSON.stringify(answer.body), role).not.toContain(reference);
      }
    } finally {
      await prisma.paymentEvent.delete({ where: { id: event.id } });
    }
  });
});
