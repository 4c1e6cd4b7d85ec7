import { describe, expect, it } from "vitest";
import { intentGuard, replySucceeded } from "./page-reply";

describe("page replies", () => {
  it("succeed unless Conform's reply says error", () => {
    expect(replySucceeded({ result: { status: "success" } })).toBe(true);
    expect(replySucceeded({ result: {} })).toBe(true);
    expect(replySucceeded({ result: { status: "error", error: { name: ["Required"] } } })).toBe(false);
  });

  it("know a page's intents", () => {
    const isIntent = intentGuard(["create", "delete"] as const);
    expect(isIntent("create")).toBe(true);
    expect(isIntent("update")).toBe(false);
    expect(isIntent(null)).toBe(false);
    expect(isIntent(["create"])).toBe(false);
  });
});

describe("replyFieldErrors", () => {
  it("answers a failed reply's messages on a field, and nothing for success or an empty list", async () => {
    const { replyFieldErrors } = await import("./page-reply");
    const failed = { result: { status: "error" as const, error: { town: ["Say which town"], note: [] } } };
    expect(replyFieldErrors(failed, "town")).toEqual(["Say which town"]);
    expect(replyFieldErrors(failed, "note")).toBeUndefined();
    expect(replyFieldErrors({ result: { status: "success" as const } }, "town")).toBeUndefined();
    expect(replyFieldErrors(undefined, "town")).toBeUndefined();
  });
});
