import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import en from "~/locales/en.json";
import ha from "~/locales/ha.json";
import { prisma } from "~/server/db.server";
import { startWorkers } from "../../workers/index";
import { apiClient, removeCreatedData, signedInUser, subscribe } from "../../tests/support/api-client";
import { errorAnswer, jsonAnswer, lateAnswer } from "../../tests/support/fake-ai-providers";
import { leafPhoto } from "../../tests/support/leaf-photos";
import { startAiWorkerProcess } from "../../tests/support/processes";
import { bootWebServer } from "../../tests/support/web";

// The trial cannot buy many paid analyses: with a paid provider configured (a
// local server speaking OpenAI's API, counting every call it gets), a trial
// account has one analysis in flight. Its one use is held when the request is
// accepted, confirmed by a result, and given back when the analysis fails, times
// out or is left by a worker that died; a worker never sends an analysis whose
// hold is gone. Everything is asked over HTTP as a farmer's phone would.

const { uploadDir, openai } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const os = await import("node:os");
  const nodePath = await import("node:path");
  const { startFakeAiProvider } = await import("../../tests/support/fake-ai-providers");
  const dir = mkdtempSync(nodePath.join(os.tmpdir(), "asiiko-trial-"));
  const fake = await startFakeAiProvider("openai", { apiKey: "sk-test-openai" });
  Object.assign(process.env, {
    UPLOAD_DIR: dir,
    OPENAI_API_KEY: "sk-test-openai",
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_MODEL: "gpt-test-vision",
    ANTHROPIC_API_KEY: "",
    GEMINI_API_KEY: "",
    AI_CALL_TIMEOUT_SECONDS: "5",
    // Short, so the deadline passes within a test; long enough for the queue's one retry.
    AI_ANALYSIS_DEADLINE_SECONDS: "12",
  });
  return { uploadDir: dir, openai: fake };
});

let web: Awaited<ReturnType<typeof bootWebServer>>;
let workers: Awaited<ReturnType<typeof startWorkers>> | undefined;
const call = apiClient(() => web.baseUrl);
type Signed = Awaited<ReturnType<typeof signedInUser>>;

const GOOD = {
  severity: "medium",
  confidence: 71,
  diagnosis: "Early cassava mosaic disease: mottled yellow and green leaflets.",
  treatment: "Uproot and burn infected plants; plant clean, tolerant stems.",
  recommendations: ["Check the whole field weekly", "Control whiteflies"],
};
const HELD = { en: en.premium.errors.trialHeld, ha: ha.premium.errors.trialHeld };

const startAiWorkers = async () => {
  workers ??= await startWorkers({ queues: ["ai-analysis"], policies: { "ai-analysis": { lockMs: 1_000 } } });
};
async function stopAiWorkers() {
  await workers?.close();
  workers = undefined;
}

async function leafForm() {
  const body = new FormData();
  body.append("image", new Blob([new Uint8Array(await leafPhoto("yellowed"))], { type: "image/jpeg" }), "leaf.jpg");
  body.append("analysisType", "crop_health");
  body.append("preferredModel", "openai");
  body.append("additionalContext", JSON.stringify({ cropType: "Cassava" }));
  return body;
}

/** POST /api/ai/analyze: waiting for the result, or answered at once (202) with `async`. */
async function analyze(farmer: Signed, options: { async?: boolean; language?: string; form?: FormData } = {}) {
  const cookie = options.language ? `${farmer.cookie}; asiiko-lang=${options.language}` : farmer.cookie;
  const headers: Record<string, string> = options.async ? { Prefer: "respond-async" } : {};
  return call("POST", "/api/ai/analyze", undefined, { cookie, headers, form: options.form ?? (await leafForm()) });
}

/** An analysis sent to be answered at once (202, as the page sends it): its id. */
async function startedAnalysis(farmer: Signed) {
  const response = await analyze(farmer, { async: true });
  expect(response.status).toBe(202);
  return response.body.data.analysis.id as string;
}

const access = async (farmer: Signed, feature = "asiiko_ai") =>
  (await call("GET", `/api/premium/${feature}/check`, undefined, { cookie: farmer.cookie })).body.data;
