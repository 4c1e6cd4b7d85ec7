import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { jobPayloadSchemas } from "~/jobs/queues";
import { hashPassword } from "~/modules/auth/password.server";
import { storeFrontendError } from "~/modules/errors/frontend-errors.server";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser, uniqueName, type SignedIn } from "../../tests/support/api-client";
import { seedMarket } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// Hostile text in every JSON field and query parameter of the API, over HTTP
// against the real server, database and Redis: NUL and lone surrogates are
// refused with 400 VLD_* (error reports: kept with U+FFFD), never a 500, and
// refused requests change nothing. Lone surrogates travel only as JSON
// escapes ("\ud800"): addresses and forms are UTF-8, where they cannot occur.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

let admin: SignedIn;
let seller: SignedIn;
let productId: string;
let listingId: string;

beforeAll(async () => {
  ({ admin, seller, productId, listingId } = await seedMarket("hostile"));
});

afterAll(async () => {
  await prisma.frontendError.deleteMany({ where: { errorId: { startsWith: "ERR-HOSTILE" } } });
});

/** The characters PostgreSQL cannot store, as they arrive in JSON. */
const UNSTORABLE = [
  ["NUL", "\u0000"],
  ["a lone high surrogate", "\uD800"],
  ["a lone low surrogate", "\uDC00"],
] as const;

const counts = async () => ({
  users: await prisma.user.count(),
  listings: await prisma.listing.count(),
  products: await prisma.product.count(),
});

function expectRefused(response: Awaited<ReturnType<typeof call>>, field?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.success).toBe(false);
  expect(response.body.error.code).toMatch(/^VLD_/);
  if (field)
    expect(
      Object.keys(response.body.error.fields ?? {}).some((key) => key === field || key.startsWith(`${field}.`)),
    ).toBe(true);
}

describe("sign-in with NUL at the same moment as other sign-ins", () => {
  it("answers the NUL one 400 and the normal one its 401, 20 times out of 20", async () => {
    // Each round a different account, so the per-username limit (10 in 15 minutes) never joins in.
    const passwordHash = await hashPassword("the-right-password");
    const users = await Promise.all(
      Array.from({ length: 20 }, () =>
        prisma.user.create({
          data: { username: uniqueName("race"), passwordHash, firstName: "Race", lastName: "Test" },
        }),
      ),
    );
    try {
      for (const user of users) {
        const [hostile, normal] = await Promise.all([
          call("POST", "/api/login", { username: `${user.username}\u0000`, password: "anything" }),
          call("POST", "/api/login", { username: user.username, password: "a-wrong-password" }),
        ]);
        expectRefused(hostile, "username");
        expect(normal.status, JSON.stringify(normal.body)).toBe(401);
        expect(normal.body.error.code).toBe("AUTH_INVALID_CREDENTIALS");
      }
    } finally {
      await prisma.user.deleteMany({ where: { id: { in: users.map((user) => user.id) } } });
    }
  });
});

