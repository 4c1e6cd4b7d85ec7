import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { Analyzer } from "../types";
import { providerAnalyzer, type ProviderCall, type ProviderConfig } from "./analyzer";
import { isUnreachable, retryAfterSeconds, type ErrorReading } from "./failures";
import { ANSWER_TOKEN_LIMIT } from "./prompt";

// OpenAI through its Chat Completions API: the photo as a base64 data URL,
// JSON mode on, so the answer is one JSON object.

/** The message of an API error's body (`{ error: { message } }`), without the SDK's status prefix. */
function bodyMessage(error: APIError): string | undefined {
  const body = error.error as { message?: unknown } | undefined;
  return typeof body?.message === "string" ? body.message : error.message;
}

export function readOpenAiError(error: unknown): ErrorReading {
  if (error instanceof APIConnectionTimeoutError) return { timedOut: true };
  if (error instanceof APIConnectionError) return { unreachable: true, message: error.message };
  if (error instanceof APIError && typeof error.status === "number") {
    return {
      status: error.status,
      retryAfterSeconds: retryAfterSeconds(error.headers),
      code: typeof error.code === "string" ? error.code : undefined,
      message: bodyMessage(error),
    };
  }
  return { unreachable: isUnreachable(error), message: error instanceof Error ? error.message : String(error) };
}

export function createOpenAiAnalyzer(config: ProviderConfig): Analyzer {
  const client = new OpenAI({
    apiKey: config.apiKey,
    ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
    // The job queue retries; an SDK retry on top would multiply paid calls.
    maxRetries: 0,
    timeout: config.timeoutMs,
  });

  async function ask({ prompt, imageBase64, mimeType, signal, timeoutMs }: ProviderCall) {
    const completion = await client.chat.completions.create(
      {
        model: config.model,
        messages: [
          { role: "system", content: prompt.instructions },
          {
            role: "user",
            content: [
              { type: "text", text: prompt.request },
              { type: "image_url", image_url: { url: `data:${mimeType};base64,${imageBase64}`, detail: "high" } },
            ],
          },
        ],
        response_format: { type: "json_object" },
        max_completion_tokens: ANSWER_TOKEN_LIMIT,
      },
      { signal, timeout: timeoutMs, maxRetries: 0 },
    );
    return completion.choices[0]?.message.content ?? undefined;
  }

  return providerAnalyzer("openai", config, { ask, readError: readOpenAiError });
}
