import { beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES, PRODUCT_UNITS } from "~/modules/products/constants";
import { isValidLatitude, isValidLongitude } from "~/lib/geo";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { verifyLogin } from "~/modules/auth/users.server";
import { MIN_POINTS, weekOf } from "~/modules/prices/figures";
import { refreshPriceFigures } from "~/modules/prices/prices.server";
import { prisma } from "~/server/db.server";
import { buildListings, seed } from "./seed";
import { normaliseNigerianPhone } from "~/lib/phone";
import { DEMO_PASSWORDS, DEMO_PHONES, SEED_PRODUCTS } from "./seed-data";
import { DEMO_PRICE_WEEKS, demoPriceProducts } from "./seed-prices";

const quiet = () => {};

async function counts() {
  return {
    users: await prisma.user.count(),
    products: await prisma.product.count(),
    listings: await prisma.listing.count(),
    farms: await prisma.farm.count(),
    plots: await prisma.plot.count(),
    priceEvents: await prisma.priceEvent.count(),
    priceFigures: await prisma.priceFigure.count(),
  };
}

/** Other files in this worker record prices of their own; the demo's go only to a database with none. */
async function forgetPrices() {
  await prisma.priceFigureStale.deleteMany();
  await prisma.priceFigure.deleteMany();
  await prisma.priceEvent.deleteMany();
}

describe("seed outside demo mode", () => {
  it("makes no account, listing or farm, and adds the product catalogue once, in one line", async () => {
    const lines: string[] = [];
    const before = await counts();
    const result = await seed(prisma, { demo: false, log: (line) => lines.push(line) });
    expect(lines).toEqual([
      `[seed] not in demo mode (DEMO_MODE is not 1): no demo accounts, listings or farms; product catalogue added (${SEED_PRODUCTS.length} products)`,
    ]);
    expect(result.created).toBe(true);
    expect(await counts()).toEqual({ ...before, products: before.products + SEED_PRODUCTS.length });
    expect(await prisma.user.findUnique({ where: { username: "admin" } })).toBeNull();
    const catalogue = await prisma.product.findMany({ where: { id: { startsWith: "seed_product_" } } });
    expect(catalogue).toHaveLength(SEED_PRODUCTS.length);
    for (const product of catalogue) expect(product).toMatchObject({ isActive: true, createdById: null });

    // Administrators keep the catalogue from then on: a product they removed is not brought back.
    await prisma.product.delete({ where: { id: "seed_product_maize" } });
    lines.length = 0;
    expect((await seed(prisma, { demo: false, log: (line) => lines.push(line) })).created).toBe(false);
    expect(lines).toEqual([
      "[seed] not in demo mode (DEMO_MODE is not 1): no demo accounts, listings or farms; product catalogue already present",
    ]);
    expect(await prisma.product.findUnique({ where: { id: "seed_product_maize" } })).toBeNull();
    expect(await prisma.user.count()).toBe(before.users);
  });
});

