import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from "@anthropic-ai/sdk";
import type { Analyzer } from "../types";
import { providerAnalyzer, type ProviderCall, type ProviderConfig } from "./analyzer";
import { isUnreachable, retryAfterSeconds, type ErrorReading } from "./failures";
import { ANSWER_TOKEN_LIMIT } from "./prompt";

// Claude through Anthropic's Messages API: the photo as a base64 image block
// (before the text, as Anthropic advises). The API has no JSON mode, so the
// prompt asks for JSON only and the answer reader tolerates a fence.

export function readClaudeError(error: unknown): ErrorReading {
  if (error instanceof APIConnectionTimeoutError) return { timedOut: true };
  if (error instanceof APIConnectionError) return { unreachable: true, message: error.message };
  if (error instanceof APIError && typeof error.status === "number") {
    return {
      status: error.status,
      retryAfterSeconds: retryAfterSeconds(error.headers),
      code: error.type ?? undefined,
      message: error.apiMessage ?? error.message,
    };
  }
  return { unreachable: isUnreachable(error), message: error instanceof Error ? error.message : String(error) };
}

export function createClaudeAnalyzer(config: ProviderConfig): Analyzer {
  const client = new Anthropic({
    apiKey: config.apiKey,
    ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
    // The job queue retries; an SDK retry on top would multiply paid calls.
    maxRetries: 0,
    timeout: config.timeoutMs,
  });

  async function ask({ prompt, imageBase64, mimeType, signal, timeoutMs }: ProviderCall) {
    const message = await client.messages.create(
      {
        model: config.model,
        max_tokens: ANSWER_TOKEN_LIMIT,
        system: prompt.instructions,
        messages: [
          {
            role: "user",
            content: [
              { type: "image", source: { type: "base64", media_type: mimeType, data: imageBase64 } },
              { type: "text", text: prompt.request },
            ],
          },
        ],
      },
      { signal, timeout: timeoutMs, maxRetries: 0 },
    );
    const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    return text === "" ? undefined : text;
  }

  return providerAnalyzer("claude", config, { ask, readError: readClaudeError });
}