describe("POST /api/login and /api/register", () => {
  it.each(UNSTORABLE)("refuse %s in every field with 400, creating nobody", async (_name, bad) => {
    const before = await counts();
    for (const field of ["username", "password"]) {
      const body = { username: "amina", password: "AsiikoFarmer#2026", [field]: `ami${bad}na-secret` };
      expectRefused(await call("POST", "/api/login", body), field);
    }
    for (const field of ["username", "password", "firstName", "lastName", "email"]) {
      const body = {
        username: uniqueName("reg"),
        password: "correct-horse-8",
        firstName: "Amina",
        lastName: "Bello",
        email: `${uniqueName("m")}@example.ng`,
      };
      const response = await call("POST", "/api/register", {
        ...body,
        [field]: `${String(body[field as keyof typeof body]).slice(0, 6)}${bad}x`,
      });
      expectRefused(response, field);
      expect(response.body.error.fields[field]).toEqual(["This text contains characters that cannot be saved"]);
    }
    expect(await counts()).toEqual(before);
  });

  it("checks a username's length as stored: 50 dotted capital I are 100 characters lower-cased", async () => {
    const before = await counts();
    const tooLong = await call("POST", "/api/register", {
      username: "İ".repeat(50),
      password: "correct-horse-8",
      firstName: "Ayşe",
      lastName: "Yıldız",
    });
    expectRefused(tooLong, "username");
    expect(tooLong.body.error.fields.username).toEqual(["Username must be 3-50 characters"]);
    expect((await call("POST", "/api/login", { username: "İ".repeat(50), password: "correct-horse-8" })).status).toBe(
      400,
    );
    expect(await counts()).toEqual(before);

    // 22 of them and 6 more characters: exactly 50 once lower-cased, and stored so.
    const username = `${"İ".repeat(22)}${randomBytes(3).toString("hex")}`;
    const made = await call("POST", "/api/register", {
      username,
      password: "correct-horse-8",
      firstName: "Ayşe",
      lastName: "Yıldız",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.username).toBe(username.toLowerCase());
    expect([...made.body.username]).toHaveLength(50);
    const signedIn = await call("POST", "/api/login", { username, password: "correct-horse-8" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.id).toBe(made.body.id);
    await prisma.user.delete({ where: { id: made.body.id } });
  });
});

describe("listings: POST /api/market/listings and PATCH /api/market/listings/{id}", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    productId,
    priceNgn: "2500.00",
    quantity: 20,
    condition: "new",
    images: ["/images/products/maize.svg"],
    latitude: "6.5244",
    longitude: "3.3792",
    locality: "Ikeja, Lagos",
    status: "active",
    ...overrides,
  });

  it.each(UNSTORABLE)("refuse %s in every text field with 400, storing and changing nothing", async (_name, bad) => {
    const before = await counts();
    const stored = await prisma.listing.findUniqueOrThrow({ where: { id: listingId } });
    const cases: [string, Record<string, unknown>][] = [
      ["productId", { productId: `${productId}${bad}` }],
      ["priceNgn", { priceNgn: `25${bad}00` }],
      ["quantity", { quantity: `2${bad}` }],
      ["condition", { condition: `new${bad}` }],
      ["images", { images: [`https://images.example.ng/${bad}.jpg`] }],
      ["latitude", { latitude: `6.5${bad}` }],
      ["locality", { locality: `Ikeja${bad}` }],
      ["status", { status: `active${bad}` }],
    ];
    for (const [field, change] of cases) {
      expectRefused(await call("POST", "/api/market/listings", body(change), { cookie: seller.cookie }), field);
      expectRefused(
        await call("PATCH", `/api/market/listings/${listingId}`, body(change), { cookie: seller.cookie }),
        field,
      );
    }
    expectRefused(
      await call("PATCH", `/api/market/listings/${listingId}`, { status: `paused${bad}` }, { cookie: seller.cookie }),
      "status",
    );
    expect(await counts()).toEqual(before);
    expect(await prisma.listing.findUniqueOrThrow({ where: { id: listingId } })).toEqual(stored);
  });

  it("still accepts a well-formed listing after all that", async () => {
    const made = await call("POST", "/api/market/listings", body({ locality: "  Adébáyọ̀ Street, Ìbàdàn  " }), {
      cookie: seller.cookie,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.listing.locality).toBe("Adébáyọ̀ Street, Ìbàdàn".normalize("NFC"));
  });
});

