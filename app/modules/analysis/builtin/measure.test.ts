import { describe, expect, it } from "vitest";
import { measurePhoto } from "./photo.server";
import { encodePhoto, leafPixels, plainPixels, skinPixels } from "./sample-photos";

// The measures the screening leans on most for photo quality: focus, and light skin.

describe("measurePhoto", () => {
  it("tells a crisp photo from a blurred one, whatever the texture, and finds nothing crisp on a plain wall", async () => {
    const crisp = await measurePhoto(await encodePhoto(leafPixels()));
    const blurred = await measurePhoto(await encodePhoto(leafPixels(), "jpeg", { blur: 8 }));
    const wall = await measurePhoto(await encodePhoto(plainPixels([150, 150, 146]), "jpeg", { blur: 6 }));
    expect(crisp.quality.edgeCrispness).toBeGreaterThan(0.7);
    expect(blurred.quality.edgeCrispness).toBeLessThan(0.55);
    expect(wall.quality.edgeCrispness).toBe(0);
  });

  it("measures light skin and counts dark crusts on it", async () => {
    const clean = await measurePhoto(await encodePhoto(skinPixels(0)));
    const crusted = await measurePhoto(await encodePhoto(skinPixels(20)));
    expect(clean.animal.skin).toBeGreaterThan(0.9);
    expect(clean.animal.crusts).toBe(0);
    expect(crusted.animal.crusts).toBeGreaterThanOrEqual(15);
  });
});
