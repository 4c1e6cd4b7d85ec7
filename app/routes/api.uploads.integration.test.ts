import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { startWorkers } from "../../workers/index";
import { apiClient, removeCreatedData, signedInUser, type CallInit } from "../../tests/support/api-client";
import { bootWebServer } from "../../tests/support/web";

// Photo uploads over HTTP (POST /api/uploads), processed by the real
// image-processing worker running in this process, then served from /uploads.

// Configuration is read once, on the first import that asks for it: the upload
// directory must be set before any import runs (vi.hoisted runs above them).
const { uploadDir, originalsDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const nodePath = await import("node:path");
  const dir = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-uploads-"));
  process.env.UPLOAD_DIR = dir;
  const originals = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-originals-"));
  process.env.ORIGINALS_DIR = originals;
  return { uploadDir: dir, originalsDir: originals };
});

let web: Awaited<ReturnType<typeof bootWebServer>>;
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
const call = apiClient(() => web.baseUrl);

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let farmer: Signed;

beforeAll(async () => {
  workers = await startWorkers({ queues: ["image-processing"] });
  web = await bootWebServer();
  farmer = await signedInUser("USER", "uploader");
});

afterAll(async () => {
  await removeCreatedData();
  await web?.stop();
  await workers?.close();
  rmSync(uploadDir, { recursive: true, force: true });
  rmSync(originalsDir, { recursive: true, force: true });
});

/** Every file under the upload directory, as paths relative to it, and every waiting original (`originals:<id>`). */
function storedFiles(): string[] {
  const under = (root: string): string[] =>
    existsSync(root) ? readdirSync(root, { recursive: true, encoding: "utf8" }) : [];
  return [
    ...under(uploadDir).filter((file) => !statSync(path.join(uploadDir, file)).isDirectory()),
    ...under(originalsDir).map((file) => `originals:${file}`),
  ];
}

const photo = (width = 1200, height = 900) => sharp({ create: { width, height, channels: 3, background: "#4a7c3a" } });

async function jpegWithExif() {
  return photo()
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: "TestPhone" } } })
    .toBuffer();
}

/** A photo-like JPEG (noise, so most of the file is scan data). */
async function noisyJpeg() {
  const width = 640;
  const height = 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919 + (index >> 5) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function multipart(bytes: Buffer | Uint8Array, filename: string, type: string, purpose = "listing") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), filename);
  form.append("purpose", purpose);
  return form;
}

function upload(form: FormData, init: CallInit = {}) {
  return call("POST", "/api/uploads", undefined, { cookie: farmer.cookie, ...init, form });
}

async function fetchImage(url: string) {
  const response = await fetch(`${web.baseUrl}${url}`);
  const buffer = Buffer.from(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get("content-type"), buffer };
}

/** Runs a refused upload and checks that it left no record and no file behind. */
async function expectNothingStored(ownerId: string, send: () => Promise<Awaited<ReturnType<typeof call>>>) {
  const rowsBefore = await prisma.upload.count({ where: { ownerId } });
  const filesBefore = new Set(storedFiles());
  const response = await send();
  // The worker may still be tidying a failed upload: give it a moment, then look.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await prisma.upload.count({ where: { ownerId } })).toBe(rowsBefore);
  expect(storedFiles().filter((file) => !filesBefore.has(file))).toEqual([]);
  return response;
}

