import type { TFunction } from "i18next";
import { formatNaira } from "~/lib/currency";
import { FIRST_NAME_MAX, FIRST_NAME_MIN } from "../constants";

// The small pieces of wording and reading every flow's screens share.

export const unitsOf = (t: TFunction, unit: string | null) => (unit ? t(`units.${unit}`, { defaultValue: unit }) : "");
export const perUnit = (t: TFunction, unit: string | null) => (unit ? t(`perUnit.${unit}`, { defaultValue: "" }) : "");
export const naira = (amount: number | string) => formatNaira(amount);
/** "0. Menu", the last line of a screen that can go back. */
export const toMenu = (t: TFunction) => `0. ${t("ussd.toMenu")}`;

/** Options numbered from 1, as a list screen shows them. */
export const numbered = (labels: string[]) => labels.map((label, index) => ({ key: String(index + 1), label }));

/** What the number typed stands for on a list numbered from 1, if it is one of its numbers. */
export function picked<T>(offered: readonly T[], answer: string): T | null {
  const index = offered.findIndex((_, at) => String(at + 1) === answer);
  return index < 0 ? null : offered[index]!;
}

export const wholeNumber = (answer: string) => (/^\d{1,7}$/.test(answer) ? Number(answer) : null);

export function firstNameOf(answer: string): string | null {
  const name = answer.replace(/\s+/g, " ").trim();
  if (name.length < FIRST_NAME_MIN || name.length > FIRST_NAME_MAX) return null;
  if (!/^[\p{L}][\p{L}\p{M}' .-]*$/u.test(name)) return null;
  return name.charAt(0).toUpperCase() + name.slice(1);
}
