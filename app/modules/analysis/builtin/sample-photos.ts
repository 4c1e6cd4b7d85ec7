import sharp from "sharp";
import type { RgbPixels } from "./measure";

// Photos drawn pixel by pixel for the built-in screening's tests: a leaf on
// soil or paper with texture and veins, and the same leaf yellowed, mottled,
// streaked, spotted or scorched; an eyelid, a comb, crusted skin; a black frame
// and a grey wall. Seeded noise, so every drawing is the same every time.

type Rgb = readonly [number, number, number];

/** A small seeded generator (xorshift), for reproducible texture. */
function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4_294_967_296;
  };
}

/** Smooth noise in 0-1 at a given scale (bilinear between seeded lattice values), for mottles and soil. */
function smoothNoise(width: number, height: number, scale: number, seed: number) {
  const random = seeded(seed);
  const columns = Math.ceil(width / scale) + 2;
  const rows = Math.ceil(height / scale) + 2;
  const lattice = Array.from({ length: columns * rows }, () => random());
  return (x: number, y: number) => {
    const gx = x / scale;
    const gy = y / scale;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    const at = (cx: number, cy: number) => lattice[cy * columns + cx]!;
    const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
    const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
}

function canvas(width: number, height: number) {
  return { data: new Uint8Array(width * height * 3), width, height };
}

function paint(pixels: RgbPixels, x: number, y: number, colour: Rgb, jitter = 0) {
  const at = (y * pixels.width + x) * 3;
  for (let channel = 0; channel < 3; channel += 1) {
    pixels.data[at + channel] = Math.max(0, Math.min(255, Math.round(colour[channel]! + jitter)));
  }
}

const SOIL: Rgb = [118, 84, 56];
const PAPER: Rgb = [236, 236, 230];
const LEAF_GREEN: Rgb = [58, 128, 46];
const VEIN_GREEN: Rgb = [112, 168, 84];
const CHLOROSIS: Rgb = [206, 192, 66];
const LESION_BROWN: Rgb = [78, 50, 30];
const NECROSIS: Rgb = [128, 84, 44];

export interface LeafScene {
  width?: number;
  height?: number;
  background?: "soil" | "paper";
  /** A broad leaf (cassava lobe, yam, bitter leaf) or a long narrow one (maize, rice, sorghum). */
  shape?: "broad" | "long";
  /** Where the leaf has turned yellow. */
  yellowing?: "none" | "tip" | "uniform" | "mosaic" | "streaks";
  /** How many dark brown spots (with a yellow halo). */
  spots?: number;
  /** Brown, dried edge along one side. */
  scorch?: boolean;
  seed?: number;
}

/** A leaf photographed flat: an ellipse with veins and texture on soil or paper. */
export function leafPixels(scene: LeafScene = {}): RgbPixels {
  const {
    width = 640,
    height = 480,
    background = "soil",
    shape = "broad",
    yellowing = "none",
    spots = 0,
    scorch = false,
    seed = 7,
  } = scene;
  const pixels = canvas(width, height);
  const random = seeded(seed);
  const soil = smoothNoise(width, height, 24, seed + 1);
  const mottle = smoothNoise(width, height, 26, seed + 2);
  const streakBreaks = smoothNoise(width, height * 4, 40, seed + 3);
  const centreX = width / 2;
  const centreY = height / 2;
  const semiX = shape === "broad" ? 0.42 * width : 0.48 * width;
  const semiY = shape === "broad" ? 0.38 * height : 0.2 * height;

  const spotCentres = Array.from({ length: spots }, () => {
    // Spread the spots over the inner leaf.
    const angle = random() * 2 * Math.PI;
    const reach = Math.sqrt(random()) * 0.8;
    return {
      x: centreX + Math.cos(angle) * reach * semiX,
      y: centreY + Math.sin(angle) * reach * semiY,
      radius: 5 + random() * 6,
    };
  });

  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = (x - centreX) / semiX;
      const dy = (y - centreY) / semiY;
      const radius = Math.sqrt(dx * dx + dy * dy);
      const grain = (random() - 0.5) * 14;
      if (radius > 1) {
        if (background === "soil") paint(pixels, x, y, SOIL, (soil(x, y) - 0.5) * 40 + grain);
        else paint(pixels, x, y, PAPER, grain / 3);
        continue;
      }
      const vein =
        shape === "broad"
          ? Math.abs(y - centreY) < 2 || Math.abs(((x - centreX - Math.abs(y - centreY) + 1000) % 40) - 20) < 1.5
          : (y + 1000) % 9 < 1;
      let colour: Rgb = vein ? VEIN_GREEN : LEAF_GREEN;
      const yellowed =
        (yellowing === "uniform" && !vein) ||
        (yellowing === "tip" && dx > 0.1) ||
        (yellowing === "mosaic" && mottle(x, y) > 0.52) ||
        (yellowing === "streaks" && (y + 1000) % 9 >= 3 && (y + 1000) % 9 < 6 && streakBreaks(x, y * 4) > 0.45);
      if (yellowed) colour = CHLOROSIS;
      if (scorch && dx > 0 && radius > 0.82) colour = NECROSIS;
      for (const spot of spotCentres) {
        const distance = Math.hypot(x - spot.x, y - spot.y);
        if (distance <= spot.radius) colour = LESION_BROWN;
        else if (distance <= spot.radius + 2 && colour !== LESION_BROWN) colour = CHLOROSIS;
      }
      paint(pixels, x, y, colour, grain);
    }
  }
  return pixels;
}

