import { createHash } from "node:crypto";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally } from "../../../tests/support/local-server";
import { SESSION_COOKIE_NAME } from "~/server/session-cookie";
import { VIEWER_HEADER, VISITOR } from "~/sw/policy";
import { nameViewer } from "./viewer.server";

describe("nameViewer", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    const app = express();
    app.use(nameViewer);
    app.get("*", (_req, res) => {
      res.send("ok");
    });
    web = await listenLocally(app);
  });
  afterAll(() => web.close());

  const viewerFor = async (cookie?: string) =>
    (await fetch(`${web.baseUrl}/`, { headers: cookie ? { cookie } : {} })).headers.get(VIEWER_HEADER);

  it("names a reader without a session a visitor", async () => {
    expect(await viewerFor()).toBe(VISITOR);
    expect(await viewerFor("asiiko-theme=dark; other-session=abc")).toBe(VISITOR);
    expect(await viewerFor(`x${SESSION_COOKIE_NAME}=abc`)).toBe(VISITOR);
  });

  it("names a signed-in reader by a digest of the session, never the session itself", async () => {
    const session = "eyJ1c2VySWQiOiJVMSJ9.signature";
    const digest = createHash("sha256").update(session).digest("base64url").slice(0, 22);
    expect(await viewerFor(`${SESSION_COOKIE_NAME}=${session}`)).toBe(digest);
    expect(await viewerFor(`asiiko-theme=dark; ${SESSION_COOKIE_NAME}=${session}; lang=ha`)).toBe(digest);
    expect(digest).not.toContain(session.slice(0, 8));
  });

  it("names two sessions apart", async () => {
    const first = await viewerFor(`${SESSION_COOKIE_NAME}=session-one`);
    const second = await viewerFor(`${SESSION_COOKIE_NAME}=session-two`);
    expect(first).toMatch(/^[\w-]{22}$/);
    expect(second).toMatch(/^[\w-]{22}$/);
    expect(first).not.toBe(second);
  });
});