describe("products: POST /api/products and PATCH /api/products/{id}", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: uniqueName("Sorghum"),
    description: "Red sorghum",
    categories: ["Grains & Cereals"],
    unit: "bags",
    attributes: { origin: "Kano", moisture: 12 },
    isActive: true,
    images: ["/images/products/grains-cereals.svg"],
    ...overrides,
  });

  it.each(UNSTORABLE)(
    "refuse %s in every text field, attribute names and values included, storing and changing nothing",
    async (_name, bad) => {
      const before = await counts();
      const stored = await prisma.product.findUniqueOrThrow({ where: { id: productId } });
      const cases: [string, Record<string, unknown>][] = [
        ["name", { name: `Sor${bad}ghum` }],
        ["description", { description: `Red${bad}` }],
        ["categories", { categories: [`Grains & Cereals${bad}`] }],
        ["unit", { unit: `bags${bad}` }],
        ["attributes", { attributes: { [`ori${bad}gin`]: "Kano" } }],
        ["attributes", { attributes: { origin: `Ka${bad}no` } }],
        ["images", { images: [`https://images.example.ng/${bad}.jpg`] }],
      ];
      for (const [field, change] of cases) {
        expectRefused(await call("POST", "/api/products", body(change), { cookie: admin.cookie }), field);
        expectRefused(await call("PATCH", `/api/products/${productId}`, body(change), { cookie: admin.cookie }), field);
      }
      expect(await counts()).toEqual(before);
      expect(await prisma.product.findUniqueOrThrow({ where: { id: productId } })).toEqual(stored);
    },
  );

  it("refuses more than 50 attributes", async () => {
    const attributes = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, index]));
    expectRefused(await call("POST", "/api/products", body({ attributes }), { cookie: admin.cookie }), "attributes");
  });
});

describe("query parameters", () => {
  it.each([
    ["/api/market/listings", "search"],
    ["/api/market/listings", "seller_id"],
    ["/api/market/listings", "categories"],
    ["/api/market/listings", "condition"],
    ["/api/market/listings", "status"],
    ["/api/market/listings", "sort"],
    ["/api/market/listings", "price_min"],
    ["/api/products", "search"],
    ["/api/products", "categories"],
    ["/api/products", "is_active"],
  ])("GET %s?%s= with NUL answers 400 VLD_*", async (path, name) => {
    const response = await call("GET", `${path}?${name}=a%00b`, undefined, { cookie: seller.cookie });
    expectRefused(response, name);
  });

  it("answers a search of bytes that are not UTF-8 (read as U+FFFD) with results, not an error", async () => {
    const response = await call("GET", "/api/market/listings?search=%ED%A0%80", undefined, { cookie: seller.cookie });
    expect(response.status).toBe(200);
  });
});

describe("ids in addresses", () => {
  it.each([
    ["GET", "/api/products/a%00b"],
    ["PATCH", "/api/products/a%00b"],
    ["DELETE", "/api/products/a%00b"],
    ["PATCH", "/api/market/listings/a%00b"],
    ["DELETE", "/api/market/listings/a%00b"],
  ])("%s %s answers a catalogue refusal, never a 500, and changes nothing", async (method, path) => {
    const before = await counts();
    const body =
      method === "PATCH"
        ? path.includes("products")
          ? { name: "Millet", categories: ["Grains & Cereals"] }
          : { status: "paused" }
        : undefined;
    const response = await call(method, path, body, {
      cookie: path.includes("products") ? admin.cookie : seller.cookie,
    });
    expect([400, 404]).toContain(response.status);
    expect(response.body.error.code).toMatch(/^(VLD_[A-Z_]+|DB_RECORD_NOT_FOUND)$/);
    expect(await counts()).toEqual(before);
  });
});

