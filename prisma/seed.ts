// Fills an empty database with the demo accounts, catalogue, listings and
// farms (prisma/seed-data.ts), and twelve weeks of market prices
// (prisma/seed-prices.ts), in demo mode only (DEMO_MODE=1). Runs at every
// start: once the demo administrator exists it changes nothing, so what users
// did to the demo data stays as they left it. `--force` adds whatever seeded
// rows are missing.
//
// Outside demo mode it makes no account, listing or farm. It adds only the
// reference data a real deployment needs too: the product catalogue (common
// crops, livestock, inputs and equipment with their categories, units and
// pictures), which sellers pick their listings' products from and the
// marketplace's category filter works through; it is added once, to a database
// that has none of it, and administrators keep it from then on. A demo account
// left by an earlier demo run on the same database, whose password is still the
// public one printed at every demo start, is locked and signed out everywhere; a
// later demo run gives it its demo password back.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isDemoMode } from "~/env.server";
import { LISTING_LIMITS } from "~/modules/listings/constants";
import { encodeGeohash } from "~/lib/geo";
import { polygonFeature, ringAreaHectares, ringCentroid } from "~/modules/farms/polygon";
import { NIGERIAN_TOWNS } from "~/modules/listings/towns";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import type { PrismaClient } from "~/generated/prisma/client";
import { DEMO_PASSWORDS, LISTING_PLACES, SEED_FARMS, SEED_PRODUCTS, SEED_USERS } from "./seed-data";
import { seedDemoOrders } from "./seed-orders";
import { seedDemoPrices } from "./seed-prices";

const CONDITIONS_USED = ["used_good", "new", "used_like_new", "used_fair"] as const;
const SELLERS = ["seed_user_amina", "seed_user_tunde", "seed_user_chidi", "seed_user_halima"];
const QUANTITY_BY_UNIT: Record<string, number> = {
  bags: 40,
  baskets: 30,
  bundles: 60,
  head: 12,
  kg: 250,
  pieces: 8,
  liters: 200,
  tonnes: 5,
};

/** Rounds a naira amount to a price a seller would write. */
function roundPrice(amount: number) {
  const step = amount >= 1_000_000 ? 10_000 : amount >= 10_000 ? 500 : 50;
  return Math.min(LISTING_LIMITS.priceMaxNgn, Math.max(step, Math.round(amount / step) * step));
}

export function buildListings(now = new Date()) {
  const products = new Map(SEED_PRODUCTS.map((product) => [product.id, product]));
  const listings = [];
  let index = 0;
  for (const place of LISTING_PLACES) {
    const town = NIGERIAN_TOWNS.find((candidate) => candidate.name === place.town);
    if (!town) throw new Error(`seed town ${place.town} is not in NIGERIAN_TOWNS`);
    for (const productId of place.products) {
      const product = products.get(productId);
      if (!product) throw new Error(`seed product ${productId} is not defined`);
      const n = index;
      index += 1;
      const latitude = Number((town.latitude + ((n % 5) - 2) * 0.011).toFixed(6));
      const longitude = Number((town.longitude + ((n % 7) - 3) * 0.009).toFixed(6));
      const status = n % 17 === 16 ? "sold" : n % 11 === 10 ? "paused" : "active";
      listings.push({
        id: `seed_listing_${String(n + 1).padStart(3, "0")}`,
        productId,
        sellerId: SELLERS[n % SELLERS.length]!,
        priceNgn: roundPrice(product.basePriceNgn * (0.85 + ((n * 37) % 31) / 100)).toFixed(2),
        quantity: Math.max(1, Math.round((QUANTITY_BY_UNIT[product.unit] ?? 20) * (0.2 + ((n * 13) % 9) / 10))),
        condition: product.usedConditions ? CONDITIONS_USED[n % CONDITIONS_USED.length]! : ("new" as const),
        status: status as "active" | "paused" | "sold",
        images: [product.image],
        latitude,
        longitude,
        geohash: encodeGeohash(latitude, longitude),
        locality: `${town.name}, ${town.state}`,
        // Two listings in three show the demo seller's (unreachable) phone, so the contact options can be tried.
        showPhone: n % 3 !== 2,
        createdAt: new Date(now.getTime() - n * 9 * 3600 * 1000),
      });
    }
  }
  return listings;
}

