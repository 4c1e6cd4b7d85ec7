import { ApiError, GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import type { Analyzer } from "../types";
import { providerAnalyzer, type ProviderCall, type ProviderConfig } from "./analyzer";
import { isAbortOrTimeout, isUnreachable, retryAfterSeconds, type ErrorReading } from "./failures";
import { ANSWER_TOKEN_LIMIT } from "./prompt";

// Gemini through generateContent: the photo as inline data, JSON mode on
// (responseMimeType). The SDK's ApiError keeps the status but not the
// headers, so each call reads the response's Retry-After through its own
// fetch and carries it on the error it throws.

/** A Gemini API error with the headers of the response that carried it. */
class GeminiCallError extends Error {
  constructor(
    readonly apiError: ApiError,
    readonly headers: Headers | undefined,
  ) {
    super(apiError.message, { cause: apiError });
    this.name = "GeminiCallError";
  }
}

/** Seconds from a google.rpc.RetryInfo in the error body ("retryDelay": "30s"), which Gemini sends on 429. */
function bodyRetryDelay(body: unknown): number | undefined {
  const details = (body as { error?: { details?: unknown } } | undefined)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    const delay = (detail as { retryDelay?: unknown } | null)?.retryDelay;
    const match = typeof delay === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(delay) : null;
    if (match) return Math.ceil(Number(match[1]));
  }
  return undefined;
}

/** The SDK puts the whole error body, as JSON, in the message. */
function errorBody(error: ApiError): unknown {
  try {
    return JSON.parse(error.message);
  } catch {
    return undefined;
  }
}

export function readGeminiError(error: unknown): ErrorReading {
  const apiError = error instanceof GeminiCallError ? error.apiError : error instanceof ApiError ? error : undefined;
  if (apiError) {
    const body = errorBody(apiError);
    const details = (body as { error?: { message?: unknown; status?: unknown } } | undefined)?.error;
    return {
      status: apiError.status,
      retryAfterSeconds:
        retryAfterSeconds(error instanceof GeminiCallError ? error.headers : undefined) ?? bodyRetryDelay(body),
      code: typeof details?.status === "string" ? details.status : undefined,
      message: typeof details?.message === "string" ? details.message : apiError.message,
    };
  }
  // The SDK's own time-out aborts fetch (ours is told apart before this is asked).
  if (isAbortOrTimeout(error)) return { timedOut: true };
  return { unreachable: isUnreachable(error), message: error instanceof Error ? error.message : String(error) };
}

/** The answer's text: the first candidate's text parts, without thought summaries. */
function answerText(response: GenerateContentResponse): string | undefined {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  const text = parts.flatMap((part) => (typeof part.text === "string" && !part.thought ? [part.text] : [])).join("");
  return text === "" ? undefined : text;
}

export function createGeminiAnalyzer(config: ProviderConfig): Analyzer {
  const client = new GoogleGenAI({
    apiKey: config.apiKey,
    // The Gemini Developer API with a key, whatever GOOGLE_GENAI_USE_VERTEXAI says.
    vertexai: false,
    httpOptions: {
      ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      timeout: config.timeoutMs,
      // No retryOptions: the SDK then makes one attempt; the job queue retries.
    },
  });

  async function ask({ prompt, imageBase64, mimeType, signal, timeoutMs }: ProviderCall) {
    let headers: Headers | undefined;
    const recordingFetch: typeof fetch = async (resource, init) => {
      const response = await fetch(resource, init);
      headers = response.headers;
      return response;
    };
    try {
      const response = await client.models.generateContent({
        model: config.model,
        contents: [
          {
            role: "user",
            parts: [{ inlineData: { mimeType, data: imageBase64 } }, { text: prompt.request }],
          },
        ],
        config: {
          systemInstruction: prompt.instructions,
          responseMimeType: "application/json",
          maxOutputTokens: ANSWER_TOKEN_LIMIT,
          abortSignal: signal,
          httpOptions: { timeout: timeoutMs, fetch: recordingFetch },
        },
      });
      return answerText(response);
    } catch (error) {
      throw error instanceof ApiError ? new GeminiCallError(error, headers) : error;
    }
  }

  return providerAnalyzer("gemini", config, { ask, readError: readGeminiError });
}
