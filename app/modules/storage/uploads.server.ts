import { readdir, rmdir } from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { getEnv } from "~/env.server";
import { enqueue } from "~/jobs/enqueue.server";
import { UPLOAD_MAX_BYTES } from "~/modules/storage/constants";
import { waitUntilSettled } from "~/lib/wait";
import { prisma } from "~/server/db.server";
import { Refusal } from "~/server/refusal";
import { UPLOAD_WIDTHS, uploadUrl } from "~/modules/storage/renditions";
import { fileStore, ORIGINALS_PREFIX, originalsStore } from "./file-store.server";

// Photos sent by users: checked by decoding (never by name or declared type),
// kept as an original only until the image-processing worker has made the
// WebP sizes without metadata, then served from /uploads/<id>/<width>.webp.
// The files live in the configured store (file-store.server.ts): a folder, or
// an S3-compatible bucket; the originals apart, where no address reaches them.

export { UPLOAD_WIDTHS, uploadUrl };
/** Bigger than any phone photo; a small file that claims more pixels (a pixel bomb) is refused. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** What listing and product photos may be. */
export const PHOTO_FORMATS = ["jpeg", "png", "webp"] as const;
/** An analysis photo may also be AVIF (HEIF with AV1), which sharp decodes; an iPhone's HEIC (HEVC) it cannot. */
export const ANALYSIS_PHOTO_FORMATS = [...PHOTO_FORMATS, "heif"] as const;

export type UploadPurpose = "analysis" | "listing" | "product";

type Width = (typeof UPLOAD_WIDTHS)[number];
/** Where a disk store kept an original before originals had a folder of their own (inside UPLOAD_DIR). */
const formerOriginalKey = (id: string) => `${ORIGINALS_PREFIX}${id}`;
const formerOriginal = (id: string) => (fileStore().kind === "disk" ? [formerOriginalKey(id)] : []);
// Analysis photos are the farmer's own: kept under private/, which the public
// /uploads address never reaches; their owner gets them through the analysis API.
const renditionKey = (id: string, purpose: UploadPurpose, width: Width) =>
  purpose === "analysis" ? `private/${id}/${width}.webp` : `${id}/${width}.webp`;
const everyRendition = (id: string) =>
  (["listing", "analysis"] as const).flatMap((purpose) =>
    UPLOAD_WIDTHS.map((width) => renditionKey(id, purpose, width)),
  );

/** One processed size of an upload (WebP), or null when it is not (or no longer) there. */
export function readRendition(id: string, purpose: UploadPurpose, width: Width) {
  return fileStore().get(renditionKey(id, purpose, width));
}

/** A public photo (a listing's or a product's) as /uploads/<id>/<width>.webp serves it; never an analysis photo or an original. */
export function readPublicPhoto(id: string, width: number) {
  if (!/^[\w-]{1,64}$/.test(id) || !(UPLOAD_WIDTHS as readonly number[]).includes(width)) return Promise.resolve(null);
  return fileStore().get(renditionKey(id, "listing", width as Width));
}

/** Reads what the bytes really are; refuses anything but a photo of an accepted format (JPEG, PNG or WebP by default) of sane size. */
export async function inspectImage(bytes: Buffer, formats: readonly string[] = PHOTO_FORMATS) {
  if (bytes.length === 0) throw new Refusal("FILE_CORRUPTED", "upload.errors.empty");
  if (bytes.length > UPLOAD_MAX_BYTES) throw new Refusal("FILE_TOO_LARGE", "upload.errors.tooLarge");
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    // sharp refuses to even read the header of an image claiming too many pixels.
    if (/pixel limit/i.test((error as Error).message))
      throw new Refusal("FILE_TOO_LARGE", "upload.errors.tooManyPixels");
    throw new Refusal("FILE_INVALID_TYPE", "upload.errors.invalidType");
  }
  if (!metadata.format || !formats.includes(metadata.format)) {
    throw new Refusal("FILE_INVALID_TYPE", "upload.errors.invalidType");
  }
  if (metadata.format === "heif" && metadata.compression !== "av1")
    throw new Refusal("FILE_INVALID_TYPE", "upload.errors.heic");
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw new Refusal("FILE_CORRUPTED", "upload.errors.corrupted");
  if (width * height > MAX_INPUT_PIXELS) throw new Refusal("FILE_TOO_LARGE", "upload.errors.tooManyPixels");
  return { format: metadata.format, width, height };
}
export type InspectedImage = Awaited<ReturnType<typeof inspectImage>>;

/**
 * Decodes the whole photo (at a small size, which JPEG and WebP decode cheaply
 * by shrinking as they load): a file whose header reads well but whose picture
 * is cut short or damaged is refused (400 FILE_CORRUPTED) before any work.
 */
export async function verifyImageDecodes(bytes: Buffer) {
  try {
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .resize(64, 64, { fit: "inside" })
      .raw()
      .toBuffer();
  } catch {
    throw new Refusal("FILE_CORRUPTED", "upload.errors.corrupted");
  }
}