/** Leaflets (moringa-like) scattered on paper, some yellowed or spotted. */
export function leafletPixels(scene: { yellowed?: number; spotted?: number; seed?: number } = {}): RgbPixels {
  const { yellowed = 0, spotted = 0, seed = 11 } = scene;
  const width = 640;
  const height = 480;
  const pixels = canvas(width, height);
  const random = seeded(seed);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) paint(pixels, x, y, PAPER, (random() - 0.5) * 5);
  let leaflet = 0;
  for (let row = 0; row < 5; row += 1) {
    for (let column = 0; column < 6; column += 1) {
      const centreX = 60 + column * 104;
      const centreY = 56 + row * 92;
      const isYellow = leaflet < yellowed;
      const isSpotted = leaflet >= 30 - spotted;
      leaflet += 1;
      for (let y = centreY - 40; y <= centreY + 40; y += 1) {
        for (let x = centreX - 50; x <= centreX + 50; x += 1) {
          const dx = (x - centreX) / 48;
          const dy = (y - centreY) / 38;
          if (dx * dx + dy * dy > 1) continue;
          let colour: Rgb = isYellow ? CHLOROSIS : LEAF_GREEN;
          if (
            isSpotted &&
            (Math.hypot(x - centreX - 14, y - centreY + 8) < 7 || Math.hypot(x - centreX + 16, y - centreY - 10) < 6)
          )
            colour = LESION_BROWN;
          paint(pixels, x, y, colour, (random() - 0.5) * 14);
        }
      }
    }
  }
  return pixels;
}

/** A goat's lower eyelid pulled down: the membrane's colour from red (healthy) to white (anaemic). */
export function eyelidPixels(membrane: "red" | "pink" | "pale", seed = 5): RgbPixels {
  const colours: Record<typeof membrane, Rgb> = { red: [196, 58, 68], pink: [214, 150, 152], pale: [236, 214, 212] };
  const width = 640;
  const height = 480;
  const pixels = canvas(width, height);
  const random = seeded(seed);
  const fur = smoothNoise(width, height, 10, seed);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const grain = (random() - 0.5) * 12;
      const eye = Math.hypot((x - 320) / 120, (y - 170) / 70);
      const lid = Math.hypot((x - 320) / 220, (y - 300) / 90);
      if (eye < 1) paint(pixels, x, y, [30, 26, 24], grain);
      else if (lid < 1) paint(pixels, x, y, colours[membrane], grain);
      else paint(pixels, x, y, [112, 96, 82], (fur(x, y) - 0.5) * 50 + grain);
    }
  }
  return pixels;
}

/** A hen's head on white feathers: the comb red (healthy), pale pink or dark purple. */
export function combPixels(comb: "red" | "pale" | "purple", seed = 9): RgbPixels {
  const colours: Record<typeof comb, Rgb> = { red: [204, 28, 36], pale: [228, 172, 170], purple: [88, 32, 78] };
  const width = 640;
  const height = 480;
  const pixels = canvas(width, height);
  const random = seeded(seed);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const grain = (random() - 0.5) * 10;
      const wave = 30 * Math.abs(Math.sin((x - 160) / 28));
      const inComb = x > 160 && x < 480 && y > 80 - wave && y < 220;
      const inWattle = Math.hypot((x - 300) / 60, (y - 380) / 70) < 1;
      if (inComb || inWattle) paint(pixels, x, y, colours[comb], grain);
      else paint(pixels, x, y, [232, 228, 220], grain / 2);
    }
  }
  return pixels;
}

/** Light skin with dark crusts (mange, dermatophilosis) or without. */
export function skinPixels(crusts: number, seed = 13): RgbPixels {
  const width = 640;
  const height = 480;
  const pixels = canvas(width, height);
  const random = seeded(seed);
  const centres = Array.from({ length: crusts }, () => ({
    x: 30 + random() * 580,
    y: 30 + random() * 420,
    radius: 5 + random() * 7,
  }));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const grain = (random() - 0.5) * 12;
      const crust = centres.some((centre) => Math.hypot(x - centre.x, y - centre.y) < centre.radius);
      paint(pixels, x, y, crust ? [66, 46, 32] : [206, 176, 150], grain);
    }
  }
  return pixels;
}

/** One colour everywhere, with faint grain (a black frame, a grey wall). */
export function plainPixels(colour: Rgb, width = 640, height = 480, seed = 3): RgbPixels {
  const pixels = canvas(width, height);
  const random = seeded(seed);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) paint(pixels, x, y, colour, colour[0] === 0 ? 0 : (random() - 0.5) * 4);
  return pixels;
}

/** Encodes drawn pixels as a photo file, optionally blurred (an out-of-focus shot). */
export async function encodePhoto(
  pixels: RgbPixels,
  format: "jpeg" | "png" | "webp" = "jpeg",
  options: { blur?: number } = {},
): Promise<Buffer> {
  let image = sharp(Buffer.from(pixels.data), { raw: { width: pixels.width, height: pixels.height, channels: 3 } });
  if (options.blur) image = image.blur(options.blur);
  if (format === "jpeg") return image.jpeg({ quality: 90 }).toBuffer();
  if (format === "png") return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}
