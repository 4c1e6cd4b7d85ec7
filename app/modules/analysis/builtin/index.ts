import type { Analyzer } from "../types";
import { measurePhoto } from "./photo.server";
import { screenMeasures } from "./screening";

// The built-in photo screening of Asiiko AI: the analyzer that answers when no
// provider has a key. It decodes the photo small, measures its colours and
// reads them against a knowledge base, on this machine, in well under a second.

export const analyzeWithBuiltin: Analyzer = async (input) => {
  input.signal.throwIfAborted();
  const measures = await measurePhoto(input.image);
  input.signal.throwIfAborted();
  return screenMeasures(measures, input.analysisType, input.context, input.language);
};

export { readAnimal, readPhoto, readPlant, THRESHOLDS } from "./readings";
export type { AnimalKind, PlantPattern } from "./readings";
export { animalKind, cropCondition, fill, medicinalCondition, percent, screenMeasures } from "./screening";
export type { PhotoMeasures } from "./measure";
