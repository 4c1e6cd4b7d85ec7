import { mkdir, rm, writeFile } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { prisma } from "~/server/db.server";
import { apiClient, endTrial, newIp, signedInUser, uniqueName } from "../support/api-client";
import { rawExchange } from "../support/local-server";
import { createProduct } from "../support/market";
import { serveForTests } from "../support/web";

// What every answer carries (security headers, caching of what is private),
// what is never served (upload originals), and how often uploads and error
// reports may come.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  const policy = headers.get("content-security-policy") ?? "";
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  return policy;
}

describe("security headers", () => {
  it("a page allows only its own scripts and the inline ones with this answer's nonce", async () => {
    const page = await call("GET", "/auth");
    expect(page.status).toBe(200);
    const policy = expectSecurityHeaders(page.headers);
    const nonce = policy.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = String(page.body);
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // A new answer, a new nonce.
    const again = await call("GET", "/auth");
    expect(again.headers.get("content-security-policy")).not.toContain(nonce!);
  });

  it("an API answer and a static file carry them too", async () => {
    expectSecurityHeaders((await call("GET", "/api/health")).headers);
    expectSecurityHeaders((await call("GET", "/api/user")).headers);
    expectSecurityHeaders((await call("GET", "/favicon.svg")).headers);
  });

  it("what a signed-in reader fetches is not cached for others: pages and API reads", async () => {
    const { cookie } = await signedInUser("USER", "cache");
    const product = await createProduct({ name: uniqueName("Cache Yam"), categories: ["Root Vegetables"] });
    // Pages and the reader's own data are kept nowhere; catalogue and market reads only by the
    // reader's own browser, which asks again (ETag) before each use.
    for (const pathName of ["/marketplace", "/settings", "/api/user"]) {
      const response = await call("GET", pathName, undefined, { cookie });
      expect(response.status, pathName).toBe(200);
      expect(response.headers.get("cache-control"), pathName).toMatch(/private.*no-store|no-store.*private/);
    }
    for (const pathName of [
      `/api/products/${product.id}`,
      "/api/products",
      "/api/market/listings",
      "/api/search?q=yam",
    ]) {
      const response = await call("GET", pathName, undefined, { cookie });
      expect(response.status, pathName).toBe(200);
      expect(response.headers.get("cache-control"), pathName).toBe("private, no-cache");
      expect(response.headers.get("etag"), pathName).toMatch(/^W\/"/);
    }
  });
});

describe("a page's data asked by the app", () => {
  it("is kept nowhere, like its page, when the reader is signed in: profile, My Listings, settings", async () => {
    const { cookie } = await signedInUser("USER", "datareader");
    // This build uses single fetch: a page's data is its address with `.data` (the root's is /_root.data).
    for (const pathName of ["/profile.data", "/my-listings.data", "/settings.data", "/_root.data"]) {
      const response = await call("GET", pathName, undefined, { cookie });
      expect(response.status, pathName).toBe(200);
      expect(response.headers.get("content-type"), pathName).toMatch(/^text\/x-script/);
      expect(response.headers.get("cache-control"), pathName).toBe("private, no-store");
    }
  });
});

describe("uploaded files", () => {
  it("an original is never served, even while it waits for processing; only the WebP sizes are", async () => {
    const id = `edge${Date.now()}`;
    const root = path.resolve(getEnv().UPLOAD_DIR);
    await mkdir(path.join(root, "originals"), { recursive: true });
    await mkdir(path.join(root, id), { recursive: true });
    await writeFile(path.join(root, "originals", id), "an original with its GPS position");
    await writeFile(path.join(root, id, "800.webp"), "RIFF....WEBP");
    try {
      expect((await call("GET", `/uploads/originals/${id}`)).status).toBe(404);
      expect((await call("GET", `/uploads/${id}/../originals/${id}`)).status).toBe(404);
      expect((await call("GET", `/uploads/${id}/800.jpg`)).status).toBe(404);
      const served = await call("GET", `/uploads/${id}/800.webp`);
      expect(served.status).toBe(200);
      expectSecurityHeaders(served.headers);
    } finally {
      await rm(path.join(root, "originals", id), { force: true });
      await rm(path.join(root, id), { recursive: true, force: true });
    }
  });
});

describe("rate limits", () => {
  it("uploads: at most 30 in ten minutes per user, then 429 with Retry-After", async () => {
    const { cookie } = await signedInUser("USER", "uploader");
    const statuses: number[] = [];
    // Each attempt counts, even one that is refused for its body.
    for (let attempt = 0; attempt < 30; attempt += 1)
      statuses.push((await call("POST", "/api/uploads", { not: "multipart" }, { cookie })).status);
    expect(new Set(statuses)).toEqual(new Set([415]));
    const refused = await call("POST", "/api/uploads", { not: "multipart" }, { cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: { code: "RATE_LIMIT_EXCEEDED" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("uploads: at most 60 in ten minutes per address, whoever is signed in there", async () => {
    const ip = newIp();
    const accounts = await Promise.all([1, 2, 3].map(() => signedInUser("USER", "shared_uploader")));
    const statuses: number[] = [];
    // 20 attempts each: no account reaches its own 30, the address reaches its 60.
    for (let attempt = 0; attempt < 60; attempt += 1) {
      statuses.push(
        (await call("POST", "/api/uploads", { not: "multipart" }, { cookie: accounts[attempt % 3]!.cookie, ip }))
          .status,
      );
    }
    expect(new Set(statuses)).toEqual(new Set([415]));
    const refused = await call("POST", "/api/uploads", { not: "multipart" }, { cookie: accounts[0]!.cookie, ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: { code: "RATE_LIMIT_EXCEEDED" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await call("POST", "/api/uploads", { not: "multipart" }, { cookie: accounts[0]!.cookie, ip: newIp() })).status,
    ).toBe(415);
  });

  it("AI analysis: at most 30 in ten minutes per user and 60 per address, then 429 with Retry-After", async () => {
    const { cookie } = await signedInUser("USER", "analyst");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1)
      statuses.push((await call("POST", "/api/ai/analyze", { not: "multipart" }, { cookie })).status);
    expect(new Set(statuses)).toEqual(new Set([415]));
    const refused = await call("POST", "/api/ai/analyze", { not: "multipart" }, { cookie });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, error: { code: "RATE_LIMIT_EXCEEDED" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const ip = newIp();
    const accounts = await Promise.all([1, 2, 3].map(() => signedInUser("USER", "shared_analyst")));
    const fromOneAddress: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) {
      fromOneAddress.push(
        (await call("POST", "/api/ai/analyze", { not: "multipart" }, { cookie: accounts[attempt % 3]!.cookie, ip }))
          .status,
      );
    }
    expect(new Set(fromOneAddress.slice(0, 60))).toEqual(new Set([415]));
    expect(fromOneAddress[60]).toBe(429);
  });

  it("error reports: at most 30 in ten minutes per address, then 429 with Retry-After", async () => {
    const ip = "198.51.100.200";
    const report = (n: number) => ({
      errorId: `ERR-EDGE-${n}`,
      boundary: "Edge",
      level: "page",
      message: "boom",
      timestamp: new Date().toISOString(),
      retryCount: 0,
    });
    const statuses: number[] = [];
    for (let n = 0; n < 30; n += 1)
      statuses.push((await call("POST", "/api/errors/frontend", report(n), { ip })).status);
    expect(new Set(statuses)).toEqual(new Set([202]));
    const refused = await call("POST", "/api/errors/frontend", report(31), { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await call("POST", "/api/errors/frontend", report(32), { ip: "198.51.100.201" })).status).toBe(202);
  });
});

/**
 * Sends a body in chunks with no Content-Length (chunked), as a client on a
 * socket would, and answers the status and body the server sends, even when
 * it answers before the body is all sent. `sent` tells how much went out.
 */
function sendChunked(
  pathName: string,
  headers: Record<string, string>,
  chunks: () => Generator<Buffer>,
  method = "POST",
) {
  const url = new URL(web.baseUrl);
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: pathName, method, headers },
      (incoming) => {
        answered = true;
        let body = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => (body += chunk));
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body, sent }));
        incoming.on("error", () => resolve({ status: incoming.statusCode ?? 0, body, sent }));
      },
    );
    // Once the server has answered (and closed), writing more fails: that is expected.
    outgoing.on("error", (error) => (answered ? undefined : reject(error)));
    const source = chunks();
    const pump = () => {
      for (;;) {
        if (answered) return;
        const next = source.next();
        if (next.done) return void outgoing.end();
        sent += next.value.length;
        if (!outgoing.write(next.value)) return void outgoing.once("drain", pump);
      }
    };
    pump();
  });
}

