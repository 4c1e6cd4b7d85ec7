import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  errorAnswer,
  jsonAnswer,
  lateAnswer,
  startFakeAiProviders,
  textAnswer,
  type FakeAiProvider,
  type RecordedAiRequest,
} from "../../../../tests/support/fake-ai-providers";
import { AiFailure, type AiModel, type AnalysisResult, type AnalyzerInput } from "../types";
import { providerFor, type ProviderConfig } from "./index";

// Each provider runs its official SDK against a local server speaking that
// provider's API: what is sent, what is read back, and how each failure is
// reported. Time-outs are short so the suite stays fast.

const KEY = "test-key-4d1f9c0b2e7a";
/** The time-out of the tests that run into it; the others get a roomy one, so a busy machine never fails them. */
const TIMEOUT_MS = 300;
const ROOMY_TIMEOUT_MS = 10_000;

const GOOD: AnalysisResult = {
  severity: "medium",
  confidence: 72,
  diagnosis: "Cassava mosaic disease: yellow and green patches on young leaves.",
  treatment: "Uproot and burn plants that show it; plant clean cuttings of a tolerant variety.",
  recommendations: ["Check every plant weekly.", "Confirm with an extension officer."],
  assessable: true,
};

let fakes: Awaited<ReturnType<typeof startFakeAiProviders>>;

beforeAll(async () => {
  fakes = await startFakeAiProviders({ apiKey: KEY });
});

afterAll(async () => {
  await fakes.closeAll();
});

beforeEach(() => {
  fakes.openai.reset();
  fakes.anthropic.reset();
  fakes.gemini.reset();
});

const bearer = (request: RecordedAiRequest) => /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];

interface ProviderCase {
  model: AiModel;
  fake: () => FakeAiProvider;
  /** The key as this provider's SDK sent it. */
  sentKey: (request: RecordedAiRequest) => string | undefined;
  /** Whether the request asked for the API's JSON mode (Claude has none). */
  askedForJson: (body: unknown) => boolean;
}

const CASES: ProviderCase[] = [
  {
    model: "openai",
    fake: () => fakes.openai,
    sentKey: bearer,
    askedForJson: (body) => (body as { response_format?: { type?: string } }).response_format?.type === "json_object",
  },
  {
    model: "claude",
    fake: () => fakes.anthropic,
    sentKey: (request) => request.headers["x-api-key"] ?? bearer(request),
    askedForJson: () => true,
  },
  {
    model: "gemini",
    fake: () => fakes.gemini,
    sentKey: (request) => request.headers["x-goog-api-key"] ?? request.query.key,
    askedForJson: (body) =>
      (body as { generationConfig?: { responseMimeType?: string } }).generationConfig?.responseMimeType ===
      "application/json",
  },
];

function input(overrides: Partial<AnalyzerInput> = {}): AnalyzerInput {
  return {
    image: randomBytes(96),
    mimeType: "image/webp",
    analysisType: "crop_health",
    context: { cropType: "Cassava" },
    language: "ha",
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** The failure an analysis rejected with. */
async function failureOf(promise: Promise<unknown>): Promise<AiFailure> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof AiFailure)) throw new Error(`expected an AiFailure, got ${String(outcome)}`);
  return outcome;
}

