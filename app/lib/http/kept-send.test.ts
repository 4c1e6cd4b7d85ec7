import { afterEach, describe, expect, it, vi } from "vitest";
import { mustWait, sendKept } from "./kept-send";

// What the phone makes of the answer to something it kept while there was no signal: sent,
// refused with the server's own words, or to wait and be tried again.

afterEach(() => vi.unstubAllGlobals());

const answering = (response: Response | Error) => {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
};

describe("mustWait", () => {
  it("waits on the server failing, a time-out, a write still in flight and a rate limit; not on a refusal", () => {
    for (const status of [500, 502, 503, 504, 408, 409, 429]) expect(mustWait(status), String(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 415, 422]) expect(mustWait(status), String(status)).toBe(false);
  });
});

describe("sendKept", () => {
  it("sends the body as JSON with the key, with the reader's cookies, and says it was sent", async () => {
    const fetch = answering(Response.json({ success: true }, { status: 201 }));
    expect(await sendKept("POST", "/api/market/listings", { priceNgn: "100" }, "draft-0123456789abcdef")).toEqual({
      sent: true,
    });
    expect(fetch).toHaveBeenCalledWith("/api/market/listings", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", "Idempotency-Key": "draft-0123456789abcdef" },
      body: '{"priceNgn":"100"}',
    });
  });

  it("keeps the server's message as the reason for a refusal", async () => {
    answering(
      Response.json(
        { success: false, error: { code: "VLD_INVALID_PRICE", message: "Ba a karɓi farashin nan ba" } },
        { status: 400 },
      ),
    );
    expect(await sendKept("PATCH", "/api/farms/f1", {}, "k".repeat(16))).toEqual({
      refused: "Ba a karɓi farashin nan ba",
    });
  });

  it("gives the status text for a refusal that is not the API's JSON, and the number when there is none", async () => {
    answering(new Response("<html>gateway</html>", { status: 403, statusText: "Forbidden" }));
    expect(await sendKept("POST", "/x", {}, "k".repeat(16))).toEqual({ refused: "Forbidden" });
    answering(new Response(JSON.stringify({ error: { message: 42 } }), { status: 404 }));
    expect(await sendKept("POST", "/x", {}, "k".repeat(16))).toEqual({ refused: "404" });
  });

  it("waits when the connection fails or the server cannot take it now", async () => {
    answering(new TypeError("Failed to fetch"));
    expect(await sendKept("POST", "/x", {}, "k".repeat(16))).toEqual({ later: true });
    for (const status of [503, 409, 429]) {
      answering(Response.json({ success: false, error: { code: "X", message: "busy" } }, { status }));
      expect(await sendKept("POST", "/x", {}, "k".repeat(16)), String(status)).toEqual({ later: true });
    }
  });
});
