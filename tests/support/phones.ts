import { randomInt } from "node:crypto";

// Nigerian mobile numbers for tests (E.164): a verified number belongs to one account at a time,
// so tests that verify numbers each take their own, never one another's.

/** A fresh +234 80x number, unlikely to be any other test's. */
export function uniquePhone() {
  return `+23480${randomInt(1, 10)}${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
}
