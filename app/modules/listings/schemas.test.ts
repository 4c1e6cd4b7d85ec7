import { describe, expect, it } from "vitest";
import { imageUrl, listingQuerySchema, listingSchema } from "./schemas";

const valid = {
  productId: "seed_product_maize",
  priceNgn: "12500",
  quantity: 3,
  condition: "new",
  images: ["https://example.com/a.jpg"],
};
const firstMessage = (input: unknown) => listingSchema.safeParse(input).error?.issues[0]?.message;

describe("listingSchema", () => {
  it.each([
    ["0", false],
    ["0.001", false],
    ["0.99", false],
    ["1", true],
    ["12500.50", true],
    ["10000000", true],
    ["10000000.01", false],
    ["abc", false],
    ["1e3", false],
    ["-5", false],
  ])("price %s accepted: %s", (priceNgn, ok) => {
    expect(listingSchema.safeParse({ ...valid, priceNgn }).success).toBe(ok);
    if (!ok) expect(firstMessage({ ...valid, priceNgn })).toBe("listing.errors.priceRange");
  });

  it.each([
    [0, "listing.errors.quantityMin"],
    [100_001, "listing.errors.quantityMax"],
    [1.5, "listing.errors.quantityWhole"],
  ])("quantity %s is refused", (quantity, message) => {
    expect(firstMessage({ ...valid, quantity })).toBe(message);
  });

  it("takes quantities 1 and 100,000, and numeric strings", () => {
    expect(listingSchema.parse({ ...valid, quantity: 1 }).quantity).toBe(1);
    expect(listingSchema.parse({ ...valid, quantity: "100000" }).quantity).toBe(100_000);
  });

  it("needs an image, both coordinates or none, and in range", () => {
    expect(firstMessage({ ...valid, images: [] })).toBe("listing.errors.imagesRequired");
    expect(firstMessage({ ...valid, latitude: "7.1" })).toBe("listing.errors.coordinates");
    expect(firstMessage({ ...valid, latitude: 91, longitude: 3 })).toBe("listing.errors.coordinates");
    expect(listingSchema.parse({ ...valid, latitude: "7.1", longitude: "3.9" })).toMatchObject({
      latitude: 7.1,
      longitude: 3.9,
    });
  });

  it("defaults the status to active", () => {
    expect(listingSchema.parse(valid).status).toBe("active");
  });
});

describe("listingSchema: a catalogue product, or a title of the seller's own", () => {
  const bare = { priceNgn: "12500", quantity: 3, condition: "new", images: ["https://example.com/a.jpg"] };
  const issues = (input: unknown) =>
    listingSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  it("needs a product ('Product selection is required') when neither a product nor a custom listing is chosen", () => {
    expect(issues({ ...bare })).toEqual([["productId", "listing.errors.productRequired"]]);
    expect(issues({ ...bare, productId: null, title: null })).toEqual([
      ["productId", "listing.errors.productRequired"],
    ]);
    expect(issues({ ...bare, productId: "", title: "   " })).toEqual([["productId", "listing.errors.productRequired"]]);
  });

  it("says so together with the other fields' problems", () => {
    expect(issues({ priceNgn: "0", quantity: 1, condition: "new" })).toEqual([
      ["priceNgn", "listing.errors.priceRange"],
      ["images", "listing.errors.imagesRequired"],
      ["productId", "listing.errors.productRequired"],
    ]);
    expect(issues({ priceNgn: "0", quantity: 1, condition: "new", custom: "on" })).toContainEqual([
      "title",
      "listing.errors.titleRequired",
    ]);
  });

  it("refuses a body that is not an object without reading its fields", () => {
    for (const body of [null, undefined, "text", 3, []]) expect(listingSchema.safeParse(body).success).toBe(false);
  });

  it("needs a title when 'Something not in the list' is chosen", () => {
    expect(issues({ ...bare, custom: "on" })).toEqual([["title", "listing.errors.titleRequired"]]);
    expect(issues({ ...bare, custom: true, title: "  " })).toEqual([["title", "listing.errors.titleRequired"]]);
    expect(issues({ ...bare, custom: true, title: "a" })).toEqual([["title", "listing.errors.titleRequired"]]);
    expect(issues({ ...bare, custom: true, title: "x".repeat(81) })).toEqual([
      ["title", "listing.errors.titleTooLong"],
    ]);
  });

  it("keeps the title trimmed, NFC and with single spaces, up to 80 characters", () => {
    const parsed = listingSchema.parse({
      ...bare,
      custom: "on",
      title: "  Fresh   ugu\tleaves, Ìbàdàn ".normalize("NFD"),
    });
    expect(parsed.title).toBe("Fresh ugu leaves, Ìbàdàn".normalize("NFC"));
    expect(parsed.productId).toBeUndefined();
    expect(listingSchema.parse({ ...bare, title: "y".repeat(80) }).title).toHaveLength(80);
  });

  it("takes a title alone from the API, and drops it when a product is chosen", () => {
    expect(listingSchema.parse({ ...bare, title: "Smoked catfish" })).toMatchObject({ title: "Smoked catfish" });
    expect(listingSchema.parse({ ...bare, productId: "seed_product_maize", title: "ignored" }).title).toBeNull();
    expect(listingSchema.parse({ ...bare, productId: "seed_product_maize" })).toMatchObject({
      productId: "seed_product_maize",
      title: null,
    });
  });

  it("reads 'show my phone' from a form's checkbox or JSON, off by default", () => {
    expect(listingSchema.parse({ ...bare, title: "Okra", showPhone: "on" }).showPhone).toBe(true);
    expect(listingSchema.parse({ ...bare, title: "Okra", showPhone: true }).showPhone).toBe(true);
    expect(listingSchema.parse({ ...bare, title: "Okra" }).showPhone).toBe(false);
    expect(issues({ ...bare, title: "Okra", showPhone: "yes please" })).toEqual([
      ["showPhone", "contact.errors.showPhone"],
    ]);
  });
});

