import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES, type LanguageCode } from "~/lib/i18n";
import { leafPhoto } from "../../../../tests/support/leaf-photos";
import {
  AiFailure,
  analysisResultSchema,
  type AnalysisContext,
  type AnalysisResult,
  type AnalysisType,
  type AnalyzerInput,
} from "../types";
import { analyzeWithBuiltin } from ".";
import {
  combPixels,
  encodePhoto,
  eyelidPixels,
  leafletPixels,
  leafPixels,
  plainPixels,
  skinPixels,
} from "./sample-photos";

// The built-in analyzer on photos, as the worker calls it: drawn leaves, eyelids,
// combs and skin, poor photos, every language, and a 12-megapixel JPEG.

const SLOW = 60_000;

async function analyze(
  image: Buffer,
  analysisType: AnalysisType = "crop_health",
  context: AnalysisContext = {},
  language: LanguageCode = "en",
  signal = new AbortController().signal,
) {
  const input: AnalyzerInput = { image, mimeType: "image/jpeg", analysisType, context, language, signal };
  const result = await analyzeWithBuiltin(input);
  // Whatever it answers must be a valid result as every analyzer's is, saying whether it assessed the photo.
  const parsed = analysisResultSchema.parse(result);
  expect(parsed).toEqual(result);
  return parsed;
}

const RETAKE = /^Take the photo again in daylight/;

describe("analyzeWithBuiltin on leaves", () => {
  it("grades a green leaf low, a yellowed one medium and a brown-spotted one high", async () => {
    expect((await analyze(await encodePhoto(leafPixels()))).severity).toBe("low");
    expect((await analyze(await encodePhoto(leafPixels({ yellowing: "uniform" })))).severity).toBe("medium");
    expect((await analyze(await encodePhoto(leafPixels({ yellowing: "mosaic" })))).severity).toBe("medium");
    const spotted = await analyze(await encodePhoto(leafPixels({ spots: 30 })));
    expect(spotted.severity).toBe("high");
    expect(spotted.diagnosis).toMatch(/spots counted: \d+/);
  });

  it(
    "grades the API tests' leaf photos low, medium and high at 800x600, 1600x1200 and 4000x3000",
    { timeout: SLOW },
    async () => {
      for (const [width, height] of [
        [800, 600],
        [1600, 1200],
        [4000, 3000],
      ] as const) {
        const severities = { sent: [] as string[], prepared: [] as string[] };
        for (const condition of ["healthy", "yellowed", "spotted"] as const) {
          const sent = await leafPhoto(condition, { width, height });
          // What the worker receives: the upload's rendition, at most 1600 px wide, in WebP.
          const prepared = await sharp(sent)
            .resize({ width: 1600, withoutEnlargement: true })
            .webp({ quality: 78, effort: 4 })
            .toBuffer();
          for (const [form, photo] of [
            ["sent", sent],
            ["prepared", prepared],
          ] as const) {
            const result = await analyze(photo, "crop_health", { cropType: "Cassava" });
            expect(result.confidence).toBeGreaterThanOrEqual(40);
            severities[form].push(result.severity);
          }
        }
        expect(severities, `${width}x${height}`).toEqual({
          sent: ["low", "medium", "high"],
          prepared: ["low", "medium", "high"],
        });
      }
    },
  );

  it("gives the same photo exactly the same result", async () => {
    const photo = await leafPhoto("yellowed");
    expect(await analyze(photo, "crop_health", { cropType: "maize" }, "ha")).toEqual(
      await analyze(photo, "crop_health", { cropType: "maize" }, "ha"),
    );
  });

  it("reads a 12-megapixel JPEG", { timeout: SLOW }, async () => {
    const photo = await leafPhoto("spotted", { width: 4000, height: 3000 });
    expect((await sharp(photo).metadata()).width).toBe(4000);
    expect((await analyze(photo)).severity).toBe("high");
  });
});

