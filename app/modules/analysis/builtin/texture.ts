import { share, YELLOW } from "./regions";

// How sharp a photo is and how the plant's colours lie across it (a mosaic's patches, a
// disease's spread over the leaf): measures of texture for measure.ts. Pure, like measure.ts.

/** Mosaic is judged on cells of this many pixels (at 320 px: about 2.5% of the long side). */
const PATCH_CELL = 8;
/** Lesion spread is counted on a grid of this many cells each way over the leaf. */
const SPREAD_GRID = 8;

export function laplacianVariance(luma: Float32Array, width: number, height: number) {
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
export function crispness(luma: Float32Array, width: number, height: number) {
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
export function patchiness(classes: Uint8Array, livingTissue: Uint8Array, width: number, height: number) {
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
export function lesionSpread(
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
