import { describe, expect, it } from "vitest";
import { failureAnswer } from "./failures";
import { analyzeFieldsSchema, historyQuerySchema } from "./schemas";
import { shownProgress } from "./view";

describe("the analyze form's fields", () => {
  it("reads the context JSON, drops 'Unknown' and empty names, and defaults the assistant to OpenAI", () => {
    expect(
      analyzeFieldsSchema.parse({ analysisType: "crop_health", additionalContext: '{"cropType":"  Rogo "}' }),
    ).toEqual({
      analysisType: "crop_health",
      preferredModel: "openai",
      additionalContext: { cropType: "Rogo" },
    });
    expect(
      analyzeFieldsSchema.parse({
        analysisType: "livestock",
        preferredModel: "claude",
        additionalContext: '{"livestockType":"Unknown"}',
      }).additionalContext,
    ).toEqual({});
    expect(
      analyzeFieldsSchema.parse({
        analysisType: "traditional_medicine",
        preferredModel: "gemini",
        additionalContext: "",
      }).additionalContext,
    ).toEqual({});
    // Keys it does not know are not kept.
    expect(
      analyzeFieldsSchema.parse({ analysisType: "crop_health", additionalContext: '{"cropType":"Maize","note":"x"}' })
        .additionalContext,
    ).toEqual({ cropType: "Maize" });
  });

  it("refuses what it cannot use, naming the field", () => {
    const issues = (input: Record<string, unknown>) =>
      analyzeFieldsSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues({ analysisType: "soil" })).toEqual(["analysisType: ai.errors.analysisType"]);
    expect(issues({ analysisType: "crop_health", preferredModel: "llama" })).toEqual([
      "preferredModel: ai.errors.preferredModel",
    ]);
    expect(issues({ analysisType: "crop_health", additionalContext: "{oops" })).toEqual([
      "additionalContext: ai.errors.context",
    ]);
    expect(issues({ analysisType: "crop_health", additionalContext: "42" })).toEqual([
      "additionalContext: ai.errors.context",
    ]);
    expect(
      issues({ analysisType: "crop_health", additionalContext: JSON.stringify({ cropType: "y".repeat(101) }) }),
    ).toEqual(["additionalContext.cropType: ai.errors.contextTooLong"]);
  });

  it("pages the history with a bounded limit", () => {
    expect(historyQuerySchema.parse({})).toEqual({});
    expect(historyQuerySchema.parse({ limit: "5", before: "ckabc_1" })).toEqual({ limit: 5, before: "ckabc_1" });
    expect(historyQuerySchema.safeParse({ limit: "51" }).success).toBe(false);
    expect(historyQuerySchema.safeParse({ before: "a b" }).success).toBe(false);
  });
});

describe("what a farmer is shown", () => {
  it("the bar never shows less than the specification's 66, and reaches 100 when done", () => {
    expect([0, 15, 40, 90, 100].map(shownProgress)).toEqual([66, 71, 80, 97, 100]);
    expect(shownProgress(-5)).toBe(66);
    expect(shownProgress(250)).toBe(100);
  });

  it("each failure answers its own status", () => {
    expect(failureAnswer("AI_PROCESSING_TIMEOUT")).toMatchObject({ status: 504 });
    expect(failureAnswer("AI_MODEL_OVERLOADED")).toMatchObject({ status: 503, retryAfterSeconds: 60 });
    expect(failureAnswer("AI_ANALYSIS_FAILED")).toMatchObject({ status: 502 });
    expect(failureAnswer("AUTHZ_SUBSCRIPTION_REQUIRED")).toMatchObject({
      status: 403,
      messageKey: "ai.errors.trialRaced",
    });
    expect(failureAnswer("SOMETHING_ELSE")).toMatchObject({ status: 502 });
  });
});
