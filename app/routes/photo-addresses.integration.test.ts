import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import ha from "~/locales/ha.json";
import en from "~/locales/en.json";
import {
  apiClient,
  indexPendingChanges,
  signedInUser,
  uniqueName,
  type SignedIn,
} from "../../tests/support/api-client";
import { createListing, createProduct, uploadedPhoto } from "../../tests/support/market";
import { serveForTests } from "../../tests/support/web";

// Which photos a listing or product may show, so that no reader's browser is sent to a server
// nobody chose: the seller's own listing photos (POST /api/uploads), product photos for the
// catalogue, bundled pictures, and https addresses on the hosts the operator allows
// (IMAGE_HOSTS, here one). Anything else is refused on the `images` field in the reader's
// language; an older row's outside address is left out of every answer and page; the pages'
// Content-Security-Policy loads images from the site, the allowed host and the map's tiles only.

vi.hoisted(() => {
  process.env.IMAGE_HOSTS = "photos.example.ng";
});

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

const ALLOWED = "https://photos.example.ng/harvest/maize-1.jpg";
const ELSEWHERE = "https://tracker.example.com/maize.jpg";

let seller: SignedIn;
let otherSeller: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  [seller, otherSeller, admin] = await Promise.all([
    signedInUser("USER", "photo_seller"),
    signedInUser("USER", "photo_other"),
    signedInUser("ADMIN", "photo_admin"),
  ]);
});

function listingBody(images: unknown[]) {
  return { title: "Yellow maize, 50 kg bags", custom: true, priceNgn: "25000", quantity: 4, condition: "new", images };
}

function productBody(images: unknown[]) {
  return { name: uniqueName("Photo maize"), categories: ["Grains & Cereals"], unit: "bags", images };
}

const photoRefusal = (language: { listing: { errors: { photoNotAllowed: string } } }) => ({
  success: false,
  message: language.listing.errors.photoNotAllowed,
  error: {
    code: "VLD_REQUIRED_FIELD",
    message: language.listing.errors.photoNotAllowed,
    fields: { images: [language.listing.errors.photoNotAllowed] },
  },
});

describe("a listing's photos", () => {
  it("may be the seller's own listing photos, bundled pictures and photos on an allowed host", async () => {
    const own = await uploadedPhoto(seller.user.id);
    const images = [own, "/images/products/maize.svg", ALLOWED];
    const created = await call("POST", "/api/market/listings", listingBody(images), { cookie: seller.cookie });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.listing.images).toEqual(images);
    const changed = await call("PATCH", `/api/market/listings/${created.body.data.listing.id}`, listingBody([own]), {
      cookie: seller.cookie,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.listing.images).toEqual([own]);
  });

  it("refuses any other photo on the images field, in the reader's language, and stores nothing", async () => {
    const pending = await prisma.upload.create({
      data: { ownerId: seller.user.id, purpose: "listing", format: "jpeg", bytes: 1, width: 800, height: 600 },
    });
    const failed = await prisma.upload.create({
      data: {
        ownerId: seller.user.id,
        purpose: "listing",
        status: "failed",
        format: "jpeg",
        bytes: 1,
        width: 800,
        height: 600,
      },
    });
    // A photo still being processed is the seller's to use.
    const waiting = await call("POST", "/api/market/listings", listingBody([`/uploads/${pending.id}/800.webp`]), {
      cookie: seller.cookie,
    });
    expect(waiting.status).toBe(201);
    const before = await prisma.listing.count({ where: { sellerId: seller.user.id } });

    const refused: [string, string][] = [
      ["another website's photo", ELSEWHERE],
      ["a look-alike of the allowed host", "https://photos.example.ng.tracker.example.com/a.jpg"],
      ["another seller's photo", await uploadedPhoto(otherSeller.user.id)],
      ["the seller's own analysis photo", await uploadedPhoto(seller.user.id, "analysis")],
      ["a catalogue product photo", await uploadedPhoto(seller.user.id, "product")],
      ["a photo that failed to decode", `/uploads/${failed.id}/800.webp`],
      ["an upload that does not exist", "/uploads/cmnosuchupload0000000000/800.webp"],
    ];
    for (const [what, photo] of refused) {
      const english = await call("POST", "/api/market/listings", listingBody(["/images/products/maize.svg", photo]), {
        cookie: seller.cookie,
      });
      expect(english.status, what).toBe(400);
      expect(english.body, what).toEqual(photoRefusal(en));
    }
    // An address that is no photo address at all (another port, plain http) fails the form's own check first.
    for (const photo of ["https://photos.example.ng:8443/a.jpg", "http://photos.example.ng/a.jpg"]) {
      const malformed = await call("POST", "/api/market/listings", listingBody([photo]), { cookie: seller.cookie });
      expect(malformed.status, photo).toBe(400);
      expect(malformed.body.error.fields, photo).toEqual({ "images.0": [en.listing.errors.imageUrl] });
    }
    const hausa = await call("POST", "/api/market/listings", listingBody([ELSEWHERE]), {
      cookie: seller.cookie,
      headers: { "Accept-Language": "ha" },
    });
    expect(hausa.status).toBe(400);
    expect(hausa.body).toEqual(photoRefusal(ha));
    expect(await prisma.listing.count({ where: { sellerId: seller.user.id } })).toBe(before);

    // Editing an existing listing is held to the same rule.
    const id = waiting.body.data.listing.id as string;
    const edit = await call("PATCH", `/api/market/listings/${id}`, listingBody([ELSEWHERE]), { cookie: seller.cookie });
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual(photoRefusal(en));
    expect((await prisma.listing.findUniqueOrThrow({ where: { id } })).images).toEqual([
      `/uploads/${pending.id}/800.webp`,
    ]);
  });

  it("is refused on the My Listings form too, shown under the photos", async () => {
    const form = new URLSearchParams({ intent: "create", title: "Ripe plantain", custom: "on", priceNgn: "3000" });
    form.append("quantity", "2");
    form.append("condition", "new");
    form.append("status", "active");
    form.append("images", ELSEWHERE);
    const response = await call("POST", "/my-listings", undefined, {
      cookie: seller.cookie,
      raw: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: web.baseUrl },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(en.listing.errors.photoNotAllowed);
  });
});

describe("a product's photos", () => {
  it("may be product photos, bundled pictures and photos on an allowed host; nothing else", async () => {
    const productPhoto = await uploadedPhoto(admin.user.id, "product");
    const images = [productPhoto, "/images/products/maize.svg", ALLOWED];
    const created = await call("POST", "/api/products", productBody(images), { cookie: admin.cookie });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.product.images).toEqual(images);

    for (const photo of [ELSEWHERE, await uploadedPhoto(admin.user.id, "listing")]) {
      const refused = await call("POST", "/api/products", productBody([photo]), { cookie: admin.cookie });
      expect(refused.status, photo).toBe(400);
      expect(refused.body, photo).toEqual(photoRefusal(en));
      const edit = await call("PATCH", `/api/products/${created.body.data.product.id}`, productBody([photo]), {
        cookie: admin.cookie,
      });
      expect(edit.status, photo).toBe(400);
    }
  });
});

