import { describe, expect, it } from "vitest";
import { listingName } from "./listing-name";

describe("listingName", () => {
  it("names the catalogue product, else the seller's title, else the page's fallback", () => {
    expect(listingName({ title: null, product: { name: "White Maize" } }, "Agricultural Product")).toBe("White Maize");
    expect(listingName({ title: "Fresh ugu leaves", product: null }, "Agricultural Product")).toBe("Fresh ugu leaves");
    expect(listingName({ title: null, product: null }, "Agricultural Product")).toBe("Agricultural Product");
    expect(listingName({ product: null }, "Custom Product")).toBe("Custom Product");
    expect(listingName({ title: "", product: null }, "Custom Product")).toBe("Custom Product");
  });
});
