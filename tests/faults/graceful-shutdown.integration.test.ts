import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { drillListing, listingOutcome } from "../support/outage-drill";
import { startCompiledWeb, startCompiledWorkers, type Started } from "../support/processes";
import { runTraffic, until } from "../support/traffic";

// SIGTERM under load, to the processes as `npm start` runs them: the web server stops taking
// connections, finishes every request it had taken (each gets its whole answer; one it never
// took has no effect, so its client may send it again) and exits 0;
// the workers finish the jobs they were running, leave the rest in the queue, and exit 0; a
// worker started afterwards does the rest. Nothing acknowledged is lost.

const { uploadDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const nodePath = await import("node:path");
  const dir = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-shutdown-"));
  process.env.UPLOAD_DIR = dir;
  return { uploadDir: dir };
});

const started: Started[] = [];
afterAll(async () => {
  for (const process of started) await process.stop("SIGKILL");
  const { removeCreatedData } = await import("../support/api-client");
  await removeCreatedData();
  const { rmSync } = await import("node:fs");
  rmSync(uploadDir, { recursive: true, force: true });
}, 60_000);

const listing = drillListing("Shutdown sorghum", {
  priceNgn: "11000",
  quantity: 5,
  image: "/images/products/maize.svg",
});

describe("SIGTERM under load", () => {
  it("the web server answers every request it had taken, then exits 0; every listing it acknowledged is there", async () => {
    const { signedInUser } = await import("../support/api-client");
    const seller = await signedInUser("USER", "shutdown_web");
    const web = await startCompiledWeb();
    started.push(web);
    const traffic = runTraffic(
      web.baseUrl,
      [
        listing.posted(seller.cookie, { spoofAddress: true }),
        { kind: "marketplace page", method: "GET", path: "/marketplace?sort=price_low", cookie: seller.cookie },
        { kind: "browse", method: "GET", path: "/api/market/listings?limit=20", cookie: seller.cookie },
      ],
      16,
    );
    await until(() => traffic.sent.filter((answer) => answer.status === 201).length >= 10, 30_000, "load running");
    const signalAt = Date.now();
    const code = await web.stop("SIGTERM");
    const exitedAt = Date.now();
    const sent = await traffic.stop();

    expect(code).toBe(0);
    // Well within the force-quit time: nothing was left hanging.
    expect(exitedAt - signalAt).toBeLessThan(10_000);
    // None was a fault, and none was cut once its answer had begun.
    expect(sent.filter((answer) => answer.status >= 500).map((answer) => answer.kind)).toEqual([]);
    // Requests it had taken were answered after the signal, while it drained...
    const answeredAfter = sent.filter((answer) => answer.status > 0 && answer.endedAt > signalAt);
    expect(answeredAfter.length).toBeGreaterThan(0);
    // ...and after it exited, nothing was taken.
    expect(sent.filter((answer) => answer.status > 0 && answer.endedAt > exitedAt + 50)).toEqual([]);

    // Nothing half done: a listing it acknowledged is stored, and one it did not answer was never
    // taken (refused, or still waiting to be accepted when it stopped listening: the client may
    // send it again elsewhere), so it is not stored either.
    const { acknowledged, unanswered, stored, lost } = await listingOutcome(sent, listing, seller.user.id);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(lost).toEqual([]);
    expect(unanswered.filter((title) => stored.includes(title))).toEqual([]);
    expect(new Set(stored).size).toBe(acknowledged.length);
  }, 120_000);

  it("the workers finish the jobs they were running, leave the rest queued, exit 0, and the next worker does the rest", async () => {
    const { signedInUser } = await import("../support/api-client");
    const { acceptUpload } = await import("~/modules/storage/uploads.server");
    const { prisma } = await import("~/server/db.server");
    const owner = await signedInUser("USER", "shutdown_jobs");
    // Photos big enough that each takes a moment to turn into its sizes.
    const noise = Buffer.alloc(2400 * 1600 * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width: 2400, height: 1600, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) ids.push((await acceptUpload(owner.user.id, "listing", photo)).id);

    const first = startCompiledWorkers({ WORKER_QUEUES: "image-processing" });
    started.push(first);
    const ready = () => prisma.upload.count({ where: { id: { in: ids }, status: "ready" } });
    await until(async () => (await ready()) >= 1, 60_000, "the first photo processed");
    const code = await first.stop("SIGTERM");
    expect(code).toBe(0);
    const doneByFirst = await ready();
    const failed = await prisma.upload.count({ where: { id: { in: ids }, status: "failed" } });
    expect(failed).toBe(0);
    // What the first worker had begun, it finished: nothing is left half-made (a size written, the upload still pending).
    const { originalsStore } = await import("~/modules/storage/file-store.server");
    for (const { id } of await prisma.upload.findMany({
      where: { id: { in: ids }, status: "pending" },
      select: { id: true },
    })) {
      expect(await originalsStore().has(id), id).toBe(true);
    }

    const second = startCompiledWorkers({ WORKER_QUEUES: "image-processing" });
    started.push(second);
    await until(async () => (await ready()) === ids.length, 120_000, "every photo processed");
    expect(doneByFirst).toBeLessThan(ids.length);
    expect(await prisma.upload.count({ where: { id: { in: ids }, status: "failed" } })).toBe(0);
    expect(await second.stop("SIGTERM")).toBe(0);
  }, 240_000);
});
