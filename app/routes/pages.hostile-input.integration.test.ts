import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient, newIp, signedInUser, subscribe, uniqueName, type SignedIn } from "../../tests/support/api-client";
import { seedMarket } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";
import { postChunkedForm } from "../../tests/support/chunked-post";

// Hostile text in the pages' forms and addresses, over HTTP against the real
// server: a form post with NUL answers 400 with the form's reply (its error
// in the page's data), never a 500, and changes nothing; an address filter
// that cannot be used is dropped and the page still shows. Forms and
// addresses travel as UTF-8, so they cannot carry a lone surrogate: NUL is
// what they can carry.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

let admin: SignedIn;
let seller: SignedIn;
let productId: string;
let listingId: string;

beforeAll(async () => {
  ({ admin, seller, productId, listingId } = await seedMarket("pages", {
    product: { name: uniqueName("Cassava"), categories: ["Root Vegetables"] },
  }));
});

const NUL = "\u0000";
const INVALID_TEXT = "This text contains characters that cannot be saved";

const counts = async () => ({
  users: await prisma.user.count(),
  listings: await prisma.listing.count(),
  products: await prisma.product.count(),
  sessions: await prisma.session.count(),
});

/** A browser's form post (urlencoded, or multipart with `multipart: true`), without following redirects. */
async function post(
  path: string,
  fields: Record<string, string | string[]>,
  { cookie, multipart = false }: { cookie?: string; multipart?: boolean } = {},
) {
  const entries = Object.entries(fields).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item) => [name, item]) : [[name, value]],
  );
  let body: URLSearchParams | FormData;
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name!, value!);
    body = form;
  } else body = new URLSearchParams(entries as [string, string][]);
  const headers: Record<string, string> = { "X-Forwarded-For": newIp() };
  if (!multipart) headers["Content-Type"] = "application/x-www-form-urlencoded";
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(`${web.baseUrl}${path}`, { method: "POST", headers, body, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function get(path: string, cookie?: string) {
  const response = await fetch(`${web.baseUrl}${path}`, {
    headers: { "X-Forwarded-For": newIp(), ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * The page answered 400 with its form's reply holding this message: as text
 * where the server renders the form, or as the key the browser translates in
 * the page's data where the form is in a dialog.
 */
function expectFormError(page: { status: number; text: string }, message: string) {
  expect(page.status).toBe(400);
  expect(page.text).toContain("<html");
  expect(page.text).toContain(message);
}

const listingForm = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "create",
  productId,
  priceNgn: "2500",
  quantity: "4",
  condition: "new",
  images: ["/images/products/cassava.svg"],
  latitude: "",
  longitude: "",
  locality: "Ibadan",
  status: "active",
  ...overrides,
});

describe("/auth", () => {
  it("answers NUL in each sign-in and registration field with the form's error, creating nobody", async () => {
    const before = await counts();
    for (const field of ["username", "password"]) {
      const page = await post("/auth", {
        intent: "login",
        username: "amina",
        password: "AsiikoFarmer#2026",
        [field]: `ami${NUL}na`,
      });
      expectFormError(page, INVALID_TEXT);
    }
    for (const field of ["username", "password", "firstName", "lastName", "email"]) {
      const fields = {
        intent: "register",
        username: uniqueName("pg"),
        password: "correct-horse-8",
        firstName: "Amina",
        lastName: "Bello",
        email: "",
      };
      const page = await post("/auth", { ...fields, [field]: `bad${NUL}value` });
      expectFormError(page, INVALID_TEXT);
    }
    // The same through a multipart form.
    expectFormError(
      await post("/auth", { intent: "login", username: `amina${NUL}`, password: "x" }, { multipart: true }),
      INVALID_TEXT,
    );
    expect(await counts()).toEqual(before);
  });

  it("goes only to encoded paths of this site after signing in, whatever redirectTo holds", async () => {
    const username = uniqueName("redir");
    expect(
      (
        await call("POST", "/api/register", {
          username,
          password: "correct-horse-8",
          firstName: "Ada",
          lastName: "Obi",
        })
      ).status,
    ).toBe(201);
    const signIn = (redirectTo: string) =>
      post("/auth", { intent: "login", username, password: "correct-horse-8", redirectTo });
    const withNul = await signIn(`/marketplace${NUL}`);
    expect(withNul.status).toBe(302);
    expect(withNul.headers.get("location")).toBe("/");
    const yoruba = await signIn("/marketplace?search=ẹ̀wà");
    expect(yoruba.status).toBe(302);
    expect(yoruba.headers.get("location")).toBe(`/marketplace?search=${encodeURIComponent("ẹ̀wà")}`);
  });
});

describe("/my-listings", () => {
  it("answers NUL in each listing field, and in the ids of updates, status changes, deletes and price suggestions, with the form's reply", async () => {
    const before = await counts();
    const stored = await prisma.listing.findUniqueOrThrow({ where: { id: listingId } });
    for (const [field, value, message] of [
      ["locality", `Ibadan${NUL}`, "errors.invalidText"],
      ["productId", `${productId}${NUL}`, "errors.invalidText"],
      ["images", `https://images.example.ng/${NUL}.jpg`, "errors.invalidText"],
      ["priceNgn", `25${NUL}`, "listing.errors.priceRange"],
      ["quantity", `4${NUL}`, "listing.errors.quantityMin"],
      ["condition", `new${NUL}`, "listing.errors.condition"],
    ] as const) {
      expectFormError(await post("/my-listings", listingForm({ [field]: value }), { cookie: seller.cookie }), message);
      expectFormError(
        await post("/my-listings", listingForm({ intent: "update", id: listingId, [field]: value }), {
          cookie: seller.cookie,
        }),
        message,
      );
    }
    for (const id of [`${listingId}${NUL}`, NUL]) {
      expectFormError(
        await post("/my-listings", listingForm({ intent: "update", id }), { cookie: seller.cookie }),
        INVALID_TEXT,
      );
      expectFormError(
        await post("/my-listings", { intent: "status", id, status: "paused" }, { cookie: seller.cookie }),
        INVALID_TEXT,
      );
      expectFormError(await post("/my-listings", { intent: "delete", id }, { cookie: seller.cookie }), INVALID_TEXT);
    }
    // An id that cannot be one names no listing.
    expectFormError(
      await post("/my-listings", { intent: "delete", id: "../etc" }, { cookie: seller.cookie }),
      "This listing no longer exists",
    );
    expectFormError(
      await post(
        "/my-listings",
        { intent: "status", id: listingId, status: `paused${NUL}` },
        { cookie: seller.cookie },
      ),
      "Choose a status",
    );
    expectFormError(
      await post(
        "/my-listings",
        { intent: "suggest-price", productId: `${productId}${NUL}` },
        { cookie: seller.cookie },
      ),
      INVALID_TEXT,
    );
    expectFormError(
      await post("/my-listings", { intent: "suggest-price", productId: "not an id" }, { cookie: seller.cookie }),
      "That product is not in the catalogue",
    );
    expectFormError(
      await post("/my-listings", listingForm({ locality: `Oyo${NUL}` }), { cookie: seller.cookie, multipart: true }),
      "errors.invalidText",
    );
    expect(await counts()).toEqual(before);
    expect(await prisma.listing.findUniqueOrThrow({ where: { id: listingId } })).toEqual(stored);
    // A suggestion refused for its product id is not counted as a premium use.
    expect(await prisma.premiumFeatureUse.count({ where: { userId: seller.user.id } })).toBe(0);
    // A control: the same form, well-formed, is saved (so the refusals above were about the text).
    expect(
      (
        await post("/my-listings", listingForm({ intent: "update", id: listingId, locality: "Ogbomọ̀ṣọ́" }), {
          cookie: seller.cookie,
        })
      ).status,
    ).toBe(200);
    expect((await prisma.listing.findUniqueOrThrow({ where: { id: listingId } })).locality).toBe(
      "Ogbomọ̀ṣọ́".normalize("NFC"),
    );
  });

  it("shows the page for a search or status in the address that cannot be used", async () => {
    for (const query of ["?search=%00", "?status=%00", "?search=a%00b&status=paused%00", "?search=%ED%A0%80"]) {
      const page = await get(`/my-listings${query}`, seller.cookie);
      expect(page.status, query).toBe(200);
    }
  });
});

describe("/product-catalog", () => {
  it("answers NUL in each product field, and in the ids of updates and deletes, with the form's reply", async () => {
    const before = await counts();
    const stored = await prisma.product.findUniqueOrThrow({ where: { id: productId } });
    const productForm = (overrides: Record<string, string | string[]> = {}) => ({
      intent: "create",
      name: uniqueName("Millet"),
      description: "Pearl millet",
      categories: ["Grains & Cereals"],
      unit: "bags",
      isActive: "on",
      ...overrides,
    });
    for (const [field, value, message] of [
      ["name", `Mil${NUL}let`, "errors.invalidText"],
      ["description", `Pearl${NUL}`, "errors.invalidText"],
      ["categories", `Grains & Cereals${NUL}`, "catalog.errors.unknownCategory"],
      ["unit", `bags${NUL}`, "catalog.errors.unknownUnit"],
      ["images", `https://images.example.ng/${NUL}.jpg`, "errors.invalidText"],
    ] as const) {
      expectFormError(
        await post("/product-catalog", productForm({ [field]: value }), { cookie: admin.cookie }),
        message,
      );
      expectFormError(
        await post("/product-catalog", productForm({ intent: "update", id: productId, [field]: value }), {
          cookie: admin.cookie,
        }),
        message,
      );
    }
    expectFormError(
      await post("/product-catalog", productForm({ intent: "update", id: `${productId}${NUL}` }), {
        cookie: admin.cookie,
      }),
      INVALID_TEXT,
    );
    expectFormError(
      await post("/product-catalog", { intent: "delete", id: `${productId}${NUL}` }, { cookie: admin.cookie }),
      INVALID_TEXT,
    );
    expectFormError(
      await post("/product-catalog", { intent: "delete", id: "a b" }, { cookie: admin.cookie }),
      "That product is not in the catalogue",
    );
    expect(await counts()).toEqual(before);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: productId } })).toEqual(stored);
  });

  it("shows the page for filters in the address that cannot be used", async () => {
    for (const query of [
      "?search=%00",
      "?status=%00",
      "?categories=%00",
      "?search=%00&categories=Root%20Vegetables%00&status=active",
    ]) {
      const page = await get(`/product-catalog${query}`, admin.cookie);
      expect(page.status, query).toBe(200);
      expect(page.text).toContain("<html");
    }
  });
});

