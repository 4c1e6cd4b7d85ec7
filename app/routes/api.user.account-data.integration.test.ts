import { existsSync } from "node:fs";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "~/modules/auth/password.server";
import { prisma } from "~/server/db.server";
import { startWorkers } from "../../workers/index";
import {
  apiClient,
  finishedAnalysis,
  indexingActions,
  indexPendingChanges,
  removeCreatedData,
  signedInUser,
  subscribe,
  uniqueName,
  type SignedIn,
} from "../../tests/support/api-client";
import { createListing, createProduct } from "../../tests/support/market";
import { bootWebServer } from "../../tests/support/web";

// The account's data rights over HTTP: a copy of its data (POST /api/user/export, made by the
// maintenance worker running in this process, downloaded from /api/user/export/{id}) holds every
// row the account owns and nobody else's; deleting it (DELETE /api/user/account, confirmed by
// the password) leaves nothing of it to any route or to search, and keeps the payment records
// detached.

const { uploadDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const nodePath = await import("node:path");
  const dir = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-rights-"));
  process.env.UPLOAD_DIR = dir;
  process.env.ORIGINALS_DIR = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-rights-originals-"));
  return { uploadDir: dir };
});

let web: Awaited<ReturnType<typeof bootWebServer>>;
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
const call = apiClient(() => web.baseUrl);
const PASSWORD = "Correct#Horse7";

/** One account with something of every kind: phone, farm and plot, listing with a photo, analysis, subscription, another session. */
async function personWithData(prefix: string) {
  const person = await signedInUser("USER", prefix);
  await prisma.user.update({
    where: { id: person.user.id },
    data: {
      passwordHash: await hashPassword(PASSWORD),
      phone: `+23480${String(Date.now()).slice(-8)}`,
      // A USSD PIN, two wrong tries of it and the lock they led to: credentials, never copied.
      pinHash: await hashPassword("2468"),
      pinFailures: 2,
      pinLockedUntil: new Date(Date.now() + 3_600_000),
    },
  });
  // A phone code asked for (its hash and tries are credentials) and a device known to the account.
  await prisma.phoneCode.create({
    data: {
      userId: person.user.id,
      phone: `+23481${String(Date.now()).slice(-8)}`,
      codeHash: `hash_${prefix}_${"c".repeat(40)}`,
      attempts: 2,
      expiresAt: new Date(Date.now() + 600_000),
    },
  });
  await prisma.device.create({ data: { userId: person.user.id, keyHash: `key_${prefix}_${"k".repeat(30)}` } });
  const subscription = await subscribe(person.user.id);
  // A month paid by transfer: the payment started here and the payment received.
  const reference = `asiiko_${prefix}_${subscription.id}`;
  await prisma.paymentCheckout.create({
    data: {
      reference,
      userId: person.user.id,
      provider: "paystack",
      method: "transfer",
      amountKobo: 1_500_000,
      returnPath: "/settings",
    },
  });
  const payment = await prisma.payment.create({
    data: {
      userId: person.user.id,
      subscriptionId: subscription.id,
      provider: "paystack",
      externalId: `trx_${reference}`,
      reference,
      amountKobo: 1_500_000,
      method: "transfer",
      channel: "bank_transfer",
      paidAt: new Date(),
      periodStart: new Date(),
      periodEnd: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    },
  });
  const farmName = uniqueName(`${prefix} farm`);
  const farm = await call("POST", "/api/farms", { name: farmName, crops: ["Cassava"] }, { cookie: person.cookie });
  expect(farm.status).toBe(201);
  const plot = await call(
    "POST",
    `/api/farms/${farm.body.farm.id}/plots`,
    { name: uniqueName(`${prefix} plot`), type: "field", crops: ["Maize"] },
    { cookie: person.cookie },
  );
  expect(plot.status).toBe(201);
  // A processed listing photo: its record and its files, as the image worker leaves them.
  const upload = await prisma.upload.create({
    data: {
      ownerId: person.user.id,
      purpose: "listing",
      status: "ready",
      format: "jpeg",
      bytes: 1000,
      width: 800,
      height: 600,
      sizes: [320, 800, 1600],
    },
  });
  const photoBytes = Buffer.from(`RIFF-photo-of-${prefix}-${upload.id}`);
  for (const width of [320, 800, 1600]) {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(path.join(uploadDir, upload.id), { recursive: true });
    writeFileSync(path.join(uploadDir, upload.id, `${width}.webp`), photoBytes);
  }
  const title = uniqueName(`${prefix} yam tubers`);
  const product = await createProduct({ name: uniqueName("Yam") });
  const listing = await createListing(
    person.user.id,
    { productId: product.id, title, images: [`/uploads/${upload.id}/800.webp`], locality: "Ibadan", showPhone: true },
    { indexed: true },
  );
  const analysisId = await finishedAnalysis(person.user.id, { diagnosis: uniqueName(`${prefix} diagnosis`) });
  const otherSession = await prisma.session.create({
    data: { userId: person.user.id, expiresAt: new Date(Date.now() + 3_600_000), userAgent: "Opera Mini" },
  });
  return {
    ...person,
    farmId: farm.body.farm.id as string,
    plotId: plot.body.plot.id as string,
    farmName,
    listingId: listing.id,
    title,
    productName: product.name,
    uploadId: upload.id,
    photoBytes,
    analysisId,
    subscriptionId: subscription.id,
    paymentId: payment.id,
    reference,
    otherSession,
  };
}

