import { describe, expect, it } from "vitest";
import { meilisearchSettings } from "../../../search/settings";
import { hasSettings } from "./meilisearch.server";

// Whether an index already has this version's settings: as Meilisearch answers them (its own
// order for sets, its defaults for what was not sent), so a start that changes nothing sends
// nothing (an update would re-index everything) and one that changes something is noticed.

const wanted = { ...meilisearchSettings, synonyms: { rogo: ["cassava", "gbaguda"], "guinea corn": ["sorghum"] } };
/** What Meilisearch answers after `wanted` was sent: sets sorted its way, defaults added. */
const answered = {
  ...structuredClone(wanted),
  filterableAttributes: [...wanted.filterableAttributes].sort(),
  sortableAttributes: [...wanted.sortableAttributes].sort(),
  synonyms: { "guinea corn": ["sorghum"], rogo: ["gbaguda", "cassava"] },
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 }, disableOnWords: [] },
  stopWords: [],
  distinctAttribute: null,
};

describe("hasSettings", () => {
  it("takes Meilisearch's answer to what was sent as the same settings", () => {
    expect(hasSettings(answered, wanted)).toBe(true);
  });

  it("notices a changed ranking order, a missing filter, a changed typo size or page bound", () => {
    expect(hasSettings({ ...answered, rankingRules: [...wanted.rankingRules].reverse() }, wanted)).toBe(false);
    expect(hasSettings({ ...answered, filterableAttributes: ["type", "_geo"] }, wanted)).toBe(false);
    expect(
      hasSettings({ ...answered, typoTolerance: { minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } } }, wanted),
    ).toBe(false);
    expect(hasSettings({ ...answered, pagination: { maxTotalHits: 20 } }, wanted)).toBe(false);
    expect(hasSettings({ ...answered, searchableAttributes: ["keywords", "title", "snippet"] }, wanted)).toBe(false);
  });

  it("notices a synonym word added, dropped or changed, whatever the order", () => {
    expect(hasSettings({ ...answered, synonyms: { rogo: ["cassava", "gbaguda"] } }, wanted)).toBe(false);
    expect(hasSettings({ ...answered, synonyms: { ...answered.synonyms, ege: ["cassava"] } }, wanted)).toBe(false);
    expect(
      hasSettings({ ...answered, synonyms: { "guinea corn": ["sorghum"], rogo: ["cassava", "ege"] } }, wanted),
    ).toBe(false);
  });

  it("takes nothing for settings: an index never set, or answers of the wrong shape", () => {
    expect(hasSettings({}, wanted)).toBe(false);
    expect(hasSettings({ ...answered, synonyms: null }, wanted)).toBe(false);
    expect(hasSettings({ ...answered, filterableAttributes: "type" }, wanted)).toBe(false);
  });
});
