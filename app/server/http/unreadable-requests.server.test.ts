import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenLocally, rawExchange } from "../../../tests/support/local-server";
import { answerUnreadableRequests } from "./unreadable-requests.server";

/** Splits a raw HTTP answer into its status line, headers and parsed JSON body. */
function readAnswer(raw: string) {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  const [statusLine, ...headerLines] = head.split("\r\n");
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(":")).toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  );
  return { statusLine, headers, body };
}

describe("answerUnreadableRequests", () => {
  let web: Awaited<ReturnType<typeof listenLocally>>;
  beforeAll(async () => {
    web = await listenLocally((_req, res) => res.end("ok"));
    answerUnreadableRequests(web.server);
  });
  afterAll(() => web.close());

  it("answers an address or a cookie past the header limit 431 in the catalogue's JSON, and closes", async () => {
    for (const request of [
      `GET /search?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      `GET / HTTP/1.1\r\nHost: localhost\r\nCookie: asiiko-session=${"b".repeat(20_000)}\r\n\r\n`,
    ]) {
      const answer = readAnswer(await rawExchange(web.port, request));
      expect(answer.statusLine).toBe("HTTP/1.1 431 Request Header Fields Too Large");
      expect(answer.headers).toMatchObject({
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        connection: "close",
      });
      expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(answer.body));
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        message: "The request's address or headers are too large.",
        error: { code: "SEC_MALICIOUS_REQUEST", message: "The request's address or headers are too large." },
      });
    }
  });

  it("answers a request that cannot be parsed 400 in the catalogue's JSON, and closes", async () => {
    for (const request of [
      "NOT AN HTTP REQUEST\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: ten\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: localhost\r\nBad Header Name: x\r\n\r\n",
    ]) {
      const answer = readAnswer(await rawExchange(web.port, request));
      expect(answer.statusLine, request).toBe("HTTP/1.1 400 Bad Request");
      expect(answer.headers.connection).toBe("close");
      expect(JSON.parse(answer.body), request).toEqual({
        success: false,
        message: "The request could not be read.",
        error: { code: "SEC_MALICIOUS_REQUEST", message: "The request could not be read." },
      });
    }
  });

  it("answers a method Node does not know, and CONNECT, 405 in the catalogue's JSON with Allow, and closes", async () => {
    for (const request of [
      "TRACK / HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "FOO /api/farms HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n",
    ]) {
      const answer = readAnswer(await rawExchange(web.port, request));
      expect(answer.statusLine, request).toBe("HTTP/1.1 405 Method Not Allowed");
      expect(answer.headers, request).toMatchObject({
        allow: "GET, HEAD, POST, PUT, PATCH, DELETE",
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        connection: "close",
      });
      expect(JSON.parse(answer.body), request).toEqual({
        success: false,
        message: "This server answers only: GET, HEAD, POST, PUT, PATCH, DELETE.",
        error: {
          code: "SEC_MALICIOUS_REQUEST",
          message: "This server answers only: GET, HEAD, POST, PUT, PATCH, DELETE.",
        },
      });
    }
  });

  it("leaves readable requests to the server", async () => {
    const raw = await rawExchange(web.port, "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(raw.endsWith("\r\n\r\nok")).toBe(true);
  });

  it("only drops the connection of a client that went away or can no longer be written to", () => {
    const server = http.createServer();
    answerUnreadableRequests(server);
    for (const [code, writable] of [
      ["ECONNRESET", true],
      ["HPE_INVALID_METHOD", false],
    ] as const) {
      const calls: string[] = [];
      const socket = { writable, destroy: () => calls.push("destroy"), end: () => calls.push("end") };
      server.emit("clientError", Object.assign(new Error(code), { code }), socket as unknown as Socket);
      expect(calls, code).toEqual(["destroy"]);
    }
  });
});