type Person = Awaited<ReturnType<typeof personWithData>>;
let amina: Person;
let bello: Person;
let visitor: SignedIn;

beforeAll(async () => {
  workers = await startWorkers({ queues: ["maintenance"] });
  web = await bootWebServer();
  [amina, bello, visitor] = await Promise.all([
    personWithData("rights_a"),
    personWithData("rights_b"),
    signedInUser("USER", "rights_c"),
  ]);
  await indexPendingChanges();
});

afterAll(async () => {
  await prisma.payment.deleteMany({ where: { id: { in: [amina.paymentId, bello.paymentId] } } });
  await prisma.paymentCheckout.deleteMany({ where: { reference: { in: [amina.reference, bello.reference] } } });
  await prisma.subscription.deleteMany({ where: { id: { in: [amina.subscriptionId, bello.subscriptionId] } } });
  await removeCreatedData();
  await web?.stop();
  await workers?.close();
});

/** Asks for a copy and waits, as Settings does, until the worker has made it. */
async function readyExport(person: SignedIn) {
  const asked = await call("POST", "/api/user/export", undefined, { cookie: person.cookie });
  expect(asked.status).toBe(202);
  expect(asked.body.data.export.status).toBe("pending");
  for (let tries = 0; tries < 100; tries += 1) {
    const now = await call("GET", "/api/user/export", undefined, { cookie: person.cookie });
    expect(now.status).toBe(200);
    if (now.body.data.export?.status === "ready") return now.body.data.export;
    expect(now.body.data.export.status).toBe("pending");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the export was never made");
}

async function download(url: string, cookie: string) {
  const response = await fetch(`${web.baseUrl}${url}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

describe("Download my data", () => {
  it("holds every row the account owns, and nothing of anyone else's, in every file", async () => {
    const ready = await readyExport(amina);
    expect(ready.downloadUrl).toBe(`/api/user/export/${ready.id}`);
    const files = await download(ready.downloadUrl, amina.cookie);
    const read = (name: string) => JSON.parse(strFromU8(files[name]!));

    const profile = read("profile.json");
    expect(profile).toMatchObject({ id: amina.user.id, username: amina.user.username, phone: expect.any(String) });
    expect(profile).not.toHaveProperty("passwordHash");
    expect(read("listings.json").map((row: { id: string }) => row.id)).toEqual([amina.listingId]);
    expect(read("listings.json")[0]).toMatchObject({ title: amina.title, locality: "Ibadan" });
    const farms = read("farms.json");
    expect(farms.map((row: { id: string }) => row.id)).toEqual([amina.farmId]);
    expect(farms[0].plots.map((row: { id: string }) => row.id)).toEqual([amina.plotId]);
    expect(read("analyses.json").map((row: { id: string }) => row.id)).toEqual([amina.analysisId]);
    expect(read("photos.json").map((row: { id: string }) => row.id)).toEqual([amina.uploadId]);
    expect(read("subscriptions.json").map((row: { id: string }) => row.id)).toEqual([amina.subscriptionId]);
    expect(read("subscriptions.json")[0]).not.toHaveProperty("emailToken");
    expect(read("payments.json").map((row: { id: string }) => row.id)).toEqual([amina.paymentId]);
    expect(read("payment-checkouts.json").map((row: { reference: string }) => row.reference)).toEqual([
      amina.reference,
    ]);
    expect(read("premium-uses.json").length).toBeGreaterThan(0);
    expect(read("data-exports.json").map((row: { id: string }) => row.id)).toEqual([ready.id]);
    // Sessions by their public id only: the id a cookie carries is a credential, never in a file.
    const sessions = read("sessions.json");
    expect(sessions.map((row: { publicId: string }) => row.publicId)).toContain(amina.otherSession.publicId);
    expect(sessions.every((row: object) => !("id" in row))).toBe(true);
    expect(JSON.stringify(sessions)).not.toContain(amina.otherSession.id);
    expect(read("devices.json").every((row: object) => !("keyHash" in row))).toBe(true);
    // No credential of any kind in any file: every hash and key of the account's rows, and the PIN's tries.
    for (const field of ["passwordHash", "pinHash", "pinFailures", "pinLockedUntil"])
      expect(profile).not.toHaveProperty(field);
    expect(read("phone-codes.json")).toEqual([expect.not.objectContaining({ codeHash: expect.anything() })]);
    expect(read("phone-codes.json")[0]).not.toHaveProperty("attempts");
    const [account, codes, devices, allSessions] = await Promise.all([
      prisma.user.findUniqueOrThrow({ where: { id: amina.user.id } }),
      prisma.phoneCode.findMany({ where: { userId: amina.user.id } }),
      prisma.device.findMany({ where: { userId: amina.user.id } }),
      prisma.session.findMany({ where: { userId: amina.user.id } }),
    ]);
    const credentials = [
      account.passwordHash,
      account.pinHash!,
      ...codes.map((row) => row.codeHash),
      ...devices.map((row) => row.keyHash),
      ...allSessions.map((row) => row.id),
    ];
    expect(devices.length).toBeGreaterThan(0);
    for (const [name, bytes] of Object.entries(files)) {
      const text = strFromU8(bytes);
      for (const credential of credentials) expect(text, `${name} holds a credential`).not.toContain(credential);
      expect(text, name).not.toMatch(
        /"(passwordHash|pinHash|pinFailures|pinLockedUntil|codeHash|keyHash|sealedBody|emailToken)"/,
      );
    }
    // The photo, in its largest size.
    expect(Buffer.from(files[`photos/${amina.uploadId}.webp`]!)).toEqual(amina.photoBytes);
    expect(strFromU8(files["README.txt"]!)).toContain("profile.json");

    // Nothing of Bello's, anywhere.
    const everything = Object.entries(files)
      .map(([name, bytes]) => `${name}\n${strFromU8(bytes)}`)
      .join("\n");
    for (const value of [
      bello.user.id,
      bello.user.username,
      bello.listingId,
      bello.farmId,
      bello.farmName,
      bello.plotId,
      bello.analysisId,
      bello.uploadId,
      bello.subscriptionId,
      bello.paymentId,
      bello.reference,
      bello.otherSession.publicId,
    ])
      expect(everything).not.toContain(value);
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "analyses.json",
        "catalogue-products.json",
        "data-exports.json",
        "devices.json",
        "error-reports.json",
        "farms.json",
        "listings.json",
        "payment-checkouts.json",
        "payments.json",
        `photos/${amina.uploadId}.webp`,
        "photos.json",
        "premium-uses.json",
        "profile.json",
        "sessions.json",
        "subscriptions.json",
        "texts.json",
        "phone-codes.json",
        "saved-listings.json",
        "listing-reports.json",
        "cart-items.json",
        "order-requests.json",
        "order-messages.json",
        "order-reviews.json",
        "your-notifications.json",
        "price-alerts.json",
        "trade-reports.json",
      ].sort(),
    );
  });

  it("is downloaded by its owner only: anyone else, and a visitor, are told it does not exist", async () => {
    const ready = await readyExport(bello);
    for (const cookie of [amina.cookie, visitor.cookie]) {
      const other = await call("GET", ready.downloadUrl, undefined, { cookie });
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe("DB_RECORD_NOT_FOUND");
    }
    expect((await call("GET", ready.downloadUrl)).status).toBe(401);
    expect((await call("GET", "/api/user/export/not-an-export", undefined, { cookie: bello.cookie })).status).toBe(404);
    // Someone without a copy sees none.
    const none = await call("GET", "/api/user/export", undefined, { cookie: visitor.cookie });
    expect(none.body.data.export).toBeNull();
    // Expired: the link answers 404, and the maintenance task removes file and row.
    await prisma.accountExport.update({ where: { id: ready.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call("GET", ready.downloadUrl, undefined, { cookie: bello.cookie })).status).toBe(404);
    const { deleteExpiredExports } = await import("~/modules/account-data/exports.server");
    expect(await deleteExpiredExports()).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(uploadDir, "private", "exports", `${ready.id}.zip`))).toBe(false);
    expect(await prisma.accountExport.count({ where: { id: ready.id } })).toBe(0);
  });

  it("asks for one copy at a time and five a day", async () => {
    // A copy still being made (written here, not queued: the worker of this file would finish a
    // queued one at its own pace, and a finished one no longer counts as "at a time").
    const making = await prisma.accountExport.create({
      data: { userId: visitor.user.id, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const again = await call("POST", "/api/user/export", undefined, { cookie: visitor.cookie });
    expect(again.status).toBe(202);
    expect(again.body.data.export.id).toBe(making.id);
    await prisma.accountExport.createMany({
      data: Array.from({ length: 5 }, () => ({
        userId: visitor.user.id,
        status: "ready" as const,
        expiresAt: new Date(Date.now() + 3_600_000),
      })),
    });
    await prisma.accountExport.updateMany({ where: { userId: visitor.user.id }, data: { status: "ready" } });
    const refused = await call("POST", "/api/user/export", undefined, { cookie: visitor.cookie });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
  });
});

describe("Delete my account", () => {
  it("refuses a wrong or missing password and deletes nothing", async () => {
    const wrong = await call("DELETE", "/api/user/account", { password: "not-it" }, { cookie: amina.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("SEC_INVALID_TOKEN");
    expect(wrong.body.error.fields.password).toHaveLength(1);
    const missing = await call("DELETE", "/api/user/account", {}, { cookie: amina.cookie });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toMatch(/^VLD_/);
    expect((await call("DELETE", "/api/user/account", { password: PASSWORD })).status).toBe(401);
    expect(await prisma.user.count({ where: { id: amina.user.id } })).toBe(1);
    expect(
      (await call("GET", `/api/market/listings/${amina.listingId}`, undefined, { cookie: bello.cookie })).status,
    ).toBe(200);
  });

  it("removes the account's photos of every kind, rows and files, but one a catalogue product shows", async () => {
    const person = await signedInUser("ADMIN", "photos");
    await prisma.user.update({ where: { id: person.user.id }, data: { passwordHash: await hashPassword(PASSWORD) } });
    const { mkdirSync, writeFileSync } = await import("node:fs");
    // Processed photos, records and files, as the image worker leaves them (an analysis photo's
    // under private/, where no address reaches it).
    const photoOf = async (purpose: "listing" | "analysis" | "product") => {
      const upload = await prisma.upload.create({
        data: {
          ownerId: person.user.id,
          purpose,
          status: "ready",
          format: "jpeg",
          bytes: 1000,
          width: 800,
          height: 600,
          sizes: [320, 800, 1600],
        },
      });
      const folder = path.join(uploadDir, ...(purpose === "analysis" ? ["private"] : []), upload.id);
      mkdirSync(folder, { recursive: true });
      for (const width of [320, 800, 1600]) writeFileSync(path.join(folder, `${width}.webp`), `RIFF-${upload.id}`);
      return { id: upload.id, folder };
    };
    const listingPhoto = await photoOf("listing");
    const analysisPhoto = await photoOf("analysis");
    const unusedProductPhoto = await photoOf("product");
    const shownProductPhoto = await photoOf("product");
    const product = await createProduct({
      name: uniqueName("Sorghum"),
      images: [`/uploads/${shownProductPhoto.id}/1600.webp`],
      createdById: person.user.id,
    });
    for (const photo of [listingPhoto, unusedProductPhoto, shownProductPhoto])
      expect((await fetch(`${web.baseUrl}/uploads/${photo.id}/800.webp`)).status).toBe(200);

    const deleted = await call("DELETE", "/api/user/account", { password: PASSWORD }, { cookie: person.cookie });
    expect(deleted.status).toBe(200);

    for (const photo of [listingPhoto, analysisPhoto, unusedProductPhoto]) {
      for (const width of [320, 800, 1600]) expect(existsSync(path.join(photo.folder, `${width}.webp`))).toBe(false);
      expect((await fetch(`${web.baseUrl}/uploads/${photo.id}/800.webp`)).status).toBe(404);
    }
    expect(
      await prisma.upload.count({ where: { id: { in: [listingPhoto.id, analysisPhoto.id, unusedProductPhoto.id] } } }),
    ).toBe(0);
    // The catalogue's photo stays, record and files, without its owner, and the product shows it.
    expect(await prisma.upload.findUniqueOrThrow({ where: { id: shownProductPhoto.id } })).toMatchObject({
      ownerId: null,
      purpose: "product",
    });
    for (const width of [320, 800, 1600]) {
      const served = await fetch(`${web.baseUrl}/uploads/${shownProductPhoto.id}/${width}.webp`);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe(`RIFF-${shownProductPhoto.id}`);
    }
    const shown = await call("GET", `/api/products/${product.id}`, undefined, { cookie: bello.cookie });
    expect(JSON.stringify(shown.body)).toContain(`/uploads/${shownProductPhoto.id}/`);
  });

  it("leaves nothing of the account to any route or to search, and keeps its payment records detached", async () => {
    // The listing and the farm are found before.
    const before = await call("GET", `/api/search?q=${encodeURIComponent(amina.productName)}`, undefined, {
      cookie: bello.cookie,
    });
    expect(before.body.data.listings.map((hit: { id: string }) => hit.id)).toContain(amina.listingId);
    expect((await fetch(`${web.baseUrl}/uploads/${amina.uploadId}/800.webp`)).status).toBe(200);
    const ready = await readyExport(amina);

    const deleted = await call("DELETE", "/api/user/account", { password: PASSWORD }, { cookie: amina.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.deleted).toBe(true);
    expect(deleted.cookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

    // Its sessions are over, on this device and the other.
    expect((await call("GET", "/api/user", undefined, { cookie: amina.cookie })).status).toBe(401);
    expect(await prisma.session.count({ where: { userId: amina.user.id } })).toBe(0);
    expect(await prisma.session.count({ where: { id: amina.otherSession.id } })).toBe(0);
    // Its listing, its seller page, its farm, its analysis, its photo and its copy are gone.
    expect(
      (await call("GET", `/api/market/listings/${amina.listingId}`, undefined, { cookie: bello.cookie })).status,
    ).toBe(404);
    expect(
      (await call("GET", `/marketplace/${amina.listingId}/seller`, undefined, { cookie: bello.cookie })).status,
    ).toBe(404);
    const sellers = await call("GET", `/api/market/listings?seller_id=${amina.user.id}`, undefined, {
      cookie: bello.cookie,
    });
    expect(sellers.body.data.listings).toEqual([]);
    expect((await call("GET", `/api/farms/${amina.farmId}`, undefined, { cookie: bello.cookie })).status).toBe(404);
    expect(
      (await call("GET", `/api/ai/analyses/${amina.analysisId}`, undefined, { cookie: bello.cookie })).status,
    ).toBe(404);
    for (const width of [320, 800, 1600]) {
      expect((await fetch(`${web.baseUrl}/uploads/${amina.uploadId}/${width}.webp`)).status).toBe(404);
      expect(existsSync(path.join(uploadDir, amina.uploadId, `${width}.webp`))).toBe(false);
    }
    expect(existsSync(path.join(uploadDir, "private", "exports", `${ready.id}.zip`))).toBe(false);
    expect(await prisma.plot.count({ where: { id: amina.plotId } })).toBe(0);
    expect(await prisma.accountExport.count({ where: { userId: amina.user.id } })).toBe(0);

    // Search: the outbox asked the indexing worker to delete both documents; once applied, nothing is found.
    expect(await indexingActions("listing", amina.listingId)).toContain("delete");
    expect(await indexingActions("farm", amina.farmId)).toContain("delete");
    await indexPendingChanges();
    expect(await prisma.searchDocument.count({ where: { entityId: { in: [amina.listingId, amina.farmId] } } })).toBe(0);
    const after = await call("GET", `/api/search?q=${encodeURIComponent(amina.productName)}`, undefined, {
      cookie: bello.cookie,
    });
    expect(after.body.data.listings.map((hit: { id: string }) => hit.id)).not.toContain(amina.listingId);
    const byName = await call(
      "GET",
      `/api/market/listings?search=${encodeURIComponent(amina.productName)}`,
      undefined,
      {
        cookie: bello.cookie,
      },
    );
    expect(byName.body.data.listings.map((hit: { id: string }) => hit.id)).not.toContain(amina.listingId);
    // Signing in again with the old name and password fails.
    const login = await call("POST", "/api/login", { username: amina.user.username, password: PASSWORD });
    expect(login.status).toBe(401);

    // The payment record stays, with no link to anyone, and no longer renews.
    const kept = await prisma.subscription.findUniqueOrThrow({ where: { id: amina.subscriptionId } });
    expect(kept).toMatchObject({ userId: null, cancelAtPeriodEnd: true });
    expect(kept.canceledAt).not.toBeNull();
    expect(await prisma.payment.findUniqueOrThrow({ where: { id: amina.paymentId } })).toMatchObject({
      userId: null,
      subscriptionId: amina.subscriptionId,
    });
    expect(await prisma.paymentCheckout.findUniqueOrThrow({ where: { reference: amina.reference } })).toMatchObject({
      userId: null,
    });

    // Bello's things are untouched.
    expect(
      (await call("GET", `/api/market/listings/${bello.listingId}`, undefined, { cookie: bello.cookie })).status,
    ).toBe(200);
    expect((await call("GET", `/api/farms/${bello.farmId}`, undefined, { cookie: bello.cookie })).status).toBe(200);
    expect((await fetch(`${web.baseUrl}/uploads/${bello.uploadId}/800.webp`)).status).toBe(200);
  });
});
