import { describe, expect, it } from "vitest";
import { waitUntilSettled } from "./wait";

describe("waitUntilSettled", () => {
  it("answers as soon as the value is settled", async () => {
    let reads = 0;
    const value = await waitUntilSettled(
      async () => ++reads,
      (count) => count === 3,
      1_000,
      1,
    );
    expect(value).toBe(3);
  });

  it("answers the last value when time runs out", async () => {
    const value = await waitUntilSettled(
      async () => "pending",
      () => false,
      20,
      5,
    );
    expect(value).toBe("pending");
  });
});
