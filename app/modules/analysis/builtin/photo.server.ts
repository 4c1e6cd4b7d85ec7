import sharp from "sharp";
import { AiFailure } from "../types";
import { measurePixels, WORKING_SIZE, type PhotoMeasures } from "./measure";

// Decodes a photo for the built-in screening: turned upright, shrunk to the
// working size (sharp shrinks JPEG and WebP while decoding, so a 12-megapixel
// photo never becomes 12 million pixels in memory), then measured.

/** Photos claiming more pixels than this are refused before decoding (as uploads are). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Below this many pixels on a side there is no leaf, eyelid or skin to read. */
export const MIN_PHOTO_SIDE = 32;

const unreadable = (message: string) => new AiFailure("AI_INVALID_IMAGE", message, false);

/** Measures a photo (JPEG, PNG, WebP...); an image that cannot be decoded, or is too small to read, is an AI_INVALID_IMAGE failure. */
export async function measurePhoto(image: Buffer): Promise<PhotoMeasures> {
  let original: { width: number; height: number };
  try {
    const metadata = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    original = metadata.autoOrient;
  } catch (error) {
    throw unreadable(`The photo could not be decoded: ${(error as Error).message}`);
  }
  if (!(original.width >= MIN_PHOTO_SIDE && original.height >= MIN_PHOTO_SIDE)) {
    throw unreadable(
      `The photo is ${original.width}x${original.height} pixels; at least ${MIN_PHOTO_SIDE} on each side are needed`,
    );
  }
  const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: WORKING_SIZE, height: WORKING_SIZE, fit: "inside", withoutEnlargement: true })
    // A cut-out leaf on transparency reads as a leaf on white paper, not on black.
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: Error) => {
      throw unreadable(`The photo could not be decoded: ${error.message}`);
    });
  if (info.channels !== 3) throw unreadable(`The photo decoded to ${info.channels} channels instead of RGB`);
  return measurePixels({ data, width: info.width, height: info.height }, original);
}
