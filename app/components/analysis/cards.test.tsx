import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nConfig } from "~/lib/i18n";
import en from "~/locales/en.json";
import type { AnalysisView } from "~/modules/analysis/view";
import { AgentPanel } from "./agent-panel";
import { ProgressCard } from "./progress-card";
import { ResultCard } from "./result-card";

// The cards as the page renders them, to HTML.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: "en", resources: { en: { translation: en } } });
});
const render = (node: React.ReactNode) => renderToString(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

const view: AnalysisView = {
  id: "an_1",
  analysisType: "livestock",
  preferredModel: "openai",
  answeredBy: "builtin",
  assessable: true,
  status: "completed",
  stage: "done",
  progress: 100,
  severity: "medium",
  confidence: 71.6,
  diagnosis: "Pale gums & dull coat",
  treatment: "Deworm the herd",
  recommendations: ["Check the eyelids", "Call the vet"],
  error: null,
  context: { livestockType: "Goat" },
  createdAt: "2026-11-24T08:00:00.000Z",
  completedAt: "2026-11-24T08:00:05.000Z",
  photoUrl: "/api/ai/analyses/an_1/photo",
  thumbnailUrl: "/api/ai/analyses/an_1/photo?width=320",
};

describe("ProgressCard", () => {
  it("stands at 66 before the server has the photo, and says so", () => {
    const html = render(<ProgressCard progress={{ analysisType: "crop_health", view: null }} />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="66"');
    expect(html).toContain("Analyzing with Asiiko AI...");
    expect(html).toContain("Sending the photo");
  });

  it("moves on from 66 with the real progress and names the stage", () => {
    const html = render(
      <ProgressCard
        progress={{
          analysisType: "crop_health",
          view: { ...view, status: "processing", stage: "analysing", progress: 40 },
        }}
      />,
    );
    expect(html).toContain('aria-valuenow="80"');
    expect(html).toContain("Analysing the photo");
  });
});

describe("ResultCard", () => {
  it("shows the severity, the rounded confidence, the texts, the photo and who answered", () => {
    const html = render(<ResultCard view={view} locale="en" />);
    expect(html).toContain("MEDIUM RISK");
    expect(html).toContain("Confidence: 72%");
    expect(html).toContain("Pale gums &amp; dull coat");
    expect(html).toContain("Deworm the herd");
    expect(html).toContain("Call the vet");
    expect(html).toContain('src="/api/ai/analyses/an_1/photo"');
    expect(html).toContain("Livestock · Goat");
    expect(html).toContain("Answered by the built-in photo screening");
    expect(html).toContain("Confirm with an extension officer or a vet");
  });

  it("shows no risk and no confidence for a photo that could not be assessed, but why and how to retake it", () => {
    const html = render(
      <ResultCard
        view={{ ...view, assessable: false, severity: "low", confidence: 12, diagnosis: "Nothing could be read." }}
        locale="en"
      />,
    );
    expect(html).not.toContain("RISK");
    expect(html).not.toContain("data-severity");
    expect(html).not.toContain("Confidence:");
    expect(html).toContain("Not assessed");
    expect(html).toContain("This photo could not be assessed");
    expect(html).toContain("does not count as a use of Asiiko AI");
    for (const tip of ["In daylight", "Close up", "In focus", "One leaf, one animal or one plant filling the frame"])
      expect(html).toContain(tip);
    expect(html).toContain("Nothing could be read.");
  });

  it("names a provider without the screening's caution", () => {
    const html = render(<ResultCard view={{ ...view, answeredBy: "gemini", severity: "high" }} locale="en" />);
    expect(html).toContain("HIGH RISK");
    expect(html).toContain("Answered by Gemini");
    expect(html).not.toContain("extension officer");
  });

  it("shows why a failed analysis failed", () => {
    const html = render(
      <ResultCard
        view={{
          ...view,
          status: "failed",
          severity: null,
          confidence: null,
          error: { code: "AI_PROCESSING_TIMEOUT", message: "The analysis took too long. Please try again" },
        }}
        locale="en"
      />,
    );
    expect(html).toContain("This analysis failed");
    expect(html).toContain("The analysis took too long. Please try again");
    expect(html).not.toContain("RISK");
  });
});

describe("AgentPanel", () => {
  it("marks the chosen assistant Active and the others Standby", () => {
    const html = render(
      <AgentPanel selected="openai" onSelect={() => {}} models={{ openai: true, claude: false, gemini: false }} />,
    );
    expect(html.match(/>Active</g)).toHaveLength(1);
    expect(html.match(/>Standby</g)).toHaveLength(2);
    expect(html).not.toContain("not connected");
  });

  it("says plainly when the chosen assistant is not connected", () => {
    const html = render(
      <AgentPanel selected="claude" onSelect={() => {}} models={{ openai: true, claude: false, gemini: false }} />,
    );
    expect(html).toContain("Claude is not connected here, so the built-in photo screening will answer.");
    expect(html).toContain("it is not an AI model");
  });
});