/** The demo's trades, on the seeded listings that are still there as seeded (a user may have changed them). */
async function demoOrders(tx: Parameters<typeof seedDemoOrders>[0], built: ReturnType<typeof buildListings>) {
  const present = new Map(
    (
      await tx.listing.findMany({
        where: { id: { in: built.map((listing) => listing.id) } },
        select: { id: true, sellerId: true, priceNgn: true, quantity: true, status: true, productId: true },
      })
    ).map((row) => [row.id, row]),
  );
  const listings = built.flatMap((listing) => {
    const row = present.get(listing.id);
    return row?.productId
      ? [{ ...row, productId: row.productId, priceNgn: row.priceNgn.toFixed(2), status: String(row.status) }]
      : [];
  });
  const names = new Map(SEED_PRODUCTS.map((product) => [product.id, product.name]));
  return seedDemoOrders(tx, listings, names);
}

/**
 * The demo's twelve weeks of market prices, once: only to a database with no price event at all,
 * since any there are the market's own (or this, already). Answers how many prices it added.
 */
async function addDemoPrices(prisma: PrismaClient) {
  if ((await prisma.priceEvent.count()) > 0) return 0;
  return (await prisma.$transaction((tx) => seedDemoPrices(tx), { timeout: 60_000 })).events;
}

/** The catalogue's rows; `createdById` names the demo administrator in demo mode, nobody otherwise. */
function catalogueRows(createdById: string | null) {
  return SEED_PRODUCTS.map((product) => ({
    id: product.id,
    name: product.name,
    description: product.description,
    categories: product.categories,
    unit: product.unit,
    images: [product.image],
    isActive: true,
    createdById,
  }));
}

/** Search documents are pending from the same transaction as the rows, like any other write's, then applied at once. */
const INDEX_SEEDED_ROWS = (tx: Pick<PrismaClient, "$executeRaw">) => tx.$executeRaw`
  INSERT INTO "SearchOutbox" (entity, "entityId")
  SELECT 'product', id FROM "Product" WHERE id LIKE 'seed\_%' UNION ALL
  SELECT 'listing', id FROM "Listing" WHERE id LIKE 'seed\_%' UNION ALL
  SELECT 'farm', id FROM "Farm" WHERE id LIKE 'seed\_%'`;

async function applyIndexChanges() {
  const { applyPendingIndexChanges } = await import("~/modules/search/indexing.server");
  await applyPendingIndexChanges();
}

// Marks a password the seed took away: no password verifies against it (it is
// not a scrypt hash), and the demo seed knows to restore the demo password.
const LOCKED_DEMO_ACCOUNT = "locked-demo-account";

/** Outside demo mode: no demo account keeps a password everyone can read. */
async function lockDemoAccounts(prisma: PrismaClient, log: (line: string) => void) {
  const accounts = await prisma.user.findMany({
    where: { username: { in: SEED_USERS.map((user) => user.username) } },
    select: { id: true, username: true, passwordHash: true },
    // Named in one order in what the seed says, whatever order the rows lie in.
    orderBy: { username: "asc" },
  });
  const locked: string[] = [];
  for (const account of accounts) {
    const demo = SEED_USERS.find((user) => user.username === account.username)!;
    if (!(await verifyPassword(DEMO_PASSWORDS[demo.password], account.passwordHash))) continue;
    await prisma.$transaction([
      prisma.user.update({
        where: { id: account.id },
        data: { passwordHash: `${LOCKED_DEMO_ACCOUNT}$${randomBytes(16).toString("hex")}` },
      }),
      prisma.session.deleteMany({ where: { userId: account.id } }),
    ]);
    locked.push(account.username);
  }
  if (locked.length > 0) {
    log(
      `[seed] locked the demo accounts ${locked.join(", ")} left by a demo run: their passwords are public, so they are signed out and no password opens them outside demo mode`,
    );
  }
}

