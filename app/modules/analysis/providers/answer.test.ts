import { describe, expect, it } from "vitest";
import { readAnswer } from "./answer";

const GOOD = {
  severity: "high",
  confidence: 55.5,
  diagnosis: " Fall armyworm ",
  treatment: "Hand-pick larvae.",
  recommendations: ["Scout twice a week."],
};
const READ = { ...GOOD, diagnosis: "Fall armyworm", assessable: true };

describe("readAnswer", () => {
  it("reads a bare JSON object, normalised by the result schema", () => {
    expect(readAnswer(JSON.stringify(GOOD))).toEqual(READ);
  });

  it("keeps a model's word that it could not assess the photo, and refuses anything but a boolean there", () => {
    expect(readAnswer(JSON.stringify({ ...GOOD, assessable: false }))).toEqual({ ...READ, assessable: false });
    expect(readAnswer(JSON.stringify({ ...GOOD, assessable: "no" }))).toBeUndefined();
  });

  it("reads JSON in a fence, with or without a sentence around it", () => {
    expect(readAnswer("```json\n" + JSON.stringify(GOOD) + "\n```")).toEqual(READ);
    expect(readAnswer("```\n" + JSON.stringify(GOOD) + "\n```")).toEqual(READ);
    expect(readAnswer("Here it is:\n```json\n" + JSON.stringify(GOOD) + "\n```\nStay safe.")).toEqual(READ);
    expect(readAnswer("Result: " + JSON.stringify(GOOD))).toEqual(READ);
  });

  it("refuses empty, non-JSON and wrongly shaped answers", () => {
    for (const text of [undefined, null, "", "  ", "no idea", "{", "[]", '"text"'])
      expect(readAnswer(text)).toBeUndefined();
    const wrong = [
      { ...GOOD, severity: "critical" },
      { ...GOOD, confidence: 101 },
      { ...GOOD, confidence: "80" },
      { ...GOOD, diagnosis: "   " },
      { ...GOOD, recommendations: [] },
      { ...GOOD, recommendations: Array.from({ length: 9 }, () => "step") },
      { ...GOOD, treatment: "x".repeat(4001) },
      { ...GOOD, diagnosis: "bad\u0000text" },
    ];
    for (const value of wrong) expect(readAnswer(JSON.stringify(value))).toBeUndefined();
  });
});
