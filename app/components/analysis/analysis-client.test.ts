import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/http/errors";
import type { AnalysisView } from "~/modules/analysis/view";
import { analysisOf, contextJson, fetchOlderAnalyses, followAnalysis, startAnalysis } from "./analysis-client";
import { AnalysisAnswerError } from "./labels";

// The calls against a stand-in browser: a fetch that answers as the API does,
// and an EventSource the test drives.

const view = (patch: Partial<AnalysisView> = {}): AnalysisView => ({
  id: "an_1",
  analysisType: "crop_health",
  preferredModel: "openai",
  answeredBy: null,
  assessable: true,
  status: "queued",
  stage: "queued",
  progress: 0,
  severity: null,
  confidence: null,
  diagnosis: null,
  treatment: null,
  recommendations: [],
  error: null,
  context: { cropType: "Cassava" },
  createdAt: "2026-11-24T08:00:00.000Z",
  completedAt: null,
  photoUrl: "/p.webp",
  thumbnailUrl: "/t.webp",
  ...patch,
});

const done = view({
  status: "completed",
  stage: "done",
  progress: 100,
  severity: "medium",
  confidence: 71.6,
  answeredBy: "builtin",
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

class FakeEventSource {
  static last: FakeEventSource | null = null;
  closed = false;
  listeners = new Map<string, ((event: { data?: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? [])
      listener({ data: data === undefined ? undefined : JSON.stringify(data) });
  }
  close() {
    this.closed = true;
  }
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  FakeEventSource.last = null;
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("contextJson", () => {
  it("names the tab's field, 'Unknown' when empty", () => {
    expect(contextJson("crop_health", " Cassava ")).toBe('{"cropType":"Cassava"}');
    expect(contextJson("livestock", "")).toBe('{"livestockType":"Unknown"}');
    expect(contextJson("traditional_medicine", "   ")).toBe('{"plantSpecies":"Unknown"}');
  });
});

describe("startAnalysis", () => {
  it("sends the photo and the choices as multipart, asking to be answered at once", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ success: true, data: { analysis: view() }, message: "Analysis started" }, 202),
    );
    const image = new File(["jpeg bytes"], "leaf.jpg", { type: "image/jpeg" });
    const started = await startAnalysis(
      { image, analysisType: "livestock", preferredModel: "gemini", context: "Goat" },
      new AbortController().signal,
    );
    expect(started.id).toBe("an_1");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/ai/analyze");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(new Headers(init?.headers).get("Prefer")).toBe("respond-async");
    const body = init?.body as FormData;
    expect((body.get("image") as File).name).toBe("leaf.jpg");
    expect(body.get("analysisType")).toBe("livestock");
    expect(body.get("preferredModel")).toBe("gemini");
    expect(body.get("additionalContext")).toBe('{"livestockType":"Goat"}');
  });

  it("turns a refusal into an ApiError carrying the server's message", async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          success: false,
          message: "x",
          error: { code: "AUTHZ_SUBSCRIPTION_REQUIRED", message: "Upgrade to continue" },
        },
        403,
      ),
    );
    const image = new File(["x"], "leaf.jpg", { type: "image/jpeg" });
    const failure = await startAnalysis(
      { image, analysisType: "crop_health", preferredModel: "openai", context: "" },
      new AbortController().signal,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect((failure as ApiError).serverMessage).toBe("Upgrade to continue");
  });

  it("refuses a 2xx answer without an analysis", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, message: "Not now" }));
    const image = new File(["x"], "leaf.jpg", { type: "image/jpeg" });
    await expect(
      startAnalysis(
        { image, analysisType: "crop_health", preferredModel: "openai", context: "" },
        new AbortController().signal,
      ),
    ).rejects.toThrow(AnalysisAnswerError);
    expect(() => analysisOf("<html>")).toThrow("Analysis failed");
  });
});

describe("followAnalysis", () => {
  it("follows the event stream to the finished view and closes it", async () => {
    const seen: string[] = [];
    const following = followAnalysis("an_1", (next) => seen.push(next.stage), new AbortController().signal, 1);
    const source = FakeEventSource.last!;
    expect(source.url).toBe("/api/ai/analyses/an_1/events");
    source.emit("analysis", view({ status: "processing", stage: "analysing", progress: 40 }));
    source.emit("analysis", done);
    await expect(following).resolves.toMatchObject({ status: "completed", severity: "medium" });
    expect(seen).toEqual(["analysing", "done"]);
    expect(source.closed).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("ends on a failed view too", async () => {
    const following = followAnalysis("an_1", () => {}, new AbortController().signal, 1);
    FakeEventSource.last!.emit(
      "analysis",
      view({ status: "failed", error: { code: "AI_PROCESSING_TIMEOUT", message: "Too long" } }),
    );
    await expect(following).resolves.toMatchObject({ status: "failed", error: { message: "Too long" } });
  });

  it("asks every interval once the stream fails, until the analysis is finished", async () => {
    fetchMock
      .mockResolvedValueOnce(
        json({ success: true, data: { analysis: view({ status: "processing", stage: "writing", progress: 90 }) } }),
      )
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(json({ success: true, data: { analysis: done } }));
    const seen: string[] = [];
    const following = followAnalysis("an_1", (next) => seen.push(next.stage), new AbortController().signal, 1);
    const source = FakeEventSource.last!;
    source.emit("analysis", view({ status: "processing", stage: "preparing", progress: 15 }));
    source.emit("error");
    await expect(following).resolves.toMatchObject({ status: "completed" });
    expect(source.closed).toBe(true);
    expect(seen).toEqual(["preparing", "writing", "done"]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/ai/analyses/an_1");
  });

  it("stops asking when the analysis is not there", async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          success: false,
          message: "x",
          error: { code: "DB_RECORD_NOT_FOUND", message: "This analysis was not found" },
        },
        404,
      ),
    );
    const following = followAnalysis("an_1", () => {}, new AbortController().signal, 1);
    FakeEventSource.last!.emit("error");
    await expect(following).rejects.toMatchObject({ status: 404, serverMessage: "This analysis was not found" });
  });

  it("closes the stream and rejects when the page goes away", async () => {
    const controller = new AbortController();
    const following = followAnalysis("an_1", () => {}, controller.signal, 1);
    controller.abort();
    await expect(following).rejects.toMatchObject({ name: "AbortError" });
    expect(FakeEventSource.last!.closed).toBe(true);
  });
});

describe("fetchOlderAnalyses", () => {
  it("asks for the page before the cursor", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: { analyses: [done], nextCursor: null } }));
    const page = await fetchOlderAnalyses("2026-11-24T08:00:00.000Z_an_9", new AbortController().signal);
    expect(page).toEqual({ analyses: [done], nextCursor: null });
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/ai/analyses?before=2026-11-24T08%3A00%3A00.000Z_an_9");
  });
});
