// The figures of a week's prices for one product in one town, from its data points: asking prices
// (a listing created, repriced or sold) and trades (completed orders). Pure, so the maintenance job,
// the tests and anything else compute them the same way.
//
// Quantiles interpolate between the two nearest points, as PostgreSQL's percentile_cont does.
// Outliers (a price typed with a zero too many, a bag priced as a lorry) are points far outside the
// week's range: more than 3 interquartile ranges beyond the quartiles, or more than 5 times (or less
// than a fifth of) the median. They are left out and counted. No figure is shown from fewer than
// MIN_POINTS points.

import { lagosWeekStart } from "~/lib/lagos-time";

export const MIN_POINTS = 3;
/** How far beyond a quartile, in interquartile ranges, a point is an outlier. */
const FENCE_IQR = 3;
/** How many times the median (or what fraction of it) a point is an outlier. */
const FENCE_RATIO = 5;

export interface PricePoint {
  /** Naira per the product's unit. */
  price: number;
  trade: boolean;
}

export interface WeekFigure {
  median: number;
  p25: number;
  p75: number;
  low: number;
  high: number;
  /** Points the figure comes from (outliers left out). */
  count: number;
  /** Of those, completed trades (the rest are asking prices). */
  trades: number;
  /** Points left out as outliers. */
  outliers: number;
}

/** The q-quantile (0..1) of sorted values, interpolating linearly between the nearest two. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const lower = sorted[below]!;
  return lower + (sorted[above]! - lower) * (position - below);
}

const byPrice = (a: PricePoint, b: PricePoint) => a.price - b.price;

/** The points that are not outliers, and how many were. */
export function withoutOutliers(points: readonly PricePoint[]) {
  const valid = points.filter((point) => Number.isFinite(point.price) && point.price > 0);
  const invalid = points.length - valid.length;
  if (valid.length < MIN_POINTS) return { kept: [...valid].sort(byPrice), outliers: invalid };
  const sorted = [...valid].sort(byPrice);
  const prices = sorted.map((point) => point.price);
  const p25 = quantile(prices, 0.25);
  const p75 = quantile(prices, 0.75);
  const median = quantile(prices, 0.5);
  const spread = p75 - p25;
  const kept = sorted.filter(
    (point) =>
      point.price >= p25 - FENCE_IQR * spread &&
      point.price <= p75 + FENCE_IQR * spread &&
      point.price <= median * FENCE_RATIO &&
      point.price >= median / FENCE_RATIO,
  );
  return { kept, outliers: invalid + (sorted.length - kept.length) };
}

/** The week's figure, or null when fewer than MIN_POINTS points remain once outliers are left out. */
export function weekFigure(points: readonly PricePoint[]): WeekFigure | null {
  const { kept, outliers } = withoutOutliers(points);
  if (kept.length < MIN_POINTS) return null;
  const prices = kept.map((point) => point.price);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    median: round(quantile(prices, 0.5)),
    p25: round(quantile(prices, 0.25)),
    p75: round(quantile(prices, 0.75)),
    low: prices[0]!,
    high: prices[prices.length - 1]!,
    count: kept.length,
    trades: kept.filter((point) => point.trade).length,
    outliers,
  };
}

/** The Monday (Lagos time) that starts the week of `at`, as 'YYYY-MM-DD': the figures' week. */
export const weekOf = lagosWeekStart;

/** The change from one median to another, in percent to one decimal; null without both. */
export function changePct(before: number | null, now: number | null): number | null {
  if (before === null || now === null || before <= 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
