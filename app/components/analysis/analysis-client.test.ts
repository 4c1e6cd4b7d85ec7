import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/http/errors";
import type { AnalysisView } from "~/modules/analysis/view";
import { analysisOf, contextJson, fetchOlderAnalyses, followAnalysis, startAnalysis } from "./analysis-client";
import { AnalysisAnswerError } from "./labels";
import { FakeXhr } from "../../../tests/support/fake-xhr";

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
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  FakeXhr.made = [];
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
  const image = () => new File(["jpeg bytes"], "leaf.jpg", { type: "image/jpeg" });

  it("sends the photo and the choices as multipart, asking to be answered at once, with its progress", async () => {
    const sent: number[] = [];
    const starting = startAnalysis(
      { image: image(), analysisType: "livestock", preferredModel: "gemini", context: "Goat" },
      new AbortController().signal,
      { onProgress: (progress) => sent.push(progress.sent) },
    );
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.headers.Prefer]).toEqual([
      "POST",
      "/api/ai/analyze",
      true,
      "respond-async",
    ]);
    const body = xhr.body as FormData;
    expect((body.get("image") as File).name).toBe("leaf.jpg");
    expect(body.get("analysisType")).toBe("livestock");
    expect(body.get("preferredModel")).toBe("gemini");
    expect(body.get("additionalContext")).toBe('{"livestockType":"Goat"}');
    xhr.progress(5, 10);
    xhr.progress(10, 10);
    xhr.bodySent();
    xhr.answer(202, { success: true, data: { analysis: view() }, message: "Analysis started" });
    expect((await starting).id).toBe("an_1");
    expect(sent).toEqual([5, 10]);
  });

  it("turns a refusal into an ApiError carrying the server's message", async () => {
    const starting = startAnalysis(
      { image: image(), analysisType: "crop_health", preferredModel: "openai", context: "" },
      new AbortController().signal,
    ).catch((error: unknown) => error);
    FakeXhr.last!.answer(
      403,
      { success: false, message: "x", error: { code: "AUTHZ_SUBSCRIPTION_REQUIRED", message: "Upgrade to continue" } },
      "Forbidden",
    );
    const failure = await starting;
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect((failure as ApiError).serverMessage).toBe("Upgrade to continue");
  });

  it("refuses a 2xx answer without an analysis", async () => {
    const starting = startAnalysis(
      { image: image(), analysisType: "crop_health", preferredModel: "openai", context: "" },
      new AbortController().signal,
    );
    FakeXhr.last!.answer(200, { success: false, message: "Not now" });
    await expect(starting).rejects.toThrow(AnalysisAnswerError);
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
