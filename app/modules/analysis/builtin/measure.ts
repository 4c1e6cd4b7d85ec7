// What the built-in screening of Asiiko AI measures on a photo: colour shares,
// spots and patterns of plant tissue, colours an animal photo can show, and the
// photo's quality. Pure and deterministic: it reads RGB pixels already decoded
// and shrunk to the working size (photo.server.ts), so tests can hand it pixels.

/** Long side, in pixels, of the image the measures are taken on. */
export const WORKING_SIZE = 320;

/** Lesions smaller than this (pixels at working size) are taken as noise. */
const MIN_SPOT_PIXELS = 4;
/** Mosaic is judged on cells of this many pixels (at 320 px: about 2.5% of the long side). */
const PATCH_CELL = 8;
/** Lesion spread is counted on a grid of this many cells each way over the leaf. */
const SPREAD_GRID = 8;

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

// Colour classes of plant tissue; everything else is background.
const BACKGROUND = 0;
const GREEN = 1;
const YELLOW = 2;
const BROWN = 3;
const DARK = 4;

/**
 * The plant colour class of one pixel (hue in degrees, saturation and value 0-1).
 * Healthy leaves sit around hue 80-130; chlorosis moves them to 40-65; necrosis
 * is brown (hue 10-40, not bright); lesions can be nearly black. Whites, greys,
 * blues, purples and bright reds are background (paper, sky, cloth, skin).
 */
function plantClass(hue: number, saturation: number, value: number): number {
  if (value < 0.15) return DARK;
  if (saturation < 0.12) return value < 0.3 ? DARK : BACKGROUND;
  if (hue >= 65 && hue < 170) return GREEN;
  if (hue >= 40 && hue < 65) {
    if (value < 0.35) return BROWN;
    return saturation >= 0.3 ? YELLOW : BACKGROUND;
  }
  // Light tan (sand, skin, dry straw in sun) is background; darker or strong tan is brown.
  if (hue >= 12 && hue < 40) return value <= 0.72 || saturation >= 0.5 ? BROWN : BACKGROUND;
  if (hue < 12 || hue >= 340) return value < 0.4 ? BROWN : BACKGROUND;
  return BACKGROUND;
}

interface Region {
  size: number;
  touchesBorder: boolean;
  /** Edges shared with pixels of the "friendly" mask (tissue), and all outer edges (the frame border included). */
  friendlyEdges: number;
  outerEdges: number;
  sumX: number;
  sumY: number;
  sumXX: number;
  sumYY: number;
  sumXY: number;
}

/**
 * The 4-connected regions of a mask, each with its size, whether it touches
 * the frame, how much of its outline borders the friendly mask, and its
 * moments (for elongation). `labels` holds each pixel's region index or -1.
 */
function findRegions(mask: Uint8Array, friendly: Uint8Array, width: number, height: number) {
  const labels = new Int32Array(width * height).fill(-1);
  const regions: Region[] = [];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < mask.length; start += 1) {
    if (!mask[start] || labels[start] !== -1) continue;
    const index = regions.length;
    const region: Region = {
      size: 0,
      touchesBorder: false,
      friendlyEdges: 0,
      outerEdges: 0,
      sumX: 0,
      sumY: 0,
      sumXX: 0,
      sumYY: 0,
      sumXY: 0,
    };
    regions.push(region);
    let top = 0;
    stack[top++] = start;
    labels[start] = index;
    while (top > 0) {
      const pixel = stack[--top]!;
      const x = pixel % width;
      const y = (pixel - x) / width;
      region.size += 1;
      region.sumX += x;
      region.sumY += y;
      region.sumXX += x * x;
      region.sumYY += y * y;
      region.sumXY += x * y;
      for (let side = 0; side < 4; side += 1) {
        const nx = side === 0 ? x - 1 : side === 1 ? x + 1 : x;
        const ny = side === 2 ? y - 1 : side === 3 ? y + 1 : y;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) {
          region.touchesBorder = true;
          region.outerEdges += 1;
          continue;
        }
        const next = ny * width + nx;
        if (mask[next]) {
          if (labels[next] === -1) {
            labels[next] = index;
            stack[top++] = next;
          }
        } else {
          region.outerEdges += 1;
          if (friendly[next]) region.friendlyEdges += 1;
        }
      }
    }
  }
  return { labels, regions };
}

