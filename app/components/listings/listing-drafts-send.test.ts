import { describe, expect, it } from "vitest";
import { listingSchema } from "~/modules/listings/schemas";
import { draftBody } from "./listing-drafts-send";
import type { DraftFields } from "./listing-drafts";

// A draft written on the phone becomes the body the listing API takes, and the API's own checks
// read it as the form's: what was left empty is not sent.

const fields: DraftFields = {
  productId: "seed_product_maize",
  custom: false,
  title: "",
  priceNgn: "30000",
  quantity: "5",
  condition: "used_good",
  showPhone: false,
  latitude: null,
  longitude: null,
  locality: null,
};

describe("draftBody", () => {
  it("sends a catalogue product's draft without its empty title or place, and the API's checks take it", () => {
    const body = draftBody({ fields, images: ["/uploads/abc/800.webp"] });
    expect(body).toEqual({
      productId: "seed_product_maize",
      priceNgn: "30000",
      quantity: "5",
      condition: "used_good",
      showPhone: false,
      images: ["/uploads/abc/800.webp"],
    });
    const parsed = listingSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ productId: "seed_product_maize", quantity: 5, title: null });
  });

  it("sends a draft of something not in the list by its title, with its place", () => {
    const body = draftBody({
      fields: {
        ...fields,
        productId: "seed_product_maize",
        custom: true,
        title: "Dried hibiscus",
        latitude: 7.38,
        longitude: 3.95,
        locality: "Ibadan, Oyo",
      },
      images: ["/images/products/maize.svg"],
    });
    expect(body).not.toHaveProperty("productId");
    expect(body).toMatchObject({ custom: true, title: "Dried hibiscus", latitude: 7.38, locality: "Ibadan, Oyo" });
    expect(listingSchema.safeParse(body).data).toMatchObject({ title: "Dried hibiscus", latitude: 7.38 });
  });

  it("leaves what the seller left wrong for the API to refuse, as the form would", () => {
    const parsed = listingSchema.safeParse(draftBody({ fields: { ...fields, priceNgn: "" }, images: [] }));
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["priceNgn", "images"]));
  });
});
