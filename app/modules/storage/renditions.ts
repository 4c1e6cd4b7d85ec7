// Photos in web sizes. An uploaded photo is kept as WebP at these widths (the image-processing
// worker makes them) and served from /uploads/<id>/<width>.webp; a page names all of them in
// `srcset`, so a phone downloads the 320 or 800 px one, never the 1600.

export const UPLOAD_WIDTHS = [320, 800, 1600] as const;
export type UploadWidth = (typeof UPLOAD_WIDTHS)[number];

const RENDITION = /^\/uploads\/([A-Za-z0-9_-]{1,64})\/(?:320|800|1600)\.webp$/;

export function uploadUrl(id: string, width: UploadWidth = 800) {
  return `/uploads/${id}/${width}.webp`;
}

/** The upload a processed size's address names (`/uploads/<id>/<width>.webp`), or null for any other address. */
export function uploadIdOf(address: string): string | null {
  return RENDITION.exec(address)?.[1] ?? null;
}

/** `src` (the 800 px size for an upload) and, for an upload, the `srcset` of all its sizes; other addresses as they are. */
export function photoSources(src: string): { src: string; srcSet?: string } {
  const id = uploadIdOf(src);
  if (!id) return { src };
  return { src: uploadUrl(id), srcSet: UPLOAD_WIDTHS.map((width) => `${uploadUrl(id, width)} ${width}w`).join(", ") };
}