describe("POST /api/uploads", () => {
  it.each([
    ["JPEG", "photo.jpg", "image/jpeg", "jpeg", () => jpegWithExif()],
    [
      "PNG",
      "photo.png",
      "image/png",
      "png",
      () =>
        photo()
          .png()
          .withMetadata({ exif: { IFD0: { Make: "TestPhone" } } })
          .toBuffer(),
    ],
  ])(
    "turns a real %s into WebP sizes of 320, 800 and the original width, without EXIF",
    async (_kind, filename, type, format, make) => {
      const bytes = await make();
      if (format === "jpeg") expect((await sharp(bytes).metadata()).exif).toBeDefined();

      const response = await upload(multipart(bytes, filename, type));
      expect(response.status).toBe(201);
      expect(response.body.success).toBe(true);
      const { id, url, urls } = response.body.data;
      expect(url).toBe(`/uploads/${id}/800.webp`);
      expect(url).toMatch(/^\/uploads\/[\w-]+\/800\.webp$/);
      expect(urls).toEqual({
        320: `/uploads/${id}/320.webp`,
        800: `/uploads/${id}/800.webp`,
        1600: `/uploads/${id}/1600.webp`,
      });
      expect(response.body.data).toMatchObject({ width: 1200, height: 900, status: "ready" });

      const row = await prisma.upload.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({
        ownerId: farmer.user.id,
        purpose: "listing",
        status: "ready",
        format,
        width: 1200,
        height: 900,
        bytes: bytes.length,
      });
      expect(row.sizes).toEqual([320, 800, 1600]);

      // 1600 is not reached: a photo is never enlarged.
      for (const [size, expectedWidth] of [
        [320, 320],
        [800, 800],
        [1600, 1200],
      ] as const) {
        const image = await fetchImage(urls[size]);
        expect(image.status).toBe(200);
        expect(image.type).toBe("image/webp");
        const metadata = await sharp(image.buffer).metadata();
        expect(metadata.format).toBe("webp");
        expect(metadata.width).toBe(expectedWidth);
        expect(metadata.height).toBe(Math.round((expectedWidth * 900) / 1200));
        expect(metadata.exif).toBeUndefined();
      }

      // The original is dropped once the sizes are made.
      const original = path.join(originalsDir, id);
      for (let tries = 0; tries < 20 && existsSync(original); tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(existsSync(original)).toBe(false);
      expect(
        storedFiles()
          .filter((file) => file.includes(id))
          .sort(),
      ).toEqual([`${id}/1600.webp`, `${id}/320.webp`, `${id}/800.webp`]);
    },
  );

  it("takes a product photo from an administrator only, and keeps its purpose", async () => {
    const refused = await expectNothingStored(farmer.user.id, async () =>
      upload(multipart(await jpegWithExif(), "product.jpg", "image/jpeg", "product")),
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      error: {
        code: "AUTHZ_INSUFFICIENT_PERMISSIONS",
        message: "Only administrators can add photos to the product catalogue.",
      },
    });
    const admin = await signedInUser("ADMIN", "uploader");
    const response = await upload(multipart(await jpegWithExif(), "product.jpg", "image/jpeg", "product"), {
      cookie: admin.cookie,
    });
    expect(response.status).toBe(201);
    expect(await prisma.upload.findUniqueOrThrow({ where: { id: response.body.data.id } })).toMatchObject({
      ownerId: admin.user.id,
      purpose: "product",
    });
  });

  it("refuses a text file named photo.jpg with 415 FILE_INVALID_TYPE", async () => {
    const response = await expectNothingStored(farmer.user.id, () =>
      upload(
        multipart(Buffer.from("These are not the pixels you are looking for.\n".repeat(50)), "photo.jpg", "image/jpeg"),
      ),
    );
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ success: false, error: { code: "FILE_INVALID_TYPE" } });
  });

  it("refuses an 11 MB file with 413 FILE_TOO_LARGE", async () => {
    const jpeg = await jpegWithExif();
    const big = Buffer.alloc(11 * 1024 * 1024, 0x5a);
    jpeg.copy(big);
    const response = await expectNothingStored(farmer.user.id, () => upload(multipart(big, "huge.jpg", "image/jpeg")));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, error: { code: "FILE_TOO_LARGE" } });
  });

  it("refuses an 11 MB file sent without Content-Length (chunked) with 413 FILE_TOO_LARGE", async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0x5a);
    (await jpegWithExif()).copy(big);
    // Serialise the form, then send it as a stream so no length is declared up front.
    const encoded = new Response(multipart(big, "huge.jpg", "image/jpeg"));
    const type = encoded.headers.get("content-type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const response = await expectNothingStored(farmer.user.id, async () => {
      const sent = await fetch(`${web.baseUrl}/api/uploads`, {
        method: "POST",
        headers: { "Content-Type": type, Cookie: farmer.cookie },
        body: new ReadableStream({
          start(controller) {
            for (let offset = 0; offset < bytes.length; offset += 1024 * 1024)
              controller.enqueue(bytes.subarray(offset, offset + 1024 * 1024));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
      return { status: sent.status, headers: sent.headers, body: await sent.json(), cookie: null };
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, error: { code: "FILE_TOO_LARGE" } });
  });

  it("refuses a decompression bomb (a small PNG of 20000 x 20000 pixels) with 413 FILE_TOO_LARGE", async () => {
    const bomb = await sharp({
      create: { width: 20_000, height: 20_000, channels: 3, background: "#ffffff" },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const response = await expectNothingStored(farmer.user.id, () => upload(multipart(bomb, "field.png", "image/png")));
    // sharp refuses the header of an image claiming too many pixels; that is a size problem, not a type one.
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, error: { code: "FILE_TOO_LARGE" } });
  }, 60_000);

  it("refuses a truncated JPEG (its first 60%) with 400 FILE_CORRUPTED or 415", async () => {
    const whole = await noisyJpeg();
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    const response = await expectNothingStored(farmer.user.id, () =>
      upload(multipart(truncated, "cut.jpg", "image/jpeg")),
    );
    expect([400, 415]).toContain(response.status);
    expect(response.body.success).toBe(false);
    expect(response.body.error.code).toBe(response.status === 400 ? "FILE_CORRUPTED" : "FILE_INVALID_TYPE");
  });

  it("refuses a request that is not multipart with 415 FILE_INVALID_TYPE", async () => {
    const response = await expectNothingStored(farmer.user.id, () =>
      call("POST", "/api/uploads", { file: "aGVsbG8=", purpose: "listing" }, { cookie: farmer.cookie }),
    );
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe("FILE_INVALID_TYPE");
  });

  it("refuses a form without a file with 400 VLD_REQUIRED_FIELD", async () => {
    const form = new FormData();
    form.append("purpose", "listing");
    const response = await expectNothingStored(farmer.user.id, () => upload(form));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("VLD_REQUIRED_FIELD");
    expect(response.body.error.fields).toHaveProperty("file");
  });

  it("answers 405 to GET", async () => {
    const response = await call("GET", "/api/uploads", undefined, { cookie: farmer.cookie });
    expect(response.status).toBe(405);
  });
});

describe("who may upload", () => {
  type Actor = "anonymous" | "a user" | "an administrator";
  const matrix: [Actor, number, string | null][] = [
    ["anonymous", 401, "AUTH_SESSION_EXPIRED"],
    ["a user", 201, null],
    ["an administrator", 201, null],
  ];

  it.each(matrix)("POST /api/uploads by %s answers %i", async (actor, status, code) => {
    const uploader =
      actor === "anonymous" ? null : await signedInUser(actor === "a user" ? "USER" : "ADMIN", "uploader");
    const form = multipart(await jpegWithExif(), "photo.jpg", "image/jpeg");
    if (!uploader) {
      const totalBefore = await prisma.upload.count();
      const filesBefore = new Set(storedFiles());
      const response = await call("POST", "/api/uploads", undefined, { form });
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ success: false, error: { code } });
      expect(await prisma.upload.count()).toBe(totalBefore);
      expect(storedFiles().filter((file) => !filesBefore.has(file))).toEqual([]);
      return;
    }
    const response = await call("POST", "/api/uploads", undefined, { form, cookie: uploader.cookie });
    expect(response.status).toBe(status);
    const row = await prisma.upload.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(row.ownerId).toBe(uploader.user.id);
    expect(row.status).toBe("ready");
  });
});
