import type { LanguageCode } from "./i18n";

// Dates as the reader reads them, in the market's time zone (Lagos) whatever
// the machine's, so the server's render and the browser's agree to the letter.

export const MARKET_TIME_ZONE = "Africa/Lagos";

export type DateStyle = "medium" | "long" | "medium-time";

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: "medium" },
  long: { dateStyle: "long" },
  "medium-time": { dateStyle: "medium", timeStyle: "short" },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * French dates in French; English, Hausa, Igbo and Yoruba in Nigerian English (day before month).
 * Date data for Hausa, Igbo and Yoruba differs between browsers and Node (some have none and fall
 * back to American English), so using it would make the server's text differ from the browser's.
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
  return Number.isNaN(date.getTime()) ? "" : formatter.format(date);
}