describe("bodies are capped while they are read", () => {
  const MB = 1024 * 1024;

  it("a chunked upload with four 8 MB text fields is refused 413 before it is all read", async () => {
    const { cookie } = await signedInUser("USER", "bigform");
    const boundary = "----asiikoEdgeBoundary";
    const response = await sendChunked(
      "/api/uploads",
      { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      function* () {
        for (let field = 0; field < 4; field += 1) {
          yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note${field}"\r\n\r\n`);
          for (let part = 0; part < 8; part += 1) yield Buffer.alloc(MB, 0x61);
          yield Buffer.from("\r\n");
        }
        yield Buffer.from(`--${boundary}--\r\n`);
      },
    );
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, error: { code: "FILE_TOO_LARGE" } });
  });

  it.each([
    ["/api/webhooks/stripe", { "Stripe-Signature": "t=1,v1=x" }],
    ["/api/webhooks/paystack", { "x-paystack-signature": "ab".repeat(64) }],
  ])("a 24 MB webhook sent chunked to %s is refused 413 as the catalogue's JSON", async (path, signature) => {
    const response = await sendChunked(path, { "Content-Type": "application/json", ...signature }, function* () {
      yield Buffer.from('{"id":"evt_big","data":"');
      for (let part = 0; part < 24; part += 1) yield Buffer.alloc(MB, 0x61);
      yield Buffer.from('"}');
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ success: false, error: { code: "FILE_TOO_LARGE" } });
  });

  it("a page form far past any form's size is refused 413, not read whole", async () => {
    const response = await sendChunked("/auth", { "Content-Type": "application/x-www-form-urlencoded" }, function* () {
      yield Buffer.from("intent=login&username=amina&password=");
      for (let part = 0; part < 16; part += 1) yield Buffer.alloc(MB, 0x61);
    });
    expect(response.status).toBe(413);
  });
});

