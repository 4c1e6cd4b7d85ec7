import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "~/lib/i18n";
import { ANALYSIS_TYPES, analysisResultSchema } from "../types";
import {
  cropCondition,
  fill,
  percent,
  readAnimal,
  readPhoto,
  readPlant,
  screenMeasures,
  THRESHOLDS,
  type PhotoMeasures,
} from ".";
import type { AnimalMeasures, PhotoQuality, PlantMeasures } from "./measure";

// The screening's reading of measures, without photos: each rule on measures
// made to sit clearly on one side of it.

type Overrides = {
  quality?: Partial<PhotoQuality>;
  plant?: Partial<Omit<PlantMeasures, "spots">> & { spots?: Partial<PlantMeasures["spots"]> };
  animal?: Partial<AnimalMeasures>;
};

/** A sharp, well-lit photo of an evenly green leaf filling half the frame, changed by `overrides`. */
function measures(overrides: Overrides = {}): PhotoMeasures {
  const { spots, ...plant } = overrides.plant ?? {};
  return {
    original: { width: 1600, height: 1200 },
    working: { width: 320, height: 240 },
    quality: {
      brightness: 0.4,
      clipped: 0,
      crushed: 0,
      contrast: 0.1,
      sharpness: 500,
      edgeCrispness: 0.85,
      ...overrides.quality,
    },
    plant: {
      coverage: 0.5,
      green: 1,
      yellow: 0,
      brown: 0,
      dark: 0,
      marginLesion: 0,
      patchiness: 0,
      yellowStreaks: 0,
      lesionStreaks: 0,
      ...plant,
      spots: { count: 0, meanSize: 0, largestSize: 0, spread: 0, ...spots },
    },
    animal: {
      red: 0,
      pale: 0,
      purple: 0,
      yellowish: 0,
      skin: 0,
      membrane: 0,
      membraneRedness: 0,
      membranePale: 0,
      crusts: 0,
      crustShare: 0,
      ...overrides.animal,
    },
  };
}

const spotted = (count: number, share: number): Overrides => ({
  plant: {
    green: 1 - share,
    brown: share,
    spots: { count, meanSize: share / count, largestSize: share / count, spread: 0.4 },
  },
});

describe("readPlant", () => {
  it("reads an evenly green leaf as healthy and low", () => {
    expect(readPlant(measures().plant)).toMatchObject({ pattern: "healthy", severity: "low" });
  });

  it("keeps yellowing alone at medium, however much of the leaf it covers", () => {
    for (const yellow of [0.2, 0.5, 0.95]) {
      expect(readPlant(measures({ plant: { green: 1 - yellow, yellow } }).plant)).toMatchObject({
        pattern: "uniform_yellowing",
        severity: "medium",
      });
    }
    expect(readPlant(measures({ plant: { green: 0.9, yellow: 0.1 } }).plant).severity).toBe("low");
  });

  it("names the yellowing's pattern: mottled is a mosaic, narrow streaks are streaks", () => {
    expect(readPlant(measures({ plant: { green: 0.6, yellow: 0.4, patchiness: 0.3 } }).plant).pattern).toBe("mosaic");
    expect(readPlant(measures({ plant: { green: 0.9, yellow: 0.1, yellowStreaks: 0.9 } }).plant)).toMatchObject({
      pattern: "yellow_streaks",
      severity: "medium",
    });
  });

  it("grades spots and necrosis: a few spots medium, many or a noticeable area high", () => {
    expect(readPlant(measures(spotted(3, 0.004)).plant)).toMatchObject({ pattern: "spots", severity: "medium" });
    expect(readPlant(measures(spotted(12, 0.015)).plant)).toMatchObject({ pattern: "spots", severity: "high" });
    expect(readPlant(measures(spotted(2, 0.08)).plant).severity).toBe("high");
  });

  it("tells scorched edges, dark lesions and lesion streaks apart", () => {
    expect(readPlant(measures({ plant: { ...spotted(1, 0.15).plant, marginLesion: 1 } }).plant).pattern).toBe("scorch");
    expect(
      readPlant(measures({ plant: { green: 0.9, dark: 0.1, spots: { count: 4, largestSize: 0.05 } } }).plant).pattern,
    ).toBe("dark_lesions");
    expect(readPlant(measures({ plant: { ...spotted(6, 0.03).plant, lesionStreaks: 0.8 } }).plant).pattern).toBe(
      "lesion_streaks",
    );
  });
});

