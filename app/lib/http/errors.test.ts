import { describe, expect, it } from "vitest";
import { ApiError, classifyError, ERROR_MESSAGES, OfflineError } from "./errors";

describe("ApiError", () => {
  it("reads 'status: body' and keeps the raw body", () => {
    const error = new ApiError(500, '{"x":1}', "Internal Server Error");
    expect(error.message).toBe('500: {"x":1}');
    expect(error.status).toBe(500);
    expect(error.body).toBe('{"x":1}');
    expect(error.code).toBeUndefined();
    expect(error).toBeInstanceOf(Error);
  });

  it("falls back to the status text when the body is empty", () => {
    expect(new ApiError(404, "", "Not Found").message).toBe("404: Not Found");
  });

  it("parses the API's error code and text from a JSON body", () => {
    const body = JSON.stringify({ success: false, error: { code: "AUTH_SESSION_EXPIRED", message: "Session expired" } });
    const error = new ApiError(401, body, "Unauthorized");
    expect(error.code).toBe("AUTH_SESSION_EXPIRED");
    expect(error.serverMessage).toBe("Session expired");
    expect(error.message).toBe(`401: ${body}`);
  });

  it("ignores bodies of another shape", () => {
    expect(new ApiError(400, JSON.stringify({ success: true, error: { code: "X", message: "y" } })).code).toBeUndefined();
    expect(new ApiError(400, JSON.stringify({ success: false, error: "nope" })).code).toBeUndefined();
    expect(new ApiError(400, "<html>oops</html>").code).toBeUndefined();
  });
});

describe("OfflineError", () => {
  it("says there is no internet connection", () => {
    expect(new OfflineError().message).toBe("No internet connection");
  });
});

describe("classifyError", () => {
  const statusCases = [
    [400, "VALIDATION_ERROR", "Please check your input and try again", false, null],
    [401, "AUTHENTICATION_ERROR", "Please log in again", false, null],
    [403, "AUTHENTICATION_ERROR", "You do not have permission to perform this action", false, null],
    [404, "VALIDATION_ERROR", "The requested item was not found", false, null],
    [429, "RATE_LIMITED", "Please wait a moment before trying again", true, 60_000],
    [500, "SERVER_ERROR", "Our servers are having issues. Please try again in a few minutes", true, 30_000],
    [502, "SERVER_ERROR", "Our servers are having issues. Please try again in a few minutes", true, 30_000],
    [503, "SERVER_ERROR", "Our servers are having issues. Please try again in a few minutes", true, 30_000],
    [504, "SERVER_ERROR", "Our servers are having issues. Please try again in a few minutes", true, 30_000],
    [418, "UNKNOWN", "Something went wrong. Please try again", false, null],
    [499, "UNKNOWN", "Something went wrong. Please try again", false, null],
    [501, "UNKNOWN", "Something went wrong. Please try again", true, null],
    [505, "UNKNOWN", "Something went wrong. Please try again", true, null],
  ] as const;

  it.each(statusCases)("status %i is %s", (status, type, message, retryable, retryAfterMs) => {
    expect(classifyError(new ApiError(status, "", ""))).toMatchObject({
      type,
      message,
      retryable,
      retryAfterMs,
      status,
    });
  });

  it("treats a fetch network failure as no connection", () => {
    for (const text of ["Failed to fetch", "fetch failed", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      const result = classifyError(new TypeError(text));
      expect(result).toEqual({
        type: "NO_CONNECTION",
        message: "Please check your internet connection",
        messageKey: "NO_CONNECTION",
        retryable: true,
        retryAfterMs: null,
      });
    }
  });

  it("treats the offline refusal as no connection", () => {
    expect(classifyError(new OfflineError())).toMatchObject({
      type: "NO_CONNECTION",
      message: "Please check your internet connection",
      retryable: true,
      retryAfterMs: null,
    });
  });

  it("does not take a programming TypeError for a network failure", () => {
    expect(classifyError(new TypeError("Cannot read properties of undefined (reading 'x')")).type).toBe("UNKNOWN");
  });

  it.each([
    ["DOMException AbortError", new DOMException("The operation was aborted.", "AbortError")],
    ["DOMException TimeoutError", new DOMException("The operation timed out.", "TimeoutError")],
    ["Error named AbortError", Object.assign(new Error("aborted"), { name: "AbortError" })],
  ])("treats %s as a time-out retried after 5 s", (_label, error) => {
    expect(classifyError(error)).toEqual({
      type: "TIMEOUT",
      message: "The request took too long. Please try again",
      messageKey: "TIMEOUT",
      retryable: true,
      retryAfterMs: 5_000,
    });
  });

  it.each([
    ["a plain string", "boom"],
    ["a plain Error", new Error("boom")],
    ["undefined", undefined],
    ["an object with a status", { status: 400 }],
  ])("treats %s as unknown and retryable", (_label, error) => {
    expect(classifyError(error)).toEqual({
      type: "UNKNOWN",
      message: "Something went wrong. Please try again",
      messageKey: "UNKNOWN",
      retryable: true,
      retryAfterMs: null,
    });
  });

  it("keys the messages that share a type apart, for translation", () => {
    expect(classifyError(new ApiError(401, "")).messageKey).toBe("AUTHENTICATION_ERROR");
    expect(classifyError(new ApiError(403, "")).messageKey).toBe("PERMISSION_DENIED");
    expect(classifyError(new ApiError(400, "")).messageKey).toBe("VALIDATION_ERROR");
    expect(classifyError(new ApiError(404, "")).messageKey).toBe("NOT_FOUND");
    expect(ERROR_MESSAGES.PERMISSION_DENIED).toBe("You do not have permission to perform this action");
    expect(ERROR_MESSAGES.OFFLINE).toBe("No internet connection");
  });
});
