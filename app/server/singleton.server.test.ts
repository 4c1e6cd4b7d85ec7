import { describe, expect, it, vi } from "vitest";
import { forgetSingleton, singleton } from "./singleton.server";

describe("singleton", () => {
  it("creates a value once and hands the same one to every caller", () => {
    const create = vi.fn(() => ({ opened: Date.now() }));
    const first = singleton("test-once", create);
    const second = singleton("test-once", create);
    expect(second).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it("is shared by two copies of the module in one process", async () => {
    const made = singleton("test-shared", () => ({ copy: "first" }));
    vi.resetModules();
    const again = await import("./singleton.server");
    expect(again.singleton("test-shared", () => ({ copy: "second" }))).toBe(made);
  });

  it("makes a new value after the old one is forgotten", () => {
    const old = singleton("test-forget", () => ({}));
    forgetSingleton("test-forget");
    expect(singleton("test-forget", () => ({}))).not.toBe(old);
  });

  it("keeps values of different names apart", () => {
    expect(singleton("test-a", () => "a")).toBe("a");
    expect(singleton("test-b", () => "b")).toBe("b");
  });
});
