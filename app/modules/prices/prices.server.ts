import { Prisma } from "~/generated/prisma/client";
import { priceTown } from "~/modules/listings/towns";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { USUAL_RANGE_DAYS } from "./constants";
import { changePct as changePctOf, quantile, weekFigure, weekOf, withoutOutliers, type PricePoint } from "./figures";

// Market prices, from what happens on Asiiko: every price a catalogue product's listing asks (when
// it is listed, repriced or sold) and every completed order's agreed price, kept as price events,
// each with the town it counts in. Writing one marks its week stale in the same transaction; the
// maintenance queue works the stale weeks' figures out again (figures.ts) into PriceFigure, so a
// page reads a few rows whatever the size of the market, and no page waits on the arithmetic.

type Db = Prisma.TransactionClient | typeof prisma;
export type PriceSource = "listed" | "repriced" | "sold" | "trade";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Keeps one price of a product in a town (naira per its unit), and marks its week stale. */
export async function recordPrice(
  db: Db,
  event: {
    productId: string;
    town: string;
    priceNgn: Prisma.Decimal | string | number;
    source: PriceSource;
    listingId?: string | null;
    orderId?: string | null;
    at?: Date;
  },
) {
  const at = event.at ?? new Date();
  const town = event.town.slice(0, 100);
  await db.priceEvent.create({
    data: {
      productId: event.productId,
      town,
      priceNgn: new Prisma.Decimal(event.priceNgn),
      source: event.source,
      listingId: event.listingId ?? null,
      orderId: event.orderId ?? null,
      at,
    },
  });
  const week = new Date(`${weekOf(at)}T00:00:00Z`);
  await db.$executeRaw`
    INSERT INTO "PriceFigureStale" ("productId", town, week) VALUES (${event.productId}, ${town}, ${week})
    ON CONFLICT DO NOTHING`;
}

/** A listing's asking price as a price event, when it names a catalogue product and a place. */
export async function recordListingPrice(
  db: Db,
  listing: {
    id: string;
    productId: string | null;
    priceNgn: Prisma.Decimal | string;
    locality: string | null;
    latitude: number | null;
    longitude: number | null;
  },
  source: Exclude<PriceSource, "trade">,
) {
  const town = priceTown(listing);
  if (!listing.productId || !town) return;
  await recordPrice(db, {
    productId: listing.productId,
    town,
    priceNgn: listing.priceNgn,
    source,
    listingId: listing.id,
  });
}

interface StaleWeek {
  productId: string;
  town: string;
  week: Date;
}

/**
 * Works out the figures of the stale weeks again, a batch at a time, until none is left (or
 * `maxBatches`): each batch's weeks are taken and cleared in one transaction with their new
 * figures, and a week that no longer has enough points loses its row. Running it again with
 * nothing new changes nothing. Answers how many weeks it worked out.
 */
export async function refreshPriceFigures({ batch = 500, maxBatches = 100 } = {}): Promise<number> {
  let done = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const taken = await prisma.$transaction(async (tx) => {
      // SKIP LOCKED: two workers at once share the stale weeks instead of waiting on each other.
      const weeks = await tx.$queryRaw<StaleWeek[]>`
        DELETE FROM "PriceFigureStale" s
        WHERE ("productId", town, week) IN (
          SELECT "productId", town, week FROM "PriceFigureStale"
          ORDER BY since LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING s."productId", s.town, s.week`;
      await refreshWeeks(tx, weeks);
      return weeks.length;
    });
    done += taken;
    if (taken < batch) break;
  }
  return done;
}

const weekKey = (productId: string, town: string, week: Date) => `${productId}\u0000${town}\u0000${isoDay(week)}`;

/**
 * Works out a batch of stale weeks in three statements whatever its size: their events read at
 * once (each week runs from Monday 00:00 in Lagos, 23:00 UTC the day before, for seven days), the
 * figures computed here (figures.ts), then written together, and the rows of weeks left with too
 * few points removed.
 */
