import { AiFailure, type AiModel, type AnalysisResult, type Analyzer, type AnalyzerInput } from "../types";
import { readAnswer } from "./answer";
import { callFailure, PROVIDER_LABELS, type ErrorReading } from "./failures";
import { analysisPrompt, type AnalysisPrompt } from "./prompt";

// The flow all three providers share: prompt, one call under a deadline,
// read the answer, ask once more when it is malformed, map what fails. A
// provider module adds only how its SDK sends one call and reads its errors.

export interface ProviderConfig {
  apiKey: string;
  /** The API's address when not the provider's own (a proxy, or a test's fake server). */
  baseUrl?: string;
  model: string;
  /** The most one call may take, in milliseconds; a malformed answer's retry gets its own. */
  timeoutMs: number;
}

/** One call to the provider, as its module makes it. */
export interface ProviderCall {
  prompt: AnalysisPrompt;
  /** The photo, base64. */
  imageBase64: string;
  mimeType: AnalyzerInput["mimeType"];
  /** Aborts when the caller aborts or the call's time is up. */
  signal: AbortSignal;
  timeoutMs: number;
}

export interface ProviderDriver {
  /** Sends one call and answers the model's text (undefined when it gave none). */
  ask(call: ProviderCall): Promise<string | undefined>;
  /** Reads one of the SDK's errors. */
  readError(error: unknown): ErrorReading;
}

/** Calls per analysis: the first, and one more when the answer is malformed. */
const CALLS = 2;

export function providerAnalyzer(provider: AiModel, config: ProviderConfig, driver: ProviderDriver): Analyzer {
  return async (input: AnalyzerInput): Promise<AnalysisResult> => {
    const imageBase64 = input.image.toString("base64");
    for (let call = 1; call <= CALLS; call += 1) {
      input.signal.throwIfAborted();
      const deadline = AbortSignal.timeout(config.timeoutMs);
      let text: string | undefined;
      try {
        text = await driver.ask({
          prompt: analysisPrompt(input, { reminder: call > 1 }),
          imageBase64,
          mimeType: input.mimeType,
          signal: AbortSignal.any([input.signal, deadline]),
          timeoutMs: config.timeoutMs,
        });
      } catch (error) {
        throw callFailure(provider, error, driver.readError, { caller: input.signal, deadline, apiKey: config.apiKey });
      }
      const result = readAnswer(text);
      if (result) return result;
    }
    throw new AiFailure(
      "AI_ANALYSIS_FAILED",
      `${PROVIDER_LABELS[provider]} (${config.model}) answered malformed output ${CALLS} times`,
      false,
    );
  };
}
