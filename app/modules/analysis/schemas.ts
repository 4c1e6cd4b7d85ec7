import { z } from "~/lib/zod";
import { optionalNumber } from "~/lib/query-params";
import { optionalText, text } from "~/lib/text";
import { AI_MODELS, ANALYSIS_TYPES, type AnalysisContext } from "./types";

// The text fields of POST /api/ai/analyze (multipart), checked before any work.

/** A crop, animal or plant name as the farmer typed it; 'Unknown' (what the client sends when nothing was typed) means none. */
const contextName = optionalText(text({ max: 100, tooLong: "ai.errors.contextTooLong" })).transform((value) =>
  value && value.toLowerCase() !== "unknown" ? value : undefined,
);

export const analysisContextSchema = z
  .object(
    { cropType: contextName, livestockType: contextName, plantSpecies: contextName },
    { error: "ai.errors.context" },
  )
  .transform((context): AnalysisContext =>
    Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined)),
  );

/** The context arrives as JSON text; what does not parse is refused like a wrong shape. */
const contextJson = text({ max: 1024, required: "ai.errors.context", tooLong: "ai.errors.context" })
  .optional()
  .transform((value, context) => {
    if (value === undefined || value.trim() === "") return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "ai.errors.context" });
      return z.NEVER;
    }
  })
  .pipe(analysisContextSchema.optional());

export const analyzeFieldsSchema = z.object({
  analysisType: z.enum(ANALYSIS_TYPES, { error: "ai.errors.analysisType" }),
  // The specification's client always names one; a client that does not gets the default agent.
  preferredModel: z.preprocess(
    (value) => (value === undefined || value === "" ? "openai" : value),
    z.enum(AI_MODELS, { error: "ai.errors.preferredModel" }),
  ),
  additionalContext: contextJson.transform((context) => context ?? {}),
});
export type AnalyzeFields = z.infer<typeof analyzeFieldsSchema>;

/** The history's page: how many, and the last analysis of the page before. */
export const historyQuerySchema = z.object({
  limit: optionalNumber(
    z.number().int("errors.validation").min(1, "errors.validation").max(50, "errors.validation"),
    "errors.validation",
  ),
  before: optionalText(text({ max: 100 }).regex(/^[\w-]+$/, "errors.invalidText")),
});
