import { describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES, PRODUCT_UNITS } from "~/modules/products/constants";
import { isValidLatitude, isValidLongitude } from "~/lib/geo";
import { verifyPassword } from "~/modules/auth/password.server";
import { prisma } from "~/server/db.server";
import { seed } from "./seed";
import { DEMO_PASSWORDS, SEED_PRODUCTS } from "./seed-data";

const quiet = () => {};

async function counts() {
  return {
    users: await prisma.user.count(),
    products: await prisma.product.count(),
    listings: await prisma.listing.count(),
    farms: await prisma.farm.count(),
    plots: await prisma.plot.count(),
  };
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

    const farms = await prisma.farm.findMany({ include: { plots: true } });
    expect(farms).toHaveLength(2);
    for (const farm of farms) {
      expect(farm.plots.length).toBeGreaterThan(0);
      expect(farm.areaHectares).toBeGreaterThan(1);
      expect(farm.boundary).toMatchObject({ type: "Feature", geometry: { type: "Polygon" } });
    }
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
