import type { LanguageCode } from "~/lib/i18n";
import { RESULT_LIMITS, type AnalysisContext, type AnalysisResult, type AnalysisType } from "../types";
import { COMMON, type PhotoProblem } from "./knowledge/common";
import { CROP_ADVICE, FALL_ARMYWORM, type CropCondition } from "./knowledge/crops";
import { ANIMAL_ADVICE } from "./knowledge/livestock";
import { MEDICINAL_ADVICE, SPECIES_NOTES, type MedicinalCondition } from "./knowledge/medicinal-plants";
import type { Advice } from "./knowledge/types";
import type { PhotoMeasures, PlantMeasures } from "./measure";
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
import {
  animalPartSeen,
  ramp,
  readAnimal,
  readPhoto,
  readPlant,
  THRESHOLDS,
  type AnimalKind,
  type PlantPattern,
} from "./readings";

// From a photo's measures to the answer Asiiko AI shows: how serious it looks,
// how sure the screening can be, and what to do, in the farmer's language.
// Pure and deterministic, so the same photo always gets the same answer.

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
