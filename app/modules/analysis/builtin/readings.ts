import type { Severity } from "../types";
import type { PhotoProblem } from "./knowledge/common";
import type { AnimalCondition } from "./knowledge/livestock";
import type { AnimalMeasures, PhotoMeasures, PhotoQuality, PlantMeasures } from "./measure";

// What a photo's measures say before any words: whether the photo can be read, which pattern the
// plant shows and how serious it is, which animal signs are there. Every threshold is here, in one
// table; screening.ts turns these readings into the answer in the farmer's language.

/** Every threshold of the screening, in one place. Shares are 0-1 (of the leaf, or of the frame for animals). */
export const THRESHOLDS = {
  photo: {
    /** Too dark: mean brightness under this, or this share of the frame crushed to black. */
    darkBrightness: 0.15,
    darkCrushed: 0.6,
    /** Overexposed: mean brightness over this, or this share burnt out to white. */
    brightBrightness: 0.9,
    brightClipped: 0.35,
    /** Blurred: edge crispness under this (sharp photos measure 0.7-0.95, a badly blurred one 0.45 or 0). */
    blurredCrispness: 0.55,
    /** Featureless (a wall, a plain cloth): brightness spread under this. */
    featurelessContrast: 0.005,
  },
  plant: {
    /** Less plant tissue than this share of the frame is not a leaf photo; this much or more fills it well. */
    littleTissue: 0.08,
    fullTissue: 0.3,
    /** Yellowing of this share of the leaf is a finding; less counts when it forms streaks or a mosaic. */
    yellowing: 0.15,
    patternedYellowing: 0.06,
    /** Share of the yellowing in narrow streaks, and mottling, that make a pattern. */
    streaks: 0.5,
    mosaic: 0.15,
    /** Lesions (brown and dark) of this share of the leaf, or this many spots, are a finding (medium). */
    lesions: 0.005,
    spots: 3,
    /** High: lesions of this share of the leaf, or this many spots covering at least `spottedShare`. */
    severeLesions: 0.05,
    manySpots: 8,
    spottedShare: 0.008,
    /** Lesions mostly at the leaf's edge are scorch; mostly dark or large are anthracnose-like; streak-shaped are streaks. */
    marginLesion: 0.6,
    darkLesions: 0.5,
    largeLesion: 0.03,
    lesionStreaks: 0.5,
  },
  animal: {
    /** This share of the frame in membrane pink-red, or dark purple, is something to read. */
    membrane: 0.03,
    purple: 0.04,
    /** Membrane colour strength: under `pale` it is pale to white, under `pink` pinkish (FAMACHA 3), above well red. */
    pale: 0.2,
    pink: 0.4,
    /** A bird's comb this weak in colour is very pale. */
    veryPaleComb: 0.15,
    /** Crusts: at least this many, covering this share of the frame; `manyCrusts` or `crustShare` make it severe. */
    crusts: 5,
    crustArea: 0.004,
    manyCrusts: 40,
    severeCrustArea: 0.05,
    /** Creamy yellow on a bird's head (discharge), and red on light skin (inflammation). */
    discharge: 0.03,
    redSkin: 0.03,
    skin: 0.25,
    /** Any of these is an animal part to read: light skin share, red share, crust count. */
    someSkin: 0.15,
    someRed: 0.03,
    someCrusts: 3,
    /** A frame this full of leaf is a plant photo, not an animal. */
    plantCoverage: 0.25,
  },
  confidence: {
    /** It is a colour screening: never surer than this (animals less: colour says less about them). */
    plantMax: 85,
    animalMax: 80,
    /** A photo that could not be read well stays under 40; a readable one starts at 40. */
    poorMax: 35,
    readableMin: 40,
  },
} as const;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
export const ramp = (value: number, from: number, to: number) => clamp((value - from) / (to - from));

/** What is wrong with the photo itself, and how good it is for reading colours (0-1). */
export function readPhoto(quality: PhotoQuality) {
  const limits = THRESHOLDS.photo;
  const problems: PhotoProblem[] = [];
  if (quality.brightness < limits.darkBrightness || quality.crushed > limits.darkCrushed) problems.push("dark");
  if (quality.brightness > limits.brightBrightness || quality.clipped > limits.brightClipped) problems.push("bright");
  // A black or burnt-out frame is featureless anyway; saying so again adds nothing.
  if (quality.contrast < limits.featurelessContrast) {
    if (problems.length === 0) problems.push("featureless");
  } else if (quality.edgeCrispness < limits.blurredCrispness) problems.push("blurred");
  const exposure =
    ramp(quality.brightness, 0.08, 0.25) *
    ramp(-quality.brightness, -0.97, -0.85) *
    (1 - ramp(quality.clipped, 0.05, 0.4)) *
    (1 - ramp(quality.crushed, 0.2, 0.7));
  const focus = quality.contrast < limits.featurelessContrast ? 0 : ramp(quality.edgeCrispness, 0.45, 0.7);
  return { problems, score: exposure * focus };
}

export type PlantPattern =
  | "healthy"
  | "uniform_yellowing"
  | "mosaic"
  | "yellow_streaks"
  | "spots"
  | "dark_lesions"
  | "lesion_streaks"
  | "scorch";

/**
 * How specific each pattern is, as a factor on its clarity: an evenly green leaf
 * or clear spots say more than even yellowing, which has many causes (nitrogen,
 * water, age), or brown edges (drought, fertiliser burn, potassium).
 */
