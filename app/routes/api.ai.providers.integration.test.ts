import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { startWorkers } from "../../workers/index";
import { apiClient, removeCreatedData, signedInUser, subscribe } from "../../tests/support/api-client";
import { errorAnswer, jsonAnswer, lateAnswer, textAnswer } from "../../tests/support/fake-ai-providers";
import { leafPhoto } from "../../tests/support/leaf-photos";
import { startAiWorkerProcess } from "../../tests/support/processes";
import { bootWebServer } from "../../tests/support/web";

// Asiiko AI with providers configured: POST /api/ai/analyze through the queue
// to OpenAI and Claude (local servers speaking their APIs, run by the official
// SDKs), how their failures reach the farmer, the queue's own retry, and a
// worker killed in the middle of an analysis. Gemini has no key here, so a
// farmer who prefers it is answered by the next provider that has one.

const { uploadDir, fakes } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const nodePath = await import("node:path");
  const { startFakeAiProvider: start } = await import("../../tests/support/fake-ai-providers");
  const dir = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-providers-"));
  const [openai, anthropic] = await Promise.all([
    start("openai", { apiKey: "sk-test-openai" }),
    start("anthropic", { apiKey: "sk-ant-test" }),
  ]);
  Object.assign(process.env, {
    UPLOAD_DIR: dir,
    OPENAI_API_KEY: "sk-test-openai",
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_MODEL: "gpt-test-vision",
    ANTHROPIC_API_KEY: "sk-ant-test",
    ANTHROPIC_BASE_URL: anthropic.baseUrl,
    ANTHROPIC_MODEL: "claude-test",
    GEMINI_API_KEY: "",
    AI_CALL_TIMEOUT_SECONDS: "1",
    AI_ANALYSIS_DEADLINE_SECONDS: "25",
  });
  return { uploadDir: dir, fakes: { openai, anthropic } };
});

let web: Awaited<ReturnType<typeof bootWebServer>>;
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
const call = apiClient(() => web.baseUrl);
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let farmer: Signed;

const GOOD = {
  severity: "medium",
  confidence: 71,
  diagnosis: "Early cassava mosaic disease: mottled yellow and green leaflets.",
  treatment: "Uproot and burn infected plants; plant clean, tolerant stems.",
  recommendations: ["Check the whole field weekly", "Control whiteflies", "Confirm with an extension officer"],
};

const startAiWorkers = () => startWorkers({ queues: ["ai-analysis"], policies: { "ai-analysis": { lockMs: 1_000 } } });

async function form(preferredModel: string) {
  const body = new FormData();
  body.append("image", new Blob([new Uint8Array(await leafPhoto("yellowed"))], { type: "image/jpeg" }), "leaf.jpg");
  body.append("analysisType", "crop_health");
  body.append("preferredModel", preferredModel);
  body.append("additionalContext", JSON.stringify({ cropType: "Rogo" }));
  return body;
}

const analyze = async (preferredModel: string, init: { headers?: Record<string, string>; cookie?: string } = {}) =>
  call("POST", "/api/ai/analyze", undefined, { cookie: farmer.cookie, ...init, form: await form(preferredModel) });
const usesOf = (userId: string) => prisma.premiumFeatureUse.count({ where: { userId } });

beforeAll(async () => {
  workers = await startAiWorkers();
  web = await bootWebServer();
  farmer = await signedInUser("USER", "ai_providers");
  await subscribe(farmer.user.id);
});

beforeEach(() => {
  fakes.openai.reset();
  fakes.anthropic.reset();
});

afterAll(async () => {
  await removeCreatedData();
  await web?.stop();
  await workers?.close();
  await fakes.openai.close();
  await fakes.anthropic.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe("the preferred provider answers", () => {
  it("OpenAI gets the prepared photo and the prompt, in the reader's language", async () => {
    fakes.openai.answer(jsonAnswer(GOOD));
    const before = await usesOf(farmer.user.id);
    const response = await analyze("openai", { cookie: `${farmer.cookie}; asiiko-lang=ha` });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ ...GOOD, answeredBy: "openai", status: "completed" });
    expect(fakes.openai.requests).toHaveLength(1);
    const [sent] = fakes.openai.requests;
    expect(sent!.model).toBe("gpt-test-vision");
    expect(sent!.images).toHaveLength(1);
    // The photo as the worker prepared it: WebP, its metadata gone.
    expect(Buffer.from(sent!.images[0]!.base64, "base64").subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(sent!.text).toContain("Rogo");
    expect(sent!.text).toMatch(/Hausa/);
    expect(await usesOf(farmer.user.id)).toBe(before + 1);
  });

  it("Claude answers when it is preferred", async () => {
    fakes.anthropic.answer(jsonAnswer(GOOD));
    const response = await analyze("claude");
    expect(response.status).toBe(200);
    expect(response.body.data.answeredBy).toBe("claude");
    expect(fakes.anthropic.requests).toHaveLength(1);
    expect(fakes.openai.requests).toHaveLength(0);
  });

  it("a preferred provider without a key here gives way to the next that has one, and the answer says so", async () => {
    fakes.openai.answer(jsonAnswer(GOOD));
    const response = await analyze("gemini");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ answeredBy: "openai" });
    const stored = await prisma.analysis.findUniqueOrThrow({ where: { id: response.body.data.id } });
    expect(stored).toMatchObject({ preferredModel: "gemini", answeredBy: "openai" });
  });
});

