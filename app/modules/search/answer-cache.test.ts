import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache";

describe("AnswerCache", () => {
  it("computes once and answers from memory until the time to live has passed", async () => {
    let now = 1_000;
    const cache = new AnswerCache(10, 500, () => now);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.remember("maize", compute)).toBe(1);
    now += 499;
    expect(await cache.remember("maize", compute)).toBe(1);
    now += 1;
    expect(await cache.remember("maize", compute)).toBe(2);
    expect(runs).toBe(2);
  });

  it("lets concurrent callers of one key share a single computation", async () => {
    const cache = new AnswerCache(10, 1_000);
    let runs = 0;
    let release: (value: string) => void = () => {};
    const compute = () => {
      runs += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const answers = Promise.all([
      cache.remember("k", compute),
      cache.remember("k", compute),
      cache.remember("k", compute),
    ]);
    release("done");
    expect(await answers).toEqual(["done", "done", "done"]);
    expect(runs).toBe(1);
  });

  it("shares a failure with those waiting, but does not remember it", async () => {
    const cache = new AnswerCache(10, 1_000);
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw new Error("engine away");
    };
    const both = await Promise.allSettled([cache.remember("k", failing), cache.remember("k", failing)]);
    expect(both.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(runs).toBe(1);
    expect(await cache.remember("k", async () => "back")).toBe("back");
    expect(cache.size).toBe(1);
  });

  it("forgets the least recently used answer when full", async () => {
    const cache = new AnswerCache(2, 10_000);
    await cache.remember("a", async () => "A");
    await cache.remember("b", async () => "B");
    // Reading a makes b the least recently used.
    await cache.remember("a", async () => "A again");
    await cache.remember("c", async () => "C");
    expect(cache.size).toBe(2);
    expect(await cache.remember("a", async () => "A again")).toBe("A");
    expect(await cache.remember("b", async () => "B again")).toBe("B again");
  });

  it("keeps nothing with no capacity, yet still shares a running computation", async () => {
    const cache = new AnswerCache(0, 10_000);
    let runs = 0;
    const compute = async () => ++runs;
    const [first, second] = await Promise.all([cache.remember("k", compute), cache.remember("k", compute)]);
    expect([first, second]).toEqual([1, 1]);
    expect(await cache.remember("k", compute)).toBe(2);
    expect(cache.size).toBe(0);
  });
});
