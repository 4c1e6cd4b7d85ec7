import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordingLogger } from "../../../tests/support/log-lines";
import { listenLocally } from "../../../tests/support/local-server";
import { logRequests } from "./request-log.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("logRequests", () => {
  const log = recordingLogger();
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    const app = express();
    app.use(logRequests(log.logger));
    app.get("/missing", (_req, res) => {
      res.status(404).send("Not found");
    });
    app.get("/broken", (_req, res) => {
      res.status(500).send("Broken");
    });
    app.all("*", (_req, res) => {
      res.send("ok");
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  const lineOf = (id: string) => log.lineWhere((line) => (line.req as { id?: string } | undefined)?.id === id);

  it("writes one short line per request, under an id it answers in X-Request-Id", async () => {
    const response = await fetch(`${web.baseUrl}/marketplace?page=2`);
    const id = response.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    const line = await lineOf(id);
    expect(line.level).toBe(30);
    expect(line.req).toEqual({ id, method: "GET", url: "/marketplace?page=2", ip: "127.0.0.1" });
    expect(line.res).toEqual({ status: 200 });
    expect(line).not.toHaveProperty("req.headers");
  });

  it("keeps the caller's request id when it looks like one, and makes a new one otherwise", async () => {
    const kept = await fetch(`${web.baseUrl}/`, { headers: { "X-Request-Id": "proxy-req.0042_ab" } });
    expect(kept.headers.get("x-request-id")).toBe("proxy-req.0042_ab");
    await lineOf("proxy-req.0042_ab");
    for (const incoming of ["short", "has spaces in it", "a".repeat(101), "<script>alert(1)</script>"]) {
      const replaced = await fetch(`${web.baseUrl}/`, { headers: { "X-Request-Id": incoming } });
      expect(replaced.headers.get("x-request-id"), incoming).toMatch(UUID);
    }
  });

  it("never writes the dashboard's one-time token", async () => {
    for (const [path, logged] of [
      ["/admin/queues?token=s3cret-one&x=1", "/admin/queues?token=[redacted]&x=1"],
      ["/admin/queues?x=1&token=s3cret-two", "/admin/queues?x=1&token=[redacted]"],
    ] as const) {
      const id = (await fetch(`${web.baseUrl}${path}`)).headers.get("x-request-id") ?? "";
      expect((await lineOf(id)).req).toMatchObject({ url: logged });
    }
    expect(JSON.stringify(log.lines)).not.toContain("s3cret");
  });

  it("writes refusals as warnings and failures as errors", async () => {
    const missing = await fetch(`${web.baseUrl}/missing`);
    expect((await lineOf(missing.headers.get("x-request-id") ?? "")).level).toBe(40);
    const broken = await fetch(`${web.baseUrl}/broken`);
    expect((await lineOf(broken.headers.get("x-request-id") ?? "")).level).toBe(50);
  });

  it("leaves out the health probes (HEAD /api/health), not other health checks", async () => {
    const probe = await fetch(`${web.baseUrl}/api/health`, {
      method: "HEAD",
      headers: { "X-Request-Id": "probe-head-1" },
    });
    expect(probe.headers.get("x-request-id")).toBe("probe-head-1");
    // Asked after the probe was answered: once its line is written, the probe's would have been.
    await fetch(`${web.baseUrl}/api/health`, { headers: { "X-Request-Id": "probe-get-2" } });
    expect((await lineOf("probe-get-2")).req).toMatchObject({ method: "GET", url: "/api/health" });
    expect(log.lines.some((line) => (line.req as { id?: string } | undefined)?.id === "probe-head-1")).toBe(false);
  });
});
