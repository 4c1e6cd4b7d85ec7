// Texts about orders are not sent at night: from 21:00 to 07:00 Lagos time (West Africa Time,
// UTC+1 all year, no summer time) they wait for the morning.

import { lagosClock } from "~/lib/lagos-time";

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 7;

/** How long a text written at `now` waits: 0 by day, until 07:00 Lagos time by night. */
export function quietHoursDelayMs(now: Date): number {
  const lagos = lagosClock(now);
  const hour = lagos.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return 0;
  const morning = new Date(lagos);
  morning.setUTCHours(QUIET_UNTIL_HOUR, 0, 0, 0);
  if (hour >= QUIET_FROM_HOUR) morning.setUTCDate(morning.getUTCDate() + 1);
  return morning.getTime() - lagos.getTime();
}
