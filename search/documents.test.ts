import { describe, expect, it } from "vitest";
import { farmDocument, listingDocument, productDocument, snippet } from "./documents";

const updatedAt = new Date("2026-11-20T12:00:00Z");

describe("search documents", () => {
  it("index a product by name, description and categories; inactive ones are not public", () => {
    const doc = productDocument({
      id: "p1",
      name: "Cassava Tubers",
      description: "TME 419 cassava",
      categories: ["Root Vegetables"],
      unit: "bags",
      isActive: true,
      updatedAt,
    });
    expect(doc).toMatchObject({
      id: "product_p1",
      type: "product",
      title: "Cassava Tubers",
      snippet: "TME 419 cassava",
      visibility: "public",
    });
    expect(doc.keywords).toEqual(["Root Vegetables", "bags"]);
    expect(
      productDocument({
        ...{ id: "p2", name: "x", description: null, categories: [], unit: null, updatedAt },
        isActive: false,
      }).visibility,
    ).toBe("owner");
  });

  it("index a listing with price, place and a geohash; only active ones are public", () => {
    const base = {
      id: "l1",
      sellerId: "u1",
      priceNgn: "12500.00",
      quantity: 40,
      status: "active",
      locality: "Ogbomoso, Oyo",
      latitude: 8.1335,
      longitude: 4.2401,
      updatedAt,
      product: { name: "Cassava Tubers", description: null, categories: ["Root Vegetables"], unit: "bags" },
    };
    const doc = listingDocument(base);
    expect(doc.snippet).toBe("₦12,500 / bags · Qty: 40 · Ogbomoso, Oyo");
    expect(doc.geoGeohash).toMatch(/^s1/);
    expect(doc._geo).toEqual({ lat: 8.1335, lng: 4.2401 });
    expect(doc.visibility).toBe("public");
    expect(listingDocument({ ...base, status: "paused" }).visibility).toBe("owner");
    // Hidden by a moderator, by reports or with a suspension: the seller alone finds it, sold or not.
    expect(listingDocument({ ...base, hiddenAt: updatedAt }).visibility).toBe("owner");
    expect(listingDocument({ ...base, status: "sold", hiddenAt: updatedAt }).visibility).toBe("owner");
    expect(listingDocument({ ...base, hiddenAt: null }).visibility).toBe("public");
    expect(listingDocument({ ...base, product: null, latitude: null }).title).toBe("Custom Product");
    expect(listingDocument({ ...base, product: null, title: "Fresh ugu leaves" }).title).toBe("Fresh ugu leaves");
    expect(listingDocument({ ...base, latitude: null }).geoGeohash).toBeNull();
  });

  it("keep farms visible to their owner only", () => {
    const doc = farmDocument({
      id: "f1",
      ownerId: "u1",
      name: "Bello Family Farm",
      description: "",
      crops: ["Onion", "Tomato"],
      centerLat: 11.769,
      centerLng: 8.429,
      updatedAt,
    });
    expect(doc).toMatchObject({ visibility: "owner", ownerId: "u1", snippet: "Onion, Tomato" });
  });

  it("cut long snippets on a word", () => {
    const long = "word ".repeat(100);
    const cut = snippet(long);
    expect(cut.length).toBeLessThanOrEqual(161);
    expect(cut.endsWith("word…")).toBe(true);
    expect(snippet("  two   spaces ")).toBe("two spaces");
  });
});
