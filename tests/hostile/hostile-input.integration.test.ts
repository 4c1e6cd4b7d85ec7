import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient, signedInUser, uniqueName, type ApiResponse, type SignedIn } from "../support/api-client";
import { seedMarket } from "../support/market";
import { serveForTests } from "../support/web";

// Hostile input against every /api route and every page, over HTTP against
// the production build: bodies, query strings, path parameters, cookies and
// headers. Whatever comes in, the answer is never a 5xx, every /api answer is
// the catalogue's JSON, and nothing refused changes the data.
// New routes belong in ROUTES (and their bodies in the samples below).

// Demo mode, so that checkout has a provider (the sandbox) and hostile requests reach it.
vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
});

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

let admin: SignedIn;
let listingId: string;
let productId: string;
// Farm writes count against a per-user limit: the farm and plot routes are spoilt by users of their own.
let farmer: SignedIn;
let plotter: SignedIn;
let farmId: string;
let plotFarmId: string;
let plotId: string;

const CATALOGUE_CODE = /^(VLD|AUTH|AUTHZ|NET|DB|FILE|AI|PAY|FARM|MKT|RATE|SYS|SEC)_[A-Z_]+$/;

/** Texts no field may store: NUL bytes, unpaired surrogates, and far too much. */
const HOSTILE_TEXTS: Record<string, string> = {
  nul: "maize\u0000bags",
  onlyNul: "\u0000",
  loneHigh: "yam\uD800",
  loneLow: "\uDFFFcassava",
  reversedPair: "\uDC00\uD800",
  long: "x".repeat(20_000),
};

/** Values of the wrong kind for any field. */
const WRONG_KINDS: unknown[] = [
  null,
  12345,
  -1,
  1e308,
  true,
  [],
  {},
  ["\u0000"],
  { "\u0000": "x" },
  { "\uD800": "\uDFFF" },
];

const HOSTILE_VALUES: [string, unknown][] = [
  ...Object.entries(HOSTILE_TEXTS),
  ...WRONG_KINDS.map((value, index): [string, unknown] => [`kind${index}`, value]),
];

/** Hostile texts as they arrive in an address: percent-encoded NUL, encoded surrogate halves, malformed encodings, too much. */
const HOSTILE_URL_PARTS = [
  "maize%00bags",
  "%00",
  "yam%ED%A0%80",
  "%ED%B0%80cassava",
  "%",
  "%E0%A4%A",
  "%ZZ",
  "%C0%80",
  "x".repeat(5_000),
];

/** The texts that no field may ever accept. */
const NEVER_ACCEPTED = new Set(["nul", "onlyNul", "loneHigh", "loneLow", "reversedPair"]);

/** Free text an error report keeps as the browser sent it, with what cannot be stored replaced by U+FFFD. */
const CLEANED_FIELDS = new Set([
  "/api/errors/frontend message",
  "/api/errors/frontend stack",
  "/api/errors/frontend componentStack",
  "/api/errors/frontend userAgent",
  "/api/errors/frontend url",
]);

function listingBody(): Record<string, unknown> {
  return {
    productId,
    priceNgn: "2500.00",
    quantity: 3,
    condition: "new",
    images: ["/images/products/maize.svg"],
    latitude: "6.5244",
    longitude: "3.3792",
    locality: "Ikeja, Lagos",
    status: "active",
  };
}

function productBody(): Record<string, unknown> {
  return {
    name: uniqueName("Fuzz Sorghum"),
    description: "Red sorghum from Kano",
    categories: ["Grains & Cereals"],
    unit: "bags",
    attributes: { variety: "red", organic: true, moisture: 12 },
    isActive: true,
    images: [],
  };
}

const square = () => ({
  type: "Feature",
  properties: {},
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [3.91, 7.52],
        [3.915, 7.52],
        [3.915, 7.525],
        [3.91, 7.525],
        [3.91, 7.52],
      ],
    ],
  },
});
const farmBody = () => ({
  name: uniqueName("Fuzz Farm"),
  description: "Sorghum and goats",
  crops: ["Sorghum"],
  centerLat: 7.52,
  centerLng: 3.91,
  boundary: square(),
});
const plotBody = () => ({
  name: "Fuzz plot",
  type: "field",
  crops: ["Maize"],
  geometry: square(),
  centroidLat: 7.5225,
  centroidLng: 3.9125,
});

