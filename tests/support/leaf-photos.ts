import sharp from "sharp";

// Photos the tests and benchmarks make for Asiiko AI: a leaf (an ellipse with
// a midrib and some texture) on soil, healthy green, yellowing, or spotted
// with brown lesions. Deterministic: the same call gives the same bytes.

export type LeafCondition = "healthy" | "yellowed" | "spotted";

const SOIL: [number, number, number] = [112, 84, 58];
const GREEN: [number, number, number] = [58, 138, 52];
const YELLOW: [number, number, number] = [214, 196, 62];
const BROWN: [number, number, number] = [92, 56, 30];

/** Raw RGB pixels of a leaf photo `width` x `height`. */
export function leafPixels(width: number, height: number, condition: LeafCondition): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  const cx = width / 2;
  const cy = height / 2;
  const rx = width * 0.42;
  const ry = height * 0.36;
  // Lesion centres spread over the leaf, placed by a fixed rule.
  const spots = Array.from({ length: 14 }, (_, index) => ({
    x: cx + rx * 0.7 * Math.cos(index * 2.4),
    y: cy + ry * 0.7 * Math.sin(index * 2.4) * ((index % 3) / 3 + 0.3),
    r: Math.min(width, height) * (0.035 + (index % 4) * 0.008),
  }));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = (x - cx) / rx;
      const dy = (y - cy) / ry;
      const inLeaf = dx * dx + dy * dy <= 1;
      // A little texture so the photo is not flat (sharpness measures need edges).
      const grain = ((x * 31 + y * 17) % 13) - 6;
      let colour = SOIL;
      if (inLeaf) {
        colour = GREEN;
        if (condition === "yellowed" && (x + y) % 97 < 60) colour = YELLOW;
        if (condition === "spotted" && spots.some((spot) => (x - spot.x) ** 2 + (y - spot.y) ** 2 <= spot.r ** 2))
          colour = BROWN;
        if (Math.abs(y - cy) < Math.max(1, height * 0.006)) colour = [colour[0] + 30, colour[1] + 30, colour[2] + 20];
      }
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.max(0, Math.min(255, colour[0] + grain));
      pixels[offset + 1] = Math.max(0, Math.min(255, colour[1] + grain));
      pixels[offset + 2] = Math.max(0, Math.min(255, colour[2] + grain));
    }
  }
  return pixels;
}

/** A leaf photo as a JPEG (or another format). */
export async function leafPhoto(
  condition: LeafCondition = "healthy",
  options: { width?: number; height?: number; format?: "jpeg" | "png" | "webp" } = {},
) {
  const { width = 800, height = 600, format = "jpeg" } = options;
  const image = sharp(leafPixels(width, height, condition), { raw: { width, height, channels: 3 } });
  return (format === "png" ? image.png() : format === "webp" ? image.webp() : image.jpeg({ quality: 88 })).toBuffer();
}
