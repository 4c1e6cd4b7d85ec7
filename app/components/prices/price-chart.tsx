import { formatDate } from "~/lib/dates";
import { formatNaira } from "~/lib/currency";
import type { LanguageCode } from "~/lib/i18n";
import type { WeekPoint } from "~/modules/prices/prices.server";

// A town's weeks of prices as a small SVG, drawn in the server's HTML: the median as a line, the
// middle half of the prices (25th to 75th percentile) as a band, three price marks and the first,
// middle and last weeks. No script, no library, a few kilobytes; the table beside it carries the
// same figures for screen readers, so the drawing itself is hidden from them.

// Sizes in CSS pixels: the text keeps its size on a 360 px phone and a wide screen alike. Across,
// the plot takes a share of the width (the line and band stretch to it; their strokes do not).
const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 190;
const LEFT_SHARE = 0.2;
const PLOT_SHARE = 0.77;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ChartGeometry {
  /** 'x,y x,y ...' of the median, oldest first: x from 0 to 1000 across the plot, y in pixels. */
  medianLine: string;
  /** The band's outline, in the same units: the 75th percentiles forward, the 25th back. */
  band: string;
  /** Each week's median: `across` from 0 to 1 over the plot, `y` in pixels. */
  points: { across: number; y: number; week: string; median: number }[];
  yTicks: { y: number; value: number }[];
  xTicks: { across: number; week: string }[];
}

/** A round step (1, 2 or 5 times a power of ten) near a third of the span. */
function niceStep(span: number): number {
  const rough = span / 3 || 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

/**
 * Where each figure goes: weeks spread evenly over `weeks` weeks ending with `lastWeek` (a missing
 * week leaves its place empty), prices from a round floor to a round ceiling around the band.
 */
export function chartGeometry(series: readonly WeekPoint[], lastWeek: string, weeks: number): ChartGeometry | null {
  if (series.length === 0) return null;
  const end = Date.parse(`${lastWeek}T00:00:00Z`);
  const low = Math.min(...series.map((point) => point.p25));
  const high = Math.max(...series.map((point) => point.p75));
  const step = niceStep(high - low || high * 0.2 || 1);
  const floor = Math.max(0, Math.floor(low / step) * step - (low === high ? step : 0));
  const ceiling = Math.ceil(high / step) * step + (low === high ? step : 0);
  const across = (week: string) => {
    const index = weeks - 1 - Math.round((end - Date.parse(`${week}T00:00:00Z`)) / (7 * DAY_MS));
    return weeks > 1 ? index / (weeks - 1) : 0.5;
  };
  const y = (value: number) => BOTTOM - ((value - floor) / (ceiling - floor || 1)) * (BOTTOM - TOP);
  const at = (share: number, value: number) => `${(share * 1000).toFixed(1)},${y(value).toFixed(1)}`;
  const points = series.map((point) => ({
    across: across(point.week),
    y: y(point.median),
    week: point.week,
    median: point.median,
  }));
  const yTicks: ChartGeometry["yTicks"] = [];
  for (let value = floor; value <= ceiling + step / 2; value += step) yTicks.push({ y: y(value), value });
  const weekAt = (back: number) => new Date(end - back * 7 * DAY_MS).toISOString().slice(0, 10);
  const xTicks = [...new Set([weeks - 1, Math.floor((weeks - 1) / 2), 0])].map((back) => ({
    across: across(weekAt(back)),
    week: weekAt(back),
  }));
  return {
    medianLine: series.map((point) => at(across(point.week), point.median)).join(" "),
    band: [
      ...series.map((point) => at(across(point.week), point.p75)),
      ...[...series].reverse().map((point) => at(across(point.week), point.p25)),
    ].join(" "),
    points,
    yTicks,
    xTicks,
  };
}

/** A short naira mark for the axis: ₦8,000, ₦12.5k above ten thousand, ₦1.2m above a million. */
function axisNaira(value: number): string {
  if (value >= 1_000_000) return `₦${Number((value / 1_000_000).toFixed(1))}m`;
  if (value >= 10_000) return `₦${Number((value / 1000).toFixed(1))}k`;
  return formatNaira(value);
}

export function PriceChart({
  series,
  lastWeek,
  weeks,
  locale,
  title,
}: {
  series: readonly WeekPoint[];
  lastWeek: string;
  weeks: number;
  locale: LanguageCode;
  title: string;
}) {
  const geometry = chartGeometry(series, lastWeek, weeks);
  if (!geometry) return null;
  const left = (share: number) => `${((LEFT_SHARE + share * PLOT_SHARE) * 100).toFixed(2)}%`;
  return (
    <svg width="100%" height={HEIGHT} className="block" aria-hidden="true" focusable="false" data-testid="price-chart">
      <title>{title}</title>
      {geometry.yTicks.map((tick) => (
        <g key={tick.value}>
          <line x1={left(0)} x2={left(1)} y1={tick.y} y2={tick.y} className="stroke-gray-200 dark:stroke-gray-700" />
          <text
            x={left(0)}
            dx={-8}
            y={tick.y}
            dy={4}
            textAnchor="end"
            fontSize={12}
            className="fill-gray-600 dark:fill-gray-300"
          >
            {axisNaira(tick.value)}
          </text>
        </g>
      ))}
      {geometry.xTicks.map((tick, index) => (
        <text
          key={tick.week}
          x={left(tick.across)}
          y={HEIGHT - 8}
          textAnchor={index === 0 ? "start" : index === geometry.xTicks.length - 1 ? "end" : "middle"}
          fontSize={12}
          className="fill-gray-600 dark:fill-gray-300"
        >
          {formatDate(`${tick.week}T00:00:00Z`, locale, "day-month")}
        </text>
      ))}
      <svg
        x={left(0)}
        y={0}
        width={`${PLOT_SHARE * 100}%`}
        height={HEIGHT}
        viewBox={`0 0 1000 ${HEIGHT}`}
        preserveAspectRatio="none"
      >
        <polygon points={geometry.band} className="fill-brand-200 dark:fill-brand-900" />
        <polyline
          points={geometry.medianLine}
          fill="none"
          strokeWidth={3}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
          className="stroke-brand-700 dark:stroke-brand-300"
        />
      </svg>
      {geometry.points.map((point) => (
        <circle
          key={point.week}
          cx={left(point.across)}
          cy={point.y}
          r={4}
          className="fill-brand-700 dark:fill-brand-300"
        />
      ))}
    </svg>
  );
}
