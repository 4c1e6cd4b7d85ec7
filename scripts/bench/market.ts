// A large, realistic market for the benchmarks and the query-plan test: users, catalogue
// products (our seed products in grades and origins), listings around Nigerian towns at
// prices near each product's usual price, and farms. Written with a few large INSERT ... SELECT
// FROM unnest statements; the same seed gives the same market every time.
import pg from "pg";
import { encodeGeohash } from "../../app/lib/geo";
import { NIGERIAN_TOWNS } from "../../app/modules/listings/towns";
import { SEED_PRODUCTS } from "../../prisma/seed-data";

export interface MarketSize {
  listings: number;
  products: number;
  users: number;
  farms: number;
}

export const FULL_MARKET: MarketSize = { listings: 100_000, products: 2_000, users: 20_000, farms: 5_000 };

/** Every fourth user sells; listings are spread over them. */
const SELLER_SHARE = 4;
const BATCH = 5_000;

/** A seeded-random number generator, so every run loads the same market. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIRST_NAMES = [
  "Amina",
  "Tunde",
  "Chidi",
  "Halima",
  "Ngozi",
  "Musa",
  "Bola",
  "Emeka",
  "Fatima",
  "Yusuf",
  "Kemi",
  "Ifeoma",
  "Sani",
  "Funke",
  "Obinna",
  "Zainab",
  "Segun",
  "Adaeze",
  "Ibrahim",
  "Titi",
];
const LAST_NAMES = [
  "Bello",
  "Okonkwo",
  "Eze",
  "Musa",
  "Adeyemi",
  "Abubakar",
  "Okafor",
  "Balogun",
  "Danjuma",
  "Nwosu",
  "Ogunleye",
  "Lawal",
  "Chukwu",
  "Aliyu",
  "Afolabi",
];
const GRADES = [
  "",
  "Grade A",
  "Grade B",
  "Bulk",
  "Premium",
  "Organic",
  "Smallholder",
  "Export quality",
  "Fresh harvest",
  "Dry season",
];
const CROPS = [
  "maize",
  "cassava",
  "yam",
  "rice",
  "sorghum",
  "millet",
  "cowpea",
  "groundnut",
  "tomato",
  "pepper",
  "okra",
  "plantain",
  "cocoa",
  "oil palm",
];
const CONDITIONS = ["new", "used_like_new", "used_good", "used_fair"];

export const benchUserId = (index: number) => `bench_user_${index}`;
export const benchProductId = (index: number) => `bench_product_${index}`;
/** The users who sell: every SELLER_SHARE-th one. */
export const benchSellerId = (index: number) => benchUserId(index * SELLER_SHARE);

/** A point near a town: most within a few kilometres of its centre, some out in the country around it. */
function placeNear(random: () => number) {
  const town = NIGERIAN_TOWNS[Math.floor(random() * NIGERIAN_TOWNS.length)]!;
  const spread = random() < 0.7 ? 0.08 : 0.6;
  return {
    town,
    latitude: town.latitude + (random() - 0.5) * spread,
    longitude: town.longitude + (random() - 0.5) * spread,
  };
}

async function insertUsers(client: pg.Client, size: MarketSize, random: () => number) {
  for (let start = 0; start < size.users; start += BATCH) {
    const ids: string[] = [];
    const first: string[] = [];
    const last: string[] = [];
    for (let index = start; index < Math.min(size.users, start + BATCH); index += 1) {
      ids.push(benchUserId(index));
      first.push(FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]!);
      last.push(LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]!);
    }
    await client.query(
      `INSERT INTO "User" (id, username, "passwordHash", "firstName", "lastName", "updatedAt")
       SELECT id, id, 'not-a-password-hash', f, l, now() FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, f, l)`,
      [ids, first, last],
    );
  }
}

