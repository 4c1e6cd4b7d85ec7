// The photo, made small in the browser before it is sent: a phone's 12 MP
// picture is several megabytes, which a slow connection takes minutes to send,
// while the analysis itself never looks at more than 1600 px on the long side.

/** The long side of the photo that is sent, in pixels (the server prepares no larger). */
export const PHOTO_MAX_SIDE = 1600;
/** JPEG quality of the photo that is sent: small, and still sharp enough for leaf spots. */
export const PHOTO_JPEG_QUALITY = 0.85;

/** Whether a chosen file is a photo at all (checked before anything is sent). */
export const isImageFile = (file: Pick<File, "type">) => file.type.startsWith("image/");

/** The size to draw a photo at: its own when it fits, else scaled so its long side is `maxSide`; never enlarged. */
export function shrunkSize(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longSide = Math.max(width, height);
  if (longSide <= maxSide) return { width, height };
  const scale = maxSide / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The name of the re-encoded photo: the original's, ending in .jpg. */
export function jpegName(name: string) {
  const base = name.replace(/\.[^./\\]*$/, "") || "photo";
  return `${base}.jpg`;
}

/**
 * The photo to send: upright (its camera orientation applied), at most 1600 px
 * on the long side, as JPEG. A photo the browser cannot decode (or a browser
 * without createImageBitmap) is sent as it is, for the server to judge; so is a
 * small photo that re-encoding would only make bigger.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== "function" || typeof document === "undefined") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const size = shrunkSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG would turn black without a background.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_JPEG_QUALITY));
    if (!blob) return file;
    const resized = size.width !== bitmap.width || size.height !== bitmap.height;
    if (!resized && blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
