import { rmSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { startWorkers } from "../../workers/index";
import { apiClient, removeCreatedData, signedInUser, subscribe, type CallInit } from "../../tests/support/api-client";
import { leafPhoto } from "../../tests/support/leaf-photos";
import { readEvents } from "../../tests/support/sse";
import { bootWebServer } from "../../tests/support/web";

// Asiiko AI over HTTP: POST /api/ai/analyze, the progress stream, the history
// and the photos, against the real PostgreSQL and Redis, with the ai-analysis
// worker running in this process and the built-in analyzer answering (no
// provider keys here; the providers have their own file).

const { uploadDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const nodePath = await import("node:path");
  const dir = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-analysis-"));
  process.env.UPLOAD_DIR = dir;
  // Short, so a stopped worker's analysis times out within a test.
  process.env.AI_ANALYSIS_DEADLINE_SECONDS = "10";
  return { uploadDir: dir };
});

let web: Awaited<ReturnType<typeof bootWebServer>>;
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
const call = apiClient(() => web.baseUrl);
type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function subscriber(prefix: string): Promise<Signed> {
  const signed = await signedInUser("USER", prefix);
  await subscribe(signed.user.id);
  return signed;
}

function analysisForm(fields: Record<string, string | { bytes: Buffer | Uint8Array; filename: string; type: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  return form;
}

async function leafForm(condition: "healthy" | "yellowed" | "spotted" = "healthy", extra: Record<string, string> = {}) {
  return analysisForm({
    image: { bytes: await leafPhoto(condition), filename: "leaf.jpg", type: "image/jpeg" },
    analysisType: "crop_health",
    preferredModel: "openai",
    additionalContext: JSON.stringify({ cropType: "Cassava" }),
    ...extra,
  });
}

function analyze(signed: Signed | null, form: FormData, init: CallInit = {}) {
  return call("POST", "/api/ai/analyze", undefined, { cookie: signed?.cookie, ...init, form });
}

const usesOf = (userId: string) => prisma.premiumFeatureUse.count({ where: { userId } });

beforeAll(async () => {
  workers = await startWorkers({ queues: ["ai-analysis"] });
  web = await bootWebServer();
});

afterAll(async () => {
  await removeCreatedData();
  await web?.stop();
  await workers?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe("POST /api/ai/analyze", () => {
  it("answers a finished analysis in the specification's shape, says who answered, and records exactly one use", async () => {
    const farmer = await signedInUser("USER", "ai_trial");
    const response = await analyze(farmer, await leafForm("spotted"));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: "Analysis completed" });
    const data = response.body.data;
    expect(["low", "medium", "high"]).toContain(data.severity);
    expect(data.severity).toBe("high");
    expect(data.confidence).toBeGreaterThan(0);
    expect(data.confidence).toBeLessThanOrEqual(100);
    expect(data.diagnosis.length).toBeGreaterThan(10);
    expect(data.treatment.length).toBeGreaterThan(10);
    expect(data.recommendations.length).toBeGreaterThanOrEqual(1);
    expect(data.recommendations.length).toBeLessThanOrEqual(8);
    expect(data).toMatchObject({
      answeredBy: "builtin",
      status: "completed",
      assessable: true,
      analysisType: "crop_health",
      context: { cropType: "Cassava" },
    });
    expect(typeof data.id).toBe("string");

    // The trial's one use: recorded once, and it ended the trial.
    expect(await usesOf(farmer.user.id)).toBe(1);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: farmer.user.id } })).firstPremiumUseAt).toBeInstanceOf(
      Date,
    );
    const again = await analyze(farmer, await leafForm());
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ success: false, error: { code: "AUTHZ_SUBSCRIPTION_REQUIRED" } });
    expect(again.body.message).toBe(again.body.error.message);
    expect(await usesOf(farmer.user.id)).toBe(1);
  });

  it("says a flat grey photo could not be assessed, in the same shape, and gives the trial back", async () => {
    const farmer = await signedInUser("USER", "ai_grey");
    const grey = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer();
    const form = analysisForm({
      image: { bytes: grey, filename: "grey.jpg", type: "image/jpeg" },
      analysisType: "crop_health",
      preferredModel: "openai",
      additionalContext: JSON.stringify({ cropType: "Unknown" }),
    });
    const response = await analyze(farmer, form);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: "The photo could not be assessed. Take it again; it was not counted",
    });
    const data = response.body.data;
    // The specification's fields are all there; `assessable` says they grade nothing.
    expect(data).toMatchObject({ assessable: false, status: "completed", answeredBy: "builtin" });
    expect(["low", "medium", "high"]).toContain(data.severity);
    expect(data.confidence).toBeLessThan(40);
    expect(data.diagnosis).toMatch(/could not be read/);
    expect(data.recommendations[0]).toMatch(/^Take the photo again in daylight/);
    // The history says so too.
    const listed = await call("GET", "/api/ai/analyses", undefined, { cookie: farmer.cookie });
    expect(listed.body.data.analyses[0]).toMatchObject({ id: data.id, assessable: false });

    // Not a use: the trial is still there, and the next (readable) photo is analysed on it.
    expect(await usesOf(farmer.user.id)).toBe(0);
    const user = await prisma.user.findUniqueOrThrow({ where: { id: farmer.user.id } });
    expect(user).toMatchObject({ firstPremiumUseAt: null, trialHeldFor: null, trialHeldUntil: null });
    const check = await call("GET", "/api/premium/asiiko_ai/check", undefined, { cookie: farmer.cookie });
    expect(check.body.data).toMatchObject({ canAccess: true, hasUsedPremiumFeatures: false });
    const next = await analyze(farmer, await leafForm("spotted"));
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ assessable: true, severity: "high" });
    expect(await usesOf(farmer.user.id)).toBe(1);
  });

  it("counts no use of a subscriber's photo it could not assess", async () => {
    const farmer = await subscriber("ai_grey_sub");
    const black = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#000000" } })
      .png()
      .toBuffer();
    const response = await analyze(
      farmer,
      analysisForm({
        image: { bytes: black, filename: "black.png", type: "image/png" },
        analysisType: "livestock",
        preferredModel: "openai",
        additionalContext: JSON.stringify({ livestockType: "goat" }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data.assessable).toBe(false);
    expect(await usesOf(farmer.user.id)).toBe(0);
  });

  it("tells a healthy leaf from a yellowed one and a spotted one, and gives the same photo the same answer", async () => {
    const farmer = await subscriber("ai_grades");
    const severities: string[] = [];
    for (const condition of ["healthy", "yellowed", "spotted"] as const) {
      const response = await analyze(farmer, await leafForm(condition));
      expect(response.status).toBe(200);
      severities.push(response.body.data.severity);
    }
    expect(severities).toEqual(["low", "medium", "high"]);
    const [first, second] = [
      await analyze(farmer, await leafForm("yellowed")),
      await analyze(farmer, await leafForm("yellowed")),
    ];
    const pick = (body: { data: Record<string, unknown> }) => {
      const { severity, confidence, diagnosis, treatment, recommendations } = body.data;
      return { severity, confidence, diagnosis, treatment, recommendations };
    };
    expect(pick(second.body)).toEqual(pick(first.body));
    expect(await usesOf(farmer.user.id)).toBe(5);
  });

  it("takes an AVIF photo as well as JPG, PNG and WebP, and prepares it like any other", async () => {
    const farmer = await subscriber("ai_formats");
    const leaf = await leafPhoto("spotted", { format: "png" });
    const photos = {
      avif: await sharp(leaf).avif().toBuffer(),
      png: leaf,
      webp: await sharp(leaf).webp().toBuffer(),
    };
    for (const [format, bytes] of Object.entries(photos)) {
      const response = await analyze(
        farmer,
        analysisForm({
          image: { bytes, filename: `leaf.${format}`, type: `image/${format}` },
          analysisType: "crop_health",
          preferredModel: "openai",
        }),
      );
      expect(response.status, format).toBe(200);
      expect(response.body.data.severity, format).toBe("high");
      const photo = await fetch(`${web.baseUrl}${response.body.data.photoUrl}`, { headers: { Cookie: farmer.cookie } });
      expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).format).toBe("webp");
    }
  });

  it("writes the result in the reader's language", async () => {
    const farmer = await subscriber("ai_lang");
    const english = await analyze(farmer, await leafForm("yellowed"));
    const french = await analyze(farmer, await leafForm("yellowed"), { cookie: `${farmer.cookie}; asiiko-lang=fr` });
    expect(french.status).toBe(200);
    expect(french.body.data.diagnosis).not.toBe(english.body.data.diagnosis);
    expect(french.body.message).not.toBe("Analysis completed");
    const stored = await prisma.analysis.findUniqueOrThrow({ where: { id: french.body.data.id } });
    expect(stored.language).toBe("fr");
  });

  it("refuses a visitor (401) and a user whose trial is spent (403) before reading the photo", async () => {
    const visitor = await analyze(null, await leafForm());
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });

    const spent = await signedInUser("USER", "ai_spent");
    await prisma.user.update({
      where: { id: spent.user.id },
      data: { firstPremiumUseAt: new Date(Date.now() - 3_600_000) },
    });
    const refused = await analyze(spent, await leafForm());
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: { code: "AUTHZ_SUBSCRIPTION_REQUIRED" } });
    expect(await prisma.analysis.count({ where: { userId: spent.user.id } })).toBe(0);

    const expired = await signedInUser("USER", "ai_expired");
    await prisma.user.update({
      where: { id: expired.user.id },
      data: { createdAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    expect((await analyze(expired, await leafForm())).status).toBe(403);
  });

  describe("refuses bad input with the catalogue's code, before any work, costing nothing", () => {
    let farmer: Signed;
    beforeAll(async () => {
      farmer = await signedInUser("USER", "ai_bad");
    });

    const cases: [string, () => Promise<FormData | string>, number, string, string?][] = [
      [
        "no photo",
        async () => analysisForm({ analysisType: "crop_health", preferredModel: "openai" }),
        400,
        "VLD_REQUIRED_FIELD",
        "image",
      ],
      [
        "a text file",
        async () =>
          analysisForm({
            image: { bytes: Buffer.from("not a photo at all\n"), filename: "notes.txt", type: "text/plain" },
            analysisType: "crop_health",
          }),
        415,
        "FILE_INVALID_TYPE",
      ],
      [
        "a PDF named .jpg",
        async () =>
          analysisForm({
            image: { bytes: Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n"), filename: "leaf.jpg", type: "image/jpeg" },
            analysisType: "crop_health",
          }),
        415,
        "FILE_INVALID_TYPE",
      ],
      [
        "an empty file",
        async () =>
          analysisForm({
            image: { bytes: Buffer.alloc(0), filename: "leaf.jpg", type: "image/jpeg" },
            analysisType: "crop_health",
          }),
        400,
        "FILE_CORRUPTED",
      ],
      [
        "a JPEG cut short",
        async () => {
          const whole = await leafPhoto("healthy", { width: 1200, height: 900 });
          return analysisForm({
            image: {
              bytes: whole.subarray(0, Math.floor(whole.length * 0.5)),
              filename: "leaf.jpg",
              type: "image/jpeg",
            },
            analysisType: "crop_health",
          });
        },
        400,
        "FILE_CORRUPTED",
      ],
      [
        "a photo too small to show anything",
        async () =>
          analysisForm({
            image: {
              bytes: await leafPhoto("healthy", { width: 40, height: 30 }),
              filename: "leaf.jpg",
              type: "image/jpeg",
            },
            analysisType: "crop_health",
          }),
        400,
        "AI_INVALID_IMAGE",
      ],
      [
        "a PNG that claims too many pixels",
        async () => {
          const bomb = await sharp({
            create: { width: 9000, height: 9000, channels: 3, background: "#ffffff" },
            limitInputPixels: false,
          })
            .png({ compressionLevel: 9 })
            .toBuffer();
          return analysisForm({
            image: { bytes: bomb, filename: "leaf.png", type: "image/png" },
            analysisType: "crop_health",
          });
        },
        413,
        "FILE_TOO_LARGE",
      ],
      [
        "an unknown analysis type",
        async () => leafForm("healthy", { analysisType: "soil" }),
        400,
        "VLD_REQUIRED_FIELD",
        "analysisType",
      ],
      [
        "no analysis type",
        async () => analysisForm({ image: { bytes: await leafPhoto(), filename: "leaf.jpg", type: "image/jpeg" } }),
        400,
        "VLD_REQUIRED_FIELD",
        "analysisType",
      ],
      [
        "an unknown model",
        async () => leafForm("healthy", { preferredModel: "llama" }),
        400,
        "VLD_REQUIRED_FIELD",
        "preferredModel",
      ],
      [
        "context that is not JSON",
        async () => leafForm("healthy", { additionalContext: "{cropType: cassava" }),
        400,
        "VLD_REQUIRED_FIELD",
        "additionalContext",
      ],
      [
        "context that is a list",
        async () => leafForm("healthy", { additionalContext: "[1,2]" }),
        400,
        "VLD_REQUIRED_FIELD",
        "additionalContext",
      ],
      [
        "a crop name of 101 characters",
        async () => leafForm("healthy", { additionalContext: JSON.stringify({ cropType: "x".repeat(101) }) }),
        400,
        "VLD_REQUIRED_FIELD",
        "additionalContext.cropType",
      ],
      [
        "a NUL in the crop name",
        async () => leafForm("healthy", { additionalContext: JSON.stringify({ cropType: "cas\u0000sava" }) }),
        400,
        "VLD_REQUIRED_FIELD",
        "additionalContext.cropType",
      ],
      [
        "a lone surrogate in the crop name",
        async () => leafForm("healthy", { additionalContext: '{"cropType":"cas\\ud800sava"}' }),
        400,
        "VLD_REQUIRED_FIELD",
        "additionalContext.cropType",
      ],
      [
        "context over the field cap",
        async () => leafForm("healthy", { additionalContext: JSON.stringify({ cropType: "x".repeat(5000) }) }),
        413,
        "FILE_TOO_LARGE",
      ],
      ["JSON instead of a form", async () => JSON.stringify({ analysisType: "crop_health" }), 415, "FILE_INVALID_TYPE"],
    ];

    it.each(cases)("%s", async (_name, make, status, code, field) => {
      const body = await make();
      const response =
        typeof body === "string"
          ? await call("POST", "/api/ai/analyze", undefined, { cookie: farmer.cookie, raw: body })
          : await analyze(farmer, body);
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ success: false, error: { code } });
      expect(typeof response.body.message).toBe("string");
      if (field) expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
      expect(await prisma.analysis.count({ where: { userId: farmer.user.id } })).toBe(0);
      expect(await prisma.upload.count({ where: { ownerId: farmer.user.id } })).toBe(0);
      expect(await usesOf(farmer.user.id)).toBe(0);
    });

    it("a photo over 10 MB, with or without a Content-Length", async () => {
      const big = analysisForm({
        image: { bytes: Buffer.alloc(10 * 1024 * 1024 + 10, 1), filename: "leaf.jpg", type: "image/jpeg" },
        analysisType: "crop_health",
      });
      const response = await analyze(farmer, big);
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ success: false, error: { code: "FILE_TOO_LARGE" } });
      expect(await prisma.upload.count({ where: { ownerId: farmer.user.id } })).toBe(0);
    });

    it("the wrong method answers 405 with Allow", async () => {
      const response = await call("GET", "/api/ai/analyze", undefined, { cookie: farmer.cookie });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    });
  });
});