/**
 * Stores the original, records the upload and queues its processing. An
 * analysis photo is prepared by its analysis job instead (`queue: false`), as
 * that job's first stage, so the farmer waits on one queue, not two.
 */
export async function acceptUpload(
  ownerId: string,
  purpose: UploadPurpose,
  bytes: Buffer,
  options: { queue?: boolean; image?: InspectedImage } = {},
) {
  const image = options.image ?? (await inspectImage(bytes));
  const upload = await prisma.upload.create({
    data: { ownerId, purpose, format: image.format, bytes: bytes.length, width: image.width, height: image.height },
  });
  try {
    await originalsStore().put(upload.id, bytes, "application/octet-stream");
    if (options.queue !== false) await enqueue("image-processing", { uploadId: upload.id, purpose });
  } catch (error) {
    await discardUpload(upload.id);
    throw error;
  }
  return upload;
}

/** Removes every trace of an upload: files and record. */
export async function discardUpload(id: string) {
  try {
    await originalsStore().remove([id]);
    await fileStore().remove([...formerOriginal(id), ...everyRendition(id)]);
  } finally {
    // Even when the store is out of reach (it is then why the upload is discarded), no record of it stays.
    await prisma.upload.deleteMany({ where: { id } });
  }
}

/**
 * The worker's part: decode fully, turn upright, strip metadata, write the
 * WebP sizes, then drop the original. A photo that does not decode is marked
 * failed (no retry can mend it).
 */
export async function processUpload(id: string) {
  const upload = await prisma.upload.findUnique({ where: { id } });
  if (!upload) return { status: "missing" as const };
  if (upload.status === "ready") return { status: "ready" as const, sizes: upload.sizes };
  if (upload.status === "failed") return { status: "failed" as const };
  const store = fileStore();
  const keys = UPLOAD_WIDTHS.map((width) => renditionKey(id, upload.purpose, width));
  const original = await readOriginal(id);
  // An earlier try made every size and dropped the original, then failed to record it.
  if (!original) {
    const made = await Promise.all(keys.map((key) => store.has(key)));
    if (!made.every(Boolean)) throw new Error(`upload ${id} has neither its original nor its sizes`);
    return markReady(id);
  }
  let sizes: Buffer[];
  try {
    sizes = [];
    for (const width of UPLOAD_WIDTHS) {
      sizes.push(
        await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 78, effort: 4 })
          .toBuffer(),
      );
    }
  } catch (error) {
    // The photo does not decode: nothing is kept of it.
    await dropOriginal(id);
    await store.remove(keys);
    await prisma.upload.update({
      where: { id },
      data: { status: "failed", error: (error as Error).message.slice(0, 500), processedAt: new Date() },
    });
    return { status: "failed" as const };
  }
  // A store that fails here (a bucket out of reach) fails the job, which is tried again.
  await Promise.all(keys.map((key, index) => store.put(key, sizes[index]!, "image/webp")));
  // The original (with its metadata) is gone before the upload counts as ready.
  await dropOriginal(id);
  return markReady(id);
}

/** The original, from where originals wait, or from where a disk store kept them before (a photo sent before the change). */
async function readOriginal(id: string) {
  const original = await originalsStore().get(id);
  if (original) return original;
  const [former] = formerOriginal(id);
  return former ? fileStore().get(former) : null;
}

async function dropOriginal(id: string) {
  await originalsStore().remove([id]);
  await fileStore().remove(formerOriginal(id));
}

/**
 * Moves the originals a disk store kept inside UPLOAD_DIR (originals/<id>, before originals had a
 * folder of their own) to where originals wait now, so none stays in the folder /uploads serves.
 * Run when the workers start; safe to run again, and by several processes (each move is a copy,
 * then the removal). Answers how many it moved.
 */
export async function moveFormerOriginals() {
  if (fileStore().kind !== "disk") return 0;
  const folder = path.join(path.resolve(getEnv().UPLOAD_DIR), ORIGINALS_PREFIX);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  let moved = 0;
  for (const name of names.filter((each) => /^[\w-]{1,64}$/.test(each))) {
    const bytes = await fileStore().get(formerOriginalKey(name));
    if (!bytes) continue;
    if (!(await originalsStore().has(name))) await originalsStore().put(name, bytes, "application/octet-stream");
    await fileStore().remove([formerOriginalKey(name)]);
    moved += 1;
  }
  // The empty folder goes too; one with anything else in it (nothing of ours) stays.
  await rmdir(folder).catch(() => undefined);
  return moved;
}

async function markReady(id: string) {
  await prisma.upload.update({
    where: { id },
    data: { status: "ready", sizes: [...UPLOAD_WIDTHS], processedAt: new Date() },
  });
  return { status: "ready" as const, sizes: [...UPLOAD_WIDTHS] };
}

/** Waits (a few seconds at most) for the worker to finish an upload. */
export async function waitForUpload(id: string, timeoutMs = 15_000) {
  const upload = await waitUntilSettled(
    () => prisma.upload.findUnique({ where: { id }, select: { status: true } }),
    (found) => !found || found.status !== "pending",
    timeoutMs,
  );
  return upload?.status ?? "failed";
}
