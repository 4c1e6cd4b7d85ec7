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