describe("cropCondition", () => {
  it("names the disease of the crop the farmer named, and a general one otherwise", () => {
    expect(cropCondition("mosaic", "cassava")).toBe("cassava_mosaic");
    expect(cropCondition("mosaic", undefined)).toBe("mosaic");
    expect(cropCondition("yellow_streaks", "maize")).toBe("maize_streak");
    expect(cropCondition("yellow_streaks", "cassava")).toBe("cassava_brown_streak");
    expect(cropCondition("yellow_streaks", "tomato")).toBe("streaks");
    expect(cropCondition("spots", "yam")).toBe("yam_anthracnose");
    expect(cropCondition("dark_lesions", "pepper")).toBe("leaf_spot");
    expect(cropCondition("uniform_yellowing", "maize")).toBe("nitrogen");
    expect(cropCondition("scorch", "yam")).toBe("scorch");
  });
});

describe("readPhoto", () => {
  it("names what is wrong with a photo", () => {
    expect(readPhoto(measures().quality)).toEqual({ problems: [], score: 1 });
    expect(readPhoto(measures({ quality: { brightness: 0.05, crushed: 0.9 } }).quality).problems).toEqual(["dark"]);
    expect(readPhoto(measures({ quality: { brightness: 0.97, clipped: 0.8 } }).quality).problems).toEqual(["bright"]);
    expect(readPhoto(measures({ quality: { edgeCrispness: 0.3 } }).quality).problems).toEqual(["blurred"]);
    expect(readPhoto(measures({ quality: { contrast: 0.001, edgeCrispness: 0 } }).quality).problems).toEqual([
      "featureless",
    ]);
  });
});

describe("readAnimal", () => {
  const membrane = (membraneRedness: number): Overrides => ({
    animal: { membrane: 0.2, membraneRedness, red: membraneRedness > 0.5 ? 0.2 : 0 },
  });

  it("reads an eyelid by its colour, as the FAMACHA chart does", () => {
    expect(readAnimal(measures(membrane(0.7)).animal, "mammal")).toMatchObject({
      condition: "animal_normal",
      severity: "low",
    });
    expect(readAnimal(measures(membrane(0.3)).animal, "mammal")).toMatchObject({
      condition: "pinkish_membrane",
      severity: "medium",
    });
    expect(readAnimal(measures(membrane(0.1)).animal, "mammal")).toMatchObject({
      condition: "pale_membrane",
      severity: "high",
    });
  });

  it("reads a bird's comb and head", () => {
    expect(readAnimal(measures(membrane(0.8)).animal, "poultry")).toMatchObject({
      condition: "poultry_normal",
      severity: "low",
    });
    expect(readAnimal(measures(membrane(0.25)).animal, "poultry")).toMatchObject({
      condition: "pale_comb",
      severity: "medium",
    });
    expect(readAnimal(measures({ animal: { purple: 0.2 } }).animal, "poultry")).toMatchObject({
      condition: "poultry_dark_comb",
      severity: "high",
    });
    expect(
      readAnimal(measures({ animal: { ...membrane(0.8).animal, yellowish: 0.05 } }).animal, "poultry"),
    ).toMatchObject({ condition: "eye_discharge", severity: "medium" });
    expect(readAnimal(measures({ animal: { crusts: 12, crustShare: 0.01 } }).animal, "poultry").condition).toBe(
      "fowl_pox",
    );
  });

  it("reads skin: crusts, inflamed patches, dark purple", () => {
    expect(
      readAnimal(measures({ animal: { skin: 0.9, crusts: 12, crustShare: 0.01 } }).animal, "mammal"),
    ).toMatchObject({ condition: "skin_crusts", severity: "medium" });
    expect(
      readAnimal(measures({ animal: { skin: 0.9, crusts: 50, crustShare: 0.06 } }).animal, "mammal").severity,
    ).toBe("high");
    expect(
      readAnimal(measures({ animal: { skin: 0.7, red: 0.1, membrane: 0.1, membraneRedness: 0.6 } }).animal, "mammal"),
    ).toMatchObject({ condition: "inflamed_skin", severity: "medium" });
    expect(readAnimal(measures({ animal: { purple: 0.1 } }).animal, "unknown")).toMatchObject({
      condition: "dark_patches",
      severity: "high",
    });
  });
});

