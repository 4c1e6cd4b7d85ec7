import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getEnv, type Env } from "~/env.server";

// Where photos are kept: a folder on this machine (UPLOAD_DIR) by default, or an
// S3-compatible bucket when S3_BUCKET is set, so that several web and worker
// machines share them. Both hold the same keys (uploads.server.ts names them).
// Originals (metadata and GPS included) wait apart, where no address reaches
// them: in a folder of their own (ORIGINALS_DIR, never inside the UPLOAD_DIR
// that /uploads serves), or under the bucket's originals/ prefix, which the
// web server never reads for /uploads.

export interface FileStore {
  readonly kind: "disk" | "s3";
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Removes the files that exist among `keys`; the others are no error. */
  remove(keys: string[]): Promise<void>;
}

/** Keys are ours (ids, widths, a few folder names): anything else is a fault, never a path to follow. */
const KEY = /^(?:[\w-]{1,64}\/){0,2}[\w.-]{1,64}$/;
function checkedKey(key: string) {
  if (!KEY.test(key) || key.split("/").some((part) => part === "." || part === ".."))
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

export function diskStore(root: string): FileStore {
  const where = (key: string) => path.join(root, checkedKey(key));
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
  return {
    kind: "disk",
    async put(key, bytes) {
      await mkdir(path.dirname(where(key)), { recursive: true });
      await writeFile(where(key), bytes);
    },
    async get(key) {
      return readFile(where(key)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
    },
    async has(key) {
      return stat(where(key)).then(
        () => true,
        (error: unknown) => {
          if (missing(error)) return false;
          throw error;
        },
      );
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(where(key), { force: true })));
    },
  };
}

export function s3Store(config: {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): FileStore {
  // The AWS SDK warns on every start that its 2027 versions will want Node 22; ours is pinned.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Most S3-compatible servers (MinIO, Ceph, R2's S3 API) address buckets by path, not by host name.
    forcePathStyle: Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where the protocol requires them: servers that speak S3 but not its newest
    // additions (trailing checksums) refuse them otherwise.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const notFound = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound");
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: checkedKey(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: checkedKey(key) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async remove(keys) {
      if (keys.length === 0) return;
      const answer = await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: keys.map((key) => ({ Key: checkedKey(key) })), Quiet: true },
        }),
      );
      const failed = (answer.Errors ?? []).filter((error) => error.Code !== "NoSuchKey");
      if (failed.length > 0)
        throw new Error(`could not remove ${failed.map((error) => `${error.Key} (${error.Code})`).join(", ")}`);
    },
  };
}

/** The store the configuration names. */
export function storeFor(env: Env): FileStore {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return s3Store({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return diskStore(path.resolve(env.UPLOAD_DIR));
}

/** The same store with every key under `prefix` (a folder name and a slash). */
function underPrefix(store: FileStore, prefix: string): FileStore {
  const inside = (key: string) => `${prefix}${checkedKey(key)}`;
  return {
    kind: store.kind,
    put: (key, bytes, contentType) => store.put(inside(key), bytes, contentType),
    get: (key) => store.get(inside(key)),
    has: (key) => store.has(inside(key)),
    remove: (keys) => store.remove(keys.map(inside)),
  };
}

/** Where originals wait for the image worker, keyed by upload id: ORIGINALS_DIR, or the bucket's originals/. */
export function originalsStoreFor(env: Env): FileStore {
  const photos = storeFor(env);
  return photos.kind === "s3" ? underPrefix(photos, ORIGINALS_PREFIX) : diskStore(path.resolve(env.ORIGINALS_DIR));
}

/**
 * Where originals waited inside UPLOAD_DIR before they had a folder of their own (originals/<id>):
 * still read, and moved out, so a photo sent before the change is processed, never served.
 * In a bucket that place is the one originals keep.
 */
export const ORIGINALS_PREFIX = "originals/";

let current: FileStore | undefined;
let originals: FileStore | undefined;

/** This process's store, made on first use. */
export function fileStore(): FileStore {
  current ??= storeFor(getEnv());
  return current;
}

/** This process's store of originals, made on first use. */
export function originalsStore(): FileStore {
  originals ??= originalsStoreFor(getEnv());
  return originals;
}