const analysisOf = async (farmer: Signed, id: string) =>
  (await call("GET", `/api/ai/analyses/${id}`, undefined, { cookie: farmer.cookie })).body.data.analysis;
const usesOf = (farmer: Signed) => prisma.premiumFeatureUse.count({ where: { userId: farmer.user.id } });
const jobFinished = async (id: string) => (await getQueue("ai-analysis").getJob(id))?.finishedOn ?? null;

/**
 * A worker that comes now takes up analysis `id`'s job and ends it without asking the provider
 * (which has had `calls` calls); then the farmer's next analysis is sent, and answered.
 */
async function nextWorkerSendsNothing(farmer: Signed, id: string, calls: number) {
  await startAiWorkers();
  await expect.poll(() => jobFinished(id), { timeout: 30_000 }).not.toBeNull();
  expect(openai.requests).toHaveLength(calls);
  openai.answer(jsonAnswer(GOOD));
  expect((await analyze(farmer)).status).toBe(200);
  expect(openai.requests).toHaveLength(calls + 1);
}

/** What the farmer is told while the trial is in a running analysis's hands: 403, saying so, in their language. */
function expectHeldRefusal(response: Awaited<ReturnType<typeof call>>, language: keyof typeof HELD = "en") {
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({
    success: false,
    message: HELD[language],
    error: { code: "AUTHZ_SUBSCRIPTION_REQUIRED", message: HELD[language] },
  });
}

beforeAll(async () => {
  await startAiWorkers();
  web = await bootWebServer();
});

beforeEach(() => openai.reset());

afterAll(async () => {
  await removeCreatedData();
  await web?.stop();
  await stopAiWorkers();
  await openai.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe("a trial account has one analysis in flight", () => {
  it("eight analyses sent at once cause one provider call: one result, and seven refusals that say the free analysis is running", async () => {
    const farmer = await signedInUser("USER", "trial_race");
    // The provider takes a moment, as a real one does: the others all arrive while it works.
    openai.answer(lateAnswer(3_000, jsonAnswer(GOOD)));
    // The eight photos are ready first, so the eight requests leave together.
    const forms = await Promise.all(Array.from({ length: 8 }, () => leafForm()));
    const responses = await Promise.all(
      forms.map((form, index) => analyze(farmer, { form, language: index === 7 ? "ha" : undefined })),
    );

    const succeeded = responses.filter((response) => response.status === 200);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]!.body.data).toMatchObject({ ...GOOD, answeredBy: "openai", status: "completed" });
    responses.forEach((response, index) => {
      if (response.status !== 200) expectHeldRefusal(response, index === 7 ? "ha" : "en");
    });
    expect(openai.requests).toHaveLength(1);
    expect(openai.pending()).toBe(0);

    // One analysis was made, and its success spent the trial: one recorded use.
    expect(await prisma.analysis.count({ where: { userId: farmer.user.id } })).toBe(1);
    expect(await usesOf(farmer)).toBe(1);
    expect(await access(farmer)).toEqual({
      canAccess: false,
      isTrialExpired: false,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: true,
    });
    const after = await analyze(farmer);
    expect(after.status).toBe(403);
    expect(after.body.error).toMatchObject({
      code: "AUTHZ_SUBSCRIPTION_REQUIRED",
      message: en.premium.errors.required,
    });
    expect(openai.requests).toHaveLength(1);
  });

  it("while it runs every premium feature is closed; when it fails the trial comes back and the next analysis is allowed", async () => {
    const farmer = await signedInUser("USER", "trial_failed");
    // The provider fails on both of the queue's tries (the first a moment late, so it is asked about meanwhile).
    openai.answer(lateAnswer(2_000, errorAnswer(500)), errorAnswer(500));
    const id = await startedAnalysis(farmer);

    // Held: the trial is spent for every feature until the analysis ends, and each refusal says why.
    expect(await access(farmer)).toMatchObject({ canAccess: false, hasUsedPremiumFeatures: true });
    expect(await access(farmer, "farm_mapping")).toMatchObject({ canAccess: false });
    expectHeldRefusal(await analyze(farmer));
    expectHeldRefusal(await call("POST", "/api/farms", { name: "Meanwhile" }, { cookie: farmer.cookie }));
    expectHeldRefusal(await call("POST", "/api/premium/farm_mapping/use", undefined, { cookie: farmer.cookie }));

    await expect.poll(async () => (await analysisOf(farmer, id)).status, { timeout: 20_000 }).toBe("failed");
    expect((await analysisOf(farmer, id)).error.code).toBe("AI_SERVICE_UNAVAILABLE");
    // Both tries were of this one analysis; the retry kept the hold.
    expect(openai.requests).toHaveLength(2);

    // Given back: as if nothing had been used.
    expect(await access(farmer)).toEqual({
      canAccess: true,
      isTrialExpired: false,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: false,
    });
    expect(await access(farmer, "farm_mapping")).toMatchObject({ canAccess: true });
    expect(await usesOf(farmer)).toBe(0);

    openai.answer(jsonAnswer(GOOD));
    const next = await analyze(farmer);
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ severity: "medium", answeredBy: "openai" });
    expect(openai.requests).toHaveLength(3);
    expect(await usesOf(farmer)).toBe(1);
    expect(await access(farmer)).toMatchObject({ canAccess: false, hasUsedPremiumFeatures: true });
  }, 60_000);

  it("a subscriber keeps today's rules: analyses sent at once all run", async () => {
    const farmer = await signedInUser("USER", "trial_subscriber");
    await subscribe(farmer.user.id);
    openai.answer(jsonAnswer(GOOD), jsonAnswer(GOOD));
    const [first, second] = await Promise.all([analyze(farmer), analyze(farmer)]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(openai.requests).toHaveLength(2);
    expect(await prisma.premiumFeatureUse.count({ where: { userId: farmer.user.id, duringTrial: false } })).toBe(2);
  });
});

