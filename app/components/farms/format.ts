import type { TFunction } from "i18next";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { MAPPING_LIMITS } from "~/modules/farms/constants";

// How areas, crops and coordinates are written on the mapping page.

/** Below a quarter hectare an area is easier to picture in square metres. */
const SQUARE_METRE_BELOW_HECTARES = 0.25;

/**
 * An area for a farmer: '12.4 ha', or for a small plot '0.12 ha (1,200 m²)',
 * numbers in the reader's language.
 */
export function formatArea(hectares: number | null | undefined, t: TFunction, locale: string): string | null {
  if (hectares === null || hectares === undefined || !Number.isFinite(hectares)) return null;
  const digits = hectares >= 100 ? 0 : hectares >= 10 ? 1 : 2;
  const ha = t("mapping.area.hectares", {
    value: new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(hectares),
  });
  if (hectares >= SQUARE_METRE_BELOW_HECTARES) return ha;
  const squareMetres = t("mapping.area.squareMetres", {
    value: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(hectares * 10_000),
  });
  return `${ha} (${squareMetres})`;
}

/** The first `shown` crops, and how many more there are ('+N more'). */
export function cropSummary(crops: readonly string[], shown: number = MAPPING_LIMITS.farmCardCrops) {
  return { shown: crops.slice(0, shown), more: Math.max(0, crops.length - shown) };
}

/** A coordinate with 4 decimals, as the specification shows them. */
export const formatCoordinate = (value: number) => value.toFixed(4);

/**
 * 'Plot ' and when it was drawn, as the reader reads a time ('Plot 26 Nov 10:15', 'Fili 26 Nuw 10:15'):
 * the name a drawn plot gets, which the farmer is offered to change at once.
 */
export function drawnPlotName(t: TFunction, language: LanguageCode, now: Date = new Date()) {
  return t("mapping.plots.drawnName", {
    timestamp: `${formatDate(now, language, "day-month")} ${formatDate(now, language, "time")}`,
    interpolation: { escapeValue: false },
  });
}
