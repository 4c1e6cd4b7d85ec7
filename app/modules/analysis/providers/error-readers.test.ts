import {
  APIConnectionError as AnthropicConnectionError,
  APIConnectionTimeoutError as AnthropicTimeout,
} from "@anthropic-ai/sdk";
import { ApiError } from "@google/genai";
import { APIConnectionError, APIConnectionTimeoutError } from "openai";
import { describe, expect, it } from "vitest";
import { readClaudeError } from "./claude.server";
import { readGeminiError } from "./gemini.server";
import { readOpenAiError } from "./openai.server";

// The SDKs' own time-out and connection errors, which the fake-server tests
// cannot tell apart from our deadline (both fire at the time-out).

describe("reading the SDKs' errors", () => {
  it("takes each SDK's own time-out as a time-out", () => {
    expect(readOpenAiError(new APIConnectionTimeoutError())).toEqual({ timedOut: true });
    expect(readClaudeError(new AnthropicTimeout())).toEqual({ timedOut: true });
    expect(readGeminiError(new DOMException("This operation was aborted", "AbortError"))).toEqual({ timedOut: true });
  });

  it("takes a failed connection as unreachable", () => {
    expect(readOpenAiError(new APIConnectionError({ message: "Connection error." }))).toMatchObject({
      unreachable: true,
    });
    expect(readClaudeError(new AnthropicConnectionError({ message: "Connection error." }))).toMatchObject({
      unreachable: true,
    });
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(readGeminiError(new TypeError("fetch failed", { cause: refused }))).toMatchObject({ unreachable: true });
  });

  it("reads Gemini's status, message and RetryInfo from the error body the SDK puts in its message", () => {
    const body = {
      error: {
        code: 429,
        message: "Quota exceeded.",
        status: "RESOURCE_EXHAUSTED",
        details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "20s" }],
      },
    };
    expect(readGeminiError(new ApiError({ status: 429, message: JSON.stringify(body) }))).toEqual({
      status: 429,
      retryAfterSeconds: 20,
      code: "RESOURCE_EXHAUSTED",
      message: "Quota exceeded.",
    });
  });
});