async function refreshWeeks(tx: Prisma.TransactionClient, weeks: StaleWeek[]) {
  if (weeks.length === 0) return;
  const events = await tx.$queryRaw<{ productId: string; town: string; week: Date; price: string; source: string }[]>`
    SELECT k."productId", k.town, k.week, e."priceNgn"::text AS price, e.source::text AS source
    FROM unnest(${weeks.map((stale) => stale.productId)}::text[], ${weeks.map((stale) => stale.town)}::text[],
                ${weeks.map((stale) => isoDay(stale.week))}::date[]) AS k("productId", town, week)
    JOIN "PriceEvent" e ON e."productId" = k."productId" AND e.town = k.town
      AND e.at >= k.week::timestamp - interval '1 hour' AND e.at < k.week::timestamp + interval '167 hours'`;
  const points = new Map<string, PricePoint[]>();
  for (const event of events) {
    const key = weekKey(event.productId, event.town, event.week);
    const list = points.get(key) ?? [];
    list.push({ price: Number(event.price), trade: event.source === "trade" });
    points.set(key, list);
  }
  const kept: (StaleWeek & { figure: NonNullable<ReturnType<typeof weekFigure>> })[] = [];
  const emptied: StaleWeek[] = [];
  for (const stale of weeks) {
    const figure = weekFigure(points.get(weekKey(stale.productId, stale.town, stale.week)) ?? []);
    if (figure) kept.push({ ...stale, figure });
    else emptied.push(stale);
  }
  if (kept.length > 0) {
    const column = (pick: (figure: (typeof kept)[number]["figure"]) => number) => kept.map((row) => pick(row.figure));
    await tx.$executeRaw`
      INSERT INTO "PriceFigure" ("productId", town, week, "medianNgn", "p25Ngn", "p75Ngn", "lowNgn", "highNgn",
        count, trades, outliers, "computedAt")
      SELECT "productId", town, week, median, p25, p75, low, high, count, trades, outliers, now()
      FROM unnest(${kept.map((row) => row.productId)}::text[], ${kept.map((row) => row.town)}::text[],
        ${kept.map((row) => isoDay(row.week))}::date[], ${column((f) => f.median)}::numeric[],
        ${column((f) => f.p25)}::numeric[], ${column((f) => f.p75)}::numeric[], ${column((f) => f.low)}::numeric[],
        ${column((f) => f.high)}::numeric[], ${column((f) => f.count)}::int[], ${column((f) => f.trades)}::int[],
        ${column((f) => f.outliers)}::int[])
        AS t("productId", town, week, median, p25, p75, low, high, count, trades, outliers)
      ON CONFLICT ("productId", town, week) DO UPDATE SET
        "medianNgn" = EXCLUDED."medianNgn", "p25Ngn" = EXCLUDED."p25Ngn", "p75Ngn" = EXCLUDED."p75Ngn",
        "lowNgn" = EXCLUDED."lowNgn", "highNgn" = EXCLUDED."highNgn", count = EXCLUDED.count,
        trades = EXCLUDED.trades, outliers = EXCLUDED.outliers, "computedAt" = EXCLUDED."computedAt"`;
  }
  if (emptied.length > 0) {
    await tx.$executeRaw`
      DELETE FROM "PriceFigure" f
      USING unnest(${emptied.map((row) => row.productId)}::text[], ${emptied.map((row) => row.town)}::text[],
                   ${emptied.map((row) => isoDay(row.week))}::date[]) AS k("productId", town, week)
      WHERE f."productId" = k."productId" AND f.town = k.town AND f.week = k.week`;
  }
}

export interface TownPrice {
  town: string;
  /** The newest week with a figure, within the weeks asked for. */
  week: string;
  median: number;
  low: number;
  high: number;
  count: number;
  trades: number;
  /** Against the figure four weeks before that week, when there is one. */
  changePct: number | null;
}

export interface WeekPoint {
  week: string;
  median: number;
  p25: number;
  p75: number;
  count: number;
  trades: number;
}

/**
 * What a product costs: each town's newest weekly figure (within `weeks` weeks) with its change
 * against four weeks before, and, for `town`, its weeks as a series, oldest first. Reads only the
 * figures table: the same few rows whatever the size of the market.
 */
