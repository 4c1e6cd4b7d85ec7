// Lagos time, the market's clock, in one place: West Africa Time is UTC+1 all year (Nigeria has
// no summer time), so a fixed offset is exact and cheaper than a time-zone database on every
// text, price week and order date. Display formatting in the reader's language is dates.ts's.

export const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moment `at` as Lagos's wall clock reads it, in a Date whose UTC fields are Lagos's
 * (getUTCHours() is the hour in Lagos). Only for reading fields and for arithmetic on them.
 */
export const lagosClock = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS);

/** The moment whose Lagos wall clock reads as `clock`'s UTC fields: the inverse of lagosClock. */
export const fromLagosClock = (clock: Date) => new Date(clock.getTime() - LAGOS_OFFSET_MS);

/** The date in Lagos at `at`, as 'YYYY-MM-DD'. */
export const lagosDate = (at: Date) => lagosClock(at).toISOString().slice(0, 10);

/** The time of day in Lagos at `at`, as '14:05' on the 24-hour clock. */
export const lagosTimeOfDay = (at: Date) => lagosClock(at).toISOString().slice(11, 16);

/** The Monday (Lagos time) that starts the week of `at`, as 'YYYY-MM-DD'. */
export function lagosWeekStart(at: Date): string {
  const clock = lagosClock(at);
  const sinceMonday = (clock.getUTCDay() + 6) % 7;
  return new Date(clock.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}