/** Length and width of a region, from its second moments (as if it were a filled rectangle). */
function regionShape(region: Region) {
  const n = region.size;
  const meanX = region.sumX / n;
  const meanY = region.sumY / n;
  // A pixel is a unit square: its own spread (1/12) keeps one-pixel lines from having zero width.
  const varX = region.sumXX / n - meanX * meanX + 1 / 12;
  const varY = region.sumYY / n - meanY * meanY + 1 / 12;
  const covXY = region.sumXY / n - meanX * meanY;
  const half = (varX + varY) / 2;
  const spread = Math.sqrt(Math.max(0, half * half - (varX * varY - covXY * covXY)));
  const major = half + spread;
  const minor = Math.max(half - spread, 1 / 12);
  return { length: Math.sqrt(12 * major), width: Math.sqrt(12 * minor) };
}

/**
 * A narrow streak: at least 10 pixels long, 4 times longer than wide and at most
 * 6 wide (about 2% of the long side), so that a yellow band between two veins
 * or a whole yellow leaf does not count.
 */
function isStreak(region: Region) {
  if (region.size < 8) return false;
  const { length, width } = regionShape(region);
  return length >= 10 && length >= 4 * width && width <= 6;
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

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

/** Variance of the 4-neighbour Laplacian of the grey image, on the 0-255 scale. */
function laplacianVariance(luma: Float32Array, width: number, height: number) {
  if (width < 3 || height < 3) return 0;
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const at = y * width + x;
      const laplacian = 255 * (4 * luma[at]! - luma[at - 1]! - luma[at + 1]! - luma[at - width]! - luma[at + width]!);
      sum += laplacian;
      squares += laplacian * laplacian;
      n += 1;
    }
  }
  const mean = sum / n;
  return squares / n - mean * mean;
}

/** Pixels averaged along a row or column to blur the photo again (Crete et al.'s re-blur). */
const REBLUR_TAPS = 9;
/** One-pixel luma changes smaller than this (2.5 levels of 255) are grain and compression noise, not edges. */
const NOISE_STEP = 0.01;
/** Fewer edge steps than this share of all steps and there is nothing crisp to judge (a wall, a black frame, a blur). */
const MIN_EDGE_STEPS = 0.002;

/**
 * Edge crispness by re-blurring: blurring a crisp photo flattens its one-pixel
 * changes a lot, blurring a blurred one hardly at all. The share of the changes
 * that re-blurring removes, in the worse of rows and columns (camera shake blurs
 * one way), leaving out changes too small to be more than grain: near 0.9 for
 * crisp edges, lower when out of focus, 0 when nothing in the frame is crisp.
 * It counts edges, veins and spots alike, so it does not depend on how much texture the subject has.
 */
function crispness(luma: Float32Array, width: number, height: number) {
  const half = (REBLUR_TAPS - 1) / 2;
  const along = (lines: number, length: number, at: (line: number, position: number) => number) => {
    let change = 0;
    let removed = 0;
    let steps = 0;
    let edges = 0;
    const blurred = new Float32Array(length);
    for (let line = 0; line < lines; line += 1) {
      // A running sum gives the re-blurred line; its ends use what fits inside the frame.
      let sum = 0;
      let count = 0;
      for (let position = 0; position < Math.min(half, length); position += 1) {
        sum += luma[at(line, position)]!;
        count += 1;
      }
      for (let position = 0; position < length; position += 1) {
        const entering = position + half;
        const leaving = position - half - 1;
        if (entering < length) {
          sum += luma[at(line, entering)]!;
          count += 1;
        }
        if (leaving >= 0) {
          sum -= luma[at(line, leaving)]!;
          count -= 1;
        }
        blurred[position] = sum / count;
      }
      for (let position = 1; position < length; position += 1) {
        const original = Math.abs(luma[at(line, position)]! - luma[at(line, position - 1)]!);
        steps += 1;
        if (original < NOISE_STEP) continue;
        const again = Math.abs(blurred[position]! - blurred[position - 1]!);
        change += original;
        removed += Math.max(0, original - again);
        edges += 1;
      }
    }
    return share(edges, steps) < MIN_EDGE_STEPS ? 0 : share(removed, change);
  };
  return Math.min(
    along(height, width, (line, position) => line * width + position),
    along(width, height, (line, position) => position * width + line),
  );
}

