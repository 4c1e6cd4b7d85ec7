import type { LanguageCode } from "~/lib/i18n";
import { RESULT_LIMITS, type AnalysisContext, type AnalysisResult, type AnalysisType, type Severity } from "../types";
import { COMMON, type PhotoProblem } from "./knowledge/common";
import { CROP_ADVICE, FALL_ARMYWORM, type CropCondition } from "./knowledge/crops";
import { ANIMAL_ADVICE, type AnimalCondition } from "./knowledge/livestock";
import { MEDICINAL_ADVICE, SPECIES_NOTES, type MedicinalCondition } from "./knowledge/medicinal-plants";
import type { Advice } from "./knowledge/types";
import type { AnimalMeasures, PhotoMeasures, PhotoQuality, PlantMeasures } from "./measure";
import {
  ANIMALS,
  CROPS,
  MEDICINAL_PLANTS,
  matchName,
  type AnimalKey,
  type CropKey,
  type Localized,
  type MedicinalPlantKey,
} from "./names";

// From a photo's measures to the answer Asiiko AI shows: how serious it looks,
// how sure the screening can be, and what to do, in the farmer's language.
// Pure and deterministic, so the same photo always gets the same answer.

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
const ramp = (value: number, from: number, to: number) => clamp((value - from) / (to - from));

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
function animalPartSeen(measures: PhotoMeasures) {
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

/** Fills `{{name}}` placeholders. */
export function fill(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A share as a whole percentage; a trace shows as "<1" rather than a misleading 0. */
export function percent(value: number): string {
  if (value > 0 && value < 0.005) return "<1";
  return String(Math.round(value * 100));
}

function confidenceOf(poor: boolean, photoScore: number, fillScore: number, clarity: number, max: number) {
  const limits = THRESHOLDS.confidence;
  if (poor) return Math.round(10 + (limits.poorMax - 10) * photoScore * fillScore);
  return Math.round(
    limits.readableMin + (max - limits.readableMin) * photoScore * (0.4 + 0.6 * fillScore) * (0.5 + 0.5 * clarity),
  );
}

/** Recommendations: the retake advice first when asked, the condition's own, then the closing ones; at most eight. */
function recommendationList(first: string[], middle: string[], last: string[]) {
  const room = RESULT_LIMITS.recommendationsMax - first.length - last.length;
  return [...first, ...middle.slice(0, Math.max(0, room)), ...last];
}

type Say = (text: Localized, values?: Record<string, string | number>) => string;

function plantNumbers(say: Say, plant: PlantMeasures) {
  return say(COMMON.plantNumbers, {
    green: percent(plant.green),
    yellow: percent(plant.yellow),
    lesion: percent(plant.brown + plant.dark),
    spots: plant.spots.count,
  });
}

function problemSentence(say: Say, problems: readonly PhotoProblem[]) {
  return say(COMMON.unreadable, { reasons: problems.map((problem) => say(COMMON.problems[problem])).join(", ") });
}

/** What a photo of leaves shows, for crops and medicinal plants alike: its problems, and whether there is tissue enough to judge. */
function plantPhoto(measures: PhotoMeasures) {
  const { plant } = measures;
  const photo = readPhoto(measures.quality);
  const seen = plant.coverage >= THRESHOLDS.plant.littleTissue;
  const problems = [...photo.problems, ...(seen ? [] : (["no_plant"] as const))];
  return { plant, photo, reading: readPlant(plant), problems, poor: problems.length > 0, seen };
}

function screenCrop(measures: PhotoMeasures, context: AnalysisContext, say: Say): AnalysisResult {
  const crop = matchName<CropKey>(CROPS, context.cropType);
  const { plant, photo, reading, problems, poor, seen } = plantPhoto(measures);
  const advice = CROP_ADVICE[cropCondition(reading.pattern, crop)];
  const armyworm = crop === "maize" || crop === "sorghum";

  const diagnosis = [
    crop ? say(COMMON.cropLabel, { name: say(CROPS[crop].name) }) : say(COMMON.cropUnknown),
    ...(poor ? [problemSentence(say, problems)] : []),
    ...(seen ? [say(advice.diagnosis), plantNumbers(say, plant)] : [say(COMMON.noPlantJudgement)]),
    ...(armyworm && seen && reading.pattern !== "scorch" ? [say(FALL_ARMYWORM.note)] : []),
    say(COMMON.plantDisclaimer),
  ];
  const fillScore = ramp(plant.coverage, THRESHOLDS.plant.littleTissue, THRESHOLDS.plant.fullTissue);
  return {
    // Nothing of the subject to read: no risk is graded (the severity only fills the shape).
    assessable: seen,
    severity: seen ? reading.severity : "low",
    confidence: confidenceOf(poor, photo.score, fillScore, reading.clarity, THRESHOLDS.confidence.plantMax),
    diagnosis: diagnosis.join(" "),
    treatment: seen ? say(advice.treatment) : say(COMMON.plantUnreadableTreatment),
    recommendations: recommendationList(
      poor ? [say(COMMON.retakePlant)] : [],
      [
        ...(seen ? advice.recommendations.map((line) => say(line)) : []),
        ...(armyworm ? [say(FALL_ARMYWORM.recommendation)] : []),
      ],
      [...(poor ? [] : [say(COMMON.severalPhotos)]), say(COMMON.confirmExtension)],
    ),
  };
}

/** The crop knowledge base's entry for a leaf pattern on a given crop (or none named). */
export function cropCondition(pattern: PlantPattern, crop: CropKey | undefined): CropCondition {
  switch (pattern) {
    case "healthy":
      return "healthy";
    case "uniform_yellowing":
      return "nitrogen";
    case "mosaic":
      return crop === "cassava" ? "cassava_mosaic" : "mosaic";
    case "yellow_streaks":
      if (crop === "cassava") return "cassava_brown_streak";
      return crop === "maize" ? "maize_streak" : "streaks";
    case "lesion_streaks":
      if (crop === "cassava") return "cassava_brown_streak";
      return crop === "yam" ? "yam_anthracnose" : "leaf_spot";
    case "spots":
    case "dark_lesions":
      return crop === "yam" ? "yam_anthracnose" : "leaf_spot";
    case "scorch":
      return "scorch";
  }
}

export function animalKind(animal: AnimalKey | undefined): AnimalKind {
  if (animal === "poultry") return "poultry";
  return animal ? "mammal" : "unknown";
}

function screenLivestock(measures: PhotoMeasures, context: AnalysisContext, say: Say): AnalysisResult {
  const animalKey = matchName<AnimalKey>(ANIMALS, context.livestockType);
  const { animal } = measures;
  const photo = readPhoto(measures.quality);
  const seen = animalPartSeen(measures);
  const problems = [...photo.problems, ...(seen ? [] : (["no_animal"] as const))];
  const poor = problems.length > 0;
  const reading = readAnimal(animal, animalKind(animalKey));
  const advice: Advice = ANIMAL_ADVICE[reading.condition];
  const numbers = say(COMMON.animalNumbers, {
    membrane: percent(animal.membrane),
    redness: Math.round(animal.membraneRedness * 100),
    purple: percent(animal.purple),
    crusts: animal.crusts,
  });

  const diagnosis = [
    animalKey ? say(COMMON.animalLabel, { name: say(ANIMALS[animalKey].name) }) : say(COMMON.animalUnknown),
    ...(poor ? [problemSentence(say, problems)] : []),
    ...(seen ? [say(advice.diagnosis), numbers] : [say(COMMON.noAnimalJudgement)]),
    say(COMMON.animalDisclaimer),
  ];
  const subject = animal.membrane + animal.purple + animal.skin + animal.red;
  return {
    // Nothing of the subject to read: no risk is graded (the severity only fills the shape).
    assessable: seen,
    severity: seen ? reading.severity : "low",
    confidence: confidenceOf(
      poor,
      photo.score,
      seen ? ramp(subject, 0.02, 0.15) : 0,
      reading.clarity,
      THRESHOLDS.confidence.animalMax,
    ),
    diagnosis: diagnosis.join(" "),
    treatment: seen ? say(advice.treatment) : say(COMMON.animalUnreadableTreatment),
    recommendations: recommendationList(
      poor ? [say(COMMON.retakeAnimal)] : [],
      seen ? advice.recommendations.map((line) => say(line)) : [],
      [say(COMMON.confirmVet)],
    ),
  };
}

/** The medicinal-plant knowledge base's entry for a leaf pattern: fresh, yellowing, spotted or browned. */
export function medicinalCondition(pattern: PlantPattern): MedicinalCondition {
  switch (pattern) {
    case "healthy":
      return "fresh";
    case "uniform_yellowing":
    case "mosaic":
    case "yellow_streaks":
      return "yellowing";
    case "spots":
    case "dark_lesions":
    case "lesion_streaks":
      return "spotted";
    case "scorch":
      return "browned";
  }
}

function screenMedicinalPlant(measures: PhotoMeasures, context: AnalysisContext, say: Say): AnalysisResult {
  const species = matchName<MedicinalPlantKey>(MEDICINAL_PLANTS, context.plantSpecies);
  const { plant, photo, reading, problems, poor, seen } = plantPhoto(measures);
  const advice = MEDICINAL_ADVICE[medicinalCondition(reading.pattern)];

  const diagnosis = [
    species ? say(COMMON.plantLabel, { name: say(MEDICINAL_PLANTS[species].name) }) : say(COMMON.plantUnknown),
    ...(poor ? [problemSentence(say, problems)] : []),
    ...(seen ? [say(advice.diagnosis), plantNumbers(say, plant)] : [say(COMMON.noPlantJudgement)]),
    say(COMMON.speciesCaveat),
    say(COMMON.plantDisclaimer),
  ];
  const treatment = seen
    ? [say(advice.treatment), ...(species ? [say(SPECIES_NOTES[species].treatment)] : [])]
    : [say(COMMON.plantUnreadableTreatment)];
  const fillScore = ramp(plant.coverage, THRESHOLDS.plant.littleTissue, THRESHOLDS.plant.fullTissue);
  return {
    // Nothing of the subject to read: no risk is graded (the severity only fills the shape).
    assessable: seen,
    severity: seen ? reading.severity : "low",
    confidence: confidenceOf(poor, photo.score, fillScore, reading.clarity, THRESHOLDS.confidence.plantMax),
    diagnosis: diagnosis.join(" "),
    treatment: treatment.join(" "),
    recommendations: recommendationList(
      poor ? [say(COMMON.retakePlant)] : [],
      [
        ...(seen ? advice.recommendations.map((line) => say(line)) : []),
        ...(species ? [say(SPECIES_NOTES[species].recommendation)] : []),
      ],
      [say(COMMON.confirmExtension)],
    ),
  };
}

/**
 * The screening's answer for a measured photo: severity, confidence, diagnosis,
 * treatment and recommendations for the analysis type, read with what the farmer
 * said the photo shows, written in `language`.
 */
export function screenMeasures(
  measures: PhotoMeasures,
  analysisType: AnalysisType,
  context: AnalysisContext,
  language: LanguageCode,
): AnalysisResult {
  const say: Say = (text, values) => fill(text[language], values);
  switch (analysisType) {
    case "crop_health":
      return screenCrop(measures, context, say);
    case "livestock":
      return screenLivestock(measures, context, say);
    case "traditional_medicine":
      return screenMedicinalPlant(measures, context, say);
  }
}
