import { existsSync, readdirSync, rmSync } from "node:fs";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword } from "~/modules/auth/password.server";
import { prisma } from "~/server/db.server";
import { startWorkers } from "../../../workers/index";
import { apiClient, removeCreatedData, signedInUser, subscribe, uniqueName } from "../../../tests/support/api-client";
import { createProduct } from "../../../tests/support/market";
import { leafPhoto } from "../../../tests/support/leaf-photos";
import { photoWithGps, servedSizes, whatAnswers } from "../../../tests/support/original-addresses";
import { acceptUpload, processUpload } from "./uploads.server";
import { bootWebServer } from "../../../tests/support/web";

// Photos in S3-compatible storage (S3_* set), against a local server that speaks the S3
// protocol (s3rver, started here): an upload's sizes and an analysis photo go to the bucket
// and are served from it, the original never stays, nothing is written to UPLOAD_DIR, and a
// bucket out of reach is a clear 503, not a lost photo.

const { s3, bucket, uploadDir, originalsDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const nodePath = await import("node:path");
  const { default: S3rver } = await import("s3rver");
  const { freePort } = await import("../../../tests/support/processes");
  const bucketName = "asiiko-photos";
  const directory = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-s3-"));
  // A fixed port, so the server can stop and start again where the app expects it.
  const port = await freePort();
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucketName, configs: [] }],
  });
  await server.run();
  process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.S3_BUCKET = bucketName;
  process.env.S3_ACCESS_KEY_ID = "S3RVER";
  process.env.S3_SECRET_ACCESS_KEY = "S3RVER";
  // Must stay empty: with S3 configured, no photo is kept on this machine's disk.
  const dir = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-not-used-"));
  process.env.UPLOAD_DIR = dir;
  const originals = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-not-used-originals-"));
  process.env.ORIGINALS_DIR = originals;
  return { s3: { server, port, directory }, bucket: bucketName, uploadDir: dir, originalsDir: originals };
});

let web: Awaited<ReturnType<typeof bootWebServer>>;
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
const call = apiClient(() => web.baseUrl);
const client = new S3Client({
  endpoint: `http://127.0.0.1:${s3.port}`,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});

beforeAll(async () => {
  workers = await startWorkers({ queues: ["image-processing", "ai-analysis"] });
  web = await bootWebServer();
});

afterAll(async () => {
  await removeCreatedData();
  await web?.stop();
  await workers?.close();
  await s3.server.close().catch(() => undefined);
  rmSync(s3.directory, { recursive: true, force: true });
  rmSync(uploadDir, { recursive: true, force: true });
  rmSync(originalsDir, { recursive: true, force: true });
});

async function keysIn(prefix = "") {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (answer.Contents ?? []).map((object) => object.Key!).sort();
}

const filesOnDisk = () =>
  [uploadDir, originalsDir].flatMap((dir) =>
    existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }) : [],
  );

function photoForm(bytes: Buffer, fields: Record<string, string>, fileField = "file") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(fileField, new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
  return form;
}

const jpegWithGps = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: "#4a7c3a" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: "TestPhone" }, IFD3: { GPSLatitudeRef: "N" } } })
    .toBuffer();

