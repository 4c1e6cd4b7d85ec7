import { describe, expect, it } from "vitest";
import { AiFailure } from "../types";
import { callFailure, failureFromReading, isUnreachable, retryAfterSeconds, withoutKey } from "./failures";

const headers = (values: Record<string, string>) => new Headers(values);
const KEY = "sk-secret-0123456789";

describe("retryAfterSeconds", () => {
  it("reads delay-seconds, an HTTP date and retry-after-ms", () => {
    const now = Date.parse("2026-11-24T10:00:00Z");
    expect(retryAfterSeconds(headers({ "retry-after": "20" }), now)).toBe(20);
    expect(retryAfterSeconds(headers({ "retry-after": "1.2" }), now)).toBe(2);
    expect(retryAfterSeconds(headers({ "retry-after": "Tue, 24 Nov 2026 10:00:45 GMT" }), now)).toBe(45);
    expect(retryAfterSeconds(headers({ "retry-after": "Tue, 24 Nov 2026 09:00:00 GMT" }), now)).toBe(0);
    expect(retryAfterSeconds(headers({ "retry-after-ms": "1500" }), now)).toBe(2);
  });

  it("is undefined when absent or unreadable", () => {
    expect(retryAfterSeconds(undefined)).toBeUndefined();
    expect(retryAfterSeconds(headers({}))).toBeUndefined();
    expect(retryAfterSeconds(headers({ "retry-after": "soon" }))).toBeUndefined();
  });
});

describe("failureFromReading", () => {
  const table: [number, string, boolean][] = [
    [400, "AI_INVALID_IMAGE", false],
    [401, "AI_SERVICE_UNAVAILABLE", false],
    [403, "AI_SERVICE_UNAVAILABLE", false],
    [404, "AI_SERVICE_UNAVAILABLE", false],
    [408, "AI_PROCESSING_TIMEOUT", true],
    [413, "AI_INVALID_IMAGE", false],
    [429, "AI_MODEL_OVERLOADED", true],
    [500, "AI_SERVICE_UNAVAILABLE", true],
    [502, "AI_SERVICE_UNAVAILABLE", true],
    [503, "AI_SERVICE_UNAVAILABLE", true],
    [504, "AI_SERVICE_UNAVAILABLE", true],
    [529, "AI_MODEL_OVERLOADED", true],
  ];

  it.each(table)("maps HTTP %i to %s (retryable: %s)", (status, code, retryable) => {
    expect(failureFromReading("claude", { status }, KEY)).toMatchObject({ code, retryable });
  });

  it("passes the wait on for 429 and 529", () => {
    expect(failureFromReading("openai", { status: 429, retryAfterSeconds: 12 }, KEY).retryAfterSeconds).toBe(12);
    expect(failureFromReading("claude", { status: 529, retryAfterSeconds: 3 }, KEY).retryAfterSeconds).toBe(3);
  });

  it("maps time-outs and unreachable providers", () => {
    expect(failureFromReading("gemini", { timedOut: true }, KEY)).toMatchObject({
      code: "AI_PROCESSING_TIMEOUT",
      retryable: true,
    });
    expect(failureFromReading("gemini", { unreachable: true }, KEY)).toMatchObject({
      code: "AI_SERVICE_UNAVAILABLE",
      retryable: true,
    });
  });

  it("never puts the key in a message, and does not echo a refused key's message at all", () => {
    const echoed = failureFromReading("openai", { status: 500, message: `bad key ${KEY} here` }, KEY);
    expect(echoed.message).not.toContain(KEY);
    expect(echoed.message).toContain("[redacted]");
    const refused = failureFromReading(
      "openai",
      { status: 401, message: "Incorrect API key provided: sk-secr****6789" },
      KEY,
    );
    expect(refused.message).not.toContain("sk-secr");
    expect(withoutKey(`a${KEY}b${KEY}`, KEY)).toBe("a[redacted]b[redacted]");
  });
});

describe("callFailure", () => {
  const read = () => ({ status: 500 });

  it("gives the caller's reason when the caller aborted, before anything else", () => {
    const caller = new AbortController();
    const reason = new Error("shutdown");
    caller.abort(reason);
    expect(
      callFailure("openai", new Error("x"), read, {
        caller: caller.signal,
        deadline: AbortSignal.abort(),
        apiKey: KEY,
      }),
    ).toBe(reason);
  });

  it("gives a time-out when our deadline passed", () => {
    const failure = callFailure("openai", new Error("aborted"), read, {
      caller: new AbortController().signal,
      deadline: AbortSignal.abort(),
      apiKey: KEY,
    });
    expect(failure).toBeInstanceOf(AiFailure);
    expect(failure).toMatchObject({ code: "AI_PROCESSING_TIMEOUT", retryable: true });
  });

  it("otherwise maps what the provider's error says", () => {
    const failure = callFailure("openai", new Error("x"), read, {
      caller: new AbortController().signal,
      deadline: new AbortController().signal,
      apiKey: KEY,
    });
    expect(failure).toMatchObject({ code: "AI_SERVICE_UNAVAILABLE", retryable: true });
  });
});

describe("isUnreachable", () => {
  it("finds a refused or reset connection in the cause chain", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    expect(isUnreachable(new TypeError("fetch failed", { cause: refused }))).toBe(true);
    expect(
      isUnreachable(new Error("wrapped", { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) })),
    ).toBe(true);
    expect(isUnreachable(new Error("something else"))).toBe(false);
  });
});
