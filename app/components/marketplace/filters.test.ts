import { describe, expect, it } from "vitest";
import { listingQuerySchema } from "~/modules/listings/schemas";
import { DEFAULT_FILTERS, MARKETPLACE_LAST_PAGE, readFilters, toListingQuery, writeFilters } from "./filters";

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
      location: { enabled: true, latitude: 7.3775, longitude: 3.947, radiusKm: 25, place: "Ibadan" },
      sortBy: "distance" as const,
      viewMode: "list" as const,
      page: 2,
    };
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(writeFilters(DEFAULT_FILTERS).toString()).toBe("");
  });

  it("drop what is invalid instead of failing", () => {
    const filters = readFilters(
      new URLSearchParams(
        "categories=Weapons,Root%20Vegetables&condition=broken&price_min=-5&price_max=abc&near=1&lat=95&lng=3&sort=distance&page=-2",
      ),
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
    const query = toListingQuery({
      ...DEFAULT_FILTERS,
      page: 3,
      location: { enabled: false, latitude: 7, longitude: 3, radiusKm: 50, place: null },
    });
    expect(query).toMatchObject({ limit: "50", offset: "100", sort: "newest" });
    expect(query.lat).toBeUndefined();
    const near = toListingQuery({
      ...DEFAULT_FILTERS,
      location: { enabled: true, latitude: 7, longitude: 3, radiusKm: 25, place: null },
    });
    expect(near).toMatchObject({ lat: "7", lng: "3", radius_km: "25" });
  });

  it("bring numbers from a hand-edited address within bounds", () => {
    const read = (query: string) => readFilters(new URLSearchParams(query));
    expect(read("page=100000000").page).toBe(MARKETPLACE_LAST_PAGE);
    expect(read("page=1e400").page).toBe(1);
    expect(read("page=2.7").page).toBe(2);
    expect(read("page=0x10").page).toBe(16);
    expect(read("page=").page).toBe(1);
    expect(read("price_min=900000&price_max=100").priceRange).toEqual([900_000, 900_000]);
    expect(read("price_min=5000000").priceRange).toEqual([1_000_000, 1_000_000]);
    expect(read("near=1&lat=7&lng=3&radius_km=99999").location.radiusKm).toBe(200);
    expect(read("near=1&lat=7&lng=3&radius_km=0").location.radiusKm).toBe(5);
    expect(read("near=1&lat=7&lng=3&radius_km=37").location.radiusKm).toBe(35);
    expect(read("lat=NaN&lng=Infinity&near=1").location).toEqual(DEFAULT_FILTERS.location);
    expect(read("view=table").viewMode).toBe("grid");
    expect(read("sort=random").sortBy).toBe("newest");
    expect(read(`search=${"a".repeat(500)}`).search).toHaveLength(100);
  });

  it("every address becomes a query the listing schema accepts as it is", () => {
    for (const query of [
      "page=100000000",
      "page=-1",
      "price_min=-1&price_max=1e400",
      "near=1&lat=90&lng=-180&radius_km=1000&sort=distance",
      "categories=,,,&condition=new,new",
    ]) {
      const result = listingQuerySchema.safeParse(toListingQuery(readFilters(new URLSearchParams(query))));
      expect(result.success, query).toBe(true);
    }
  });

  it("name only a town of the list, and only with coordinates", () => {
    expect(readFilters(new URLSearchParams("near=1&lat=7.3775&lng=3.947&place=ibadan")).location.place).toBe("Ibadan");
    expect(readFilters(new URLSearchParams("near=1&lat=7.3775&lng=3.947&place=Atlantis")).location.place).toBeNull();
    expect(readFilters(new URLSearchParams("place=Ibadan")).location.place).toBeNull();
    expect(
      writeFilters({
        ...DEFAULT_FILTERS,
        location: { enabled: true, latitude: 12, longitude: 8.5, radiusKm: 50, place: "Kano" },
      }).toString(),
    ).toBe("lat=12.0000&lng=8.5000&near=1&place=Kano");
  });
});