describe("a provider's failures reach the farmer with the right code, and cost nothing", () => {
  it("overloaded (429) on both of the queue's tries: 503 AI_MODEL_OVERLOADED with Retry-After", async () => {
    fakes.openai.answer(errorAnswer(429, { retryAfter: "20" }), errorAnswer(429, { retryAfter: "20" }));
    const before = await usesOf(farmer.user.id);
    const response = await analyze("openai");
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ success: false, error: { code: "AI_MODEL_OVERLOADED" } });
    expect(response.body.message).toBe(response.body.error.message);
    expect(response.headers.get("retry-after")).toBeTruthy();
    // The SDK does not retry on its own: one request per try of the queue.
    expect(fakes.openai.requests).toHaveLength(2);
    expect(await usesOf(farmer.user.id)).toBe(before);
  });

  it("a server error on the first try and an answer on the queue's second: success, one use", async () => {
    fakes.openai.answer(errorAnswer(500), jsonAnswer(GOOD));
    const before = await usesOf(farmer.user.id);
    const response = await analyze("openai");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ severity: "medium", answeredBy: "openai" });
    expect(fakes.openai.requests).toHaveLength(2);
    expect(await usesOf(farmer.user.id)).toBe(before + 1);
  });

  it("unavailable (503) twice: 503 AI_SERVICE_UNAVAILABLE", async () => {
    fakes.anthropic.answer(errorAnswer(503), errorAnswer(503));
    const response = await analyze("claude");
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe("AI_SERVICE_UNAVAILABLE");
  });

  it("malformed output is asked for once more, then fails with AI_ANALYSIS_FAILED and is not retried by the queue", async () => {
    fakes.openai.answer(textAnswer("I think it is mosaic"), jsonAnswer({ severity: "grave", diagnosis: "" }));
    const before = await usesOf(farmer.user.id);
    const response = await analyze("openai");
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe("AI_ANALYSIS_FAILED");
    expect(fakes.openai.requests).toHaveLength(2);
    const latest = await prisma.analysis.findFirstOrThrow({
      where: { userId: farmer.user.id },
      orderBy: { createdAt: "desc" },
    });
    expect(latest).toMatchObject({
      status: "failed",
      errorCode: "AI_ANALYSIS_FAILED",
      severity: null,
      diagnosis: null,
    });
    expect(await usesOf(farmer.user.id)).toBe(before);
  });

  it("a provider slower than the call's time limit, twice: 504 AI_PROCESSING_TIMEOUT", async () => {
    fakes.openai.answer(lateAnswer(4_000, jsonAnswer(GOOD)), lateAnswer(4_000, jsonAnswer(GOOD)));
    const response = await analyze("openai");
    expect(response.status).toBe(504);
    expect(response.body.error.code).toBe("AI_PROCESSING_TIMEOUT");
    expect(fakes.openai.requests).toHaveLength(2);
  });
});

describe("a worker killed in the middle of an analysis", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGKILL");
  });

  it("leaves a job that the next worker finishes", async () => {
    await workers?.close();
    workers = undefined;
    child = await startAiWorkerProcess();
    // The killed worker's call never gets its answer; the next worker's does.
    fakes.openai.answer(lateAnswer(60_000, jsonAnswer(GOOD)), jsonAnswer(GOOD));
    const started = await analyze("openai", { headers: { Prefer: "respond-async" } });
    expect(started.status).toBe(202);
    const id = started.body.data.analysis.id as string;
    await expect.poll(() => fakes.openai.requests.length, { timeout: 15_000 }).toBe(1);
    expect(await prisma.analysis.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "processing",
      stage: "analysing",
    });

    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));
    child = undefined;
    workers = await startAiWorkers();

    // The dead worker's lock (15 s) lapses, the next stalled-job check (every 15 s) takes the job up,
    // then the analysis runs: up to about 30 s before it even starts, longer on a busy machine.
    await expect
      .poll(
        async () =>
          (await call("GET", `/api/ai/analyses/${id}`, undefined, { cookie: farmer.cookie })).body.data.analysis.status,
        { timeout: 90_000 },
      )
      .toBe("completed");
    expect(fakes.openai.requests).toHaveLength(2);
    const stored = await prisma.analysis.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ status: "completed", severity: "medium", answeredBy: "openai" });
  });
});