const errorReport = () => ({
  errorId: "ERR-FUZZ-0001",
  boundary: "FuzzBoundary",
  level: "page",
  message: "fuzz",
  stack: "Error: fuzz",
  componentStack: "at Fuzz",
  timestamp: new Date().toISOString(),
  userAgent: "fuzz",
  url: "http://127.0.0.1/marketplace",
  retryCount: 0,
});

/** The JSON bodies each write route accepts, with the fields to spoil. */
const JSON_ROUTES: {
  method: string;
  path: () => string;
  body: () => Record<string, unknown>;
  signedIn: boolean;
  user?: () => SignedIn;
}[] = [
  {
    method: "POST",
    path: () => "/api/login",
    body: () => ({ username: "amina", password: "wrong-password-1" }),
    signedIn: false,
  },
  {
    method: "POST",
    path: () => "/api/register",
    body: () => ({
      username: uniqueName("fz"),
      email: `${uniqueName("fz")}@example.ng`,
      password: "a-long-password",
      firstName: "Fuzz",
      lastName: "Test",
    }),
    signedIn: false,
  },
  { method: "POST", path: () => "/api/errors/frontend", body: errorReport, signedIn: false },
  { method: "POST", path: () => "/api/market/listings", body: listingBody, signedIn: true },
  { method: "PATCH", path: () => `/api/market/listings/${listingId}`, body: listingBody, signedIn: true },
  {
    method: "PATCH",
    path: () => `/api/market/listings/${listingId}`,
    body: () => ({ status: "paused" }),
    signedIn: true,
  },
  { method: "PUT", path: () => "/api/user/phone", body: () => ({ phone: "0803 123 4567" }), signedIn: true },
  { method: "POST", path: () => "/api/products", body: productBody, signedIn: true },
  { method: "PATCH", path: () => `/api/products/${productId}`, body: productBody, signedIn: true },
  { method: "POST", path: () => "/api/farms", body: farmBody, signedIn: true, user: () => farmer },
  { method: "PATCH", path: () => `/api/farms/${farmId}`, body: farmBody, signedIn: true, user: () => farmer },
  { method: "POST", path: () => `/api/farms/${plotFarmId}/plots`, body: plotBody, signedIn: true, user: () => plotter },
  {
    method: "PATCH",
    path: () => `/api/farms/${plotFarmId}/plots/${plotId}`,
    body: plotBody,
    signedIn: true,
    user: () => plotter,
  },
];

/** Every /api route and the methods it answers; the others must answer 405. */
const ROUTES: { path: () => string; methods: string[] }[] = [
  { path: () => "/api/user", methods: ["GET"] },
  { path: () => "/api/login", methods: ["POST"] },
  { path: () => "/api/register", methods: ["POST"] },
  { path: () => "/api/logout", methods: ["POST"] },
  { path: () => "/api/health", methods: ["GET"] },
  { path: () => "/api/errors/frontend", methods: ["POST"] },
  { path: () => "/api/market/listings", methods: ["GET", "POST"] },
  { path: () => `/api/market/listings/${listingId}`, methods: ["GET", "PATCH", "DELETE"] },
  { path: () => "/api/user/phone", methods: ["GET", "PUT", "DELETE"] },
  { path: () => "/api/products", methods: ["GET", "POST"] },
  { path: () => `/api/products/${productId}`, methods: ["GET", "PATCH", "DELETE"] },
  { path: () => "/api/admin/check", methods: ["GET"] },
  { path: () => "/api/search", methods: ["GET"] },
  { path: () => "/api/uploads", methods: ["POST"] },
  { path: () => "/api/ai/analyze", methods: ["POST"] },
  { path: () => "/api/ai/analyses", methods: ["GET"] },
  { path: () => "/api/ai/analyses/no_such_analysis", methods: ["GET"] },
  { path: () => "/api/ai/analyses/no_such_analysis/events", methods: ["GET"] },
  { path: () => "/api/ai/analyses/no_such_analysis/photo", methods: ["GET"] },
  { path: () => "/api/premium/asiiko_ai/check", methods: ["GET"] },
  { path: () => "/api/premium/asiiko_ai/use", methods: ["POST"] },
  { path: () => "/api/subscription", methods: ["GET"] },
  { path: () => "/api/subscription/checkout", methods: ["POST"] },
  { path: () => "/api/subscription/cancel", methods: ["POST"] },
  { path: () => "/api/subscription/card", methods: ["POST"] },
  { path: () => "/api/webhooks/stripe", methods: ["POST"] },
  { path: () => "/api/webhooks/paystack", methods: ["POST"] },
  { path: () => "/api/farms", methods: ["GET", "POST"] },
  { path: () => `/api/farms/${farmId}`, methods: ["GET", "PATCH", "DELETE"] },
  { path: () => `/api/farms/${farmId}/plots`, methods: ["GET", "POST"] },
  { path: () => `/api/farms/${plotFarmId}/plots/${plotId}`, methods: ["PATCH", "DELETE"] },
  { path: () => `/api/farms/${farmId}/export`, methods: ["GET"] },
  { path: () => `/api/farms/${farmId}/import`, methods: ["POST"] },
  { path: () => `/api/farms/${farmId}/environment`, methods: ["GET"] },
  { path: () => "/api/premium/farm_mapping/check", methods: ["GET"] },
  { path: () => "/api/premium/farm_mapping/use", methods: ["POST"] },
];

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

