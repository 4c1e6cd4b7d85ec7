import { describe, expect, it } from "vitest";
import { expandTerm, LOCAL_NAME_GROUPS, meilisearchSynonyms, normaliseTerm } from "./synonyms";

function groupOf(canonical: string) {
  const group = LOCAL_NAME_GROUPS.find((candidate) => candidate.canonical === canonical);
  if (!group) throw new Error(`no group ${canonical}`);
  return group;
}

describe("normaliseTerm", () => {
  it("strips tone marks and dots under letters", () => {
    expect(normaliseTerm("ẹ̀gẹ́")).toBe("ege");
    expect(normaliseTerm("Àgbàdo")).toBe("agbado");
    expect(normaliseTerm("ọsịkapa")).toBe("osikapa");
    expect(normaliseTerm("añara")).toBe("anara");
    expect(normaliseTerm("mmanụ aṅụ")).toBe("mmanu anu");
  });

  it("maps Hausa hooked letters and ligatures as PostgreSQL's unaccent does", () => {
    expect(normaliseTerm("gyaɗa")).toBe("gyada");
    expect(normaliseTerm("ƙwai")).toBe("kwai");
    expect(normaliseTerm("Bœuf")).toBe("boeuf");
  });

  it("lower-cases, turns punctuation into spaces and collapses spaces", () => {
    expect(normaliseTerm("  Black-Eyed   Peas! ")).toBe("black eyed peas");
    expect(normaliseTerm("farine d'igname")).toBe("farine d igname");
    expect(normaliseTerm("SCOTCH\tBONNET")).toBe("scotch bonnet");
  });
});