describe("photos in an S3-compatible bucket", () => {
  it("keeps a listing photo's sizes in the bucket, serves them, and keeps neither the original nor anything on disk", async () => {
    const seller = await signedInUser("USER", "s3_seller");
    const sent = await call("POST", "/api/uploads", undefined, {
      cookie: seller.cookie,
      form: photoForm(await jpegWithGps(), { purpose: "listing" }),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const { id, urls } = sent.body.data as { id: string; urls: Record<string, string> };
    expect(await keysIn(id)).toEqual([`${id}/1600.webp`, `${id}/320.webp`, `${id}/800.webp`]);
    expect(await keysIn("originals/")).not.toContain(`originals/${id}`);
    expect(filesOnDisk()).toEqual([]);

    for (const [size, width] of [
      ["320", 320],
      ["800", 800],
      ["1600", 1200],
    ] as const) {
      const response = await fetch(`${web.baseUrl}${urls[size]}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=604800");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ format: "webp", width });
      expect(metadata.exif).toBeUndefined();
    }
    // Asked again with its ETag: not sent twice. (fetch would add 'no-cache' to a conditional request unless told otherwise.)
    const first = await fetch(`${web.baseUrl}${urls["800"]}`);
    const again = await fetch(`${web.baseUrl}${urls["800"]}`, {
      headers: { "If-None-Match": first.headers.get("etag") ?? "", "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
  });

  it("serves only processed public sizes: not an original, not another width, not an analysis photo", async () => {
    const farmer = await signedInUser("USER", "s3_farmer");
    await subscribe(farmer.user.id);
    const form = photoForm(
      await leafPhoto("spotted"),
      {
        analysisType: "crop_health",
        preferredModel: "openai",
        additionalContext: JSON.stringify({ cropType: "Cassava" }),
      },
      "image",
    );
    const analysed = await call("POST", "/api/ai/analyze", undefined, { cookie: farmer.cookie, form });
    expect(analysed.status, JSON.stringify(analysed.body)).toBe(200);
    expect(analysed.body.data).toMatchObject({ status: "completed", answeredBy: "builtin", severity: "high" });
    const analysis = await prisma.analysis.findUniqueOrThrow({ where: { id: analysed.body.data.id } });
    const uploadId = analysis.uploadId!;
    expect(await keysIn(`private/${uploadId}/`)).toEqual([
      `private/${uploadId}/1600.webp`,
      `private/${uploadId}/320.webp`,
      `private/${uploadId}/800.webp`,
    ]);

    // Its owner gets it through the analysis API...
    const photo = await call("GET", `/api/ai/analyses/${analysis.id}/photo?size=320`, undefined, {
      cookie: farmer.cookie,
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
    // ...nobody else, and never under /uploads.
    const stranger = await signedInUser("USER", "s3_stranger");
    expect(
      (await call("GET", `/api/ai/analyses/${analysis.id}/photo`, undefined, { cookie: stranger.cookie })).status,
    ).toBe(404);
    for (const path of [
      `/uploads/${uploadId}/800.webp`,
      `/uploads/private/${uploadId}/800.webp`,
      `/uploads/originals/${uploadId}`,
      `/uploads/${uploadId}/801.webp`,
      "/uploads/..%2Foriginals/800.webp",
    ]) {
      expect((await fetch(`${web.baseUrl}${path}`)).status, path).toBe(404);
    }
    expect(filesOnDisk()).toEqual([]);
  });

  it("keeps a waiting original under originals/, which no address reaches, before or after processing", async () => {
    const seller = await signedInUser("USER", "s3_original");
    const original = await photoWithGps();
    // (Its metadata is what would give it away, should any address send it.)
    expect(original.includes("TestPhone")).toBe(true);
    // As the web process leaves it when the job has not run yet.
    const { id } = await acceptUpload(seller.user.id, "listing", original, { queue: false });
    expect(await keysIn(`originals/${id}`)).toEqual([`originals/${id}`]);
    expect(await keysIn(id)).toEqual([]);
    expect(await whatAnswers(web.baseUrl, id, original)).toEqual({});

    expect(await processUpload(id)).toEqual({ status: "ready", sizes: [320, 800, 1600] });
    expect(await keysIn(`originals/${id}`)).toEqual([]);
    expect(await whatAnswers(web.baseUrl, id, original)).toEqual(
      Object.fromEntries(servedSizes(id).map((address) => [address, "webp"])),
    );
    expect(filesOnDisk()).toEqual([]);
  });

  it("keeps nothing of a photo that does not decode past its header", async () => {
    const seller = await signedInUser("USER", "s3_broken");
    const whole = await jpegWithGps();
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    const before = await keysIn();
    const sent = await call("POST", "/api/uploads", undefined, {
      cookie: seller.cookie,
      form: photoForm(cut, { purpose: "listing" }),
    });
    expect(sent.status).toBeGreaterThanOrEqual(400);
    expect(sent.status).toBeLessThan(500);
    expect(await prisma.upload.count({ where: { ownerId: seller.user.id } })).toBe(0);
    expect(await keysIn()).toEqual(before);
  });

  it("deletes a deleted account's photos from the bucket, but one a catalogue product shows", async () => {
    const person = await signedInUser("ADMIN", "s3_leaver");
    await prisma.user.update({
      where: { id: person.user.id },
      data: { passwordHash: await hashPassword("Leaving#Soon7") },
    });
    const send = async (purpose: string) => {
      const sent = await call("POST", "/api/uploads", undefined, {
        cookie: person.cookie,
        form: photoForm(await jpegWithGps(), { purpose }),
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      return sent.body.data.id as string;
    };
    const listingPhoto = await send("listing");
    const unusedProductPhoto = await send("product");
    const shownProductPhoto = await send("product");
    await createProduct({ name: uniqueName("Millet"), images: [`/uploads/${shownProductPhoto}/800.webp`] });

    const deleted = await call("DELETE", "/api/user/account", { password: "Leaving#Soon7" }, { cookie: person.cookie });
    expect(deleted.status).toBe(200);
    expect(await keysIn(`${listingPhoto}/`)).toEqual([]);
    expect(await keysIn(`${unusedProductPhoto}/`)).toEqual([]);
    expect(await prisma.upload.count({ where: { id: { in: [listingPhoto, unusedProductPhoto] } } })).toBe(0);
    expect(await keysIn(`${shownProductPhoto}/`)).toHaveLength(3);
    expect((await fetch(`${web.baseUrl}/uploads/${shownProductPhoto}/800.webp`)).status).toBe(200);
    expect(filesOnDisk()).toEqual([]);
  });

  it("answers 503 while the bucket is out of reach, loses nothing, and works again when it is back", async () => {
    const seller = await signedInUser("USER", "s3_outage");
    const kept = await call("POST", "/api/uploads", undefined, {
      cookie: seller.cookie,
      form: photoForm(await jpegWithGps(), { purpose: "listing" }),
    });
    expect(kept.status).toBe(201);
    await s3.server.close();
    try {
      const served = await fetch(`${web.baseUrl}${kept.body.data.url}`);
      expect(served.status).toBe(503);
      expect(served.headers.get("retry-after")).toBe("5");
      expect(served.headers.get("cache-control")).toBe("no-store");
      const refused = await call("POST", "/api/uploads", undefined, {
        cookie: seller.cookie,
        form: photoForm(await jpegWithGps(), { purpose: "listing" }),
      });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ success: false, error: { code: "SYS_SERVICE_DEGRADED" } });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // The refused photo left no record behind.
      expect(await prisma.upload.count({ where: { ownerId: seller.user.id } })).toBe(1);
    } finally {
      await s3.server.run();
    }
    expect((await fetch(`${web.baseUrl}${kept.body.data.url}`)).status).toBe(200);
    const after = await call("POST", "/api/uploads", undefined, {
      cookie: seller.cookie,
      form: photoForm(await jpegWithGps(), { purpose: "listing" }),
    });
    expect(after.status).toBe(201);
  });
});
