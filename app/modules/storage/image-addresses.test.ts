import { describe, expect, it } from "vitest";
import { isShownPhoto, readPhotoAddress } from "./image-addresses";

describe("readPhotoAddress", () => {
  it.each([
    ["/uploads/cm0abc123/800.webp", { kind: "upload", uploadId: "cm0abc123" }],
    ["/uploads/cm0abc123/320.webp", { kind: "upload", uploadId: "cm0abc123" }],
    ["/images/products/cassava.svg", { kind: "bundled" }],
    ["https://Photos.Example.ng/maize.jpg", { kind: "outside", host: "photos.example.ng" }],
  ])("reads %s", (address, read) => {
    expect(readPhotoAddress(address)).toEqual(read);
  });

  it.each([
    "http://photos.example.ng/maize.jpg",
    "https://photos.example.ng:8443/maize.jpg",
    "https://someone@photos.example.ng/maize.jpg",
    "//photos.example.ng/maize.jpg",
    "/uploads/cm0abc123/640.webp",
    "/uploads/../originals/800.webp",
    "/uploads/originals/cm0abc123",
    "/images/products/../../etc/passwd",
    "data:image/png;base64,AAAA",
    "javascript:alert(1)",
    "https://",
  ])("reads %s as no photo address", (address) => {
    expect(readPhotoAddress(address)).toBeNull();
  });
});

describe("isShownPhoto", () => {
  it("shows our uploads and bundled pictures, and outside photos only on the hosts allowed", () => {
    expect(isShownPhoto("/uploads/cm0abc123/800.webp", [])).toBe(true);
    expect(isShownPhoto("/images/products/yam.svg", [])).toBe(true);
    expect(isShownPhoto("https://photos.example.ng/yam.jpg", [])).toBe(false);
    expect(isShownPhoto("https://photos.example.ng/yam.jpg", ["photos.example.ng"])).toBe(true);
    // A host's subdomain or a look-alike is another host.
    expect(isShownPhoto("https://evil.photos.example.ng/yam.jpg", ["photos.example.ng"])).toBe(false);
    expect(isShownPhoto("https://photos.example.ng.evil.com/yam.jpg", ["photos.example.ng"])).toBe(false);
    expect(isShownPhoto("http://photos.example.ng/yam.jpg", ["photos.example.ng"])).toBe(false);
  });
});
