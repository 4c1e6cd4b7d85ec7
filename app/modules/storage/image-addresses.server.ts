import { getEnv } from "~/env.server";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { isShownPhoto, readPhotoAddress } from "./image-addresses";

// The photo rules where they need the configuration (IMAGE_HOSTS) and the uploads' records:
// what a listing or product may be given (checked when it is written), and what a reader may be
// handed (checked when it is read, so an older row with an outside address never reaches a browser).

/** The message (a translation key) of a photo a listing or product may not show. */
export const PHOTO_NOT_ALLOWED = "listing.errors.photoNotAllowed";

/** The photos of `images` a reader's browser may be given, in their order; any other is left out. */
export function shownPhotos(images: readonly string[]): string[] {
  const hosts = getEnv().IMAGE_HOSTS;
  return images.filter((image) => isShownPhoto(image, hosts));
}

/** Who is giving the photos: a seller (their own listing photos only) or the catalogue (product photos). */
export type PhotoUse = { purpose: "listing"; ownerId: string } | { purpose: "product" };

/**
 * Refuses (400 on the `images` field) a photo a listing or product may not show: an outside address
 * on no host of IMAGE_HOSTS, or an upload that does not exist, failed, was sent for another
 * purpose (an analysis photo, say) or, for a listing, by someone other than its seller.
 */
export async function checkPhotos(images: readonly string[], use: PhotoUse) {
  const hosts = getEnv().IMAGE_HOSTS;
  const uploadIds: string[] = [];
  for (const image of images) {
    const address = readPhotoAddress(image);
    if (!address || !isShownPhoto(image, hosts)) refusePhoto();
    if (address.kind === "upload") uploadIds.push(address.uploadId);
  }
  if (uploadIds.length === 0) return;
  const uploads = await prisma.upload.findMany({
    where: { id: { in: [...new Set(uploadIds)] } },
    select: { id: true, ownerId: true, purpose: true, status: true },
  });
  const usable = new Set(
    uploads
      .filter(
        (upload) =>
          upload.purpose === use.purpose &&
          upload.status !== "failed" &&
          (use.purpose === "product" || upload.ownerId === use.ownerId),
      )
      .map((upload) => upload.id),
  );
  if (uploadIds.some((id) => !usable.has(id))) refusePhoto();
}

function refusePhoto(): never {
  throw new Refusal("VLD_REQUIRED_FIELD", PHOTO_NOT_ALLOWED, { fields: { images: [PHOTO_NOT_ALLOWED] } });
}