describe("progress, history and photos", () => {
  it("streams each stage as it happens, through compression, and ends with the result", async () => {
    const farmer = await subscriber("ai_stream");
    // No worker yet: the analysis waits in line, and the stream must show that before anything else happens.
    await workers?.close();
    workers = undefined;
    const started = await analyze(farmer, await leafForm("yellowed"), { headers: { Prefer: "respond-async" } });
    expect(started.status).toBe(202);
    expect(started.headers.get("preference-applied")).toBe("respond-async");
    const { analysis } = started.body.data;
    // No photo address until the worker has prepared the photo.
    expect(analysis).toMatchObject({
      status: "queued",
      stage: "queued",
      progress: 0,
      severity: null,
      photoUrl: null,
      thumbnailUrl: null,
    });
    expect(started.headers.get("location")).toBe(`/api/ai/analyses/${analysis.id}`);

    const stream = await readEvents(`${web.baseUrl}/api/ai/analyses/${analysis.id}/events`, {
      Cookie: farmer.cookie,
      "Accept-Encoding": "gzip",
    });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(stream.headers.get("content-encoding")).toBeNull();
    const first = await stream.next();
    expect(first).toMatchObject({ event: "analysis" });
    expect(JSON.parse(first!.data)).toMatchObject({ id: analysis.id, status: "queued" });

    workers = await startWorkers({ queues: ["ai-analysis"] });
    const views = [JSON.parse(first!.data)];
    for (let event = await stream.next(); event; event = await stream.next()) views.push(JSON.parse(event.data));
    const last = views.at(-1);
    expect(last).toMatchObject({
      status: "completed",
      stage: "done",
      progress: 100,
      severity: "medium",
      answeredBy: "builtin",
    });
    expect(last.photoUrl).toBe(`/api/ai/analyses/${analysis.id}/photo`);
    const progress = views.map((view) => view.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(views.map((view) => view.stage)).toContain("analysing");
    expect(await usesOf(farmer.user.id)).toBe(1);
  });

  it("lists the farmer's own analyses newest first, a page at a time, with their thumbnails; nobody else's are reachable", async () => {
    const farmer = await subscriber("ai_history");
    const other = await subscriber("ai_other");
    const ids: string[] = [];
    for (const condition of ["healthy", "spotted", "yellowed"] as const)
      ids.push((await analyze(farmer, await leafForm(condition))).body.data.id);
    const otherId = (await analyze(other, await leafForm())).body.data.id;

    const firstPage = await call("GET", "/api/ai/analyses?limit=2", undefined, { cookie: farmer.cookie });
    expect(firstPage.status).toBe(200);
    expect(firstPage.headers.get("cache-control")).toContain("no-store");
    expect(firstPage.body.data.analyses.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    expect(firstPage.body.data.analyses[0]).toMatchObject({
      analysisType: "crop_health",
      status: "completed",
      severity: "medium",
    });
    const secondPage = await call(
      "GET",
      `/api/ai/analyses?limit=2&before=${firstPage.body.data.nextCursor}`,
      undefined,
      { cookie: farmer.cookie },
    );
    expect(secondPage.body.data).toMatchObject({ nextCursor: null });
    expect(secondPage.body.data.analyses.map((item: { id: string }) => item.id)).toEqual([ids[0]]);

    const thumbnail = await fetch(`${web.baseUrl}${firstPage.body.data.analyses[0].thumbnailUrl}`, {
      headers: { Cookie: farmer.cookie },
    });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320 });
    expect(meta.exif).toBeUndefined();

    // Another farmer's analysis, its photo and its stream answer exactly as a missing one does.
    for (const path of [
      `/api/ai/analyses/${otherId}`,
      `/api/ai/analyses/${otherId}/photo`,
      `/api/ai/analyses/${otherId}/events`,
      "/api/ai/analyses/nothing_here",
    ]) {
      const response = await call("GET", path, undefined, { cookie: farmer.cookie });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, error: { code: "DB_RECORD_NOT_FOUND" } });
    }
    const list = await call("GET", "/api/ai/analyses?limit=50", undefined, { cookie: farmer.cookie });
    expect(list.body.data.analyses.map((item: { id: string }) => item.id)).not.toContain(otherId);
    const own = await call("GET", `/api/ai/analyses/${ids[1]}`, undefined, { cookie: farmer.cookie });
    expect(own.body.data.analysis).toMatchObject({ id: ids[1], severity: "high", status: "completed" });

    // The photo is never under the public /uploads address.
    const stored = await prisma.analysis.findUniqueOrThrow({ where: { id: ids[1] } });
    expect((await fetch(`${web.baseUrl}/uploads/${stored.uploadId}/320.webp`)).status).toBe(404);
    expect((await fetch(`${web.baseUrl}/uploads/private/${stored.uploadId}/320.webp`)).status).toBe(404);
  });

  it("refuses visitors and bad history addresses", async () => {
    for (const path of [
      "/api/ai/analyses",
      "/api/ai/analyses/x",
      "/api/ai/analyses/x/events",
      "/api/ai/analyses/x/photo",
    ]) {
      const response = await call("GET", path);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ success: false, error: { code: "AUTH_SESSION_EXPIRED" } });
    }
    const farmer = await signedInUser("USER", "ai_query");
    for (const query of ["limit=0", "limit=51", "limit=abc", "before=%00", "before=unknown_id"]) {
      const response = await call("GET", `/api/ai/analyses?${query}`, undefined, { cookie: farmer.cookie });
      expect(response.status, query).toBe(400);
      expect(response.body.success).toBe(false);
    }
    const photo = await call("GET", "/api/ai/analyses/x/photo?size=5000", undefined, { cookie: farmer.cookie });
    expect(photo.status).toBe(400);
  });
});

