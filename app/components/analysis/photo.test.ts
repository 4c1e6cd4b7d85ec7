import { describe, expect, it } from "vitest";
import { isImageFile, jpegName, PHOTO_MAX_SIDE, shrinkPhoto, shrunkSize } from "./photo";

describe("shrunkSize", () => {
  it("keeps a photo that already fits", () => {
    expect(shrunkSize(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(shrunkSize(PHOTO_MAX_SIDE, 10)).toEqual({ width: PHOTO_MAX_SIDE, height: 10 });
  });

  it("brings the long side down to 1600 px, keeping the shape", () => {
    expect(shrunkSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(shrunkSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(shrunkSize(4032, 3024)).toEqual({ width: 1600, height: 1200 });
  });

  it("never makes a side zero, and never enlarges", () => {
    expect(shrunkSize(100_000, 10)).toEqual({ width: 1600, height: 1 });
    expect(shrunkSize(20, 30, 1600)).toEqual({ width: 20, height: 30 });
    expect(shrunkSize(800, 600, 400)).toEqual({ width: 400, height: 300 });
  });
});

describe("photo files", () => {
  it("tells a photo from another file by its type", () => {
    expect(isImageFile({ type: "image/jpeg" })).toBe(true);
    expect(isImageFile({ type: "image/heic" })).toBe(true);
    expect(isImageFile({ type: "text/plain" })).toBe(false);
    expect(isImageFile({ type: "" })).toBe(false);
  });

  it("names the re-encoded photo .jpg", () => {
    expect(jpegName("IMG_2041.HEIC")).toBe("IMG_2041.jpg");
    expect(jpegName("leaf.png")).toBe("leaf.jpg");
    expect(jpegName("leaf")).toBe("leaf.jpg");
    expect(jpegName(".png")).toBe("photo.jpg");
    expect(jpegName("my.farm/leaf")).toBe("my.farm/leaf.jpg");
  });

  it("sends the original where the browser cannot shrink it (here: no canvas)", async () => {
    const file = new File(["not really a photo"], "leaf.jpg", { type: "image/jpeg" });
    expect(await shrinkPhoto(file)).toBe(file);
  });
});