describe("photos stored before the rule", () => {
  it("are left out of every answer and page when they are on no allowed host", async () => {
    const word = uniqueName("zoldphoto").replace("_", "");
    const product = await createProduct({
      name: `Old maize ${word}`,
      images: [ELSEWHERE, "/images/products/maize.svg"],
    });
    const listing = await createListing(
      seller.user.id,
      { productId: product.id, images: [ELSEWHERE, ALLOWED, "/images/products/maize.svg"], locality: "Zaria" },
      { indexed: true },
    );
    const onlyOutside = await createListing(
      seller.user.id,
      { title: `Old yam ${word}`, images: [ELSEWHERE], locality: "Zaria" },
      { indexed: true },
    );
    await indexPendingChanges();

    const one = await call("GET", `/api/market/listings/${listing.id}`, undefined, { cookie: otherSeller.cookie });
    expect(one.body.data.listing.images).toEqual([ALLOWED, "/images/products/maize.svg"]);
    expect(one.body.data.listing.product.images).toEqual(["/images/products/maize.svg"]);
    const search = await call("GET", `/api/search?q=${word}`, undefined, { cookie: otherSeller.cookie });
    const images = Object.fromEntries(
      search.body.data.listings.map((result: { id: string; image: string | null }) => [result.id, result.image]),
    );
    expect(images).toEqual({ [listing.id]: null, [onlyOutside.id]: null });

    for (const path of [
      `/api/market/listings?search=${word}`,
      `/api/market/listings?seller_id=${seller.user.id}`,
      `/api/market/listings/${onlyOutside.id}`,
      `/api/products?search=${word}`,
      `/api/products/${product.id}`,
      `/api/search?q=${word}`,
      `/marketplace?search=${word}`,
      `/marketplace.data?search=${word}`,
      `/search?q=${word}`,
      `/search.data?q=${word}`,
    ]) {
      for (const who of [otherSeller, seller, admin]) {
        const response = await call("GET", path, undefined, { cookie: who.cookie });
        expect(response.status, path).toBe(200);
        const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
        expect(text.includes("tracker.example.com"), `${path} hands out the outside photo`).toBe(false);
      }
    }
    for (const path of ["/my-listings", "/my-listings.data", "/product-catalog", "/product-catalog.data"]) {
      const who = path.startsWith("/my") ? seller : admin;
      const response = await call("GET", path, undefined, { cookie: who.cookie });
      expect(response.status, path).toBe(200);
      expect(String(JSON.stringify(response.body)).includes("tracker.example.com"), path).toBe(false);
    }
  });
});

describe("the pages' Content-Security-Policy", () => {
  it("loads images from the site, the allowed host and the map's tile servers only", async () => {
    const page = await call("GET", "/marketplace", undefined, { cookie: seller.cookie });
    const imageSources = (page.headers.get("content-security-policy") ?? "")
      .split("; ")
      .find((directive) => directive.startsWith("img-src "))!
      .split(" ")
      .slice(1);
    expect(imageSources).toContain("https://photos.example.ng");
    expect(imageSources).toContain("https://server.arcgisonline.com");
    expect(imageSources).not.toContain("https:");
    expect(imageSources.filter((source) => !source.startsWith("https://"))).toEqual(["'self'", "data:", "blob:"]);
  });
});
