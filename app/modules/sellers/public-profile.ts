// What anyone may be told about a seller, worked out from what they gave us: the name others are
// shown (first name and the initial of the last, DESIGN.md) and the town they sell from (from
// their public listings' places as typed, never from coordinates). Pure, so the browser and the
// tests use them too.

import type { LanguageCode } from "~/lib/i18n";
import { MONTH_NAMES } from "~/lib/month-names";

/**
 * 'Ngozi A.' for Ngozi Adeyemi: the first name as given and the last name's first letter. The
 * browse statement builds the same in SQL (browse-sql.server.ts's SELLER_PUBLIC_NAME), so a
 * card and the seller's page agree.
 */
export function publicName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = lastName.trim().slice(0, 1).toUpperCase();
  return [first, initial ? `${initial}.` : ""].filter(Boolean).join(" ");
}

/** How two places are told apart: 'Nsukka, Enugu' and ' nsukka,  enugu ' are the same town. */
const placeKey = (place: string) => place.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The town a seller sells from: the place most of their public listings name (as typed, spaces
 * and case aside), written as on their newest listing that names it. A tie goes to the place of
 * the newer listing. Null when no listing names a place. `places` come newest first.
 */
export function chooseTown(places: readonly (string | null)[]): string | null {
  const counts = new Map<string, { count: number; shown: string; newest: number }>();
  places.forEach((place, index) => {
    const shown = place?.trim().replace(/\s+/g, " ");
    if (!shown) return;
    const key = placeKey(shown);
    const known = counts.get(key);
    if (known) known.count += 1;
    else counts.set(key, { count: 1, shown, newest: index });
  });
  let best: { count: number; shown: string; newest: number } | null = null;
  for (const candidate of counts.values()) {
    if (!best || candidate.count > best.count || (candidate.count === best.count && candidate.newest < best.newest))
      best = candidate;
  }
  return best?.shown ?? null;
}

/**
 * 'March 2025', 'mars 2025', 'Maris 2025': the month a member joined (YYYY-MM), in the reader's
 * language, with the product's own month names where browsers' date data differs (month-names.ts).
 */
export function monthAndYear(yearMonth: string, language: LanguageCode): string {
  const [year, month] = yearMonth.split("-").map(Number);
  if (!year || !month || month < 1 || month > 12) return "";
  const names = MONTH_NAMES[language];
  if (names) return `${names.long[month - 1]} ${year}`;
  return new Intl.DateTimeFormat(language === "fr" ? "fr" : "en-NG", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, 15)));
}
