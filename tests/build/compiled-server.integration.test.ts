import { readdirSync, readFileSync, statSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCompiledWeb, startCompiledWorkers } from "../support/processes";

// The web process as `npm start` runs it: compiled JavaScript (build/node/server.js, no
// TypeScript loader) serving the production build, with compressed answers and the hashed
// assets cached for a year.

let web: Awaited<ReturnType<typeof startCompiledWeb>>;
let base = "";

beforeAll(async () => {
  web = await startCompiledWeb();
  base = web.baseUrl;
}, 120_000);

afterAll(async () => {
  await web?.stop();
});

describe("the compiled web server", () => {
  it("is plain JavaScript that imports no TypeScript loader", () => {
    const source = readFileSync("build/node/server.js", "utf8");
    expect(source).not.toMatch(/\btsx\b/);
    expect(source).not.toMatch(/from "~\//);
    expect(web.child.spawnargs).toEqual([process.execPath, "build/node/server.js"]);
  });

  it("answers pages compressed", async () => {
    const response = await fetch(`${base}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it("compresses a streamed page as well as the whole text would (no flush after every small chunk)", async () => {
    const { request } = await import("node:http");
    const body = await new Promise<Buffer>((resolve, reject) => {
      // A browser's user agent, so the page streams.
      const headers = { "Accept-Encoding": "gzip", "User-Agent": "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36" };
      request(`${base}/`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
    const html = gunzipSync(body);
    expect(html.toString()).toContain("</html>");
    const { gzipSync } = await import("node:zlib");
    // Within a fifth of gzip's size for the whole text at once.
    expect(body.length).toBeLessThan(gzipSync(html).length * 1.2);
  });

  it("caches hashed assets for a year and other files for an hour", async () => {
    // The largest script (a tiny one is below the compressor's 1 KB threshold).
    const asset = readdirSync("build/client/assets")
      .filter((name) => name.endsWith(".js"))
      .sort((a, b) => statSync(`build/client/assets/${b}`).size - statSync(`build/client/assets/${a}`).size)[0]!;
    const hashed = await fetch(`${base}/assets/${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(hashed.headers.get("content-encoding")).toBe("gzip");
    const plain = await fetch(`${base}/favicon.svg`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});

describe("with no NODE_ENV (npm run serve, npm run workers)", () => {
  it("the web server runs in production: Vite's /@fs/ does not serve the repository's files", async () => {
    const unset = await startCompiledWeb({ NODE_ENV: undefined, LOG_LEVEL: "info" }, { keepStdout: true });
    try {
      for (const pathName of [`/@fs${process.cwd()}/package.json`, "/@vite/client", "/app/root.tsx"]) {
        const response = await fetch(`${unset.baseUrl}${pathName}`);
        expect(response.status, pathName).toBe(404);
        expect(await response.text(), pathName).not.toContain('"name": "asiiko');
      }
      expect(unset.output()).toMatch(/"mode":"production"[^\n]*Asiiko web listening/);
    } finally {
      await unset.stop();
    }
  }, 120_000);

  it("the web server and the workers refuse to start without SESSION_SECRET, as production does", async () => {
    // Set and empty, not left out: a newcomer's .env (filled by npm start) must not supply it.
    const refusals = await refusedAtStart({ NODE_ENV: undefined, SESSION_SECRET: "", LOG_LEVEL: "info" });
    for (const refusal of refusals) expect(refusal).toMatch(/SESSION_SECRET is required in production/);
  }, 120_000);
});

/**
 * Starts the compiled web server and workers with `env`: each must stop at once (exit 1) having
 * said why; answers what each said. A process that starts all the same is stopped before the test fails.
 */
async function refusedAtStart(env: Record<string, string | undefined>) {
  const web = await startCompiledWeb(env).catch((error: unknown) => error);
  if (!(web instanceof Error)) await (web as Awaited<ReturnType<typeof startCompiledWeb>>).stop();
  const workers = startCompiledWorkers(env);
  const ended = await Promise.race([workers.exited, new Promise((resolve) => setTimeout(resolve, 30_000, "running"))]);
  if (ended === "running") await workers.stop();
  expect(ended).toBe(1);
  return [String(web), workers.output()];
}

describe("a configuration only a demo may have", () => {
  it("demo mode with a public https PUBLIC_URL stops the web server and the workers, naming DEMO_MODE", async () => {
    const refusals = await refusedAtStart({ DEMO_MODE: "1", PUBLIC_URL: "https://asiiko.example" });
    for (const refusal of refusals) {
      expect(refusal).toContain(
        "Invalid configuration: DEMO_MODE is 1 while PUBLIC_URL is a public https address: demo mode (public demo accounts, simulated payments) is for a local trial only; remove DEMO_MODE from this deployment's configuration",
      );
    }
  }, 120_000);

  it("outside demo mode, an example secret of this repository stops them, naming the variable", async () => {
    const refusals = await refusedAtStart({ SESSION_SECRET: "change-me-in-production-0123456789" });
    for (const refusal of refusals) {
      expect(refusal).toContain(
        "Invalid configuration: SESSION_SECRET is an example value that appears in this repository, which production refuses outside demo mode",
      );
    }
  }, 120_000);
});