export async function productPrices(productId: string, options: { town?: string; weeks: number }, now = new Date()) {
  const thisWeek = new Date(`${weekOf(now)}T00:00:00Z`);
  const since = new Date(thisWeek.getTime() - (options.weeks - 1) * 7 * DAY_MS);
  const rows = await prisma.priceFigure.findMany({
    where: { productId, week: { gte: new Date(since.getTime() - 4 * 7 * DAY_MS), lte: thisWeek } },
    orderBy: [{ town: "asc" }, { week: "asc" }],
  });
  const byTown = new Map<string, typeof rows>();
  for (const row of rows) byTown.set(row.town, [...(byTown.get(row.town) ?? []), row]);
  const towns: TownPrice[] = [];
  for (const [town, figures] of byTown) {
    const latest = figures.filter((row) => row.week >= since).at(-1);
    if (!latest) continue;
    const before = figures.find((row) => row.week.getTime() === latest.week.getTime() - 4 * 7 * DAY_MS);
    towns.push({
      town,
      week: isoDay(latest.week),
      median: Number(latest.medianNgn),
      low: Number(latest.lowNgn),
      high: Number(latest.highNgn),
      count: latest.count,
      trades: latest.trades,
      changePct: before ? changePctOf(Number(before.medianNgn), Number(latest.medianNgn)) : null,
    });
  }
  const series: WeekPoint[] = options.town
    ? (byTown.get(options.town) ?? [])
        .filter((row) => row.week >= since)
        .map((row) => ({
          week: isoDay(row.week),
          median: Number(row.medianNgn),
          p25: Number(row.p25Ngn),
          p75: Number(row.p75Ngn),
          count: row.count,
          trades: row.trades,
        }))
    : [];
  return { towns, series };
}

/** GET /api/prices' answer: the product (404 MKT_PRODUCT_NOT_FOUND when there is none), its unit, towns and series. */
export async function pricesOfProduct(productId: string, options: { town?: string; weeks: number }) {
  const product = await prisma.product.findUnique({
    where: { id: productId },
    select: { id: true, name: true, unit: true },
  });
  if (!product) throw new Refusal("MKT_PRODUCT_NOT_FOUND", "prices.errors.product");
  const { towns, series } = await productPrices(product.id, options);
  return { product, unit: product.unit, towns, series };
}

/** The usual price of a product in a town: the middle half of its prices in the last 30 days. */
export interface UsualRange {
  town: string;
  /** The 25th and 75th percentile, naira per the product's unit. */
  low: number;
  high: number;
  median: number;
  /** Prices it comes from (unusual ones left out), and of those, completed trades. */
  count: number;
  trades: number;
  days: number;
}

/** The newest prices read for a usual range: a month of a busy market is more than enough. */
const USUAL_RANGE_MAX_POINTS = 2000;

/**
 * The usual price of a product in a town over the last USUAL_RANGE_DAYS days, from the price
 * events (asking prices and trades, outliers left out), or null from fewer than 3 prices.
 */
export async function usualRange(productId: string, town: string, now = new Date()): Promise<UsualRange | null> {
  const events = await prisma.priceEvent.findMany({
    where: { productId, town, at: { gte: new Date(now.getTime() - USUAL_RANGE_DAYS * DAY_MS), lte: now } },
    orderBy: { at: "desc" },
    take: USUAL_RANGE_MAX_POINTS,
    select: { priceNgn: true, source: true },
  });
  const points = events.map((event) => ({ price: Number(event.priceNgn), trade: event.source === "trade" }));
  const figure = weekFigure(points);
  if (!figure) return null;
  const prices = withoutOutliers(points).kept.map((point) => point.price);
  const round = (value: number) => Math.round(value);
  return {
    town,
    low: round(quantile(prices, 0.25)),
    high: round(quantile(prices, 0.75)),
    median: round(figure.median),
    count: figure.count,
    trades: figure.trades,
    days: USUAL_RANGE_DAYS,
  };
}

/** Where a price stands against the usual range. */
export function pricePosition(price: number, range: Pick<UsualRange, "low" | "high">): "below" | "within" | "above" {
  if (price < range.low) return "below";
  return price > range.high ? "above" : "within";
}