const PATTERN_CERTAINTY: Record<PlantPattern, number> = {
  healthy: 1,
  spots: 1,
  dark_lesions: 0.9,
  mosaic: 0.9,
  yellow_streaks: 0.85,
  lesion_streaks: 0.8,
  uniform_yellowing: 0.75,
  scorch: 0.75,
};

/** What the leaf's colours show: the pattern, how serious, and how clear the signal is (0-1). */
export function readPlant(plant: PlantMeasures): { pattern: PlantPattern; severity: Severity; clarity: number } {
  const limits = THRESHOLDS.plant;
  const lesion = plant.brown + plant.dark;
  const { count } = plant.spots;
  const lesions = lesion >= limits.lesions || count >= limits.spots;
  const patterned =
    plant.yellow >= limits.patternedYellowing &&
    (plant.yellowStreaks >= limits.streaks || plant.patchiness >= limits.mosaic);
  const yellowing = plant.yellow >= limits.yellowing || patterned;

  if (lesions) {
    const severe = lesion >= limits.severeLesions || (count >= limits.manySpots && lesion >= limits.spottedShare);
    let pattern: PlantPattern = "spots";
    if (plant.marginLesion >= limits.marginLesion) pattern = "scorch";
    else if (plant.lesionStreaks >= limits.lesionStreaks) pattern = "lesion_streaks";
    else if (plant.dark >= limits.darkLesions * lesion || plant.spots.largestSize >= limits.largeLesion)
      pattern = "dark_lesions";
    const clarity = severe ? Math.max(ramp(lesion, 0.02, 0.1), ramp(count, 6, 16)) : 0.4;
    return { pattern, severity: severe ? "high" : "medium", clarity: clarity * PATTERN_CERTAINTY[pattern] };
  }
  if (yellowing) {
    let pattern: PlantPattern = "uniform_yellowing";
    if (plant.yellowStreaks >= limits.streaks && plant.yellow >= limits.patternedYellowing) pattern = "yellow_streaks";
    else if (plant.patchiness >= limits.mosaic && plant.yellow >= limits.patternedYellowing) pattern = "mosaic";
    const clarity = Math.max(
      ramp(plant.yellow, 0.1, 0.4),
      pattern === "uniform_yellowing" ? 0 : ramp(Math.max(plant.patchiness, plant.yellowStreaks), 0.1, 0.6),
    );
    return { pattern, severity: "medium", clarity: clarity * PATTERN_CERTAINTY[pattern] };
  }
  return { pattern: "healthy", severity: "low", clarity: ramp(plant.green, 0.85, 0.97) * (count > 0 ? 0.7 : 1) };
}

export type AnimalKind = "poultry" | "mammal" | "unknown";

/** What an animal photo's colours show, read for the kind of animal named. */
export function readAnimal(
  animal: AnimalMeasures,
  kind: AnimalKind,
): { condition: AnimalCondition; severity: Severity; clarity: number } {
  const limits = THRESHOLDS.animal;
  if (animal.purple >= limits.purple) {
    return {
      condition: kind === "poultry" ? "poultry_dark_comb" : "dark_patches",
      severity: "high",
      clarity: ramp(animal.purple, 0.02, 0.12),
    };
  }
  if (animal.crusts >= limits.crusts && animal.crustShare >= limits.crustArea) {
    const severe = animal.crusts >= limits.manyCrusts || animal.crustShare >= limits.severeCrustArea;
    return {
      condition: kind === "poultry" ? "fowl_pox" : "skin_crusts",
      severity: severe ? "high" : "medium",
      clarity: ramp(animal.crusts, 3, 20),
    };
  }
  const membrane = animal.membrane >= limits.membrane;
  if (membrane && animal.membraneRedness < limits.pink) {
    const clarity = ramp(-animal.membraneRedness, -limits.pink, -0.1);
    if (kind === "poultry")
      return {
        condition: "pale_comb",
        severity: animal.membraneRedness < limits.veryPaleComb ? "high" : "medium",
        clarity,
      };
    return animal.membraneRedness < limits.pale
      ? { condition: "pale_membrane", severity: "high", clarity }
      : { condition: "pinkish_membrane", severity: "medium", clarity };
  }
  if (kind === "poultry" && animal.yellowish >= limits.discharge)
    return { condition: "eye_discharge", severity: "medium", clarity: 0.4 };
  if (kind !== "poultry" && animal.red >= limits.redSkin && animal.skin >= limits.skin)
    return { condition: "inflamed_skin", severity: "medium", clarity: 0.4 };
  const clarity = membrane ? ramp(animal.membraneRedness, limits.pink, 0.7) : 0.4;
  return { condition: kind === "poultry" ? "poultry_normal" : "animal_normal", severity: "low", clarity };
}

/** Whether the frame holds something an animal reading can use (an eyelid, a comb, skin, crusts). */
export function animalPartSeen(measures: PhotoMeasures) {
  const { animal, plant } = measures;
  const limits = THRESHOLDS.animal;
  const part =
    animal.membrane >= limits.membrane ||
    animal.purple >= limits.purple ||
    animal.crusts >= limits.someCrusts ||
    animal.skin >= limits.someSkin ||
    animal.red >= limits.someRed;
  return part && !(plant.coverage >= limits.plantCoverage && animal.membrane < limits.membrane);
}