describe("/marketplace", () => {
  it("shows the page for filters in the address that cannot be used", async () => {
    for (const query of [
      "?search=%00",
      "?search=%00&sort=distance",
      "?categories=%00&condition=new%00",
      "?lat=%00&lng=3&near=1",
    ]) {
      const page = await get(`/marketplace${query}`, seller.cookie);
      expect(page.status, query).toBe(200);
    }
  });
});

describe("/mapping", () => {
  it("answers NUL and refused values in the farm and plot dialogs with the form's reply, changing nothing", async () => {
    const farmer = await signedInUser("USER", "pages_mapper");
    await subscribe(farmer.user.id);
    const created = await post("/mapping", { intent: "createFarm", name: "River Farm", crops: "Yam" }, farmer);
    expect(created.status).toBe(200);
    const farm = await prisma.farm.findFirstOrThrow({ where: { ownerId: farmer.user.id }, include: { plots: true } });
    const farmForm = (overrides: Record<string, string>) => ({ intent: "createFarm", name: "Hill Farm", ...overrides });
    for (const [fields, message] of [
      [farmForm({ name: `Hill${NUL}` }), "errors.invalidText"],
      [farmForm({ description: `By the river${NUL}` }), "errors.invalidText"],
      [farmForm({ crops: `Yam, Mai${NUL}ze` }), "errors.invalidText"],
      [farmForm({ name: "F".repeat(100) }), "mapping.errors.farmNameTooLong"],
      [farmForm({ centerLat: "7.5" }), "mapping.errors.coordinates"],
      [farmForm({ intent: "updateFarm", farmId: farm.id, name: " " }), "mapping.errors.nameRequired"],
      [farmForm({ intent: "updateFarm", farmId: `${farm.id}${NUL}` }), INVALID_TEXT],
      [{ intent: "createPlot", farmId: farm.id, name: `Pond${NUL}` }, "errors.invalidText"],
      [{ intent: "createPlot", farmId: farm.id, name: "Barn", type: "barn" }, "mapping.errors.plotType"],
      [{ intent: "updatePlot", farmId: farm.id, plotId: "a b", name: "Pond" }, "Plot not found"],
    ] as const) {
      expectFormError(await post("/mapping", fields, farmer), message);
    }
    expect(await prisma.farm.findMany({ where: { ownerId: farmer.user.id }, include: { plots: true } })).toEqual([
      farm,
    ]);
  });
});