describe("addresses and connections", () => {
  it("answers an /api address with dot segments for the address as written: a plot's DELETE never reaches its farm", async () => {
    const owner = await signedInUser("USER", "dots_owner");
    const farm = await call(
      "POST",
      "/api/farms",
      { name: uniqueName("Dotted farm"), crops: ["Yam"] },
      { cookie: owner.cookie },
    );
    expect(farm.status).toBe(201);
    const farmId = farm.body.farm.id as string;
    for (const path of [
      `/api/farms/${farmId}/plots/%2e%2e`,
      `/api/farms/${farmId}/plots/%2E%2e/`,
      `/api/farms/${farmId}/export/..`,
      "/api/%2e%2e/%2e%2e/etc/passwd",
      `/api/farms/${farmId}/%2e`,
    ]) {
      const answer = await rawRequest("DELETE", path, owner.cookie);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toMatchObject({ success: false, error: { code: "DB_RECORD_NOT_FOUND" } });
    }
    expect((await call("GET", `/api/farms/${farmId}`, undefined, { cookie: owner.cookie })).status).toBe(200);
    // Dots inside a segment are nobody's business.
    expect((await call("GET", "/api/products/a.b", undefined, { cookie: owner.cookie })).status).toBe(404);
    await prisma.farm.deleteMany({ where: { id: farmId } });
  });

  it("answers a method the product does not take 405 in the catalogue's JSON with Allow, at any address", async () => {
    const { cookie } = await signedInUser("USER", "methods");
    for (const [method, path] of [
      ["TRACE", "/"],
      ["TRACE", "/api/farms"],
      ["TRACK", "/api/health"],
      ["FOO", "/api/farms"],
      ["PROPFIND", "/marketplace"],
    ] as const) {
      const answer = await rawRequest(method, path, cookie);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow, method).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      expect(answer.headers["content-type"], method).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body), method).toEqual({
        success: false,
        message: "This server answers only: GET, HEAD, POST, PUT, PATCH, DELETE.",
        error: {
          code: "SEC_MALICIOUS_REQUEST",
          message: "This server answers only: GET, HEAD, POST, PUT, PATCH, DELETE.",
        },
      });
    }
    // CONNECT never reaches Express (Node hands its connection over as a tunnel): it is refused the same way.
    const tunnel = await rawExchange(
      Number(new URL(web.baseUrl).port),
      "CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n",
    );
    expect(tunnel).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(tunnel).toContain("\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE\r\n");
    expect(tunnel).toContain('"code":"SEC_MALICIOUS_REQUEST"');
    expect((await call("GET", "/api/health")).status).toBe(200);
  });

  it("serves the next request on a connection whose last body it did not read", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const post = (size: number) =>
        rawRequest("POST", "/api/logout", undefined, {
          agent,
          body: Buffer.alloc(size, 0x61),
          headers: { "Content-Type": "text/plain" },
        });
      // Sign-out reads no body: a small one is dropped and the connection kept...
      const small = await post(100_000);
      expect(small.status).toBe(200);
      expect(small.headers.connection).toBe("keep-alive");
      expect((await post(10)).status).toBe(200);
      // ...a large one is not read: the answer says the connection closes, so the next request opens a new one.
      const large = await post(2_000_000);
      expect(large.status).toBe(200);
      expect(large.headers.connection).toBe("close");
      expect((await post(10)).status).toBe(200);
      expect((await rawRequest("GET", "/api/health", undefined, { agent })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

/** A request exactly as written (no resolving of dot segments), over node:http. */
function rawRequest(
  method: string,
  pathName: string,
  cookie?: string,
  options: { agent?: Agent; body?: Buffer; headers?: Record<string, string> } = {},
) {
  const url = new URL(web.baseUrl);
  const headers: Record<string, string> = {
    "X-Forwarded-For": newIp(),
    ...options.headers,
    ...(cookie ? { Cookie: cookie } : {}),
  };
  if (options.body) headers["Content-Length"] = String(options.body.length);
  return new Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>(
    (resolve, reject) => {
      const outgoing = httpRequest(
        { host: url.hostname, port: url.port, path: pathName, method, headers, agent: options.agent },
        (incoming) => {
          let body = "";
          incoming.setEncoding("utf8");
          incoming.on("data", (chunk: string) => (body += chunk));
          incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body, headers: incoming.headers }));
        },
      );
      outgoing.on("error", reject);
      outgoing.end(options.body);
    },
  );
}