describe("screenMeasures", () => {
  it("puts the key numbers in the diagnosis", () => {
    const result = screenMeasures(
      measures({ plant: { green: 0.5, yellow: 0.35, brown: 0.15, spots: { count: 12, largestSize: 0.02 } } }),
      "crop_health",
      {},
      "en",
    );
    expect(result.diagnosis).toContain(
      "About 50% of the leaf is green, 35% yellowing and 15% brown or dark; spots counted: 12.",
    );
  });

  it("says it is a colour screening to confirm with an extension officer or a vet, in every result", () => {
    expect(screenMeasures(measures(), "crop_health", {}, "en").diagnosis).toMatch(
      /not a laboratory diagnosis.*extension officer/,
    );
    expect(screenMeasures(measures(), "traditional_medicine", {}, "en").diagnosis).toMatch(
      /not a laboratory diagnosis.*extension officer/,
    );
    expect(
      screenMeasures(measures({ animal: { membrane: 0.2, membraneRedness: 0.7 } }), "livestock", {}, "en").diagnosis,
    ).toMatch(/not a laboratory diagnosis.*veterinarian/);
  });

  it("reads brown edges as scorch from drought or heat", () => {
    const result = screenMeasures(
      measures({ plant: { ...spotted(1, 0.12).plant, marginLesion: 0.9 } }),
      "crop_health",
      {},
      "en",
    );
    expect(result.severity).toBe("high");
    expect(result.diagnosis).toMatch(/edge of the leaf.*drought/);
  });

  it("reminds a maize farmer that colour cannot see armyworm holes, and what to look for", () => {
    const result = screenMeasures(measures(spotted(10, 0.03)), "crop_health", { cropType: "Maize" }, "en");
    expect(result.diagnosis).toMatch(/fall armyworm.*cannot see holes well.*frass/);
    expect(result.recommendations.some((line) => /Scout 20 plants/.test(line))).toBe(true);
    expect(
      screenMeasures(measures(spotted(10, 0.03)), "crop_health", { cropType: "cassava" }, "en").diagnosis,
    ).not.toMatch(/armyworm/);
  });

  it("asks for a new photo first, with low confidence, when an animal photo shows no eyelid, comb or skin", () => {
    const result = screenMeasures(measures({ plant: { coverage: 0.5 } }), "livestock", { livestockType: "goat" }, "en");
    expect(result.confidence).toBeLessThan(40);
    expect(result.recommendations[0]).toMatch(/^Take the photo again in daylight/);
    expect(result.diagnosis).toMatch(/no eyelid, comb or skin/);
  });

  it("says what a medicinal plant's leaves are worth and that colour cannot tell the species", () => {
    const fresh = screenMeasures(measures(), "traditional_medicine", { plantSpecies: "Bitter leaf" }, "en");
    expect(fresh.severity).toBe("low");
    expect(fresh.diagnosis).toMatch(/Plant: Bitter leaf\..*good quality.*cannot tell which species/);
    expect(fresh.treatment).toMatch(/dry in the shade.*not in direct sun.*Bitter leaf:/);
    const mouldy = screenMeasures(
      measures(spotted(9, 0.02)),
      "traditional_medicine",
      { plantSpecies: "dogonyaro" },
      "en",
    );
    expect(mouldy.severity).toBe("high");
    expect(mouldy.treatment).toMatch(/^Discard spotted and mouldy leaves.*Neem:/);
  });

  it("stays within the result's limits and never claims more than 85 confidence, whatever the measures", () => {
    // Seeded measures across the whole range, so the check is the same on every run.
    let state = 2024;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    for (let run = 0; run < 300; run += 1) {
      const [green, yellow, brown] = [random(), random(), random()];
      const sum = green + yellow + brown;
      const photo = measures({
        quality: {
          brightness: random(),
          clipped: random() * 0.5,
          crushed: random() * 0.5,
          contrast: random() * 0.3,
          edgeCrispness: random(),
        },
        plant: {
          coverage: random(),
          green: green / sum,
          yellow: yellow / sum,
          brown: brown / sum,
          marginLesion: random(),
          patchiness: random() * 0.5,
          yellowStreaks: random(),
          lesionStreaks: random(),
          spots: { count: Math.floor(random() * 40), largestSize: random() * 0.1 },
        },
        animal: {
          red: random() * 0.3,
          purple: random() * 0.1,
          yellowish: random() * 0.1,
          skin: random(),
          membrane: random() * 0.3,
          membraneRedness: random(),
          crusts: Math.floor(random() * 50),
          crustShare: random() * 0.08,
        },
      });
      const result = screenMeasures(
        photo,
        ANALYSIS_TYPES[run % 3]!,
        { cropType: "maize", livestockType: "poultry", plantSpecies: "moringa" },
        LANGUAGE_CODES[run % 5]!,
      );
      expect(analysisResultSchema.safeParse(result).success).toBe(true);
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(THRESHOLDS.confidence.plantMax);
      expect(result.diagnosis).not.toMatch(/\{\{/);
    }
  });
});

describe("fill and percent", () => {
  it("fills placeholders and shows traces as under 1%", () => {
    expect(fill("{{a}} and {{b}}", { a: 1, b: "x" })).toBe("1 and x");
    expect(percent(0.351)).toBe("35");
    expect(percent(0.003)).toBe("<1");
    expect(percent(0)).toBe("0");
  });
});
