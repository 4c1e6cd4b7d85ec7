import type { PrismaClient } from "~/generated/prisma/client";
import { NIGERIAN_TOWNS } from "~/modules/listings/towns";
import { weekFigure, weekOf, type PricePoint } from "~/modules/prices/figures";
import type { ProductCategory } from "~/modules/products/constants";
import { SEED_PRODUCTS, type SeedProduct } from "./seed-data";

// The demo's market prices: twelve weeks of price events, up to now, for the catalogue's food,
// livestock and farm inputs in towns across the country, so the price pages have something to say
// from the first start. Each price is the product's usual price, times what its region's markets
// ask (grain is cheaper in the north, yam in the Middle Belt, fish on the coast), times the season
// of its crop (grain dear in the lean months before the harvest and cheap after it, tomatoes dear in
// the rains, livestock steady but for the festivals), times a little noise: a town that runs dear,
// a week that runs dear, and the spread of one week's asking prices. Now and then a price is typed
// with a zero too many or too few, as real ones are, so the figures' outlier count shows.
//
// Everything is drawn from a small seeded generator keyed by product, town and week: the same
// weeks get the same prices whenever the seed runs. The weekly figures are worked out here with
// the figures job's own arithmetic (prices/figures.ts) and written with the events, since going
// through the stale-week queue would take minutes for thousands of weeks at every fresh start.

/** Weeks of prices the demo starts with: this week and the eleven before it. */
export const DEMO_PRICE_WEEKS = 12;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Lagos is UTC+1 all year: months and weeks are Lagos ones. */
const LAGOS_OFFSET_MS = HOUR_MS;
/** Rows per INSERT statement. */
const ROWS_PER_INSERT = 10_000;

const REGIONS = ["north", "middleBelt", "southWest", "southEast", "southSouth"] as const;
type Region = (typeof REGIONS)[number];
/** A factor per region, in the order of REGIONS: north, Middle Belt, south-west, south-east, south-south. */
type ByRegion = readonly [number, number, number, number, number];
/** Twelve factors, one per calendar month from January, each as it stands in the middle of its month. */
type ByMonth = readonly number[];

interface PriceTown {
  name: string;
  region: Region;
  /** The big consumer cities ask a little more for everything. */
  premium?: number;
}

/** Where the demo's prices come from: every region, the big markets and the producing towns. */
export const DEMO_PRICE_TOWNS: readonly PriceTown[] = [
  { name: "Kano", region: "north" },
  { name: "Katsina", region: "north" },
  { name: "Sokoto", region: "north" },
  { name: "Maiduguri", region: "north" },
  { name: "Kaduna", region: "north" },
  { name: "Zaria", region: "north" },
  { name: "Bauchi", region: "north" },
  { name: "Gombe", region: "north" },
  { name: "Yola", region: "north" },
  { name: "Jos", region: "middleBelt" },
  { name: "Abuja", region: "middleBelt", premium: 1.06 },
  { name: "Minna", region: "middleBelt" },
  { name: "Makurdi", region: "middleBelt" },
  { name: "Lafia", region: "middleBelt" },
  { name: "Lokoja", region: "middleBelt" },
  { name: "Ilorin", region: "middleBelt" },
  { name: "Ikeja", region: "southWest", premium: 1.08 },
  { name: "Ibadan", region: "southWest" },
  { name: "Abeokuta", region: "southWest" },
  { name: "Osogbo", region: "southWest" },
  { name: "Akure", region: "southWest" },
  { name: "Onitsha", region: "southEast", premium: 1.03 },
  { name: "Enugu", region: "southEast" },
  { name: "Abakaliki", region: "southEast" },
  { name: "Owerri", region: "southEast" },
  { name: "Aba", region: "southEast" },
  { name: "Port Harcourt", region: "southSouth", premium: 1.08 },
  { name: "Benin City", region: "southSouth" },
  { name: "Warri", region: "southSouth" },
  { name: "Uyo", region: "southSouth" },
  { name: "Calabar", region: "southSouth" },
];

interface Market {
  season: ByMonth;
  regions: ByRegion;
  /** Rams, goats and cattle fetch more in the weeks before Eid al-Adha. */
  sallah?: boolean;
}