describe("/profile", () => {
  it("answers NUL in each profile and password field with the form's reply, changing nothing", async () => {
    const before = await prisma.user.findUniqueOrThrow({ where: { id: seller.user.id } });
    for (const field of ["firstName", "lastName", "email"]) {
      const fields = { intent: "profile", firstName: "Tunde", lastName: "Okonkwo", email: "tunde.pages@example.ng" };
      expectFormError(
        await post("/profile", { ...fields, [field]: `x${NUL}y` }, { cookie: seller.cookie }),
        INVALID_TEXT,
      );
    }
    for (const field of ["currentPassword", "newPassword"]) {
      const fields = { intent: "password", currentPassword: "whatever-it-is", newPassword: "brand-new-password" };
      expectFormError(
        await post("/profile", { ...fields, [field]: `pass${NUL}word-long` }, { cookie: seller.cookie }),
        "errors.invalidText",
      );
    }
    expect(await prisma.user.findUniqueOrThrow({ where: { id: seller.user.id } })).toEqual(before);
  });
});

describe("/moderation", () => {
  it("answers NUL, unknown ids and refused actions with the form's reply, changing no report or seller", async () => {
    const reporter = await signedInUser("USER", "pages_reporter");
    const report = await prisma.listingReport.create({
      data: { listingId, reporterId: reporter.user.id, reason: "scam", note: "Asked for payment first" },
    });
    const before = {
      report: await prisma.listingReport.findUniqueOrThrow({ where: { id: report.id } }),
      listing: await prisma.listing.findUniqueOrThrow({ where: { id: listingId } }),
      seller: await prisma.user.findUniqueOrThrow({ where: { id: seller.user.id } }),
      actions: await prisma.moderationAction.count(),
    };
    for (const [fields, message] of [
      [{ intent: "resolve", reportId: `${report.id}${NUL}`, action: "dismiss" }, INVALID_TEXT],
      [{ intent: "resolve", reportId: "a b", action: "dismiss" }, "There is no such report."],
      [{ intent: "resolve", reportId: report.id, action: `dismiss${NUL}` }, "Choose dismiss, hide the listing"],
      [{ intent: "resolve", reportId: report.id, action: "burn_listing" }, "Choose dismiss, hide the listing"],
      [{ intent: "resolve", reportId: report.id, action: "hide_listing", note: `Fake${NUL}photos` }, INVALID_TEXT],
      [
        { intent: "resolve", reportId: report.id, action: "hide_listing", note: "n".repeat(5000) },
        "Keep it under 1,000 characters.",
      ],
      [{ intent: "unsuspend", userId: `${seller.user.id}${NUL}` }, INVALID_TEXT],
    ] as const) {
      expectFormError(await post("/moderation", fields, { cookie: admin.cookie }), message);
    }
    const unknown = await post("/moderation", { intent: `resolve${NUL}` }, { cookie: admin.cookie });
    expect(unknown.status).toBe(400);
    expect(await prisma.listingReport.findUniqueOrThrow({ where: { id: report.id } })).toEqual(before.report);
    expect(await prisma.listing.findUniqueOrThrow({ where: { id: listingId } })).toEqual(before.listing);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: seller.user.id } })).toEqual(before.seller);
    expect(await prisma.moderationAction.count()).toBe(before.actions);
    await prisma.listingReport.delete({ where: { id: report.id } });
  });

  it("refuses a megabyte, a body with no length past the cap, a wrong method and anyone but an administrator", async () => {
    const reporter = await signedInUser("USER", "pages_reporter_big");
    const report = await prisma.listingReport.create({
      data: { listingId, reporterId: reporter.user.id, reason: "scam" },
    });
    const unchanged = async () => {
      expect(await prisma.listingReport.findUniqueOrThrow({ where: { id: report.id } })).toMatchObject({
        status: "open",
        actionId: null,
      });
      expect(await prisma.listing.findUniqueOrThrow({ where: { id: listingId } })).toMatchObject({ hiddenAt: null });
    };
    const hide = { intent: "resolve", reportId: report.id, action: "hide_listing", note: "Fake photos" };
    // A one-megabyte note: past the page forms' cap, answered 413 before it is read on.
    expect(
      (await post("/moderation", { ...hide, note: "n".repeat(1024 * 1024) }, { cookie: admin.cookie })).status,
    ).toBe(413);
    // Two megabytes with no Content-Length (chunked): the same.
    const chunked = await postChunkedForm(
      web.baseUrl,
      "/moderation",
      admin.cookie,
      `intent=resolve&reportId=${report.id}&action=hide_listing&note=`,
      2 * 1024 * 1024,
    );
    expect(chunked).toBe(413);
    // No body at all, and a method the page does not take.
    expect((await post("/moderation", {}, { cookie: admin.cookie })).status).toBe(400);
    const put = await fetch(`${web.baseUrl}/moderation`, {
      method: "PUT",
      headers: { Cookie: admin.cookie, "X-Forwarded-For": newIp() },
      redirect: "manual",
    });
    expect(put.status).toBeGreaterThanOrEqual(400);
    expect(put.status).toBeLessThan(500);
    // A visitor is sent to sign in; a user (a trial spent or not) is refused.
    const visitor = await post("/moderation", hide);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    for (const who of [seller, reporter]) {
      const refused = await post("/moderation", hide, { cookie: who.cookie });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("<html");
    }
    await unchanged();
    await prisma.listingReport.delete({ where: { id: report.id } });
  });

  it("shows the page, or the refusal to a non-administrator, whatever the address holds", async () => {
    for (const query of ["", "?report=%00", "?page=%ED%A0%80", `?q=${"x".repeat(8000)}`]) {
      expect((await get(`/moderation${query}`, admin.cookie)).status, query).toBe(200);
      expect((await get(`/moderation${query}`, seller.cookie)).status, query).toBe(403);
    }
  });
});

