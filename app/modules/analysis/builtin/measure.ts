// What the built-in screening of Asiiko AI measures on a photo: colour shares,
// spots and patterns of plant tissue, colours an animal photo can show, and the
// photo's quality. Pure and deterministic: it reads RGB pixels already decoded
// and shrunk to the working size (photo.server.ts), so tests can hand it pixels.

import { BROWN, DARK, findRegions, GREEN, isStreak, plantClass, share, YELLOW } from "./regions";
import { crispness, laplacianVariance, lesionSpread, patchiness } from "./texture";

/** Long side, in pixels, of the image the measures are taken on. */
export const WORKING_SIZE = 320;

/** Lesions smaller than this (pixels at working size) are taken as noise. */
const MIN_SPOT_PIXELS = 4;

export interface PhotoQuality {
  /** Mean brightness (luma), 0 black to 1 white. */
  brightness: number;
  /** Share of the frame burnt out to white (every channel at least 250). */
  clipped: number;
  /** Share of the frame crushed to black (luma under 6%). */
  crushed: number;
  /** Spread of brightness (standard deviation of luma, 0 to 0.5): a blank wall is near 0. */
  contrast: number;
  /** Variance of the Laplacian of the grey image (0-255 scale): low means blurred or featureless. */
  sharpness: number;
  /**
   * How crisp the photo's edges are, 0 to 1: the share of its one-pixel changes that
   * blurring it again removes. High when in focus, low when blurred, 0 when nothing is crisp.
   */
  edgeCrispness: number;
}

export interface PlantMeasures {
  /** Plant tissue (green, yellowing and lesions on it) as a share of the whole frame. */
  coverage: number;
  /** Shares of the plant tissue: healthy green, yellowing (chlorosis), brown (necrosis), dark lesions. They add up to 1 (0 without tissue). */
  green: number;
  yellow: number;
  brown: number;
  dark: number;
  spots: {
    /** Brown or dark spots on the tissue (connected, at least a few pixels). */
    count: number;
    /** Mean and largest spot as shares of the tissue. */
    meanSize: number;
    largestSize: number;
    /** Share of the leaf's grid cells (8 x 8 over the leaf) holding lesion pixels. */
    spread: number;
  };
  /** Share of the lesion area in patches touching the leaf's edge (scorch dries leaves from the edge). */
  marginLesion: number;
  /** Mottling: mean difference of the yellow share between neighbouring small cells, 0 (even) to 1. */
  patchiness: number;
  /** Share of the yellowing area, and of the lesion area, in narrow streaks (far longer than wide). */
  yellowStreaks: number;
  lesionStreaks: number;
}

export interface AnimalMeasures {
  /** Shares of the frame: strong red (inflamed skin, a red comb, a well-coloured eyelid). */
  red: number;
  /** Whitish (pale skin, white hair or feathers, pale membranes). */
  pale: number;
  /** Dark purple or dark red (a dark comb or wattles, bruising). */
  purple: number;
  /** Creamy yellow (discharge-like; also yellow skin, legs or feed). */
  yellowish: number;
  /** Light skin tones (tan to pink, weakly coloured, well lit): bare or light-haired skin. */
  skin: number;
  /** Pink-to-red pixels bright enough to be membranes or bare skin (eyelid, gums, comb). */
  membrane: number;
  /** Mean colour strength (saturation, 0-1) of those pixels: red membranes are strong, pale ones weak. */
  membraneRedness: number;
  /** Share of those pixels that are pale pink or whitish-pink. */
  membranePale: number;
  /** Small dark spots on lighter skin (crusts, scabs), counted, and their share of the frame. */
  crusts: number;
  crustShare: number;
}

export interface PhotoMeasures {
  /** The photo's size as sent (after EXIF rotation). */
  original: { width: number; height: number };
  /** The size the pixels were measured at. */
  working: { width: number; height: number };
  quality: PhotoQuality;
  plant: PlantMeasures;
  animal: AnimalMeasures;
}

