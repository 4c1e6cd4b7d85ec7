import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nConfig } from "~/lib/i18n";
import { ApiError, OfflineError } from "~/lib/http/errors";
import en from "~/locales/en.json";
import { ANALYSIS_STAGES } from "~/modules/analysis/view";
import {
  AnalysisAnswerError,
  answererText,
  confidencePercent,
  contextName,
  failureText,
  shownStage,
  STAGE_LABELS,
  viewFailureText,
} from "./labels";

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ ...i18nConfig, lng: "en", resources: { en: { translation: en } } });
  t = i18n.t;
});

describe("stage words", () => {
  it("names every stage, and the upload before the server has the photo", () => {
    expect(shownStage(null)).toBe("uploading");
    expect(t(STAGE_LABELS[shownStage({ stage: "queued" })])).toBe("Waiting in line");
    expect(t(STAGE_LABELS.preparing)).toBe("Preparing the photo");
    expect(t(STAGE_LABELS.analysing)).toBe("Analysing the photo");
    expect(t(STAGE_LABELS.writing)).toBe("Writing the result");
    for (const stage of ANALYSIS_STAGES) expect(t(STAGE_LABELS[stage])).not.toBe(STAGE_LABELS[stage]);
  });
});

describe("result words", () => {
  it("rounds the confidence to a whole percent within 0-100", () => {
    expect(confidencePercent(72.4)).toBe(72);
    expect(confidencePercent(72.5)).toBe(73);
    expect(confidencePercent(120)).toBe(100);
    expect(confidencePercent(-3)).toBe(0);
  });

  it("says who answered", () => {
    expect(answererText(t, "claude")).toBe("Answered by Claude");
    expect(answererText(t, "builtin")).toBe("Answered by the built-in photo screening");
  });

  it("reads the farmer's context, 'Unknown' and blanks as none", () => {
    expect(contextName({ context: { cropType: "Cassava" } })).toBe("Cassava");
    expect(contextName({ context: { livestockType: " Goat " } })).toBe("Goat");
    expect(contextName({ context: { plantSpecies: "Unknown" } })).toBeNull();
    expect(contextName({ context: { cropType: "  " } })).toBeNull();
    expect(contextName({ context: {} })).toBeNull();
  });
});

describe("failure words", () => {
  it("shows a refusal as its status and the server's own message", () => {
    const body = JSON.stringify({
      success: false,
      message: "Premium is needed",
      error: { code: "AUTHZ_SUBSCRIPTION_REQUIRED", message: "Premium is needed for this. Upgrade to continue." },
    });
    expect(failureText(t, new ApiError(403, body, "Forbidden"))).toBe(
      "403: Premium is needed for this. Upgrade to continue.",
    );
  });

  it("falls back to the status's meaning when the body is not the API's", () => {
    expect(failureText(t, new ApiError(502, "<html>Bad gateway</html>", "Bad Gateway"))).toBe(
      "502: Our servers are having issues. Please try again in a few minutes",
    );
    expect(failureText(t, new ApiError(413, "", "Payload Too Large"))).toBe(
      "413: Something went wrong. Please try again",
    );
  });

  it("names a lost connection and a time-out", () => {
    expect(failureText(t, new TypeError("Failed to fetch"))).toBe("Please check your internet connection");
    expect(failureText(t, new DOMException("late", "TimeoutError"))).toBe(
      "The request took too long. Please try again",
    );
    expect(failureText(t, new OfflineError())).toBe("No internet connection");
  });

  it("uses the answer's message when a 2xx answer holds no analysis, else 'Analysis failed'", () => {
    expect(failureText(t, new AnalysisAnswerError("Try later"))).toBe("Try later");
    expect(failureText(t, new AnalysisAnswerError(null))).toBe("Analysis failed");
  });

  it("says 'Unknown error occurred' when nothing better is known", () => {
    expect(failureText(t, new Error("boom"))).toBe("Unknown error occurred");
    expect(failureText(t, "a string")).toBe("Unknown error occurred");
    expect(viewFailureText(t, { error: null })).toBe("Unknown error occurred");
    expect(
      viewFailureText(t, {
        error: { code: "AI_PROCESSING_TIMEOUT", message: "The analysis took too long. Please try again" },
      }),
    ).toBe("The analysis took too long. Please try again");
  });
});
