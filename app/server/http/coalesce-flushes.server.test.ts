import compression from "compression";
import express, { type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally } from "../../../tests/support/local-server";
import { coalesceFlushes } from "./coalesce-flushes.server";

type Flushable = Response & { flush?: () => void };
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("coalesceFlushes", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  /** The compressor's own flushes, counted per request, and what each route saw of them. */
  let flushes = 0;
  let seen: Promise<number[]>;
  let report: (counts: number[]) => void;
  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use((_req, res: Flushable, next) => {
      const flush = res.flush;
      flushes = 0;
      seen = new Promise((resolve) => (report = resolve));
      if (flush) res.flush = () => ((flushes += 1), flush.call(res));
      next();
    });
    app.use(coalesceFlushes);
    app.get("/page", async (_req, res: Flushable) => {
      res.type("text/html");
      for (let chunk = 0; chunk < 200; chunk += 1) {
        res.write(`<li>listing ${chunk}</li>`);
        res.flush?.();
      }
      const inTheTurn = flushes;
      await nextTurn();
      const afterTheTurn = flushes;
      res.write("<p>a later part</p>");
      res.flush?.();
      await nextTurn();
      const afterTheLaterPart = flushes;
      res.end("</ul>");
      report([inTheTurn, afterTheTurn, afterTheLaterPart]);
    });
    app.get("/ended", async (_req, res: Flushable) => {
      res.write("all of it");
      res.flush?.();
      res.end();
      await nextTurn();
      report([flushes]);
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  it("makes the flushes asked for in one turn of the event loop once, at its end", async () => {
    const response = await fetch(`${web.baseUrl}/page`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const html = await response.text();
    expect(html).toContain("<li>listing 199</li>");
    expect(html).toContain("<p>a later part</p>");
    // None during the turn, one at its end, and one for the part written in a later turn.
    expect(await seen).toEqual([0, 1, 2]);
  });

  it("makes no flush for an answer already ended", async () => {
    const response = await fetch(`${web.baseUrl}/ended`, { headers: { "Accept-Encoding": "gzip" } });
    expect(await response.text()).toBe("all of it");
    expect(await seen).toEqual([0]);
  });
});