describe("the newsletter, the account's data and the queue page under hostile input", () => {
  const MB = 1024 * 1024;
  const twoMegabytes = (start: string, end = "") =>
    function* () {
      yield Buffer.from(start);
      for (let part = 0; part < 2; part += 1) yield Buffer.alloc(MB, 0x61);
      yield Buffer.from(end);
    };

  it("a 2 MB body sent chunked, with no Content-Length, is refused 413 and stores nothing", async () => {
    const { cookie, user } = await signedInUser("USER", "bigdata");
    const subscribers = await prisma.newsletterSubscription.count();
    for (const [method, pathName] of [
      ["POST", "/api/newsletter"],
      ["POST", "/api/user/export"],
      ["DELETE", "/api/user/account"],
    ] as const) {
      const response = await sendChunked(
        pathName,
        // Named, as Node's client frames a DELETE's body in chunks only when told to.
        { Cookie: cookie, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
        twoMegabytes('{"email":"', '@example.ng"}'),
        method,
      );
      expect(response.status, `${method} ${pathName}`).toBe(413);
      expect(JSON.parse(response.body)).toMatchObject({ success: false, error: { code: "FILE_TOO_LARGE" } });
    }
    const form = await sendChunked(
      "/newsletter",
      { "Content-Type": "application/x-www-form-urlencoded" },
      twoMegabytes("email=", "%40example.ng"),
    );
    expect(form.status).toBe(413);
    expect(await prisma.newsletterSubscription.count()).toBe(subscribers);
    expect(await prisma.accountExport.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  it("NUL, a lone surrogate, a stray % and 1 MB in paths, queries and cookies: an answer, never a 5xx", async () => {
    const spent = await signedInUser("USER", "spentprobe");
    await endTrial(spent.user.id);
    const other = await signedInUser("USER", "otherprobe");
    const texts = ["%00", "%ED%A0%80", "%", "a".repeat(MB)];
    const cookies = [undefined, "asiiko-session=%00", spent.cookie, `${other.cookie}; asiiko-lang=%ED%A0%80`];
    const faults: string[] = [];
    for (const text of texts) {
      const paths = [
        `/newsletter?email=${text}`,
        `/newsletter/unsubscribe/${text}`,
        `/privacy?lang=${text}`,
        `/terms?q=${text}`,
        `/account-deleted?x=${text}`,
        `/admin/queues?token=${text}`,
        `/api/user/export/${text}`,
        `/api/user/export?x=${text}`,
        `/api/admin/newsletter?x=${text}`,
      ];
      for (const pathName of paths)
        for (const cookie of cookies) {
          const answer = await call("GET", pathName, undefined, { cookie });
          const where = `GET ${pathName.slice(0, 60)} (${cookie?.slice(0, 20) ?? "visitor"})`;
          if (answer.status >= 500) faults.push(`${where}: ${answer.status}`);
          else if (pathName.startsWith("/api/") && answer.status !== 431 && typeof answer.body !== "object")
            faults.push(`${where}: not JSON`);
        }
    }
    // The wrong method, and posts with no body at all.
    for (const [method, pathName] of [
      ["PUT", "/newsletter"],
      ["DELETE", "/newsletter/unsubscribe/abc"],
      ["PATCH", "/privacy"],
      ["POST", "/terms"],
      ["POST", "/newsletter"],
      ["POST", "/newsletter/unsubscribe/abc"],
      ["POST", "/admin/queues"],
    ] as const) {
      for (const cookie of cookies) {
        const answer = await call(method, pathName, undefined, { cookie });
        if (answer.status >= 500) faults.push(`${method} ${pathName}: ${answer.status}`);
      }
    }
    expect(faults).toEqual([]);
  }, 300_000);
});
