import { describe, expect, it } from "vitest";
import { photoSources } from "./renditions";

describe("photoSources", () => {
  it("names every web size of an upload, whichever size the listing kept", () => {
    for (const kept of ["/uploads/abc_123/320.webp", "/uploads/abc_123/800.webp", "/uploads/abc_123/1600.webp"]) {
      expect(photoSources(kept)).toEqual({
        src: "/uploads/abc_123/800.webp",
        srcSet: "/uploads/abc_123/320.webp 320w, /uploads/abc_123/800.webp 800w, /uploads/abc_123/1600.webp 1600w",
      });
    }
  });

  it("leaves other addresses alone", () => {
    expect(photoSources("/images/products/maize.svg")).toEqual({ src: "/images/products/maize.svg" });
    expect(photoSources("https://images.example.ng/maize.jpg")).toEqual({ src: "https://images.example.ng/maize.jpg" });
    expect(photoSources("/uploads/abc/640.webp")).toEqual({ src: "/uploads/abc/640.webp" });
    expect(photoSources("/uploads/../x/800.webp")).toEqual({ src: "/uploads/../x/800.webp" });
  });
});
