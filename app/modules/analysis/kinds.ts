// The choices of an analysis (its type, the provider asked, the severities a
// result names), apart from the result's schema: the Asiiko AI page uses them in
// the browser without loading the schema library.

export const ANALYSIS_TYPES = ["crop_health", "livestock", "traditional_medicine"] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

export const AI_MODELS = ["openai", "claude", "gemini"] as const;
export type AiModel = (typeof AI_MODELS)[number];

/** Who answered an analysis: one of the providers, or the built-in photo screening. */
export type Answerer = AiModel | "builtin";

export const SEVERITIES = ["low", "medium", "high"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** What the farmer said the photo shows (the spec's additionalContext); 'Unknown' or empty means not said. */
export interface AnalysisContext {
  cropType?: string;
  livestockType?: string;
  plantSpecies?: string;
}

/** The context field that belongs to each analysis type. */
export const CONTEXT_FIELD: Record<AnalysisType, keyof AnalysisContext> = {
  crop_health: "cropType",
  livestock: "livestockType",
  traditional_medicine: "plantSpecies",
};