describe("seed in demo mode", () => {
  beforeAll(forgetPrices);

  it("fills an empty database with the demo data", async () => {
    const result = await seed(prisma, { demo: true, log: quiet });
    expect(result.created).toBe(true);

    const admin = await prisma.user.findUniqueOrThrow({ where: { username: "admin" } });
    expect(admin.role).toBe("ADMIN");
    expect(await verifyPassword(DEMO_PASSWORDS.admin, admin.passwordHash)).toBe(true);
    const farmer = await prisma.user.findUniqueOrThrow({ where: { username: "amina" } });
    expect(farmer.role).toBe("USER");
    expect(await verifyPassword(DEMO_PASSWORDS.farmer, farmer.passwordHash)).toBe(true);

    const products = await prisma.product.findMany();
    const categories = new Set(products.flatMap((product) => product.categories));
    expect([...categories].sort()).toEqual([...PRODUCT_CATEGORIES].sort());
    for (const product of products) {
      expect(PRODUCT_UNITS).toContain(product.unit);
      expect(product.images.length).toBeGreaterThan(0);
    }

    const listings = await prisma.listing.findMany();
    expect(listings.length).toBeGreaterThanOrEqual(40);
    for (const listing of listings) {
      expect(isValidLatitude(listing.latitude!) && isValidLongitude(listing.longitude!)).toBe(true);
      expect(listing.geohash).toMatch(/^[0-9b-hjkmnp-z]{9}$/);
      expect(Number(listing.priceNgn)).toBeGreaterThan(0);
      expect(Number(listing.priceNgn)).toBeLessThanOrEqual(10_000_000);
      expect(listing.quantity).toBeGreaterThanOrEqual(1);
      expect(listing.locality).toMatch(/, /);
    }
    expect(new Set(listings.map((listing) => listing.locality)).size).toBeGreaterThanOrEqual(20);

    // Every demo seller has a phone from the unassigned 0910 block, and shows it on some listings.
    const sellers = await prisma.user.findMany({
      where: { id: { in: [...new Set(listings.map((l) => l.sellerId))] } },
    });
    expect(sellers.map((seller) => seller.phone).sort()).toEqual(Object.values(DEMO_PHONES).sort());
    for (const seller of sellers) {
      expect(seller.phone).toMatch(/^\+234910\d{7}$/);
      expect(normaliseNigerianPhone(seller.phone!)).toBe(seller.phone);
      const own = listings.filter((listing) => listing.sellerId === seller.id);
      expect(
        own.some((listing) => listing.showPhone && listing.status === "active"),
        seller.username,
      ).toBe(true);
      expect(
        own.some((listing) => !listing.showPhone),
        seller.username,
      ).toBe(true);
    }
    // The administrator sells nothing and has no demo phone.
    expect(admin.phone).toBeNull();

    const farms = await prisma.farm.findMany({ include: { plots: true } });
    expect(farms).toHaveLength(2);
    for (const farm of farms) {
      expect(farm.plots.length).toBeGreaterThan(0);
      expect(farm.areaHectares).toBeGreaterThan(1);
      expect(farm.boundary).toMatchObject({ type: "Feature", geometry: { type: "Polygon" } });
    }
  });

  it("gives twelve weeks of market prices across the country, as the figures job works them out from its events", async () => {
    const now = new Date();
    const figures = await prisma.priceFigure.findMany({ where: { productId: { startsWith: "seed_product_" } } });
    const products = new Set(figures.map((row) => row.productId));
    expect([...products].sort()).toEqual(
      demoPriceProducts()
        .map((product) => product.id)
        .sort(),
    );
    expect(products.has("seed_product_tractor")).toBe(false);
    expect(new Set(figures.map((row) => row.town)).size).toBeGreaterThanOrEqual(20);
    const weeks = [...new Set(figures.map((row) => row.week.toISOString().slice(0, 10)))].sort();
    expect(weeks).toHaveLength(DEMO_PRICE_WEEKS);
    expect(weeks.at(-1)).toBe(weekOf(now));
    for (const row of figures) expect(row.count).toBeGreaterThanOrEqual(MIN_POINTS);
    expect(figures.some((row) => row.trades > 0)).toBe(true);
    expect(figures.some((row) => row.outliers > 0)).toBe(true);
    expect(await prisma.priceEvent.count({ where: { at: { gt: now } } })).toBe(0);

    // Marked stale, a sample of weeks comes out of the figures job just as the seed wrote it.
    const sample = figures.filter((_, index) => index % 97 === 0);
    await prisma.priceFigureStale.createMany({
      data: sample.map(({ productId, town, week }) => ({ productId, town, week })),
    });
    expect(await refreshPriceFigures()).toBeGreaterThanOrEqual(sample.length);
    for (const row of sample) {
      const { productId, town, week } = row;
      const again = await prisma.priceFigure.findUniqueOrThrow({
        where: { productId_town_week: { productId, town, week } },
      });
      expect({ ...again, computedAt: row.computedAt }).toEqual(row);
    }

    // The listings keep the prices the seed gave them.
    const seeded = new Map(buildListings().map((listing) => [listing.id, listing.priceNgn]));
    const listings = await prisma.listing.findMany({ select: { id: true, priceNgn: true } });
    for (const listing of listings.filter((each) => seeded.has(each.id)))
      expect(listing.priceNgn.toFixed(2), listing.id).toBe(seeded.get(listing.id));
  });

  it("holds orders in every state, from both sides of the demo farmer, with what they hold and rate", async () => {
    const orders = await prisma.order.findMany({ include: { items: true, review: true } });
    expect([...new Set(orders.map((order) => order.status))].sort()).toEqual(
      [
        "accepted",
        "cancelled",
        "changes_proposed",
        "completed",
        "declined",
        "delivered",
        "disputed",
        "requested",
      ].sort(),
    );
    expect(orders.some((order) => order.buyerId === "seed_user_amina")).toBe(true);
    expect(orders.some((order) => order.sellerId === "seed_user_amina")).toBe(true);
    for (const order of orders) {
      expect(order.buyerId).not.toBe(order.sellerId);
      expect(order.items.length).toBeGreaterThan(0);
      const total = order.items.reduce(
        (sum, item) => sum + Number(item.proposedPriceNgn ?? item.priceNgn) * (item.proposedQuantity ?? item.quantity),
        0,
      );
      expect(Number(order.totalNgn)).toBe(total);
    }
    // Each listing holds exactly what its open orders agreed, and no more than it has.
    const held = new Map<string, number>();
    for (const order of orders.filter((each) =>
      ["changes_proposed", "accepted", "delivered", "disputed"].includes(each.status),
    ))
      for (const item of order.items)
        held.set(item.listingId!, (held.get(item.listingId!) ?? 0) + (item.proposedQuantity ?? item.quantity));
    expect(held.size).toBeGreaterThanOrEqual(4);
    for (const listing of await prisma.listing.findMany({
      select: { id: true, quantity: true, reservedQuantity: true },
    })) {
      expect(listing.reservedQuantity, listing.id).toBe(held.get(listing.id) ?? 0);
      expect(listing.reservedQuantity).toBeLessThanOrEqual(listing.quantity);
    }
    // Reviews only on completed orders, counted on their sellers.
    const reviewed = orders.filter((order) => order.review);
    expect(reviewed.length).toBeGreaterThanOrEqual(2);
    for (const order of reviewed) expect(order.status).toBe("completed");
    const amina = await prisma.user.findUniqueOrThrow({ where: { id: "seed_user_amina" } });
    const hers = reviewed.filter((order) => order.sellerId === amina.id);
    expect(amina.reviewCount).toBe(hers.length);
    expect(amina.reviewStars).toBe(hers.reduce((sum, order) => sum + order.review!.rating, 0));
    expect(await prisma.tradeReport.count({ where: { kind: "dispute", status: "open" } })).toBe(1);
    expect(await prisma.notification.count({ where: { userId: amina.id, readAt: null } })).toBeGreaterThan(0);
    // Nothing of the demo's trades happens in the future.
    const now = new Date();
    expect(await prisma.notification.count({ where: { createdAt: { gt: now } } })).toBe(0);
    expect(await prisma.orderMessage.count({ where: { createdAt: { gt: now } } })).toBe(0);
    expect(
      await prisma.order.count({
        where: {
          OR: [
            { createdAt: { gt: now } },
            { acceptedAt: { gt: now } },
            { deliveredAt: { gt: now } },
            { completedAt: { gt: now } },
            { closedAt: { gt: now } },
          ],
        },
      }),
    ).toBe(0);
  });

  it("changes nothing when run again, even after users changed the demo data", async () => {
    await prisma.listing.delete({ where: { id: "seed_listing_001" } });
    await prisma.product.update({ where: { id: "seed_product_maize" }, data: { name: "Yellow Maize" } });
    const before = await counts();

    const again = await seed(prisma, { demo: true, log: quiet });
    expect(again.created).toBe(false);
    expect(await counts()).toEqual(before);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: "seed_product_maize" } })).name).toBe("Yellow Maize");
  });

  it("with --force restores missing rows without duplicating or overwriting", async () => {
    const before = await counts();
    await seed(prisma, { demo: true, force: true, log: quiet });
    expect(await counts()).toEqual({ ...before, listings: before.listings + 1 });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: "seed_product_maize" } })).name).toBe("Yellow Maize");
  });
});

