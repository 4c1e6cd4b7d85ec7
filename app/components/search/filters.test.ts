import { describe, expect, it } from "vitest";
import { searchQuerySchema } from "~/modules/search/schemas";
import { DEFAULT_SEARCH_FILTERS, readSearchFilters, toSearchQuery, writeSearchFilters } from "./filters";

describe("search page filters", () => {
  it("read from and write to the address, defaults left out", () => {
    const filters = readSearchFilters(
      new URLSearchParams("q=%20maize%20&types=farm,product,shop&lat=6.52441&lng=3.37921&radius=25"),
    );
    expect(filters).toEqual({
      q: "maize",
      types: ["product", "farm"],
      point: { lat: 6.52441, lng: 3.37921 },
      radiusKm: 25,
    });
    expect(writeSearchFilters(filters).toString()).toBe("q=maize&types=product%2Cfarm&lat=6.5244&lng=3.3792&radius=25");
    expect(writeSearchFilters(DEFAULT_SEARCH_FILTERS).toString()).toBe("");
  });

  it("drop what is not a filter: half a point, a point out of range, a radius not offered", () => {
    expect(readSearchFilters(new URLSearchParams("lat=6.5&radius=7"))).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(readSearchFilters(new URLSearchParams("lat=95&lng=3")).point).toBeNull();
    expect(readSearchFilters(new URLSearchParams("lat=abc&lng=3")).point).toBeNull();
  });

  it("ask the search module a valid query", () => {
    const query = searchQuerySchema.parse(
      toSearchQuery(readSearchFilters(new URLSearchParams("q=yam&types=listing&lat=7.3775&lng=3.947"))),
    );
    expect(query).toEqual({ q: "yam", types: ["listing"], lat: 7.3775, lng: 3.947, radius_km: 10, limit: 50 });
    expect(searchQuerySchema.parse(toSearchQuery(DEFAULT_SEARCH_FILTERS))).toEqual({ q: "", types: [], limit: 50 });
  });
});

describe("searchQuerySchema", () => {
  it("trims the text and refuses what is not a search", () => {
    expect(searchQuerySchema.parse({ q: "  rogo  " }).q).toBe("rogo");
    expect(searchQuerySchema.safeParse({ types: "product,user" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ lat: "6" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ lat: "6", lng: "3", radius_km: "0" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ limit: "51" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: "x".repeat(201) }).success).toBe(false);
  });
});