// How each kind of produce moves through the year and across the country. Grain and beans are
// harvested from September to December and run short from May to August; yam is dug from August
// and is dearest before the new yam; tomatoes and peppers rot and run short in the rains and flood
// in from northern irrigation in the dry season; milk is plentiful when the pasture is green;
// livestock and poultry hold steady but for Christmas (and Sallah for the ruminants).
const MARKETS = {
  grain: {
    season: [0.96, 0.99, 1.03, 1.07, 1.12, 1.17, 1.2, 1.16, 1.04, 0.92, 0.88, 0.9],
    regions: [0.86, 0.94, 1.08, 1.12, 1.14],
  },
  legume: {
    season: [0.97, 1.0, 1.04, 1.08, 1.12, 1.16, 1.18, 1.14, 1.04, 0.93, 0.88, 0.9],
    regions: [0.86, 0.95, 1.08, 1.1, 1.14],
  },
  tuber: {
    season: [0.96, 1.0, 1.06, 1.12, 1.18, 1.2, 1.12, 0.98, 0.9, 0.86, 0.88, 0.92],
    regions: [1.1, 0.82, 0.98, 1.02, 1.08],
  },
  cassava: {
    season: [1.04, 1.08, 1.1, 1.06, 1.0, 0.98, 0.96, 0.95, 0.95, 0.96, 0.97, 1.0],
    regions: [1.15, 0.92, 0.9, 0.94, 0.98],
  },
  vegetable: {
    season: [0.72, 0.68, 0.72, 0.85, 1.05, 1.3, 1.45, 1.4, 1.25, 1.05, 0.88, 0.78],
    regions: [0.82, 0.9, 1.1, 1.14, 1.16],
  },
  onion: {
    season: [0.85, 0.78, 0.75, 0.8, 0.9, 1.0, 1.1, 1.2, 1.25, 1.2, 1.05, 0.92],
    regions: [0.8, 0.92, 1.1, 1.14, 1.16],
  },
  leafy: {
    season: [1.15, 1.2, 1.15, 1.0, 0.92, 0.88, 0.86, 0.86, 0.9, 0.95, 1.05, 1.12],
    regions: [1.18, 1.02, 0.98, 0.88, 0.92],
  },
  driedLeaf: {
    season: [1.06, 1.08, 1.08, 1.02, 0.98, 0.95, 0.94, 0.94, 0.96, 0.98, 1.0, 1.04],
    regions: [0.88, 0.95, 1.05, 1.08, 1.1],
  },
  plantain: {
    season: [1.1, 1.15, 1.15, 1.1, 1.02, 0.95, 0.9, 0.88, 0.9, 0.95, 1.0, 1.05],
    regions: [1.22, 1.05, 0.95, 0.9, 0.92],
  },
  ruminant: {
    season: [0.98, 0.97, 0.98, 0.99, 1.0, 1.0, 1.0, 0.99, 0.99, 1.0, 1.03, 1.1],
    regions: [0.85, 0.95, 1.1, 1.12, 1.14],
    sallah: true,
  },
  poultry: {
    season: [0.98, 0.96, 0.97, 0.98, 0.99, 1.0, 1.0, 0.99, 0.99, 1.0, 1.04, 1.18],
    regions: [1.02, 0.98, 0.94, 1.02, 1.06],
  },
  fish: {
    season: [1.0, 0.99, 0.99, 1.0, 1.0, 0.99, 0.98, 0.98, 0.99, 1.0, 1.02, 1.08],
    regions: [1.18, 1.05, 0.98, 0.98, 0.84],
  },
  dairy: {
    season: [1.08, 1.15, 1.18, 1.12, 1.02, 0.94, 0.88, 0.86, 0.88, 0.92, 0.98, 1.03],
    regions: [0.8, 0.92, 1.12, 1.22, 1.25],
  },
  palmOil: {
    season: [0.95, 0.9, 0.88, 0.9, 0.95, 1.02, 1.1, 1.14, 1.12, 1.06, 1.0, 0.97],
    regions: [1.18, 1.05, 0.98, 0.88, 0.9],
  },
  cocoa: {
    season: [0.96, 0.96, 0.98, 1.0, 1.03, 1.06, 1.07, 1.05, 1.0, 0.96, 0.95, 0.96],
    regions: [1.06, 1.03, 0.96, 1.0, 0.97],
  },
  ginger: {
    season: [0.9, 0.88, 0.92, 0.98, 1.04, 1.1, 1.14, 1.14, 1.08, 1.0, 0.95, 0.92],
    regions: [0.92, 0.95, 1.05, 1.06, 1.08],
  },
  herbal: {
    season: [1.02, 1.03, 1.03, 1.01, 0.99, 0.98, 0.97, 0.97, 0.98, 0.99, 1.0, 1.01],
    regions: [1.1, 1.02, 0.9, 1.02, 1.02],
  },
  steady: {
    season: [1.0, 1.0, 1.01, 1.01, 1.02, 1.02, 1.02, 1.01, 1.0, 0.99, 0.98, 0.99],
    regions: [0.98, 0.98, 1.0, 1.02, 1.03],
  },
  fertiliser: {
    season: [0.95, 0.96, 0.98, 1.03, 1.1, 1.12, 1.08, 1.0, 0.96, 0.94, 0.94, 0.95],
    regions: [0.97, 0.98, 1.03, 1.03, 1.05],
  },
  seed: {
    season: [0.94, 0.96, 1.0, 1.08, 1.14, 1.12, 1.02, 0.96, 0.94, 0.94, 0.94, 0.94],
    regions: [0.97, 0.98, 1.03, 1.03, 1.05],
  },
} satisfies Record<string, Market>;
type MarketName = keyof typeof MARKETS;

