import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr } from "../../../tests/support/fake-xhr";
import { postWithProgress, UploadBrokenError } from "./upload";

// A file sent with its progress, stopped when asked, tried again when it breaks on the way (and
// only then: a body the server may have is never sent twice).

beforeEach(() => {
  FakeXhr.made = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const body = () => {
  const form = new FormData();
  form.set("image", new File(["bytes"], "leaf.jpg"));
  return form;
};

describe("postWithProgress", () => {
  it("reports the bytes as they leave and answers the server's answer", async () => {
    const seen: number[] = [];
    const sending = postWithProgress("/api/ai/analyze", body(), {
      signal: new AbortController().signal,
      headers: { Prefer: "respond-async" },
      onProgress: ({ sent }) => seen.push(sent),
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.headers.Prefer]).toEqual([
      "POST",
      "/api/ai/analyze",
      true,
      "respond-async",
    ]);
    xhr.progress(1_000, 4_000);
    xhr.progress(4_000, 4_000);
    xhr.bodySent();
    xhr.answer(202, { ok: true });
    await expect(sending).resolves.toEqual({ status: 202, statusText: "", text: '{"ok":true}' });
    expect(seen).toEqual([1_000, 4_000]);
  });

  it("tries a send that broke on the way again after a pause, and says so", async () => {
    const retries: number[] = [];
    const sending = postWithProgress("/api/uploads", body(), {
      signal: new AbortController().signal,
      onRetry: (attempt) => retries.push(attempt),
    });
    FakeXhr.last!.progress(500, 4_000);
    FakeXhr.last!.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeXhr.made).toHaveLength(2);
    expect(retries).toEqual([2]);
    FakeXhr.last!.answer(201, "{}");
    await expect(sending).resolves.toMatchObject({ status: 201 });
  });

  it("gives up after the last try, and never sends again a body that had all left", async () => {
    const broken = postWithProgress("/api/uploads", body(), { signal: new AbortController().signal, attempts: 2 });
    const caught = broken.catch((error: unknown) => error);
    FakeXhr.last!.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    FakeXhr.last!.fail();
    expect(await caught).toBeInstanceOf(UploadBrokenError);
    expect(FakeXhr.made).toHaveLength(2);

    FakeXhr.made = [];
    const sentAll = postWithProgress("/api/uploads", body(), { signal: new AbortController().signal }).catch(
      (error: unknown) => error,
    );
    FakeXhr.last!.bodySent();
    FakeXhr.last!.fail();
    const error = await sentAll;
    expect(error).toBeInstanceOf(UploadBrokenError);
    expect((error as UploadBrokenError).bodySent).toBe(true);
    expect(FakeXhr.made).toHaveLength(1);
  });

  it("stops at once when asked, even while waiting to try again", async () => {
    const controller = new AbortController();
    const sending = postWithProgress("/api/uploads", body(), { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    FakeXhr.last!.fail();
    controller.abort(new DOMException("Cancelled", "AbortError"));
    expect(((await sending) as Error).name).toBe("AbortError");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeXhr.made).toHaveLength(1);

    const again = new AbortController();
    const second = postWithProgress("/api/uploads", body(), { signal: again.signal }).catch((error: unknown) => error);
    again.abort(new DOMException("Cancelled", "AbortError"));
    expect(FakeXhr.last!.aborted).toBe(true);
    expect(((await second) as Error).name).toBe("AbortError");
  });

  it("counts a send with no bytes leaving for the stall time as broken, and tries again", async () => {
    const sending = postWithProgress("/api/uploads", body(), { signal: new AbortController().signal, stallMs: 5_000 });
    FakeXhr.last!.progress(100, 4_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeXhr.made[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeXhr.made).toHaveLength(2);
    FakeXhr.last!.answer(201, "{}");
    await expect(sending).resolves.toMatchObject({ status: 201 });
  });
});