export interface RgbPixels {
  /** Packed RGB, 3 bytes a pixel, row after row. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** Rounds a measure so that results do not carry floating-point noise (4 decimals is far below what colour can tell). */
const tidy = (value: number) => Math.round(value * 10_000) / 10_000;

/** Measures RGB pixels at working size; `original` is the photo's size as sent. */
export function measurePixels(pixels: RgbPixels, original: { width: number; height: number }): PhotoMeasures {
  const { data, width, height } = pixels;
  const count = width * height;
  const classes = new Uint8Array(count);
  const luma = new Float32Array(count);

  let lumaSum = 0;
  let lumaSquares = 0;
  let clipped = 0;
  let crushed = 0;
  let red = 0;
  let pale = 0;
  let purple = 0;
  let yellowish = 0;
  let skin = 0;
  let membrane = 0;
  let membraneSaturation = 0;
  let membranePale = 0;

  for (let pixel = 0; pixel < count; pixel += 1) {
    const r = data[pixel * 3]!;
    const g = data[pixel * 3 + 1]!;
    const b = data[pixel * 3 + 2]!;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const chroma = max - min;
    const value = max / 255;
    const saturation = max === 0 ? 0 : chroma / max;
    let hue = 0;
    if (chroma > 0) {
      if (max === r) hue = 60 * (((g - b) / chroma + 6) % 6);
      else if (max === g) hue = 60 * ((b - r) / chroma + 2);
      else hue = 60 * ((r - g) / chroma + 4);
    }
    const grey = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    luma[pixel] = grey;
    lumaSum += grey;
    lumaSquares += grey * grey;
    if (min >= 250) clipped += 1;
    if (grey < 0.06) crushed += 1;
    classes[pixel] = plantClass(hue, saturation, value);

    // What colour can say about an animal: red, pale, purple, creamy yellow, and membrane pink.
    const reddish = hue >= 325 || hue < 15;
    if (reddish && saturation >= 0.5 && value >= 0.35) red += 1;
    if (saturation < 0.15 && value >= 0.75) pale += 1;
    if (
      (hue >= 260 && hue < 325 && saturation >= 0.25 && value >= 0.15 && value < 0.75) ||
      (reddish && saturation >= 0.4 && value >= 0.15 && value < 0.35)
    )
      purple += 1;
    if (hue >= 40 && hue < 65 && saturation >= 0.25 && saturation < 0.75 && value >= 0.55) yellowish += 1;
    if ((hue < 40 || hue >= 340) && saturation >= 0.1 && saturation < 0.45 && value >= 0.6) skin += 1;
    if (reddish && saturation >= 0.08 && value >= 0.45) {
      membrane += 1;
      membraneSaturation += saturation;
      if (saturation < 0.3) membranePale += 1;
    }
  }

  const brightness = lumaSum / count;
  const contrast = Math.sqrt(Math.max(0, lumaSquares / count - brightness * brightness));
  const sharpness = laplacianVariance(luma, width, height);
  const edgeCrispness = crispness(luma, width, height);

  // Yellow areas are tissue unless they are a large yellow surround (straw, sand, a wall)
  // touching the frame with little green beside them.
  const green = new Uint8Array(count);
  const yellowMask = new Uint8Array(count);
  for (let pixel = 0; pixel < count; pixel += 1) {
    if (classes[pixel] === GREEN) green[pixel] = 1;
    else if (classes[pixel] === YELLOW) yellowMask[pixel] = 1;
  }
  const yellowFound = findRegions(yellowMask, green, width, height);
  const yellowIsTissue = yellowFound.regions.map(
    (region) => !region.touchesBorder || share(region.friendlyEdges, region.outerEdges) >= 0.3,
  );
  const livingTissue = new Uint8Array(count);
  let greenCount = 0;
  let yellowCount = 0;
  for (let pixel = 0; pixel < count; pixel += 1) {
    if (green[pixel]) {
      livingTissue[pixel] = 1;
      greenCount += 1;
    } else if (yellowMask[pixel] && yellowIsTissue[yellowFound.labels[pixel]!]) {
      livingTissue[pixel] = 1;
      yellowCount += 1;
    }
  }

  // Brown or dark patches are lesions when the leaf surrounds most of them; a patch
  // reaching the frame must be almost all leaf-bound, or it is soil, shadow or a dark background.
  const lesionMask = new Uint8Array(count);
  for (let pixel = 0; pixel < count; pixel += 1)
    if (classes[pixel] === BROWN || classes[pixel] === DARK) lesionMask[pixel] = 1;
  const lesionFound = findRegions(lesionMask, livingTissue, width, height);
  const isLesion = lesionFound.regions.map((region) => {
    const bound = share(region.friendlyEdges, region.outerEdges);
    return region.touchesBorder ? bound >= 0.7 : bound >= 0.4;
  });
  let brownCount = 0;
  let darkCount = 0;
  for (let pixel = 0; pixel < count; pixel += 1) {
    const label = lesionFound.labels[pixel]!;
    if (label === -1 || !isLesion[label]) continue;
    if (classes[pixel] === BROWN) brownCount += 1;
    else darkCount += 1;
  }
  const tissue = greenCount + yellowCount + brownCount + darkCount;
  const lesionArea = brownCount + darkCount;

  const spots = lesionFound.regions.filter((region, index) => isLesion[index] && region.size >= MIN_SPOT_PIXELS);
  const largest = spots.reduce((most, region) => Math.max(most, region.size), 0);
  const spotArea = spots.reduce((sum, region) => sum + region.size, 0);
  const marginArea = lesionFound.regions.reduce(
    (sum, region, index) =>
      isLesion[index] && (region.touchesBorder || share(region.friendlyEdges, region.outerEdges) < 0.8)
        ? sum + region.size
        : sum,
    0,
  );
  const lesionStreakArea = lesionFound.regions.reduce(
    (sum, region, index) => (isLesion[index] && isStreak(region) ? sum + region.size : sum),
    0,
  );
  const yellowStreakArea = yellowFound.regions.reduce(
    (sum, region, index) => (yellowIsTissue[index] && isStreak(region) ? sum + region.size : sum),
    0,
  );

  const isTissue = (pixel: number) =>
    livingTissue[pixel] === 1 || (lesionFound.labels[pixel]! !== -1 && isLesion[lesionFound.labels[pixel]!] === true);
  const isLesionPixel = (pixel: number) =>
    lesionFound.labels[pixel]! !== -1 && isLesion[lesionFound.labels[pixel]!] === true;

  // Crusts on an animal: small dark patches on lighter skin, not reaching the frame.
  const crustRegions = lesionFound.regions.filter(
    (region) => !region.touchesBorder && region.size >= 6 && region.size <= 0.02 * count,
  );
  const crustArea = crustRegions.reduce((sum, region) => sum + region.size, 0);

  return {
    original: { width: original.width, height: original.height },
    working: { width, height },
    quality: {
      brightness: tidy(brightness),
      clipped: tidy(share(clipped, count)),
      crushed: tidy(share(crushed, count)),
      contrast: tidy(contrast),
      sharpness: tidy(sharpness),
      edgeCrispness: tidy(edgeCrispness),
    },
    plant: {
      coverage: tidy(share(tissue, count)),
      green: tidy(share(greenCount, tissue)),
      yellow: tidy(share(yellowCount, tissue)),
      brown: tidy(share(brownCount, tissue)),
      dark: tidy(share(darkCount, tissue)),
      spots: {
        count: spots.length,
        meanSize: tidy(spots.length > 0 ? share(spotArea / spots.length, tissue) : 0),
        largestSize: tidy(share(largest, tissue)),
        spread: tidy(lesionSpread(width, height, isTissue, isLesionPixel)),
      },
      marginLesion: tidy(share(marginArea, lesionArea)),
      patchiness: tidy(patchiness(classes, livingTissue, width, height)),
      yellowStreaks: tidy(share(yellowStreakArea, yellowCount)),
      lesionStreaks: tidy(share(lesionStreakArea, lesionArea)),
    },
    animal: {
      red: tidy(share(red, count)),
      pale: tidy(share(pale, count)),
      purple: tidy(share(purple, count)),
      yellowish: tidy(share(yellowish, count)),
      skin: tidy(share(skin, count)),
      membrane: tidy(share(membrane, count)),
      membraneRedness: tidy(share(membraneSaturation, membrane)),
      membranePale: tidy(share(membranePale, membrane)),
      crusts: crustRegions.length,
      crustShare: tidy(share(crustArea, count)),
    },
  };
}