describe("a database that a demo run left behind", () => {
  it("outside demo mode locks the demo accounts whose passwords are still public, and a demo run opens them again", async () => {
    const admin = await prisma.user.findUniqueOrThrow({ where: { username: "admin" } });
    await prisma.session.create({ data: { userId: admin.id, expiresAt: new Date(Date.now() + 86_400_000) } });
    // Tunde chose a password of his own: it is nobody's secret but his, so it stays.
    const tundeHash = await hashPassword("a password of Tunde's own");
    await prisma.user.update({ where: { username: "tunde" }, data: { passwordHash: tundeHash } });

    const lines: string[] = [];
    await seed(prisma, { demo: false, log: (line) => lines.push(line) });
    expect(lines[0]).toBe(
      "[seed] locked the demo accounts admin, amina, chidi, halima left by a demo run: their passwords are public, so they are signed out and no password opens them outside demo mode",
    );
    for (const [username, password] of [
      ["admin", DEMO_PASSWORDS.admin],
      ["amina", DEMO_PASSWORDS.farmer],
    ] as const) {
      const account = await prisma.user.findUniqueOrThrow({ where: { username } });
      expect(await verifyPassword(password, account.passwordHash)).toBe(false);
      expect(await verifyLogin({ username, password })).toBeNull();
    }
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { username: "tunde" } })).passwordHash).toBe(tundeHash);

    // Nothing more to lock the next time.
    lines.length = 0;
    await seed(prisma, { demo: false, log: (line) => lines.push(line) });
    expect(lines.some((line) => line.includes("locked"))).toBe(false);

    lines.length = 0;
    await seed(prisma, { demo: true, log: (line) => lines.push(line) });
    expect(lines[0]).toBe("[seed] demo accounts open again: admin, amina, chidi, halima");
    const reopened = await prisma.user.findUniqueOrThrow({ where: { username: "admin" } });
    expect(await verifyPassword(DEMO_PASSWORDS.admin, reopened.passwordHash)).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { username: "tunde" } })).passwordHash).toBe(tundeHash);
  });
});

