import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, readFilters, toListingQuery, writeFilters } from "./filters";

describe("marketplace filters in the URL", () => {
  it("read defaults from an empty address", () => {
    expect(readFilters(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it("survive a round trip", () => {
    const filters = {
      ...DEFAULT_FILTERS,
      search: "yam",
      categories: ["Root Vegetables", "Farm Equipment"],
      condition: ["new" as const, "used_good" as const],
      priceRange: [10_000, 500_000] as [number, number],
      location: { enabled: true, latitude: 7.3775, longitude: 3.947, radiusKm: 25 },
      sortBy: "distance" as const,
      viewMode: "list" as const,
      page: 2,
    };
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe("");
  });

  it("drop what is invalid instead of failing", () => {
    const filters = readFilters(
      new URLSearchParams("categories=Weapons,Root%20Vegetables&condition=broken&price_min=-5&price_max=abc&near=1&lat=95&lng=3&sort=distance&page=-2"),
    );
    expect(filters.categories).toEqual(["Root Vegetables"]);
    expect(filters.condition).toEqual([]);
    expect(filters.priceRange).toEqual([0, 1_000_000]);
    expect(filters.location.enabled).toBe(false);
    expect(filters.sortBy).toBe("newest");
    expect(filters.page).toBe(1);
  });

  it("offer distance sorting only with the location on", () => {
    expect(readFilters(new URLSearchParams("sort=distance&lat=7&lng=3")).sortBy).toBe("newest");
    expect(readFilters(new URLSearchParams("sort=distance&lat=7&lng=3&near=1")).sortBy).toBe("distance");
  });

  it("become the API query, with the location only when it is on", () => {
    const query = toListingQuery({ ...DEFAULT_FILTERS, page: 3, location: { enabled: false, latitude: 7, longitude: 3, radiusKm: 50 } });
    expect(query).toMatchObject({ limit: "50", offset: "100", sort: "newest" });
    expect(query.lat).toBeUndefined();
    const near = toListingQuery({ ...DEFAULT_FILTERS, location: { enabled: true, latitude: 7, longitude: 3, radiusKm: 25 } });
    expect(near).toMatchObject({ lat: "7", lng: "3", radius_km: "25" });
  });
});