async function insertProducts(client: pg.Client, size: MarketSize) {
  const columns = {
    id: [] as string[],
    name: [] as string[],
    description: [] as string[],
    categories: [] as string[],
    unit: [] as string[],
    image: [] as string[],
  };
  for (let index = 0; index < size.products; index += 1) {
    const base = SEED_PRODUCTS[index % SEED_PRODUCTS.length]!;
    const grade = GRADES[Math.floor(index / SEED_PRODUCTS.length) % GRADES.length]!;
    const origin = NIGERIAN_TOWNS[Math.floor(index / (SEED_PRODUCTS.length * GRADES.length)) % NIGERIAN_TOWNS.length]!;
    const round = Math.floor(index / (SEED_PRODUCTS.length * GRADES.length));
    columns.id.push(benchProductId(index));
    columns.name.push(
      [base.name, grade && `(${grade})`, round > 0 ? `from ${origin.state}` : ""].filter(Boolean).join(" "),
    );
    columns.description.push(base.description);
    // Postgres array literal of the categories, read back with ::text[].
    columns.categories.push(`{${base.categories.map((category) => `"${category}"`).join(",")}}`);
    columns.unit.push(base.unit);
    columns.image.push(base.image);
  }
  await client.query(
    `INSERT INTO "Product" (id, name, description, categories, unit, images, "updatedAt")
     SELECT id, name, description, categories::text[], unit, ARRAY[image], now()
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(id, name, description, categories, unit, image)`,
    [columns.id, columns.name, columns.description, columns.categories, columns.unit, columns.image],
  );
}

/** Listings `from` up to size.listings (their ids are their numbers, so a grown market keeps the first ones). */
async function insertListings(client: pg.Client, size: MarketSize, random: () => number, from = 0) {
  const sellers = Math.max(1, Math.floor(size.users / SELLER_SHARE));
  for (let start = from; start < size.listings; start += BATCH) {
    const count = Math.min(BATCH, size.listings - start);
    const columns = {
      id: [] as string[],
      product: [] as string[],
      seller: [] as string[],
      price: [] as string[],
      quantity: [] as number[],
      condition: [] as string[],
      status: [] as string[],
      image: [] as string[],
      lat: [] as number[],
      lng: [] as number[],
      geohash: [] as string[],
      locality: [] as string[],
      created: [] as string[],
    };
    for (let index = 0; index < count; index += 1) {
      const productIndex = Math.floor(random() * size.products);
      const base = SEED_PRODUCTS[productIndex % SEED_PRODUCTS.length]!;
      const place = placeNear(random);
      const roll = random();
      columns.id.push(`bench_listing_${start + index}`);
      columns.product.push(benchProductId(productIndex));
      columns.seller.push(benchSellerId(Math.floor(random() * sellers)));
      columns.price.push(Math.max(50, Math.round((base.basePriceNgn * (0.7 + random() * 0.6)) / 50) * 50).toFixed(2));
      columns.quantity.push(1 + Math.floor(random() * 200));
      columns.condition.push(base.usedConditions ? CONDITIONS[Math.floor(random() * CONDITIONS.length)]! : "new");
      columns.status.push(roll < 0.9 ? "active" : roll < 0.95 ? "sold" : "paused");
      columns.image.push(base.image);
      columns.lat.push(place.latitude);
      columns.lng.push(place.longitude);
      columns.geohash.push(encodeGeohash(place.latitude, place.longitude));
      columns.locality.push(`${place.town.name}, ${place.town.state}`);
      columns.created.push(new Date(Date.UTC(2026, 6, 1) + random() * 140 * 86_400_000).toISOString());
    }
    await client.query(
      `INSERT INTO "Listing" (id, "productId", "sellerId", "priceNgn", quantity, condition, status, images, latitude, longitude, geohash, locality, "createdAt", "updatedAt")
       SELECT id, product, seller, price::numeric, quantity, condition::"ListingCondition", status::"ListingStatus", ARRAY[image], lat, lng, geohash, locality, created::timestamp, created::timestamp
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::float8[], $10::float8[], $11::text[], $12::text[], $13::text[])
         AS t(id, product, seller, price, quantity, condition, status, image, lat, lng, geohash, locality, created)`,
      [
        columns.id,
        columns.product,
        columns.seller,
        columns.price,
        columns.quantity,
        columns.condition,
        columns.status,
        columns.image,
        columns.lat,
        columns.lng,
        columns.geohash,
        columns.locality,
        columns.created,
      ],
    );
  }
}