describe("imageUrl", () => {
  it.each([
    // The shape only: whether this listing may show it is the module's check (image-addresses.server.ts).
    ["https://example.com/a.jpg", true],
    ["http://example.com/a.png", false],
    ["https://user:secret@example.com/a.jpg", false],
    ["https://example.com:8443/a.jpg", false],
    ["/uploads/cm123/800.webp", true],
    ["/images/products/cassava.svg", true],
    ["javascript:alert(1)", false],
    ["data:image/png;base64,AAAA", false],
    ["//evil.example/x.jpg", false],
    ["/images/products/../../etc/passwd", false],
    ["ftp://example.com/a.jpg", false],
  ])("%s accepted: %s", (url, ok) => {
    expect(imageUrl.safeParse(url).success).toBe(ok);
  });
});

describe("listingQuerySchema", () => {
  it("fills defaults and reads comma lists", () => {
    expect(listingQuerySchema.parse({ condition: "new,used_good" })).toMatchObject({
      condition: ["new", "used_good"],
      sort: "newest",
      limit: 50,
      offset: 0,
    });
  });

  it("refuses distance sorting without a location, and a half location", () => {
    expect(listingQuerySchema.safeParse({ sort: "distance" }).success).toBe(false);
    expect(listingQuerySchema.safeParse({ lat: "7" }).success).toBe(false);
    expect(listingQuerySchema.safeParse({ lat: "7", lng: "3", sort: "distance" }).success).toBe(true);
  });

  it("answers a number that is no number (NaN, words) with the field's own message, not the library's", () => {
    const messages = (query: Record<string, string>) =>
      listingQuerySchema.safeParse(query).error?.issues.map((issue) => issue.message);
    expect(messages({ price_min: "NaN" })).toEqual(["listing.errors.priceFilter"]);
    expect(messages({ price_max: "cheap" })).toEqual(["listing.errors.priceFilter"]);
    expect(messages({ lat: "north", lng: "3" })).toContain("listing.errors.coordinates");
    expect(messages({ lat: "7", lng: "3", radius_km: "far" })).toEqual(["listing.errors.radius"]);
  });
});

describe("text the database cannot store", () => {
  it.each([
    ["locality", { locality: "Jos\u0000" }, "locality"],
    ["locality", { locality: "Jos\uD800" }, "locality"],
    ["productId", { productId: "seed\u0000" }, "productId"],
    ["an image", { images: ["https://example.com/a\u0000.jpg"] }, "images"],
    ["the price as text", { priceNgn: "12\u0000" }, "priceNgn"],
  ])("refuses NUL and lone surrogates in %s", (_case, changes, field) => {
    const result = listingSchema.safeParse({ ...valid, ...changes });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path[0]).toBe(field);
  });

  it("refuses them in the query, and a seller id that is not an id", () => {
    expect(listingQuerySchema.safeParse({ search: "\u0000" }).success).toBe(false);
    expect(listingQuerySchema.safeParse({ search: "yam\uDC00" }).success).toBe(false);
    expect(listingQuerySchema.safeParse({ seller_id: "x' OR 1=1" }).success).toBe(false);
    expect(listingQuerySchema.parse({ search: "  yam " }).search).toBe("yam");
  });

  it("counts the locality in characters as stored (200)", () => {
    expect(listingSchema.safeParse({ ...valid, locality: "🌽".repeat(200) }).success).toBe(true);
    expect(listingSchema.safeParse({ ...valid, locality: "🌽".repeat(201) }).success).toBe(false);
  });
});