describe("/sellers/{id}", () => {
  it("answers an id with NUL, a path's dots or 8000 characters with Page Not Found", async () => {
    for (const id of ["%00", `${seller.user.id}%00`, "..%2F..%2Fetc", "x".repeat(8000)]) {
      const page = await get(`/sellers/${id}`, admin.cookie);
      expect(page.status, id.slice(0, 20)).toBe(404);
      expect(page.text).toContain("<html");
    }
    // A lone surrogate's bytes do not decode: the address names nothing.
    const undecodable = await get("/sellers/%ED%A0%80", admin.cookie);
    expect(undecodable).toMatchObject({ status: 400, text: "The address is not valid." });
  });

  it("shows the seller's first page for a page number that cannot be used", async () => {
    for (const query of ["?page=%00", "?page=-1", "?page=1e9", "?page=%ED%A0%80", `?page=${"9".repeat(4000)}`]) {
      const page = await get(`/sellers/${seller.user.id}${query}`, admin.cookie);
      expect(page.status, query.slice(0, 20)).toBe(200);
    }
  });
});

describe("/sms", () => {
  it("shows the page to an administrator and tells anyone else it is not theirs, whatever the address holds", async () => {
    for (const query of ["", "?page=%00", "?to=%ED%A0%80", `?q=${"x".repeat(8000)}`]) {
      expect((await get(`/sms${query}`, admin.cookie)).status, query.slice(0, 20)).toBe(200);
      const denied = await get(`/sms${query}`, seller.cookie);
      expect(denied.status, query.slice(0, 20)).toBe(200);
    }
  });
});

describe("malformed cookies on pages", () => {
  it.each([
    "asiiko-session=%",
    "asiiko-session=%E0%A4%A",
    "asiiko-session=%00",
    "asiiko-lang=%",
    "asiiko-lang=%E0%A4%A; asiiko-session=%",
  ])("%s: pages answer as to a visitor, never 500", async (cookie) => {
    const landing = await get("/", cookie);
    expect(landing.status).toBe(200);
    const auth = await get("/auth", cookie);
    expect(auth.status).toBe(200);
    for (const path of ["/marketplace", "/moderation", "/sms", "/sellers/anyone"]) {
      const protectedPage = await get(path, cookie);
      expect(protectedPage.status, path).toBe(302);
      expect(protectedPage.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    }
  });

  it("a malformed language cookie beside a good session shows the page", async () => {
    const page = await get("/marketplace", `asiiko-lang=%; ${seller.cookie}`);
    expect(page.status).toBe(200);
  });
});
