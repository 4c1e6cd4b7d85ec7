import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "~/lib/i18n";
import { englishWordsIn } from "../../../../tests/support/english-words";
import { RESULT_LIMITS } from "../types";
import { COMMON } from "./knowledge/common";
import { CROP_ADVICE, FALL_ARMYWORM } from "./knowledge/crops";
import { ANIMAL_ADVICE } from "./knowledge/livestock";
import { MEDICINAL_ADVICE, SPECIES_NOTES } from "./knowledge/medicinal-plants";
import type { Advice, Localized } from "./knowledge/types";

// The knowledge base as a translator leaves it: every text in all five
// languages, the same placeholders in each, and within the result's limits.

const isLocalized = (value: unknown): value is Localized =>
  typeof value === "object" && value !== null && Object.keys(value).sort().join() === [...LANGUAGE_CODES].sort().join();

/** Every text of a part of the knowledge base, with where it sits. */
function texts(value: unknown, path: string): [string, Localized][] {
  if (isLocalized(value)) return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => texts(item, `${path}[${index}]`));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => texts(item, `${path}.${key}`));
  throw new Error(`${path} is not a text in every language`);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const ALL = [
  ...texts(COMMON, "COMMON"),
  ...texts(CROP_ADVICE, "CROP_ADVICE"),
  ...texts(FALL_ARMYWORM, "FALL_ARMYWORM"),
  ...texts(ANIMAL_ADVICE, "ANIMAL_ADVICE"),
  ...texts(MEDICINAL_ADVICE, "MEDICINAL_ADVICE"),
  ...texts(SPECIES_NOTES, "SPECIES_NOTES"),
];

describe("the knowledge base", () => {
  it("has every text in all five languages, translated, with the same placeholders", () => {
    expect(ALL.length).toBeGreaterThan(150);
    for (const [path, text] of ALL) {
      for (const language of LANGUAGE_CODES) {
        expect(text[language].trim(), `${path}.${language}`).not.toBe("");
        expect(text[language], `${path}.${language}`).toBe(text[language].normalize("NFC"));
        expect(placeholders(text[language]), `${path}.${language}`).toEqual(placeholders(text.en));
        if (language !== "en") expect(text[language], `${path}.${language}`).not.toBe(text.en);
        if (language === "ha" || language === "ig" || language === "yo")
          expect(englishWordsIn(text[language]), `${path}.${language}`).toEqual([]);
      }
    }
  });

  it("keeps each condition short enough to read on a phone and within the result's limits", () => {
    const advice: [string, Advice][] = [
      ...Object.entries(CROP_ADVICE),
      ...Object.entries(ANIMAL_ADVICE),
      ...Object.entries(MEDICINAL_ADVICE),
    ];
    for (const [name, entry] of advice) {
      expect(entry.recommendations.length, name).toBeGreaterThanOrEqual(3);
      expect(entry.recommendations.length, name).toBeLessThanOrEqual(6);
      for (const language of LANGUAGE_CODES) {
        expect(entry.diagnosis[language].length, `${name}.${language}`).toBeLessThan(1000);
        expect(entry.treatment[language].length, `${name}.${language}`).toBeLessThan(1000);
        for (const line of entry.recommendations)
          expect(line[language].length).toBeLessThan(RESULT_LIMITS.recommendationMax / 2);
      }
    }
  });
});