const PAGES = [
  "/",
  "/auth",
  "/dashboard",
  "/marketplace",
  "/my-listings",
  "/product-catalog",
  "/profile",
  "/settings",
  "/help",
  "/medicine",
  "/search",
  "/asiiko",
  "/mapping",
  "/no-such-page",
];

/** What every answer must be; returns a description of what is wrong, or null. */
function fault(what: string, response: ApiResponse, api: boolean): string | null {
  if (response.status >= 500) return `${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
  if (!api || response.status < 400) return null;
  const body = response.body as { success?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  if (!body || typeof body !== "object" || body.success !== false)
    return `${what}: not the catalogue's JSON: ${String(response.body).slice(0, 120)}`;
  if (typeof body.error?.code !== "string" || !CATALOGUE_CODE.test(body.error.code))
    return `${what}: code ${String(body.error?.code)}`;
  if (typeof body.error.message !== "string" || body.error.message === "") return `${what}: no message`;
  return null;
}

/** A request the fetch API refuses to make (a raw Host header): sent over a plain socket. */
function rawRequest(path: string, headers: Record<string, string>) {
  const url = new URL(web.baseUrl);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path, method: "GET", headers, setHost: false },
      (incoming) => {
        let body = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (body += chunk));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function counts() {
  const [users, listings, products, sessions, farms, plots] = await Promise.all([
    prisma.user.count(),
    prisma.listing.count(),
    prisma.product.count(),
    prisma.session.count(),
    prisma.farm.count(),
    prisma.plot.count(),
  ]);
  return { users, listings, products, sessions, farms, plots };
}

beforeAll(async () => {
  // The administrator sells too: every signed-in route is sent as them, about their own listing.
  ({ admin, productId, listingId } = await seedMarket("fuzz", { sellerIsAdmin: true }));
  // Users of their own for the farm and the plot routes, each owning the farm its spoilt writes aim at.
  farmer = await signedInUser("USER", "fuzzfarm");
  plotter = await signedInUser("USER", "fuzzplot");
  const farmOf = (ownerId: string) =>
    prisma.farm.create({
      data: {
        ownerId,
        name: uniqueName("Fuzz Farm"),
        centerLat: 7.5225,
        centerLng: 3.9125,
        geohash: "s1",
        boundary: square(),
      },
    });
  farmId = (await farmOf(farmer.user.id)).id;
  plotFarmId = (await farmOf(plotter.user.id)).id;
  plotId = (await prisma.plot.create({ data: { farmId: plotFarmId, name: "Fuzz plot" } })).id;
});

// Each sweep sends some hundreds of requests one after another: on a busy two-core machine that can
// take minutes, which is no fault of the server's.
const SWEEP = { timeout: 300_000 };