describe("a photo the provider could not assess", () => {
  it("shows no risk, keeps the specification's shape with assessable false, and gives the trial back", async () => {
    const farmer = await signedInUser("USER", "trial_unreadable");
    openai.answer(
      jsonAnswer({
        assessable: false,
        severity: "low",
        confidence: 0,
        diagnosis: "The photo is too dark and blurred to see the leaves.",
        treatment: "None until a clear photo is taken.",
        recommendations: ["Take the photo again in daylight, close up, with one leaf filling the frame."],
      }),
    );
    const response = await analyze(farmer);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: en.ai.messages.notAssessed,
      data: { assessable: false, answeredBy: "openai", status: "completed", severity: "low", confidence: 0 },
    });
    // The provider was asked for the field.
    expect(openai.requests[0]!.text).toContain('"assessable": boolean');

    // Given back: as if nothing had been used, and the next photo is analysed on the trial.
    expect(await usesOf(farmer)).toBe(0);
    expect(await access(farmer)).toEqual({
      canAccess: true,
      isTrialExpired: false,
      hasActiveSubscription: false,
      hasUsedPremiumFeatures: false,
    });
    openai.answer(jsonAnswer(GOOD));
    const next = await analyze(farmer);
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ ...GOOD, assessable: true });
    expect(await usesOf(farmer)).toBe(1);
    expect(await access(farmer)).toMatchObject({ canAccess: false, hasUsedPremiumFeatures: true });
  });
});