describe("analyzeWithBuiltin on poor photos", () => {
  it("has low confidence on a black frame and asks for a new photo first", async () => {
    const result = await analyze(await encodePhoto(plainPixels([0, 0, 0])));
    expect(result.confidence).toBeLessThan(40);
    expect(result.recommendations[0]).toMatch(RETAKE);
    expect(result.recommendations[0]).toMatch(/whole leaf filling the frame.*in focus.*several leaves/);
    expect(result.diagnosis).toMatch(/could not be read well \(it is too dark/);
  });

  it("has low confidence on a blurred grey wall, an overexposed frame and a blurred leaf", async () => {
    for (const photo of [
      await encodePhoto(plainPixels([150, 150, 146]), "jpeg", { blur: 6 }),
      await encodePhoto(plainPixels([255, 255, 255])),
      await encodePhoto(leafPixels(), "jpeg", { blur: 8 }),
    ]) {
      const result = await analyze(photo);
      expect(result.confidence).toBeLessThan(40);
      expect(result.recommendations[0]).toMatch(RETAKE);
    }
  });

  it("says it could not assess a frame with nothing to read, and grades no risk on it, in every analysis type", async () => {
    const unreadable = [
      await encodePhoto(plainPixels([0, 0, 0])),
      await encodePhoto(plainPixels([128, 128, 128])),
      await encodePhoto(plainPixels([150, 150, 146]), "jpeg", { blur: 6 }),
      await encodePhoto(plainPixels([255, 255, 255])),
    ];
    for (const photo of unreadable) {
      for (const analysisType of ["crop_health", "livestock", "traditional_medicine"] as const) {
        const result = await analyze(photo, analysisType);
        expect(result.assessable, analysisType).toBe(false);
        expect(result.confidence).toBeLessThan(40);
        // How to take it again comes first.
        expect(result.recommendations[0]).toMatch(RETAKE);
      }
    }
    // A leaf photographed for livestock shows no animal to read either.
    expect((await analyze(await leafPhoto("yellowed"), "livestock", { livestockType: "goat" })).assessable).toBe(false);
  });

  it("still assesses a photo that shows the subject, even a poor one (a blurred leaf)", async () => {
    expect((await analyze(await encodePhoto(leafPixels(), "jpeg", { blur: 8 }))).assessable).toBe(true);
    expect((await analyze(await leafPhoto("spotted"))).assessable).toBe(true);
    expect(
      (await analyze(await encodePhoto(eyelidPixels("pale")), "livestock", { livestockType: "goat" })).assessable,
    ).toBe(true);
    expect((await analyze(await encodePhoto(leafletPixels()), "traditional_medicine")).assessable).toBe(true);
  });

  it("refuses an 8x8 image and bytes that are not an image as AI_INVALID_IMAGE", async () => {
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2f8f3a" } })
      .jpeg()
      .toBuffer();
    for (const image of [tiny, Buffer.from("not a photo at all")]) {
      const failure = await analyze(image).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AiFailure);
      expect(failure).toMatchObject({ code: "AI_INVALID_IMAGE", retryable: false });
    }
  });

  it("rejects with the signal's reason when the analysis was aborted", async () => {
    const controller = new AbortController();
    const reason = new Error("deadline passed");
    controller.abort(reason);
    await expect(analyze(await leafPhoto("healthy"), "crop_health", {}, "en", controller.signal)).rejects.toBe(reason);
  });
});

describe("analyzeWithBuiltin and what the farmer said", () => {
  it("matches the crop named in any language, and gives general advice for Unknown or nothing", async () => {
    const mosaic = await encodePhoto(leafPixels({ yellowing: "mosaic" }));
    const rogo = await analyze(mosaic, "crop_health", { cropType: "rogo" });
    expect(rogo.diagnosis).toMatch(/^Crop: Cassava\. .*cassava mosaic disease/);
    for (const context of [{ cropType: "Unknown" }, { cropType: "" }, {}]) {
      const general = await analyze(mosaic, "crop_health", context);
      expect(general.diagnosis).toMatch(/^Crop: not named/);
      expect(general.diagnosis).not.toMatch(/cassava/i);
    }
  });

  it("names maize streak on a streaked maize leaf", async () => {
    const result = await analyze(
      await encodePhoto(leafPixels({ shape: "long", yellowing: "streaks" })),
      "crop_health",
      { cropType: "Àgbàdo" },
    );
    expect(result.severity).toBe("medium");
    expect(result.diagnosis).toMatch(/maize streak virus/);
  });

  it("writes every text in the farmer's language", async () => {
    const photo = await leafPhoto("spotted");
    const english = await analyze(photo, "crop_health", { cropType: "yam" }, "en");
    for (const language of LANGUAGE_CODES.filter((code) => code !== "en")) {
      const result: AnalysisResult = await analyze(photo, "crop_health", { cropType: "yam" }, language);
      expect(result.severity).toBe(english.severity);
      expect(result.confidence).toBe(english.confidence);
      expect(result.diagnosis, language).not.toBe(english.diagnosis);
      expect(result.treatment, language).not.toBe(english.treatment);
      expect(result.recommendations).toHaveLength(english.recommendations.length);
      result.recommendations.forEach((line, index) => {
        expect(line.trim()).not.toBe("");
        expect(line, `${language} recommendation ${index}`).not.toBe(english.recommendations[index]);
      });
    }
  });
});