interface ProductMarket {
  market: MarketName;
  /** How strongly the product follows its market's season: 1 fully, 0.5 half as much. */
  swing?: number;
}

/** The catalogue's products whose first category does not say how their prices move. */
const PRODUCT_MARKETS: Readonly<Record<string, ProductMarket>> = {
  seed_product_maize: { market: "grain" },
  // Imported rice steadies the local price.
  seed_product_rice: { market: "grain", swing: 0.6 },
  seed_product_beans: { market: "legume", swing: 1.2 },
  seed_product_groundnut: { market: "legume", swing: 0.9 },
  seed_product_yam: { market: "tuber" },
  seed_product_sweet_potato: { market: "tuber", swing: 0.7 },
  seed_product_cassava: { market: "cassava", swing: 1.2 },
  seed_product_garri: { market: "cassava" },
  seed_product_tomato: { market: "vegetable" },
  seed_product_pepper: { market: "vegetable", swing: 0.85 },
  seed_product_onion: { market: "onion" },
  seed_product_plantain: { market: "plantain" },
  seed_product_bitter_leaf: { market: "leafy" },
  seed_product_moringa: { market: "driedLeaf" },
  seed_product_herbs: { market: "herbal" },
  seed_product_goat: { market: "ruminant" },
  seed_product_chicken: { market: "poultry" },
  seed_product_catfish: { market: "fish" },
  seed_product_milk: { market: "dairy" },
  seed_product_wara: { market: "dairy", swing: 0.8 },
  seed_product_palm_oil: { market: "palmOil" },
  seed_product_cocoa: { market: "cocoa" },
  seed_product_ginger: { market: "ginger" },
  seed_product_npk: { market: "fertiliser" },
  seed_product_seed_maize: { market: "seed" },
};

/** Any other product, by its first category; equipment and services have no market prices here. */
const CATEGORY_MARKETS: Readonly<Record<ProductCategory, ProductMarket | null>> = {
  "Grains & Cereals": { market: "grain" },
  "Legumes & Pulses": { market: "legume" },
  "Root Vegetables": { market: "tuber" },
  "Fruits & Vegetables": { market: "vegetable", swing: 0.5 },
  "Livestock & Poultry": { market: "ruminant" },
  "Dairy Products": { market: "dairy" },
  "Processed Foods": { market: "steady" },
  "Spices & Herbs": { market: "steady" },
  "Traditional Medicine": { market: "herbal" },
  "Seeds & Fertilizers": { market: "fertiliser" },
  "Farm Equipment": null,
  "Farm Services": null,
};

// Eid al-Adha (Big Sallah) as expected in Nigeria; a day either way changes nothing here.
const EID_AL_ADHA = [
  "2024-06-16",
  "2025-06-06",
  "2026-05-27",
  "2027-05-16",
  "2028-05-05",
  "2029-04-24",
  "2030-04-13",
  "2031-04-02",
  "2032-03-22",
].map((day) => Date.parse(`${day}T00:00:00+01:00`));
/** How much more a ram or goat fetches on the eve of Sallah; the rise starts four weeks before. */
const SALLAH_RISE = 0.15;
const SALLAH_DAYS_BEFORE = 28;
const SALLAH_DAYS_AFTER = 4;

