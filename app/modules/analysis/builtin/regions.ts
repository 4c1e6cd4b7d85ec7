// The colour classes of plant tissue and the connected regions (spots, streaks) found in a
// mask of them: the pieces measure.ts builds its plant measures from. Pure, like measure.ts.

// Colour classes of plant tissue; everything else is background.
const BACKGROUND = 0;
export const GREEN = 1;
export const YELLOW = 2;
export const BROWN = 3;
export const DARK = 4;

/**
 * The plant colour class of one pixel (hue in degrees, saturation and value 0-1).
 * Healthy leaves sit around hue 80-130; chlorosis moves them to 40-65; necrosis
 * is brown (hue 10-40, not bright); lesions can be nearly black. Whites, greys,
 * blues, purples and bright reds are background (paper, sky, cloth, skin).
 */
export function plantClass(hue: number, saturation: number, value: number): number {
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

export interface Region {
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
export function findRegions(mask: Uint8Array, friendly: Uint8Array, width: number, height: number) {
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
export function isStreak(region: Region) {
  if (region.size < 8) return false;
  const { length, width } = regionShape(region);
  return length >= 10 && length >= 4 * width && width <= 6;
}

/** `part` as a share of `whole`; 0 of nothing. */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
