import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { prisma } from "~/server/db.server";
import { startWorkers } from "../../../workers/index";
import { signedInUser } from "../../../tests/support/api-client";
import { photoWithGps, servedSizes, whatAnswers } from "../../../tests/support/original-addresses";
import { serveForTests } from "../../../tests/support/web";
import { acceptUpload, discardUpload, processUpload } from "./uploads.server";

// An uploaded original (the phone's metadata and GPS position included) waits for the image
// worker where no address reaches it: in ORIGINALS_DIR, outside the UPLOAD_DIR that /uploads
// serves. Asked for by every address that names it (guessed, encoded, dotted, other names and
// widths), the web server never sends it, before or after processing; afterwards only the three
// WebP sizes answer, without metadata. Originals an earlier version left inside UPLOAD_DIR move
// out when the workers start, and a job still finds one there. (With S3: s3.integration.test.ts.)

const web = serveForTests();
const uploadsDir = () => path.resolve(getEnv().UPLOAD_DIR);
const originalsDir = () => path.resolve(getEnv().ORIGINALS_DIR);
const uploadIds: string[] = [];
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;

afterAll(async () => {
  await workers?.close();
  for (const id of uploadIds) await discardUpload(id);
});

/** An upload as the web process leaves it when its job has not run yet. */
async function waitingUpload(sellerId: string, original: Buffer) {
  const upload = await acceptUpload(sellerId, "listing", original, { queue: false });
  uploadIds.push(upload.id);
  return upload.id;
}

/** An upload as an earlier version left it: its original inside UPLOAD_DIR, at originals/<id>. */
async function uploadInFormerPlace(sellerId: string, original: Buffer) {
  const upload = await prisma.upload.create({
    data: { ownerId: sellerId, purpose: "listing", format: "jpeg", bytes: original.length, width: 1200, height: 900 },
  });
  uploadIds.push(upload.id);
  await mkdir(path.join(uploadsDir(), "originals"), { recursive: true });
  await writeFile(path.join(uploadsDir(), "originals", upload.id), original);
  return upload.id;
}

/** Waiting: in ORIGINALS_DIR as sent, not in UPLOAD_DIR, and no address answers with it. */
async function expectWaitingUnseen(id: string, original: Buffer) {
  expect(await readFile(path.join(originalsDir(), id))).toEqual(original);
  expect(existsSync(path.join(uploadsDir(), "originals", id))).toBe(false);
  expect(await whatAnswers(web.baseUrl, id, original)).toEqual({});
}

/** The worker processes it: the original is gone from wherever it waited, and only the three WebP sizes answer. */
async function expectProcessedAndOnlySizesServed(id: string, original: Buffer) {
  expect(await processUpload(id)).toEqual({ status: "ready", sizes: [320, 800, 1600] });
  expect(existsSync(path.join(originalsDir(), id))).toBe(false);
  expect(existsSync(path.join(uploadsDir(), "originals", id))).toBe(false);
  expect(await whatAnswers(web.baseUrl, id, original)).toEqual(
    Object.fromEntries(servedSizes(id).map((address) => [address, "webp"])),
  );
}

describe("an upload's original", () => {
  it("waits outside the served folder, and no address serves it before or after processing", async () => {
    const { user } = await signedInUser("USER", "originals");
    const original = await photoWithGps();
    // (Its metadata is what would give it away, should any address send it.)
    expect(original.includes("TestPhone")).toBe(true);
    const id = await waitingUpload(user.id, original);

    // Waiting: in ORIGINALS_DIR as sent, nothing of it in UPLOAD_DIR, and no address answers.
    await expectWaitingUnseen(id, original);
    expect(existsSync(path.join(uploadsDir(), id))).toBe(false);

    // Processed: the original is gone, and only the three WebP sizes answer, without metadata.
    await expectProcessedAndOnlySizesServed(id, original);
  });

  it("left inside UPLOAD_DIR by an earlier version, moves out when the workers start, and is never served", async () => {
    const { user } = await signedInUser("USER", "originals_former");
    const original = await photoWithGps();
    const id = await uploadInFormerPlace(user.id, original);
    expect(await whatAnswers(web.baseUrl, id, original)).toEqual({});

    workers = await startWorkers({ queues: ["image-processing"] });
    await expectWaitingUnseen(id, original);

    await expectProcessedAndOnlySizesServed(id, original);
  });

  it("left inside UPLOAD_DIR after the workers started (an older web process), is found by its job and removed", async () => {
    const { user } = await signedInUser("USER", "originals_late");
    const original = await photoWithGps();
    const id = await uploadInFormerPlace(user.id, original);

    await expectProcessedAndOnlySizesServed(id, original);
  });
});
