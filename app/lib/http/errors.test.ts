import { describe, expect, it } from "vitest";
import { ApiError, classifyError, OfflineError } from "./errors";

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
    const body = JSON.stringify({
      success: false,
      error: { code: "AUTH_SESSION_EXPIRED", message: "Session expired" },
    });
    const error = new ApiError(401, body, "Unauthorized");
    expect(error.code).toBe("AUTH_SESSION_EXPIRED");
    expect(error.serverMessage).toBe("Session expired");
    expect(error.message).toBe(`401: ${body}`);
  });

  it("ignores bodies of another shape", () => {
    expect(
      new ApiError(400, JSON.stringify({ success: true, error: { code: "X", message: "y" } })).code,
    ).toBeUndefined();
    expect(new ApiError(400, JSON.stringify({ success: false, error: "nope" })).code).toBeUndefined();
    expect(new ApiError(400, "<html>oops</html>").code).toBeUndefined();
  });
});

describe("classifyError", () => {
  const statusCases = [
    [400, "VALIDATION_ERROR", "VALIDATION_ERROR", "Please check your input and try again"],
    [401, "AUTHENTICATION_ERROR", "AUTHENTICATION_ERROR", "Please log in again"],
    [403, "AUTHENTICATION_ERROR", "PERMISSION_DENIED", "You do not have permission to perform this action"],
    [404, "VALIDATION_ERROR", "NOT_FOUND", "The requested item was not found"],
    [429, "RATE_LIMITED", "RATE_LIMITED", "Please wait a moment before trying again"],
    [500, "SERVER_ERROR", "SERVER_ERROR", "Our servers are having issues. Please try again in a few minutes"],
    [502, "SERVER_ERROR", "SERVER_ERROR", "Our servers are having issues. Please try again in a few minutes"],
    [503, "SERVER_ERROR", "SERVER_ERROR", "Our servers are having issues. Please try again in a few minutes"],
    [504, "SERVER_ERROR", "SERVER_ERROR", "Our servers are having issues. Please try again in a few minutes"],
    [418, "UNKNOWN", "UNKNOWN", "Something went wrong. Please try again"],
    [501, "UNKNOWN", "UNKNOWN", "Something went wrong. Please try again"],
    [505, "UNKNOWN", "UNKNOWN", "Something went wrong. Please try again"],
  ] as const;

  it.each(statusCases)("status %i is %s (message %s)", (status, type, messageKey, message) => {
    expect(classifyError(new ApiError(status, "", ""))).toEqual({ type, messageKey, message, status });
  });

  it("treats a fetch network failure of any browser as no connection", () => {
    for (const text of [
      "Failed to fetch",
      "fetch failed",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
    ]) {
      expect(classifyError(new TypeError(text))).toEqual({
        type: "NO_CONNECTION",
        messageKey: "NO_CONNECTION",
        message: "Please check your internet connection",
      });
    }
  });

  it("treats the offline refusal as no connection", () => {
    expect(classifyError(new OfflineError()).type).toBe("NO_CONNECTION");
  });

  it("does not take a programming TypeError for a network failure", () => {
    expect(classifyError(new TypeError("Cannot read properties of undefined (reading 'x')")).type).toBe("UNKNOWN");
  });

  it.each([
    ["DOMException AbortError", new DOMException("The operation was aborted.", "AbortError")],
    ["DOMException TimeoutError", new DOMException("The operation timed out.", "TimeoutError")],
    ["Error named AbortError", Object.assign(new Error("aborted"), { name: "AbortError" })],
  ])("treats %s as a time-out", (_label, error) => {
    expect(classifyError(error)).toEqual({
      type: "TIMEOUT",
      messageKey: "TIMEOUT",
      message: "The request took too long. Please try again",
    });
  });

  it.each([
    ["a plain string", "boom"],
    ["a plain Error", new Error("boom")],
    ["undefined", undefined],
    ["an object with a status", { status: 400 }],
  ])("treats %s as unknown", (_label, error) => {
    expect(classifyError(error)).toEqual({
      type: "UNKNOWN",
      messageKey: "UNKNOWN",
      message: "Something went wrong. Please try again",
    });
  });
});