/** Each week: 4 to 8 prices, about one in five of them a trade (a little under the asking price). */
const POINTS_MIN = 4;
const POINTS_MAX = 8;
const TRADE_SHARE = 0.2;
const TRADE_DISCOUNT = 0.97;
/** About one week in 25 has a price typed with a zero too many (or too few). */
const TYPO_SHARE = 1 / 25;
/** Spread of one week's prices about its level, of a town's lean, and of a week's move: each plus or minus. */
const SPREAD = 0.06;
const TOWN_LEAN = 0.04;
const WEEK_MOVE = 0.03;

export interface DemoPriceEvent {
  productId: string;
  town: string;
  /** Naira per the product's unit, as written to the Decimal(12,2) column. */
  priceNgn: string;
  source: "listed" | "repriced" | "trade";
  at: Date;
}

export interface DemoPriceFigure {
  productId: string;
  town: string;
  /** The Monday (Lagos time) that starts the week, at 00:00 UTC as the Date column keeps it. */
  week: Date;
  medianNgn: string;
  p25Ngn: string;
  p75Ngn: string;
  lowNgn: string;
  highNgn: string;
  count: number;
  trades: number;
  outliers: number;
  computedAt: Date;
}

/** A generator of numbers in [0, 1) from a string: mulberry32 seeded with the string's FNV-1a hash. */
export function seededRandom(key: string): () => number {
  let state = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) state = Math.imul(state ^ key.charCodeAt(index), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number in (-1, 1), more often near 0 than near the ends (the sum of two uniform draws). */
const wobble = (draw: () => number) => draw() + draw() - 1;

/** A month table's value at a moment: each month's value holds at mid-month, days between are interpolated. */
export function monthFactor(table: ByMonth, at: Date): number {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const month = lagos.getUTCMonth();
  const daysInMonth = new Date(Date.UTC(lagos.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const dayOfMonth = lagos.getUTCDate() - 1 + lagos.getUTCHours() / 24;
  const position = month + dayOfMonth / daysInMonth - 0.5;
  const below = Math.floor(position);
  const from = table[(below + 12) % 12]!;
  const to = table[(below + 13) % 12]!;
  return from + (to - from) * (position - below);
}

/** Ruminants' rise before Eid al-Adha: up to SALLAH_RISE on the eve, gone a few days after. */
function sallahFactor(at: Date): number {
  for (const eid of EID_AL_ADHA) {
    const daysBefore = (eid - at.getTime()) / DAY_MS;
    if (daysBefore >= 0 && daysBefore < SALLAH_DAYS_BEFORE)
      return 1 + SALLAH_RISE * (1 - daysBefore / SALLAH_DAYS_BEFORE);
    if (daysBefore < 0 && daysBefore > -SALLAH_DAYS_AFTER)
      return 1 + SALLAH_RISE * (1 + daysBefore / SALLAH_DAYS_AFTER);
  }
  return 1;
}

interface PricedProduct extends ProductMarket {
  id: string;
  basePriceNgn: number;
}

/** The products the demo has prices for: food, livestock and farm inputs, not equipment or services. */
export function demoPriceProducts(products: readonly SeedProduct[] = SEED_PRODUCTS): PricedProduct[] {
  return products.flatMap((product) => {
    const known = PRODUCT_MARKETS[product.id];
    const first = product.categories[0];
    const market = known ?? (first ? CATEGORY_MARKETS[first] : null);
    return market ? [{ id: product.id, basePriceNgn: product.basePriceNgn, ...market }] : [];
  });
}

/** What a product's price is at a moment against its usual: its market's season and festivals. */
export function seasonFactor(product: ProductMarket, at: Date): number {
  const market: Market = MARKETS[product.market];
  const season = 1 + (product.swing ?? 1) * (monthFactor(market.season, at) - 1);
  return market.sallah ? season * sallahFactor(at) : season;
}

/** What a region's markets ask for a product against the country's usual price. */
export function regionFactor(product: ProductMarket, region: Region): number {
  const market: Market = MARKETS[product.market];
  return market.regions[REGIONS.indexOf(region)]!;
}

/** A price as a seller writes it: to a step of well under one per cent, so a week's prices rarely tie. */
const PRICE_STEPS: readonly (readonly [atLeast: number, step: number])[] = [
  [1_000_000, 5000],
  [100_000, 500],
  [20_000, 100],
  [5_000, 50],
  [1_000, 10],
  [0, 5],
];
function writtenPrice(amount: number): number {
  const step = PRICE_STEPS.find(([atLeast]) => amount >= atLeast)?.[1] ?? 5;
  return Math.max(step, Math.round(amount / step) * step);
}

/** Products are offered more often where they are cheap (where they are grown): 45% to 95% of towns. */
const offeredShare = (regional: number) => Math.min(0.95, Math.max(0.45, 0.72 + (1 - regional) * 1.2));

/** The moment (UTC) that Monday 00:00 in Lagos starts the week of `at`. */
const weekStart = (at: Date) => new Date(Date.parse(`${weekOf(at)}T00:00:00Z`) - LAGOS_OFFSET_MS);

/**
 * The demo's price events for the DEMO_PRICE_WEEKS weeks up to `now` (this week's up to `now`,
 * none after), oldest first. A week's prices depend only on the product, the town and the week, so
 * a later run gives the same prices for the weeks it shares with an earlier one.
 */
export function demoPriceEvents(now: Date, products: readonly SeedProduct[] = SEED_PRODUCTS): DemoPriceEvent[] {
  const known = new Set(NIGERIAN_TOWNS.map((town) => town.name));
  for (const town of DEMO_PRICE_TOWNS)
    if (!known.has(town.name)) throw new Error(`demo price town ${town.name} is not in NIGERIAN_TOWNS`);

  const thisWeek = weekStart(now);
  const weekMove = (key: string) => wobble(seededRandom(`${key}|move`));
  const events: DemoPriceEvent[] = [];
  for (const product of demoPriceProducts(products)) {
    for (const town of DEMO_PRICE_TOWNS) {
      const regional = regionFactor(product, town.region);
      const pair = seededRandom(`${product.id}|${town.name}`);
      if (pair() >= offeredShare(regional)) continue;
      const usual = product.basePriceNgn * regional * (town.premium ?? 1) * (1 + TOWN_LEAN * wobble(pair));
      for (let back = DEMO_PRICE_WEEKS - 1; back >= 0; back -= 1) {
        const start = new Date(thisWeek.getTime() - back * WEEK_MS);
        const span = Math.min(WEEK_MS, now.getTime() - start.getTime());
        const key = `${product.id}|${town.name}|${weekOf(start)}`;
        const before = `${product.id}|${town.name}|${weekOf(new Date(start.getTime() - WEEK_MS))}`;
        // A week's move carries half into the next, so the line wanders rather than jitters.
        const level = usual * (1 + (WEEK_MOVE * (weekMove(key) + weekMove(before))) / 2);
        const draw = seededRandom(key);
        const priceAt = (at: Date) => level * seasonFactor(product, at);
        const points = POINTS_MIN + Math.floor(draw() * (POINTS_MAX - POINTS_MIN + 1));
        for (let point = 0; point < points; point += 1) {
          const at = new Date(start.getTime() + Math.floor(draw() * span));
          const trade = draw() < TRADE_SHARE;
          const asked = priceAt(at) * (1 + SPREAD * wobble(draw));
          events.push({
            productId: product.id,
            town: town.name,
            priceNgn: writtenPrice(trade ? asked * TRADE_DISCOUNT : asked).toFixed(2),
            source: trade ? "trade" : draw() < 0.7 ? "listed" : "repriced",
            at,
          });
        }
        if (draw() < TYPO_SHARE) {
          const at = new Date(start.getTime() + Math.floor(draw() * span));
          const typo = draw() < 0.75 ? 10 : 0.1;
          events.push({
            productId: product.id,
            town: town.name,
            priceNgn: writtenPrice(priceAt(at) * typo).toFixed(2),
            source: "listed",
            at,
          });
        }
      }
    }
  }
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Each product-town-week's figures from its events, as the figures job works them out; none from too few points. */
export function demoPriceFigures(events: readonly DemoPriceEvent[], computedAt: Date): DemoPriceFigure[] {
  const weeks = new Map<string, { productId: string; town: string; week: string; points: PricePoint[] }>();
  for (const event of events) {
    const week = weekOf(event.at);
    const key = `${event.productId}\u0000${event.town}\u0000${week}`;
    let group = weeks.get(key);
    if (!group) {
      group = { productId: event.productId, town: event.town, week, points: [] };
      weeks.set(key, group);
    }
    group.points.push({ price: Number(event.priceNgn), trade: event.source === "trade" });
  }
  return [...weeks.values()].flatMap(({ productId, town, week, points }) => {
    const figure = weekFigure(points);
    if (!figure) return [];
    return [
      {
        productId,
        town,
        week: new Date(`${week}T00:00:00Z`),
        medianNgn: figure.median.toFixed(2),
        p25Ngn: figure.p25.toFixed(2),
        p75Ngn: figure.p75.toFixed(2),
        lowNgn: figure.low.toFixed(2),
        highNgn: figure.high.toFixed(2),
        count: figure.count,
        trades: figure.trades,
        outliers: figure.outliers,
        computedAt,
      },
    ];
  });
}

type PriceDb = Pick<PrismaClient, "product" | "$executeRaw">;

const iso = (date: Date) => date.toISOString();

// Rows go in as one array per column (unnest), a chunk to a statement: a tenth of the time
// createMany takes for the same forty thousand rows, which matters on a fresh start.
async function insertEvents(db: PriceDb, events: readonly DemoPriceEvent[]) {
  await db.$executeRaw`
    INSERT INTO "PriceEvent" ("productId", town, "priceNgn", source, at)
    SELECT * FROM unnest(
      ${events.map((event) => event.productId)}::text[],
      ${events.map((event) => event.town)}::text[],
      ${events.map((event) => event.priceNgn)}::numeric[],
      ${events.map((event) => event.source)}::text[]::"PriceSource"[],
      ${events.map((event) => iso(event.at))}::timestamp(3)[])`;
}

async function insertFigures(db: PriceDb, figures: readonly DemoPriceFigure[]) {
  await db.$executeRaw`
    INSERT INTO "PriceFigure" ("productId", town, week, "medianNgn", "p25Ngn", "p75Ngn", "lowNgn", "highNgn",
      count, trades, outliers, "computedAt")
    SELECT * FROM unnest(
      ${figures.map((figure) => figure.productId)}::text[],
      ${figures.map((figure) => figure.town)}::text[],
      ${figures.map((figure) => iso(figure.week).slice(0, 10))}::date[],
      ${figures.map((figure) => figure.medianNgn)}::numeric[],
      ${figures.map((figure) => figure.p25Ngn)}::numeric[],
      ${figures.map((figure) => figure.p75Ngn)}::numeric[],
      ${figures.map((figure) => figure.lowNgn)}::numeric[],
      ${figures.map((figure) => figure.highNgn)}::numeric[],
      ${figures.map((figure) => figure.count)}::int[],
      ${figures.map((figure) => figure.trades)}::int[],
      ${figures.map((figure) => figure.outliers)}::int[],
      ${figures.map((figure) => iso(figure.computedAt))}::timestamp(3)[])
    ON CONFLICT DO NOTHING`;
}

/**
 * Writes the demo's price events and their weekly figures, for the seeded products still in the
 * catalogue. The caller decides when (once, in demo mode, to a database with no prices yet) and
 * gives a transaction, so a failure leaves no half of it behind.
 */
export async function seedDemoPrices(
  db: PriceDb,
  now = new Date(),
): Promise<{ events: number; figures: number; products: number; towns: number }> {
  const present = new Set(
    (
      await db.product.findMany({
        where: { id: { in: SEED_PRODUCTS.map((product) => product.id) } },
        select: { id: true },
      })
    ).map((row) => row.id),
  );
  const events = demoPriceEvents(
    now,
    SEED_PRODUCTS.filter((product) => present.has(product.id)),
  );
  const figures = demoPriceFigures(events, now);
  for (let from = 0; from < events.length; from += ROWS_PER_INSERT)
    await insertEvents(db, events.slice(from, from + ROWS_PER_INSERT));
  for (let from = 0; from < figures.length; from += ROWS_PER_INSERT)
    await insertFigures(db, figures.slice(from, from + ROWS_PER_INSERT));
  return {
    events: events.length,
    figures: figures.length,
    products: new Set(events.map((event) => event.productId)).size,
    towns: new Set(events.map((event) => event.town)).size,
  };
}