/** In demo mode: a demo account locked by a run outside demo mode opens with its demo password again. */
async function unlockDemoAccounts(prisma: PrismaClient, log: (line: string) => void) {
  const locked = await prisma.user.findMany({
    where: {
      username: { in: SEED_USERS.map((user) => user.username) },
      passwordHash: { startsWith: `${LOCKED_DEMO_ACCOUNT}$` },
    },
    select: { id: true, username: true },
    orderBy: { username: "asc" },
  });
  for (const account of locked) {
    const demo = SEED_USERS.find((user) => user.username === account.username)!;
    await prisma.user.update({
      where: { id: account.id },
      data: { passwordHash: await hashPassword(DEMO_PASSWORDS[demo.password]) },
    });
  }
  if (locked.length > 0)
    log(`[seed] demo accounts open again: ${locked.map((account) => account.username).join(", ")}`);
}

/**
 * A demo database made before the demo sellers had phone numbers: each demo seller with none gets
 * theirs, and the seed's listings of those sellers show it as a fresh seed does (two in three), so
 * the contact options can be tried there too. A seller who has a number (their own choice, or an
 * earlier run of this) is left as they are, except that a demo seller still holding the seed's
 * example number from before phones were verified has it marked verified (only verified numbers
 * are shown), unless another account has verified it since. True when anything changed.
 */
async function giveDemoSellersPhones(prisma: PrismaClient) {
  let changed = false;
  for (const user of SEED_USERS) {
    if (!user.phone) continue;
    const takenElsewhere = await prisma.user.count({
      where: { phone: user.phone, phoneVerifiedAt: { not: null }, id: { not: user.id } },
    });
    if (takenElsewhere > 0) continue;
    const verified = await prisma.user.updateMany({
      where: { id: user.id, phone: user.phone, phoneVerifiedAt: null },
      data: { phoneVerifiedAt: new Date() },
    });
    changed ||= verified.count > 0;
  }
  const missing = await prisma.user.findMany({
    where: { id: { in: SEED_USERS.filter((user) => user.phone).map((user) => user.id) }, phone: null },
    select: { id: true },
  });
  if (missing.length === 0) return changed;
  const byId = new Map(SEED_USERS.map((user) => [user.id, user.phone]));
  const shown = buildListings()
    .filter((listing) => listing.showPhone && missing.some((seller) => seller.id === listing.sellerId))
    .map((listing) => listing.id);
  await prisma.$transaction([
    ...missing.map((seller) =>
      prisma.user.update({
        where: { id: seller.id },
        data: { phone: byId.get(seller.id), phoneVerifiedAt: new Date() },
      }),
    ),
    prisma.listing.updateMany({ where: { id: { in: shown } }, data: { showPhone: true } }),
  ]);
  return true;
}

/** Outside demo mode: the catalogue, once, and nothing of the demo. */
async function seedReferenceData(
  prisma: PrismaClient,
  { force, log }: { force: boolean; log: (line: string) => void },
) {
  const present = await prisma.product.count({ where: { id: { in: SEED_PRODUCTS.map((product) => product.id) } } });
  let added = 0;
  if (present === 0 || force) {
    await prisma.$transaction(async (tx) => {
      added = (await tx.product.createMany({ skipDuplicates: true, data: catalogueRows(null) })).count;
      await INDEX_SEEDED_ROWS(tx);
    });
    await applyIndexChanges();
  }
  log(
    `[seed] not in demo mode (DEMO_MODE is not 1): no demo accounts, listings or farms; product catalogue ${added ? `added (${added} products)` : "already present"}`,
  );
  return { created: added > 0 };
}