/**
 * Mottling: over small cells that are mostly leaf, the mean difference of the
 * yellow share between a cell and its right and lower neighbours. A mosaic
 * alternates yellow and green at this scale; even yellowing, a yellow tip or
 * pixel noise near the green/yellow boundary hardly change from cell to cell.
 */
function patchiness(classes: Uint8Array, livingTissue: Uint8Array, width: number, height: number) {
  const columns = Math.floor(width / PATCH_CELL);
  const rows = Math.floor(height / PATCH_CELL);
  if (columns < 2 || rows < 2) return 0;
  const yellowShare = new Float32Array(columns * rows).fill(-1);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      let leaf = 0;
      let yellow = 0;
      for (let dy = 0; dy < PATCH_CELL; dy += 1) {
        for (let dx = 0; dx < PATCH_CELL; dx += 1) {
          const pixel = (row * PATCH_CELL + dy) * width + column * PATCH_CELL + dx;
          if (!livingTissue[pixel]) continue;
          leaf += 1;
          if (classes[pixel] === YELLOW) yellow += 1;
        }
      }
      // Stretched so that a cell crossed by a green vein still reads as a yellow cell.
      if (leaf >= (PATCH_CELL * PATCH_CELL) / 2)
        yellowShare[row * columns + column] = Math.min(1, Math.max(0, (yellow / leaf - 0.25) / 0.5));
    }
  }
  let total = 0;
  let pairs = 0;
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const here = yellowShare[row * columns + column]!;
      if (here < 0) continue;
      const right = column + 1 < columns ? yellowShare[row * columns + column + 1]! : -1;
      const below = row + 1 < rows ? yellowShare[(row + 1) * columns + column]! : -1;
      if (right >= 0) {
        total += Math.abs(here - right);
        pairs += 1;
      }
      if (below >= 0) {
        total += Math.abs(here - below);
        pairs += 1;
      }
    }
  }
  return share(total, pairs);
}

/** Share of the leaf's grid cells (SPREAD_GRID x SPREAD_GRID over the tissue's bounding box) that hold lesion pixels. */
function lesionSpread(
  width: number,
  height: number,
  isTissue: (pixel: number) => boolean,
  isLesion: (pixel: number) => boolean,
) {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!isTissue(y * width + x)) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < left) return 0;
  const boxWidth = right - left + 1;
  const boxHeight = bottom - top + 1;
  const tissueCells = new Uint32Array(SPREAD_GRID * SPREAD_GRID);
  const lesionCells = new Uint8Array(SPREAD_GRID * SPREAD_GRID);
  for (let y = top; y <= bottom; y += 1) {
    const row = Math.min(SPREAD_GRID - 1, Math.floor(((y - top) * SPREAD_GRID) / boxHeight));
    for (let x = left; x <= right; x += 1) {
      const pixel = y * width + x;
      if (!isTissue(pixel)) continue;
      const cell = row * SPREAD_GRID + Math.min(SPREAD_GRID - 1, Math.floor(((x - left) * SPREAD_GRID) / boxWidth));
      tissueCells[cell] = tissueCells[cell]! + 1;
      if (isLesion(pixel)) lesionCells[cell] = 1;
    }
  }
  // A cell counts as leaf when a tenth of it is tissue, so a leaf's ragged outline does not dilute the spread.
  const cellArea = (boxWidth * boxHeight) / (SPREAD_GRID * SPREAD_GRID);
  let leafCells = 0;
  let spotted = 0;
  for (let cell = 0; cell < tissueCells.length; cell += 1) {
    if (tissueCells[cell]! < 0.1 * cellArea) continue;
    leafCells += 1;
    if (lesionCells[cell]) spotted += 1;
  }
  return share(spotted, leafCells);
}