async function insertFarms(client: pg.Client, size: MarketSize, random: () => number) {
  for (let start = 0; start < size.farms; start += BATCH) {
    const columns = {
      id: [] as string[],
      owner: [] as string[],
      name: [] as string[],
      crops: [] as string[],
      lat: [] as number[],
      lng: [] as number[],
      area: [] as number[],
      geohash: [] as string[],
    };
    for (let index = start; index < Math.min(size.farms, start + BATCH); index += 1) {
      const place = placeNear(random);
      const crops = [CROPS[Math.floor(random() * CROPS.length)]!, CROPS[Math.floor(random() * CROPS.length)]!];
      columns.id.push(`bench_farm_${index}`);
      columns.owner.push(benchUserId(Math.floor(random() * size.users)));
      columns.name.push(`${place.town.name} ${crops[0]} farm`);
      columns.crops.push(`{${[...new Set(crops)].join(",")}}`);
      columns.lat.push(place.latitude);
      columns.lng.push(place.longitude);
      columns.area.push(Math.round((0.2 + random() * 12) * 100) / 100);
      columns.geohash.push(encodeGeohash(place.latitude, place.longitude));
    }
    await client.query(
      `INSERT INTO "Farm" (id, "ownerId", name, crops, "centerLat", "centerLng", "areaHectares", geohash, "updatedAt")
       SELECT id, owner, name, crops::text[], lat, lng, area, geohash, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::float8[], $8::text[]) AS t(id, owner, name, crops, lat, lng, area, geohash)`,
      [columns.id, columns.owner, columns.name, columns.crops, columns.lat, columns.lng, columns.area, columns.geohash],
    );
  }
}

/** Loads the market into an empty, migrated database, then refreshes the planner's statistics. */
export async function loadMarket(client: pg.Client, size: MarketSize) {
  const random = randomSource(2026);
  await insertUsers(client, size, random);
  await insertProducts(client, size);
  await insertListings(client, size, random);
  await insertFarms(client, size, random);
  await client.query("VACUUM ANALYZE");
}

/**
 * Grows a market loadMarket made (its users and products) to size.listings listings: those from
 * `from` on, drawn from a seed of their own, so the first ones stay as they are and the same
 * growth gives the same listings. Two calls on two connections may share a growth: give each its
 * range (from, and size.listings as where it stops).
 */
export async function appendListings(client: pg.Client, size: MarketSize, from: number) {
  await insertListings(client, size, randomSource(2026 + from), from);
}

/**
 * A connection to a benchmark's database holding the full market, loaded, indexed for search and
 * settled: the one an earlier run kept (with `reuse`, when it holds exactly the full market's
 * listings, not a grown one), or loaded now into a fresh database.
 */
export async function openFullMarket(
  database: { url: string; create: () => Promise<void> },
  { reuse, label }: { reuse: boolean; label: string },
): Promise<pg.Client> {
  const started = Date.now();
  let client = new pg.Client({ connectionString: database.url });
  const count = async () => {
    try {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Listing"`);
      return rows[0]?.n ?? 0;
    } catch {
      return 0;
    }
  };
  const reused = reuse && (await client.connect().then(count, () => 0)) === FULL_MARKET.listings;
  if (reused) return client;
  await client.end().catch(() => {});
  console.log(`${label} loading ${FULL_MARKET.listings.toLocaleString("en")} listings into a database of its own`);
  await database.create();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await loadMarket(client, FULL_MARKET);
  const { reindexAll, searchBackend } = await import("../../app/modules/search/indexing.server");
  await reindexAll(searchBackend(), 2_000);
  // Settled before measuring: statistics and visibility maps up to date, and the load's dirty
  // pages written out (or the checkpointer writes them during the first measurements).
  await client.query("VACUUM ANALYZE");
  await client.query("CHECKPOINT");
  console.log(`${label} loaded and indexed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return client;
}