export async function seed(
  prisma: PrismaClient,
  {
    force = false,
    log = console.log,
    demo = isDemoMode(),
  }: { force?: boolean; log?: (line: string) => void; demo?: boolean } = {},
) {
  if (!demo) {
    await lockDemoAccounts(prisma, log);
    return seedReferenceData(prisma, { force, log });
  }
  await unlockDemoAccounts(prisma, log);
  const seeded = await prisma.user.findUnique({ where: { username: "admin" }, select: { id: true } });
  if (seeded && !force) {
    // A demo database made before orders existed gets the demo's trades.
    if ((await prisma.order.count()) === 0) {
      const made = await prisma.$transaction((tx) => demoOrders(tx, buildListings()), { timeout: 60_000 });
      log(`[seed] demo orders added: ${made}`);
    }
    // And one made before market prices gets the demo's weeks of them.
    const prices = await addDemoPrices(prisma);
    if (prices > 0) log(`[seed] demo market prices added: ${prices} prices`);
    if (await giveDemoSellersPhones(prisma)) {
      log("[seed] demo sellers given their example phone numbers (verified), shown on two listings in three");
      return { created: false };
    }
    log("[seed] demo data already present; nothing changed");
    return { created: false };
  }

  const hashes = {
    admin: await hashPassword(DEMO_PASSWORDS.admin),
    farmer: await hashPassword(DEMO_PASSWORDS.farmer),
  };
  const listings = buildListings();

  await prisma.$transaction(
    async (tx) => {
      for (const user of SEED_USERS) {
        await tx.user.upsert({
          where: { username: user.username },
          update: {},
          create: {
            id: user.id,
            username: user.username,
            email: user.email,
            firstName: user.firstName,
            lastName: user.lastName,
            role: user.role,
            passwordHash: hashes[user.password],
            phone: user.phone ?? null,
            // Demo sellers' example numbers count as verified, so buyers in a demo see contact options.
            phoneVerifiedAt: user.phone ? new Date() : null,
          },
        });
      }
      await tx.product.createMany({ skipDuplicates: true, data: catalogueRows("seed_user_admin") });
      await tx.listing.createMany({ skipDuplicates: true, data: listings });
      for (const farm of SEED_FARMS) {
        const centre = ringCentroid(farm.ring);
        await tx.farm.createMany({
          skipDuplicates: true,
          data: [
            {
              id: farm.id,
              ownerId: farm.ownerId,
              name: farm.name,
              description: farm.description,
              crops: farm.crops,
              centerLat: centre.latitude,
              centerLng: centre.longitude,
              boundary: polygonFeature(farm.ring, { name: farm.name }),
              areaHectares: Number(ringAreaHectares(farm.ring).toFixed(2)),
              geohash: encodeGeohash(centre.latitude, centre.longitude),
            },
          ],
        });
        await tx.plot.createMany({
          skipDuplicates: true,
          data: farm.plots.map((plot) => {
            const plotCentre = ringCentroid(plot.ring);
            return {
              id: plot.id,
              farmId: farm.id,
              name: plot.name,
              type: plot.type,
              crops: plot.crops,
              geometry: polygonFeature(plot.ring, { name: plot.name, type: plot.type }),
              centroidLat: plotCentre.latitude,
              centroidLng: plotCentre.longitude,
              areaHectares: Number(ringAreaHectares(plot.ring).toFixed(3)),
            };
          }),
        });
      }
      if ((await tx.order.count()) === 0) await demoOrders(tx, listings);
      await INDEX_SEEDED_ROWS(tx);
    },
    { timeout: 60_000 },
  );
  // Applied at once, so search finds the demo data from the first start.
  await applyIndexChanges();
  // The price pages' twelve weeks of history, in a transaction of its own; the listings' prices stay as seeded.
  await addDemoPrices(prisma);

  const counts = {
    users: await prisma.user.count(),
    products: await prisma.product.count(),
    listings: await prisma.listing.count(),
    farms: await prisma.farm.count(),
    plots: await prisma.plot.count(),
    orders: await prisma.order.count(),
    prices: await prisma.priceEvent.count(),
  };
  log(
    `[seed] demo data ready: ${Object.entries(counts)
      .map(([name, count]) => `${count} ${name}`)
      .join(", ")}`,
  );
  return { created: true, counts };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { prisma } = await import("~/server/db.server");
  const { runTask } = await import("~/server/process.server");
  await runTask("seed", async () => {
    await seed(prisma, { force: process.argv.includes("--force") });
  });
}