describe("POST /api/errors/frontend", () => {
  const report = (overrides: Record<string, unknown> = {}) => ({
    errorId: `ERR-HOSTILE-${randomBytes(4).toString("hex")}`,
    boundary: "MarketplacePage",
    level: "page",
    message: "Cannot read properties of undefined",
    stack: "TypeError: ...",
    componentStack: "at Marketplace",
    timestamp: new Date().toISOString(),
    userAgent: "Mozilla/5.0",
    url: "http://localhost/marketplace",
    retryCount: 1,
    ...overrides,
  });

  async function queuedReport(errorId: string) {
    const jobs = await getQueue("frontend-errors").getJobs([
      "waiting",
      "delayed",
      "active",
      "completed",
      "prioritized",
    ]);
    const job = jobs.find((item) => item?.data?.report?.errorId === errorId);
    expect(job).toBeDefined();
    return job!.data;
  }

  it.each(UNSTORABLE)(
    "keeps a report with %s in its texts as U+FFFD, and the worker stores what was accepted",
    async (_name, bad) => {
      const sent = report({
        message: `boom ${bad} here`,
        stack: `at x${bad}`,
        componentStack: `${bad}`,
        userAgent: `UA${bad}`,
        url: `http://localhost/${bad}`,
      });
      const response = await call("POST", "/api/errors/frontend", sent, { cookie: seller.cookie });
      expect(response.status).toBe(202);

      // What the worker does with the job: parse the payload again, then store it.
      const payload = jobPayloadSchemas["frontend-errors"].parse(await queuedReport(sent.errorId));
      const { id } = await storeFrontendError(payload);
      const row = await prisma.frontendError.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({
        errorId: sent.errorId,
        message: "boom \uFFFD here",
        stack: "at x\uFFFD",
        componentStack: "\uFFFD",
        userAgent: "UA\uFFFD",
        url: "http://localhost/\uFFFD",
        userId: seller.user.id,
      });
    },
  );

  it.each(UNSTORABLE)(
    "refuses %s in the error id, the boundary, the level and the time with 400",
    async (_name, bad) => {
      for (const field of ["errorId", "boundary", "level", "timestamp"]) {
        const sent = report();
        expectRefused(
          await call("POST", "/api/errors/frontend", {
            ...sent,
            [field]: `${String(sent[field as keyof typeof sent])}${bad}`,
          }),
          field,
        );
      }
    },
  );

  it("stores a report whose user was deleted after it was accepted, without the user", async () => {
    const reporter = await signedInUser("USER", "reporter");
    const sent = report();
    expect((await call("POST", "/api/errors/frontend", sent, { cookie: reporter.cookie })).status).toBe(202);
    const payload = jobPayloadSchemas["frontend-errors"].parse(await queuedReport(sent.errorId));
    expect(payload.userId).toBe(reporter.user.id);
    await prisma.user.delete({ where: { id: reporter.user.id } });
    const { id } = await storeFrontendError(payload);
    expect(await prisma.frontendError.findUniqueOrThrow({ where: { id } })).toMatchObject({
      errorId: sent.errorId,
      userId: null,
    });
  });
});

describe("malformed cookies", () => {
  it.each([
    "asiiko-session=%",
    "asiiko-session=%E0%A4%A",
    "asiiko-session=%00",
    'asiiko-session="',
    "asiiko-lang=%",
    "asiiko-lang=%E0%A4%A; asiiko-session=%",
    // The device cookie is read at sign-in: spoilt, it reads as a browser that has none.
    "asiiko-device=%",
    "asiiko-device=%00",
    'asiiko-device="',
    `asiiko-device=${"A".repeat(600)}`,
    "asiiko-device=not-signed.at-all; asiiko-device=%E0%A4%A",
  ])("%s: the API answers as signed out, never 500", async (cookie) => {
    const me = await call("GET", "/api/user", undefined, { cookie });
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe("AUTH_SESSION_EXPIRED");
    const login = await call(
      "POST",
      "/api/login",
      { username: uniqueName("ghost"), password: "not-the-password" },
      { cookie },
    );
    expect(login.status).toBe(401);
    expect((await call("POST", "/api/logout", undefined, { cookie })).status).toBe(200);
  });

  it("a malformed language cookie beside a good session: signed in, in English", async () => {
    const me = await call("GET", "/api/user", undefined, { cookie: `asiiko-lang=%; ${seller.cookie}` });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(seller.user.id);
  });
});