describe("the trial comes back when the analysis ends without a result", () => {
  it("at its deadline, when no worker took it up; a worker that comes later does not call the provider for it", async () => {
    const farmer = await signedInUser("USER", "trial_deadline");
    await stopAiWorkers();
    const response = await analyze(farmer);
    expect(response.status).toBe(504);
    expect(response.body.error.code).toBe("AI_PROCESSING_TIMEOUT");
    expect(await access(farmer)).toMatchObject({ canAccess: true, hasUsedPremiumFeatures: false });

    const stored = await prisma.analysis.findFirstOrThrow({ where: { userId: farmer.user.id } });
    await nextWorkerSendsNothing(farmer, stored.id, 0);
  }, 60_000);

  it("a hold nobody ended lapses at its analysis's deadline: the trial opens again, and the old analysis is never sent", async () => {
    const farmer = await signedInUser("USER", "trial_lapsed");
    await stopAiWorkers();
    const firstId = await startedAnalysis(farmer);
    const plan = async () => (await call("GET", "/api/subscription", undefined, { cookie: farmer.cookie })).body.data;
    expect(await access(farmer)).toMatchObject({ canAccess: false });
    expect(await plan()).toMatchObject({ plan: "free", access: { hasUsedPremiumFeatures: true } });
    // Nobody follows it: the farmer closed the page. At its deadline the trial is open again by itself.
    await expect.poll(async () => (await access(farmer)).canAccess, { timeout: 20_000 }).toBe(true);
    expect(await plan()).toMatchObject({ plan: "trial", access: { hasUsedPremiumFeatures: false } });

    openai.answer(jsonAnswer(GOOD));
    const secondId = await startedAnalysis(farmer);
    await startAiWorkers();
    await expect.poll(async () => (await analysisOf(farmer, secondId)).status, { timeout: 20_000 }).toBe("completed");
    await expect.poll(() => jobFinished(firstId), { timeout: 15_000 }).not.toBeNull();
    expect(await analysisOf(farmer, firstId)).toMatchObject({
      status: "failed",
      error: { code: "AI_PROCESSING_TIMEOUT" },
    });
    // One call, for the second analysis; the trial went to it.
    expect(openai.requests).toHaveLength(1);
    expect(await usesOf(farmer)).toBe(1);
    expect(await access(farmer)).toMatchObject({ canAccess: false, hasUsedPremiumFeatures: true });
  }, 60_000);

  describe("when its worker is killed in the middle of it", () => {
    let child: ChildProcess | undefined;
    afterAll(() => {
      child?.kill("SIGKILL");
    });

    it("at the deadline, and the next worker does not send it again", async () => {
      const farmer = await signedInUser("USER", "trial_killed");
      await stopAiWorkers();
      child = await startAiWorkerProcess();
      // The killed worker's call never gets its answer.
      openai.answer(lateAnswer(60_000, jsonAnswer(GOOD)));
      const id = await startedAnalysis(farmer);
      await expect.poll(() => openai.requests.length, { timeout: 15_000 }).toBe(1);
      child.kill("SIGKILL");
      await new Promise((resolve) => child!.once("exit", resolve));
      child = undefined;

      // The farmer's page follows it to its deadline; then the trial is back.
      await expect.poll(async () => (await analysisOf(farmer, id)).status, { timeout: 20_000 }).toBe("failed");
      expect((await analysisOf(farmer, id)).error.code).toBe("AI_PROCESSING_TIMEOUT");
      expect(await access(farmer)).toMatchObject({ canAccess: true, hasUsedPremiumFeatures: false });
      expect(await usesOf(farmer)).toBe(0);

      // A worker takes up the job the killed one left, and finds nothing to send.
      await nextWorkerSendsNothing(farmer, id, 1);
    }, 90_000);
  });

  it("a worker never sends an analysis whose hold is gone, however it went", async () => {
    const farmer = await signedInUser("USER", "trial_gone");
    await stopAiWorkers();
    const id = await startedAnalysis(farmer);
    // The hold is taken away behind the analysis's back (no route does this: it stands for any way it could go).
    await prisma.user.update({
      where: { id: farmer.user.id },
      data: { firstPremiumUseAt: null, trialHeldFor: null, trialHeldUntil: null },
    });
    await startAiWorkers();
    await expect.poll(async () => (await analysisOf(farmer, id)).status, { timeout: 15_000 }).toBe("failed");
    expect((await analysisOf(farmer, id)).error).toMatchObject({
      code: "AUTHZ_SUBSCRIPTION_REQUIRED",
      message: en.ai.errors.trialRaced,
    });
    expect(openai.requests).toHaveLength(0);
    expect(await usesOf(farmer)).toBe(0);
  });
});
