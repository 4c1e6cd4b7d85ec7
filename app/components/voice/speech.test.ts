import { describe, expect, it } from "vitest";
import { problemOf, transcriptsOf } from "./speech";

describe("transcriptsOf", () => {
  it("reads every guess of the newest result, trimmed, the likeliest first", () => {
    const event = {
      resultIndex: 1,
      results: [
        [{ transcript: "old", confidence: 0.9 }],
        [
          { transcript: " bude kasuwa ", confidence: 0.8 },
          { transcript: "buddy kasuwa", confidence: 0.4 },
          { transcript: "  ", confidence: 0.1 },
        ],
      ],
    };
    expect(transcriptsOf(event)).toEqual(["bude kasuwa", "buddy kasuwa"]);
  });

  it("reads nothing from an empty result", () => {
    expect(transcriptsOf({ results: [] })).toEqual([]);
    expect(transcriptsOf({ results: [[]] })).toEqual([]);
  });
});

describe("problemOf", () => {
  it("explains the recogniser's errors and keeps quiet about our own stop", () => {
    expect(problemOf("aborted")).toBeNull();
    expect(problemOf("no-speech")).toBe("noSpeech");
    expect(problemOf("not-allowed")).toBe("denied");
    expect(problemOf("service-not-allowed")).toBe("denied");
    expect(problemOf("audio-capture")).toBe("noMicrophone");
    expect(problemOf("network")).toBe("network");
    expect(problemOf("language-not-supported")).toBe("language");
    expect(problemOf("bad-grammar")).toBe("failed");
  });
});