describe("LOCAL_NAME_GROUPS", () => {
  it("has at least 30 groups, each with at least 3 different names", () => {
    expect(LOCAL_NAME_GROUPS.length).toBeGreaterThanOrEqual(30);
    const thin = LOCAL_NAME_GROUPS.filter((group) => new Set(group.names.map(normaliseTerm)).size < 3).map(
      (group) => group.canonical,
    );
    expect(thin).toEqual([]);
  });

  it("has unique canonical names, each one of its group's names", () => {
    const canonicals = LOCAL_NAME_GROUPS.map((group) => group.canonical);
    expect(new Set(canonicals).size).toBe(canonicals.length);
    const missing = LOCAL_NAME_GROUPS.filter(
      (group) => !group.names.map(normaliseTerm).includes(normaliseTerm(group.canonical)),
    ).map((group) => group.canonical);
    expect(missing).toEqual([]);
  });

  it("puts no name in two groups", () => {
    const owners = new Map<string, string[]>();
    for (const group of LOCAL_NAME_GROUPS) {
      for (const name of new Set(group.names.map(normaliseTerm)))
        owners.set(name, [...(owners.get(name) ?? []), group.canonical]);
    }
    const duplicates = [...owners]
      .filter(([, groups]) => groups.length > 1)
      .map(([name, groups]) => `${name}: ${groups.join(", ")}`);
    expect(duplicates).toEqual([]);
  });

  it("never lists a one-way word among its own group's names", () => {
    const clashes = LOCAL_NAME_GROUPS.flatMap((group) => {
      const names = new Set(group.names.map(normaliseTerm));
      return (group.oneWay ?? [])
        .map(normaliseTerm)
        .filter((word) => names.has(word))
        .map((word) => `${group.canonical}: ${word}`);
    });
    expect(clashes).toEqual([]);
  });

  it("covers every product of the seed catalogue that has a local name", () => {
    for (const canonical of [
      "maize",
      "rice",
      "tomato",
      "plantain",
      "onion",
      "goat",
      "chicken",
      "catfish",
      "tractor",
      "hoe",
      "fertilizer",
      "seed",
      "bitter leaf",
      "moringa",
      "herbal medicine",
      "garri",
      "palm oil",
      "ploughing",
      "milk",
      "cheese",
      "ginger",
      "scotch bonnet",
      "cassava",
      "yam",
      "sweet potato",
      "beans",
      "groundnut",
      "cocoa",
    ]) {
      expect(groupOf(canonical).names.length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("expandTerm", () => {
  it("finds cassava from its Hausa, Igbo, Yoruba and French names", () => {
    expect(expandTerm("rogo")).toContain("cassava");
    expect(expandTerm("akpu")).toContain("cassava");
    expect(expandTerm("gbaguda")).toContain("cassava");
    expect(expandTerm("ege")).toContain("cassava");
    expect(expandTerm("manioc")).toContain("cassava");
    expect(expandTerm("cassava")).toEqual(expect.arrayContaining(["rogo", "akpu", "ege", "gbaguda", "manioc"]));
  });

  it("normalises the word it is given", () => {
    expect(expandTerm("Ẹ̀GẸ́")).toContain("cassava");
    expect(expandTerm("  Rogo ")).toContain("rogo");
  });

  it.each([
    ["yam", "doya", "ji", "isu"],
    ["maize", "masara", "oka", "agbado"],
    // Igbo speakers say 'tomato', the English loan.
    ["tomato", "tumatir", "tomato", "tomati"],
    ["pepper", "barkono", "ose", "ata"],
  ])("finds %s from Hausa %s, Igbo %s and Yoruba %s", (english, hausa, igbo, yoruba) => {
    for (const word of [hausa, igbo, yoruba]) expect(expandTerm(word)).toContain(english);
    expect(expandTerm(english)).toEqual(expect.arrayContaining([hausa, igbo, yoruba]));
  });

  it("matches multi-word names as a phrase", () => {
    expect(expandTerm("scotch bonnet")).toEqual(expect.arrayContaining(["ata rodo", "atarugu", "rodo"]));
    expect(expandTerm("Ata Rodo")).toContain("scotch bonnet");
    expect(expandTerm("guinea corn")).toEqual(expect.arrayContaining(["sorghum", "dawa", "oka baba"]));
    expect(expandTerm("guinea corn")).not.toContain("maize");
  });

  it("includes the word itself, and gives only the word for an unknown word", () => {
    expect(expandTerm("rogo")[0]).toBe("rogo");
    expect(expandTerm("Tractorz")).toEqual(["tractorz"]);
    expect(expandTerm("  ")).toEqual([]);
  });

  it("gives no duplicates", () => {
    for (const word of ["pepper", "cassava", "ogede", "fish", "gyada"]) {
      const expanded = expandTerm(word);
      expect(new Set(expanded).size).toBe(expanded.length);
    }
  });

  it("lets one-way words find their group but not the reverse", () => {
    expect(expandTerm("fufu")).toContain("cassava");
    expect(expandTerm("cassava")).not.toContain("fufu");
    expect(expandTerm("eba")).toContain("garri");
    expect(expandTerm("garri")).not.toContain("eba");
    expect(expandTerm("garri")).not.toContain("cassava");
    expect(expandTerm("oloyin")).toContain("beans");
    expect(expandTerm("beans")).not.toContain("oloyin");
  });

  it("lets a general word find every kind, and a kind not find the others", () => {
    expect(expandTerm("pepper")).toEqual(expect.arrayContaining(["tatashe", "ata rodo", "shombo", "barkono"]));
    expect(expandTerm("tatashe")).not.toContain("pepper");
    expect(expandTerm("tatashe")).not.toContain("ata rodo");
    expect(expandTerm("fish")).toEqual(expect.arrayContaining(["catfish", "tarwada", "kifi"]));
    expect(expandTerm("catfish")).not.toContain("fish");
    expect(expandTerm("ogede")).toEqual(expect.arrayContaining(["plantain", "banana"]));
    expect(expandTerm("banana")).not.toContain("plantain");
  });
});

describe("meilisearchSynonyms", () => {
  const synonyms = meilisearchSynonyms();

  it("has normalised keys and values, never mapping a word to itself", () => {
    for (const [key, values] of Object.entries(synonyms)) {
      expect(normaliseTerm(key)).toBe(key);
      for (const value of values) expect(normaliseTerm(value)).toBe(value);
      expect(values).not.toContain(key);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it("is mutual within every group", () => {
    const missing: string[] = [];
    for (const group of LOCAL_NAME_GROUPS) {
      const names = [...new Set(group.names.map(normaliseTerm))];
      for (const name of names) {
        for (const other of names) {
          if (other !== name && !synonyms[name]?.includes(other)) missing.push(`${name} -> ${other}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("maps one-way words to their group, and no group name back to them", () => {
    expect(synonyms.fufu).toEqual(expect.arrayContaining(["cassava", "rogo", "akpu"]));
    expect(synonyms.cassava).not.toContain("fufu");
    expect(synonyms.rogo).not.toContain("fufu");
    expect(synonyms.pepper).toEqual(expect.arrayContaining(["tatashe", "scotch bonnet"]));
    expect(synonyms.tatashe).not.toContain("pepper");
    const oneWayOnly = new Set(LOCAL_NAME_GROUPS.flatMap((group) => (group.oneWay ?? []).map(normaliseTerm)));
    for (const group of LOCAL_NAME_GROUPS) {
      for (const name of group.names.map(normaliseTerm)) oneWayOnly.delete(name);
    }
    const reached = Object.entries(synonyms).flatMap(([key, values]) =>
      values.filter((value) => oneWayOnly.has(value)).map((value) => `${key} -> ${value}`),
    );
    expect(reached).toEqual([]);
  });

  it("agrees with expandTerm", () => {
    for (const [key, values] of Object.entries(synonyms)) {
      expect(new Set(expandTerm(key))).toEqual(new Set([key, ...values]));
    }
  });
});