describe("when the worker is away", () => {
  it("a stopped worker makes the request fail within its deadline with AI_PROCESSING_TIMEOUT, leaving no result and costing nothing", async () => {
    const farmer = await subscriber("ai_stopped");
    await workers?.close();
    workers = undefined;
    const response = await analyze(farmer, await leafForm());
    expect(response.status).toBe(504);
    expect(response.body).toMatchObject({ success: false, error: { code: "AI_PROCESSING_TIMEOUT" } });
    const stored = await prisma.analysis.findFirstOrThrow({ where: { userId: farmer.user.id } });
    expect(stored).toMatchObject({
      status: "failed",
      errorCode: "AI_PROCESSING_TIMEOUT",
      severity: null,
      diagnosis: null,
      confidence: null,
    });

    // A worker that comes back later leaves the timed-out analysis as it is.
    workers = await startWorkers({ queues: ["ai-analysis"] });
    const { getQueue } = await import("~/jobs/enqueue.server");
    await expect
      .poll(async () => (await getQueue("ai-analysis").getJob(stored.id))?.finishedOn ?? null, { timeout: 15_000 })
      .not.toBeNull();
    expect(await prisma.analysis.findUniqueOrThrow({ where: { id: stored.id } })).toMatchObject({
      status: "failed",
      severity: null,
    });
    expect(await usesOf(farmer.user.id)).toBe(0);
    const history = await call("GET", "/api/ai/analyses", undefined, { cookie: farmer.cookie });
    expect(history.body.data.analyses[0]).toMatchObject({ status: "failed", error: { code: "AI_PROCESSING_TIMEOUT" } });
  });
});