describe("a demo database made before phones were verified", () => {
  it("marks the demo sellers' example numbers verified, unless another account verified one since", async () => {
    const amina = await prisma.user.findUniqueOrThrow({ where: { username: "amina" } });
    const chidi = await prisma.user.findUniqueOrThrow({ where: { username: "chidi" } });
    await prisma.user.updateMany({ where: { id: { in: [amina.id, chidi.id] } }, data: { phoneVerifiedAt: null } });
    // Someone else confirmed Chidi's example number meanwhile: it is theirs now.
    const other = await prisma.user.create({
      data: {
        username: `seed_other_${Date.now()}`,
        passwordHash: "-",
        firstName: "Other",
        lastName: "Person",
        phone: chidi.phone,
        phoneVerifiedAt: new Date(),
      },
    });
    try {
      const lines: string[] = [];
      await seed(prisma, { demo: true, log: (line) => lines.push(line) });
      expect(lines).toContain(
        "[seed] demo sellers given their example phone numbers (verified), shown on two listings in three",
      );
      expect((await prisma.user.findUniqueOrThrow({ where: { id: amina.id } })).phoneVerifiedAt).not.toBeNull();
      expect((await prisma.user.findUniqueOrThrow({ where: { id: chidi.id } })).phoneVerifiedAt).toBeNull();
    } finally {
      await prisma.user.delete({ where: { id: other.id } });
    }
  });
});

describe("a demo database made before the demo sellers had phones", () => {
  it("gives each demo seller without one their example number, shown on two listings in three; a seller's own number stays", async () => {
    const amina = await prisma.user.findUniqueOrThrow({ where: { username: "amina" } });
    const tunde = await prisma.user.findUniqueOrThrow({ where: { username: "tunde" } });
    // As such a database was: no phone, no listing showing one. Tunde has since set his own.
    await prisma.user.update({ where: { id: amina.id }, data: { phone: null } });
    await prisma.user.update({ where: { id: tunde.id }, data: { phone: "+2348031234567", phoneVerifiedAt: null } });
    await prisma.listing.updateMany({ where: { sellerId: amina.id }, data: { showPhone: false } });

    const lines: string[] = [];
    const result = await seed(prisma, { demo: true, log: (line) => lines.push(line) });
    expect(result.created).toBe(false);
    expect(lines).toContain(
      "[seed] demo sellers given their example phone numbers (verified), shown on two listings in three",
    );
    const aminaNow = await prisma.user.findUniqueOrThrow({ where: { id: amina.id } });
    expect(aminaNow.phone).toBe(DEMO_PHONES.amina);
    expect(aminaNow.phoneVerifiedAt).not.toBeNull();
    const tundeNow = await prisma.user.findUniqueOrThrow({ where: { id: tunde.id } });
    expect(tundeNow.phone).toBe("+2348031234567");
    // His own number was never confirmed by a code: it stays unverified.
    expect(tundeNow.phoneVerifiedAt).toBeNull();
    const hers = await prisma.listing.findMany({ where: { sellerId: amina.id }, select: { showPhone: true } });
    const showing = hers.filter((listing) => listing.showPhone).length;
    expect(showing).toBeGreaterThan(0);
    expect(showing).toBeLessThan(hers.length);

    // Nothing more to give the next time.
    lines.length = 0;
    await seed(prisma, { demo: true, log: (line) => lines.push(line) });
    expect(lines).toContain("[seed] demo data already present; nothing changed");
  });
});

describe("a demo database made before market prices", () => {
  it("gets the demo's twelve weeks of prices once, with a line saying so, and never outside demo mode", async () => {
    await forgetPrices();
    await seed(prisma, { demo: false, log: quiet });
    expect(await prisma.priceEvent.count()).toBe(0);

    const lines: string[] = [];
    expect((await seed(prisma, { demo: true, log: (line) => lines.push(line) })).created).toBe(false);
    const added = await prisma.priceEvent.count();
    expect(added).toBeGreaterThan(0);
    expect(lines).toContain(`[seed] demo market prices added: ${added} prices`);
    const weeks = await prisma.priceFigure.groupBy({ by: ["week"] });
    expect(weeks).toHaveLength(DEMO_PRICE_WEEKS);

    // Once: the next run adds none.
    const figures = await prisma.priceFigure.count();
    lines.length = 0;
    await seed(prisma, { demo: true, log: (line) => lines.push(line) });
    expect(lines.some((line) => line.includes("market prices"))).toBe(false);
    expect(await prisma.priceEvent.count()).toBe(added);
    expect(await prisma.priceFigure.count()).toBe(figures);
  });
});