/** A port on 127.0.0.1 where nothing listens (a server that was just closed). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe.each(CASES)("the $model analyzer", ({ model, fake, sentKey, askedForJson }) => {
  const config = (overrides: Partial<ProviderConfig> = {}): ProviderConfig => ({
    apiKey: KEY,
    baseUrl: fake().baseUrl,
    model: `${model}-vision-test`,
    timeoutMs: ROOMY_TIMEOUT_MS,
    ...overrides,
  });

  it("sends the photo, the prompt, the model and the key, and reads the JSON answer", async () => {
    fake().answer(jsonAnswer(GOOD));
    const sent = input({ mimeType: "image/jpeg" });

    const result = await providerFor(model, config())(sent);

    expect(result).toEqual(GOOD);
    expect(fake().requests).toHaveLength(1);
    const request = fake().requests[0]!;
    expect(request.model).toBe(`${model}-vision-test`);
    expect(sentKey(request)).toBe(KEY);
    expect(request.images).toEqual([{ mimeType: "image/jpeg", base64: sent.image.toString("base64") }]);
    expect(request.text).toContain("crop_health");
    expect(request.text).toContain('"Cassava"');
    expect(request.text).toContain("Hausa");
    expect(request.text).toContain("JSON");
    expect(askedForJson(request.body)).toBe(true);
  });

  it("writes the prompt for the analysis type, its own context field and the language", async () => {
    fake().answer(jsonAnswer(GOOD));
    await providerFor(
      model,
      config(),
    )(input({ analysisType: "livestock", context: { cropType: "Maize", livestockType: "Goat" }, language: "fr" }));

    const { text } = fake().requests[0]!;
    expect(text).toContain("livestock");
    expect(text).toContain('"Goat"');
    expect(text).not.toContain("Maize");
    expect(text).toContain("French");
  });

  it("leaves out a context of 'Unknown'", async () => {
    fake().answer(jsonAnswer(GOOD));
    await providerFor(
      model,
      config(),
    )(input({ analysisType: "traditional_medicine", context: { plantSpecies: "Unknown" }, language: "yo" }));

    const { text } = fake().requests[0]!;
    expect(text).toContain("traditional_medicine");
    expect(text).not.toContain('"Unknown"');
    expect(text).toContain("did not say");
    expect(text).toContain("Yoruba");
  });

  it("reads JSON in a ```json fence", async () => {
    fake().answer(textAnswer("```json\n" + JSON.stringify(GOOD, null, 2) + "\n```"));
    expect(await providerFor(model, config())(input())).toEqual(GOOD);
    expect(fake().requests).toHaveLength(1);
  });

  it("asks once more after a malformed answer, and takes the good second one", async () => {
    fake().answer(textAnswer("I think this cassava has mosaic disease."), jsonAnswer(GOOD));

    expect(await providerFor(model, config())(input())).toEqual(GOOD);
    expect(fake().requests).toHaveLength(2);
    expect(fake().requests[1]!.images).toEqual(fake().requests[0]!.images);
  });

  it("fails with AI_ANALYSIS_FAILED after two malformed answers (exactly two requests)", async () => {
    fake().answer(textAnswer("{ not json"), jsonAnswer({ ...GOOD, confidence: 140, recommendations: [] }));

    const failure = await failureOf(providerFor(model, config())(input()));

    expect(failure.code).toBe("AI_ANALYSIS_FAILED");
    expect(failure.retryable).toBe(false);
    expect(fake().requests).toHaveLength(2);
  });

  it("counts an empty answer as malformed", async () => {
    fake().answer(textAnswer(""), textAnswer("   "));
    expect((await failureOf(providerFor(model, config())(input()))).code).toBe("AI_ANALYSIS_FAILED");
    expect(fake().requests).toHaveLength(2);
  });

  it("reports 429 as AI_MODEL_OVERLOADED with the Retry-After seconds, after one request", async () => {
    fake().answer(errorAnswer(429, { retryAfter: "7", message: "Rate limit reached." }));

    const failure = await failureOf(providerFor(model, config())(input()));

    expect(failure).toMatchObject({ code: "AI_MODEL_OVERLOADED", retryable: true, retryAfterSeconds: 7 });
    expect(fake().requests).toHaveLength(1);
  });

  it.each([500, 503])("reports %i as AI_SERVICE_UNAVAILABLE (retryable), after one request", async (status) => {
    fake().answer(errorAnswer(status));

    const failure = await failureOf(providerFor(model, config())(input()));

    expect(failure).toMatchObject({ code: "AI_SERVICE_UNAVAILABLE", retryable: true });
    expect(fake().requests).toHaveLength(1);
  });

  it("reports an answer slower than the time-out as AI_PROCESSING_TIMEOUT, after one request", async () => {
    fake().answer(lateAnswer(TIMEOUT_MS * 10, jsonAnswer(GOOD)));

    const failure = await failureOf(providerFor(model, config({ timeoutMs: TIMEOUT_MS }))(input()));

    expect(failure).toMatchObject({ code: "AI_PROCESSING_TIMEOUT", retryable: true });
    expect(fake().requests).toHaveLength(1);
  });

  it("reports 400 (the image refused) as AI_INVALID_IMAGE, not retryable", async () => {
    fake().answer(errorAnswer(400, { message: "Could not process image." }));

    const failure = await failureOf(providerFor(model, config())(input()));

    expect(failure).toMatchObject({ code: "AI_INVALID_IMAGE", retryable: false });
    expect(fake().requests).toHaveLength(1);
  });

  it("reports a refused key as AI_SERVICE_UNAVAILABLE, not retryable, without the key", async () => {
    const wrongKey = "wrong-key-8a7b6c5d4e3f";
    const failure = await failureOf(providerFor(model, config({ apiKey: wrongKey }))(input()));

    expect(failure).toMatchObject({ code: "AI_SERVICE_UNAVAILABLE", retryable: false });
    expect(failure.message).not.toContain(wrongKey);
    expect(fake().requests).toHaveLength(1);
  });

  it("never repeats the key when the provider's message does", async () => {
    fake().answer(errorAnswer(500, { message: `Internal error while handling key ${KEY}` }));

    const failure = await failureOf(providerFor(model, config())(input()));

    expect(failure.message).not.toContain(KEY);
  });

  it("reports a refused connection as AI_SERVICE_UNAVAILABLE (retryable)", async () => {
    const port = await closedPort();
    const baseUrl = fake().baseUrl.replace(/:\d+/, `:${port}`);

    const failure = await failureOf(providerFor(model, config({ baseUrl }))(input()));

    expect(failure).toMatchObject({ code: "AI_SERVICE_UNAVAILABLE", retryable: true });
  });

  it("rethrows the caller's reason when the caller aborts", async () => {
    fake().answer(lateAnswer(TIMEOUT_MS * 10, jsonAnswer(GOOD)));
    const caller = new AbortController();
    const reason = new Error("the worker is shutting down");

    const analysis = providerFor(model, config())(input({ signal: caller.signal }));
    await expect.poll(() => fake().requests.length).toBe(1);
    caller.abort(reason);

    await expect(analysis).rejects.toBe(reason);
    expect(fake().requests).toHaveLength(1);
  });

  it("sends nothing when the caller has already aborted", async () => {
    const caller = new AbortController();
    const reason = new Error("cancelled");
    caller.abort(reason);

    await expect(providerFor(model, config())(input({ signal: caller.signal }))).rejects.toBe(reason);
    expect(fake().requests).toHaveLength(0);
  });
});

describe("what only one provider does", () => {
  const config = (fake: FakeAiProvider, model: string): ProviderConfig => ({
    apiKey: KEY,
    baseUrl: fake.baseUrl,
    model,
    timeoutMs: ROOMY_TIMEOUT_MS,
  });

  it("claude: 529 overloaded is AI_MODEL_OVERLOADED (retryable), after one request", async () => {
    fakes.anthropic.answer(errorAnswer(529, { message: "Overloaded" }));

    const failure = await failureOf(providerFor("claude", config(fakes.anthropic, "claude-test"))(input()));

    expect(failure).toMatchObject({ code: "AI_MODEL_OVERLOADED", retryable: true });
    expect(fakes.anthropic.requests).toHaveLength(1);
  });

  it("claude: reads the JSON when a sentence comes before the fence", async () => {
    fakes.anthropic.answer(textAnswer("Here is the analysis:\n```json\n" + JSON.stringify(GOOD) + "\n```"));
    expect(await providerFor("claude", config(fakes.anthropic, "claude-test"))(input())).toEqual(GOOD);
  });

  it("gemini: 429 without Retry-After takes the delay from the body's RetryInfo", async () => {
    fakes.gemini.answer(errorAnswer(429, { retryDelay: "31.5s" }));

    const failure = await failureOf(providerFor("gemini", config(fakes.gemini, "gemini-test"))(input()));

    expect(failure).toMatchObject({ code: "AI_MODEL_OVERLOADED", retryable: true, retryAfterSeconds: 32 });
  });

  it("openai: 429 for an account out of quota is not retryable (waiting does not help)", async () => {
    fakes.openai.answer(
      errorAnswer(429, {
        type: "insufficient_quota",
        code: "insufficient_quota",
        message: "You exceeded your current quota.",
      }),
    );

    const failure = await failureOf(providerFor("openai", config(fakes.openai, "gpt-test"))(input()));

    expect(failure).toMatchObject({ code: "AI_SERVICE_UNAVAILABLE", retryable: false });
  });
});
