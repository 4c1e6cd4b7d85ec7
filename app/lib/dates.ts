import type { LanguageCode } from "./i18n";
import { MONTH_NAMES } from "./month-names";

// Dates as the reader reads them, in the market's time zone (Lagos) whatever
// the machine's, so the server's render and the browser's agree to the letter.

export const MARKET_TIME_ZONE = "Africa/Lagos";

export type DateStyle = "medium" | "long" | "medium-time" | "day-month" | "time";

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: "medium" },
  long: { dateStyle: "long" },
  "medium-time": { dateStyle: "medium", timeStyle: "short" },
  /** '26 Nov', '26 nov.', '26 Nuw'. */
  "day-month": { day: "numeric", month: "short" },
  /** '10:15', on the 24-hour clock. */
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per language. French dates in French; English in Nigerian English (day before
 * month). Hausa, Igbo and Yoruba take Nigerian English's order and clock with their own month
 * names (`month-names.ts`): the date data browsers and Node carry for them differs (some have
 * none and fall back to American English), so using it would make the server's text differ
 * from the browser's.
 */
const intlLocale = (language: LanguageCode) => (language === "fr" ? "fr" : "en-NG");

export function formatDate(value: Date | string, language: LanguageCode, style: DateStyle = "medium"): string {
  const key = `${language}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(language), { ...OPTIONS[style], timeZone: MARKET_TIME_ZONE });
    formatters.set(key, formatter);
  }
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const months = MONTH_NAMES[language];
  if (!months) return formatter.format(date);
  const names = style === "long" ? months.long : months.short;
  const monthIndex =
    Number(new Intl.DateTimeFormat("en-NG", { month: "numeric", timeZone: MARKET_TIME_ZONE }).format(date)) - 1;
  return formatter
    .formatToParts(date)
    .map((part) => (part.type === "month" ? names[monthIndex] : part.value))
    .join("");
}
