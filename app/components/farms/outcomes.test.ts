import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "~/locales/en.json";
import { MAPPING_INTENTS } from "~/modules/farms/schemas";
import { OUTCOMES, outcomeOf, type MappingReply } from "./outcomes";

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: { en: { translation: en } } });
});
const t = (key: string) => i18next.t(key);

const succeeded = (intent: MappingReply["intent"]): MappingReply => ({
  intent,
  result: { status: "success" },
  data: { farmId: "farm_1" },
});
const refused = (intent: MappingReply["intent"], message?: string): MappingReply => ({
  intent,
  result: { status: "error", error: { "": [message ?? "x"] } },
  ...(message ? { refusal: { code: "FARM_BOUNDARY_INVALID", message } } : {}),
});

describe("what each mapping answer shows", () => {
  it("has an outcome for every intent, each toast a text of the locale", () => {
    expect(Object.keys(OUTCOMES).sort()).toEqual([...MAPPING_INTENTS].sort());
    for (const outcome of Object.values(OUTCOMES)) {
      for (const key of [outcome.success.toast, outcome.failure.toast, outcome.failure.otherwise]) {
        if (key) expect(i18next.exists(key), key).toBe(true);
      }
    }
  });

  it("says the specification's words on success, and what follows", () => {
    expect(outcomeOf(succeeded("createFarm"), t)).toEqual({
      toast: { title: "Farm created successfully!" },
      then: ["closeDialog", "selectFarm"],
    });
    expect(outcomeOf(succeeded("boundary"), t)).toEqual({
      toast: { title: "Farm boundary updated successfully!" },
      then: ["stopWalk"],
    });
    // Selecting a farm shows it, with no toast.
    expect(outcomeOf(succeeded("select"), t)).toEqual({ toast: undefined, then: ["showFarm"] });
  });

  it("titles a failure with the specification's words and says the refusal's message under it", () => {
    expect(outcomeOf(refused("drawnPlot", "The plot must lie inside the farm boundary"), t)).toEqual({
      toast: {
        title: "Failed to create plot from drawing",
        description: "The plot must lie inside the farm boundary",
        variant: "destructive",
      },
      then: [],
    });
    // A walked boundary that is refused can be saved again; a refused delete closes its confirmation.
    expect(outcomeOf(refused("boundary", "Too large"), t).then).toEqual(["resumeWalk"]);
    expect(outcomeOf(refused("deletePlot", "Plot not found"), t).then).toEqual(["closeConfirm"]);
  });

  it("says 'Error' and 'Failed to create farm' when a new farm is refused with no message", () => {
    expect(outcomeOf(refused("createFarm"), t).toast).toEqual({
      title: "Error",
      description: "Failed to create farm",
      variant: "destructive",
    });
    expect(outcomeOf(refused("createFarm", "You can keep up to 100 farms"), t).toast?.description).toBe(
      "You can keep up to 100 farms",
    );
  });
});