describe("analyzeWithBuiltin on animals and medicinal plants", () => {
  it("reads a pale goat eyelid as anaemia from worms, and a red one as nothing alarming", async () => {
    const pale = await analyze(await encodePhoto(eyelidPixels("pale")), "livestock", { livestockType: "goat" });
    expect(["medium", "high"]).toContain(pale.severity);
    expect(pale.diagnosis).toMatch(/anaemia/);
    expect(pale.diagnosis).toMatch(/worm/);
    expect(pale.diagnosis).toMatch(/veterinarian/);
    expect(pale.treatment).toMatch(/dewormer/);
    const red = await analyze(await encodePhoto(eyelidPixels("red")), "livestock", { livestockType: "Ewúrẹ́" });
    expect(red.severity).toBe("low");
    expect(red.diagnosis).toMatch(/Nothing alarming/);
  });

  it("reads a hen's comb: red is healthy, pale and purple are not", async () => {
    expect((await analyze(await encodePhoto(combPixels("red")), "livestock", { livestockType: "kaza" })).severity).toBe(
      "low",
    );
    const pale = await analyze(await encodePhoto(combPixels("pale")), "livestock", { livestockType: "hen" });
    expect(pale.severity).toBe("medium");
    expect(pale.diagnosis).toMatch(/comb and wattles look pale/);
    const purple = await analyze(await encodePhoto(combPixels("purple")), "livestock", { livestockType: "chicken" });
    expect(purple.severity).toBe("high");
    expect(purple.treatment).toMatch(/call a vet/);
  });

  it("reads crusted skin as mange or dermatophilosis", async () => {
    const result = await analyze(await encodePhoto(skinPixels(20)), "livestock", { livestockType: "sheep" });
    expect(result.severity).not.toBe("low");
    expect(result.diagnosis).toMatch(/mange.*dermatophilosis/);
    expect((await analyze(await encodePhoto(skinPixels(0)), "livestock", { livestockType: "sheep" })).severity).toBe(
      "low",
    );
  });

  it("does not read crop advice into an animal photo, nor animal advice into a leaf", async () => {
    const leafAsAnimal = await analyze(await leafPhoto("yellowed"), "livestock", { livestockType: "Unknown" });
    expect(leafAsAnimal.confidence).toBeLessThan(40);
    expect(leafAsAnimal.recommendations[0]).toMatch(/^Take the photo again in daylight, close up/);
    const eyelidAsCrop = await analyze(await encodePhoto(eyelidPixels("red")), "crop_health");
    expect(eyelidAsCrop.confidence).toBeLessThan(40);
    expect(eyelidAsCrop.diagnosis).toMatch(/little or no leaf/);
  });

  it("grades moringa leaves for harvest: fresh low, yellowing medium, spotted high and discarded", async () => {
    const fresh = await analyze(await encodePhoto(leafletPixels()), "traditional_medicine", { plantSpecies: "zogale" });
    expect(fresh.severity).toBe("low");
    expect(fresh.diagnosis).toMatch(/^Plant: Moringa\. The leaves look fresh/);
    expect(fresh.diagnosis).toMatch(/cannot tell which species/);
    expect(fresh.treatment).toMatch(/Moringa:/);
    expect(
      (
        await analyze(await encodePhoto(leafletPixels({ yellowed: 10 })), "traditional_medicine", {
          plantSpecies: "moringa",
        })
      ).severity,
    ).toBe("medium");
    const spotted = await analyze(await encodePhoto(leafletPixels({ spotted: 8 })), "traditional_medicine", {});
    expect(spotted.severity).toBe("high");
    expect(spotted.recommendations[0]).toMatch(/Discard any leaf with spots or mould/);
  });
});