describe("hostile input", () => {
  it("spoilt fields in every JSON body are refused with a catalogue code, and change nothing", SWEEP, async () => {
    const before = await counts();
    const faults: string[] = [];
    const created = { listings: 0, products: 0, users: 0, farms: 0, plots: 0 };
    for (const route of JSON_ROUTES) {
      const base = route.body();
      for (const field of Object.keys(base)) {
        for (const [name, value] of HOSTILE_VALUES) {
          const body = { ...route.body(), [field]: value };
          const response = await call(route.method, route.path(), body, {
            cookie: route.signedIn ? (route.user?.() ?? admin).cookie : undefined,
          });
          const problem = fault(`${route.method} ${route.path()} ${field}=${name}`, response, true);
          if (problem) faults.push(problem);
          else if (response.status < 400 && NEVER_ACCEPTED.has(name) && !CLEANED_FIELDS.has(`${route.path()} ${field}`))
            faults.push(`${route.method} ${route.path()} ${field}=${name}: accepted (${response.status})`);
          if (response.status === 201 || (response.status === 200 && route.method === "POST")) {
            const path = route.path();
            if (path === "/api/market/listings") created.listings += 1;
            if (path === "/api/products") created.products += 1;
            if (path === "/api/register") created.users += 1;
            if (path === "/api/farms") created.farms += 1;
            if (path.endsWith("/plots")) created.plots += 1;
          }
        }
      }
      // Hostile keys, and bodies that are not objects at all.
      for (const raw of ['{"\\u0000":1}', '{"a":"\\ud800"}', "[]", '"text"', "null", "{", '{"a":1}'.repeat(3)]) {
        const response = await call(route.method, route.path(), undefined, {
          raw,
          cookie: route.signedIn ? (route.user?.() ?? admin).cookie : undefined,
        });
        const problem = fault(`${route.method} ${route.path()} raw ${raw}`, response, true);
        if (problem) faults.push(problem);
      }
    }
    expect(faults).toEqual([]);
    // A refused request made nothing: the only new rows are those of requests that were accepted.
    const after = await counts();
    expect({
      listings: after.listings,
      products: after.products,
      users: after.users,
      farms: after.farms,
      plots: after.plots,
    }).toEqual({
      listings: before.listings + created.listings,
      products: before.products + created.products,
      users: before.users + created.users,
      farms: before.farms + created.farms,
      plots: before.plots + created.plots,
    });
    // The listing and product that every spoilt PATCH aimed at may have taken accepted values, never a hostile text.
    for (const row of [
      await prisma.listing.findUniqueOrThrow({ where: { id: listingId } }),
      await prisma.product.findUniqueOrThrow({ where: { id: productId } }),
      await prisma.farm.findUniqueOrThrow({ where: { id: farmId } }),
      await prisma.plot.findUniqueOrThrow({ where: { id: plotId } }),
    ]) {
      expect(JSON.stringify(row)).not.toMatch(/\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i);
    }
  });

  it("spoilt query strings and path parameters never answer 5xx, and /api answers stay JSON", SWEEP, async () => {
    const faults: string[] = [];
    const queryRoutes = [
      {
        path: "/api/market/listings",
        params: [
          "search",
          "categories",
          "condition",
          "price_min",
          "price_max",
          "lat",
          "lng",
          "radius_km",
          "seller_id",
          "status",
          "sort",
          "limit",
          "offset",
        ],
      },
      { path: "/api/products", params: ["search", "categories", "is_active", "limit", "offset"] },
      { path: "/api/search", params: ["q", "types", "lat", "lng", "radius_km", "limit"] },
      { path: "/api/ai/analyses", params: ["limit", "before"] },
      { path: "/api/ai/analyses/no_such_analysis/photo", params: ["size"] },
    ];
    for (const route of queryRoutes) {
      for (const param of route.params) {
        for (const part of HOSTILE_URL_PARTS) {
          const response = await call("GET", `${route.path}?${param}=${part}`, undefined, { cookie: admin.cookie });
          const problem = fault(`GET ${route.path}?${param}=${part.slice(0, 30)}`, response, true);
          if (problem) faults.push(problem);
        }
      }
    }
    for (const part of HOSTILE_URL_PARTS) {
      for (const [method, path] of [
        ["GET", `/api/products/${part}`],
        ["PATCH", `/api/products/${part}`],
        ["DELETE", `/api/products/${part}`],
        ["PATCH", `/api/market/listings/${part}`],
        ["DELETE", `/api/market/listings/${part}`],
        ["GET", `/api/premium/${part}/check`],
        ["GET", `/api/ai/analyses/${part}`],
        ["GET", `/api/ai/analyses/${part}/events`],
        ["GET", `/api/ai/analyses/${part}/photo`],
        ["POST", `/api/premium/${part}/use`],
        ["GET", `/api/farms/${part}`],
        ["PATCH", `/api/farms/${part}`],
        ["DELETE", `/api/farms/${part}`],
        ["GET", `/api/farms/${part}/plots`],
        ["GET", `/api/farms/${part}/export`],
        ["POST", `/api/farms/${part}/import`],
        ["GET", `/api/farms/${part}/environment`],
        ["PATCH", `/api/farms/${plotFarmId}/plots/${part}`],
        ["DELETE", `/api/farms/${plotFarmId}/plots/${part}`],
        ["GET", `/api/${part}`],
      ] as const) {
        const response = await call(method, path, method === "PATCH" ? { status: "paused" } : undefined, {
          cookie: admin.cookie,
        });
        const problem = fault(`${method} ${path.slice(0, 60)}`, response, true);
        if (problem) faults.push(problem);
        else if (response.status < 400) faults.push(`${method} ${path.slice(0, 60)}: accepted (${response.status})`);
      }
    }
    // The listing details' seller loader (a fetcher's answer): a spoilt address is refused (4xx, or ok:false in its data), never 5xx.
    for (const part of HOSTILE_URL_PARTS) {
      const response = await call("GET", `/marketplace/${part}/seller`, undefined, { cookie: admin.cookie });
      if (response.status >= 500) faults.push(`GET /marketplace/${part.slice(0, 30)}/seller: ${response.status}`);
      else if (response.status < 300 && !JSON.stringify(response.body).includes('"ok":false'))
        faults.push(`GET /marketplace/${part.slice(0, 30)}/seller: not refused`);
    }
    for (const page of PAGES) {
      for (const part of HOSTILE_URL_PARTS) {
        const response = await call(
          "GET",
          `${page}?search=${part}&status=${part}&categories=${part}&redirectTo=${part}`,
          undefined,
          { cookie: admin.cookie },
        );
        const problem = fault(`GET ${page}?...=${part.slice(0, 30)}`, response, false);
        if (problem) faults.push(problem);
      }
    }
    expect(faults).toEqual([]);
  });

  it("a wrong method answers 405 with Allow, and an unknown /api path 404, both as JSON", async () => {
    const faults: string[] = [];
    for (const route of ROUTES) {
      for (const method of ALL_METHODS.filter((name) => !route.methods.includes(name))) {
        const response = await call(method, route.path(), method === "GET" ? undefined : {}, { cookie: admin.cookie });
        const problem = fault(`${method} ${route.path()}`, response, true);
        if (problem) faults.push(problem);
        else if (response.status !== 405) faults.push(`${method} ${route.path()}: ${response.status}, not 405`);
        else if (!route.methods.every((allowed) => (response.headers.get("allow") ?? "").includes(allowed))) {
          faults.push(`${method} ${route.path()}: Allow is "${response.headers.get("allow")}"`);
        }
      }
    }
    for (const path of ["/api/nothing-here", "/api/market", "/api/products/x/y/z", "/api/"]) {
      const response = await call("GET", path, undefined, { cookie: admin.cookie });
      const problem = fault(`GET ${path}`, response, true);
      if (problem) faults.push(problem);
      else if (response.status !== 404) faults.push(`GET ${path}: ${response.status}, not 404`);
    }
    expect(faults).toEqual([]);
  });

  it("cookies that do not decode are ignored, on pages and on the API", async () => {
    const faults: string[] = [];
    const cookies = [
      "asiiko-lang=%",
      "asiiko-lang=%E0%A4%A",
      "asiiko-theme=%ZZ",
      "asiiko-session=%",
      "asiiko-session=%E0%A4%A; asiiko-lang=%",
      "asiiko-operator=%",
      `asiiko-session=${"x".repeat(5000)}`,
      "=; ;;==",
    ];
    for (const cookie of cookies) {
      for (const path of [...PAGES, "/api/user", "/api/products", "/api/health", "/admin/queues"]) {
        const response = await call("GET", path, undefined, { cookie });
        const problem = fault(`GET ${path} with ${cookie.slice(0, 40)}`, response, path.startsWith("/api/"));
        if (problem) faults.push(problem);
      }
    }
    expect(faults).toEqual([]);
  });

  it("forwarding and host headers that make no sense are ignored, not fatal", async () => {
    const faults: string[] = [];
    const headerSets: Record<string, string>[] = [
      { "X-Forwarded-Host": "[" },
      { "X-Forwarded-Host": "evil.example, [::1" },
      { "X-Forwarded-Proto": "ht tp" },
      { "X-Forwarded-Proto": "javascript" },
      { "X-Forwarded-For": "not-an-address, ::zz, 999.1.1.1" },
      { "X-Forwarded-Port": "99999999" },
    ];
    for (const headers of headerSets) {
      for (const path of ["/", "/marketplace", "/api/user", "/api/products", "/api/health"]) {
        const response = await call("GET", path, undefined, { cookie: admin.cookie, headers });
        const problem = fault(`GET ${path} with ${JSON.stringify(headers)}`, response, path.startsWith("/api/"));
        if (problem) faults.push(problem);
      }
    }
    for (const host of ["[", "a b", "", "%00", "x".repeat(300)]) {
      for (const path of ["/", "/api/health", "/api/user"]) {
        const response = await rawRequest(path, { Host: host });
        if (response.status >= 500) faults.push(`GET ${path} with Host "${host.slice(0, 20)}": ${response.status}`);
      }
    }
    expect(faults).toEqual([]);
  });

  it("page forms with spoilt fields answer the form, not an error page, and store nothing hostile", SWEEP, async () => {
    const before = await counts();
    const faults: string[] = [];
    const created = { listings: 0, products: 0, users: 0, farms: 0, plots: 0 };
    const forms: { path: string; fields: Record<string, string>; signedIn: boolean }[] = [
      {
        path: "/auth",
        fields: { intent: "login", username: "amina", password: "wrong-password-1", redirectTo: "/" },
        signedIn: false,
      },
      {
        path: "/auth",
        fields: {
          intent: "register",
          firstName: "A",
          lastName: "B",
          username: uniqueName("fzp"),
          email: "",
          password: "a-long-password",
        },
        signedIn: false,
      },
      {
        path: "/my-listings",
        fields: {
          intent: "create",
          productId,
          priceNgn: "2500",
          quantity: "2",
          condition: "new",
          images: "/images/products/maize.svg",
          locality: "Kano",
          status: "active",
        },
        signedIn: true,
      },
      { path: "/my-listings", fields: { intent: "status", id: listingId, status: "paused" }, signedIn: true },
      {
        path: "/product-catalog",
        fields: {
          intent: "create",
          name: uniqueName("Fuzz Millet"),
          categories: "Grains & Cereals",
          unit: "bags",
          description: "d",
          isActive: "on",
        },
        signedIn: true,
      },
      {
        path: "/profile",
        fields: { intent: "profile", firstName: "Fuzz", lastName: "Admin", email: "" },
        signedIn: true,
      },
      {
        path: "/profile",
        fields: { intent: "password", currentPassword: "not-the-password", newPassword: "another-long-password" },
        signedIn: true,
      },
    ];
    for (const form of forms) {
      for (const field of Object.keys(form.fields)) {
        for (const text of Object.values(HOSTILE_TEXTS)) {
          const body = new URLSearchParams({ ...form.fields, [field]: text });
          const response = await call("POST", form.path, undefined, {
            raw: body.toString(),
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            cookie: form.signedIn ? admin.cookie : undefined,
          });
          const problem = fault(`POST ${form.path} ${field}=${text.slice(0, 12)}`, response, false);
          if (problem) faults.push(problem);
          // A form posts UTF-8, where an unpaired surrogate becomes U+FFFD, and a switch takes any value as on:
          // such posts may be accepted; what they store is checked below.
          if (response.status < 300 && form.fields.intent === "create") {
            if (form.path === "/my-listings") created.listings += 1;
            if (form.path === "/product-catalog") created.products += 1;
          }
          // A registration that went through answers with a redirect to the new account's home.
          if (response.status >= 300 && response.status < 400 && form.fields.intent === "register") created.users += 1;
        }
      }
    }
    expect(faults).toEqual([]);
    const after = await counts();
    expect({ listings: after.listings, products: after.products }).toEqual({
      listings: before.listings + created.listings,
      products: before.products + created.products,
    });
    expect(after.users).toBe(before.users + created.users);
    const stored = JSON.stringify([
      await prisma.listing.findMany({ where: { sellerId: admin.user.id } }),
      await prisma.product.findMany({ where: { createdById: admin.user.id } }),
      await prisma.user.findUniqueOrThrow({ where: { id: admin.user.id } }),
    ]);
    expect(stored).not.toContain("\\u0000");
  });
});
