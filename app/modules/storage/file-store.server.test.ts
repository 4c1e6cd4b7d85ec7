import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diskStore } from "./file-store.server";

const root = mkdtempSync(path.join(os.tmpdir(), "asiiko-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the disk store", () => {
  const store = diskStore(root);

  it("keeps, reads, finds and removes files by key", async () => {
    await store.put("private/abc/800.webp", Buffer.from("webp bytes"), "image/webp");
    expect((await store.get("private/abc/800.webp"))?.toString()).toBe("webp bytes");
    expect(await store.has("private/abc/800.webp")).toBe(true);
    await store.remove(["private/abc/800.webp", "private/abc/320.webp"]);
    expect(await store.get("private/abc/800.webp")).toBeNull();
    expect(await store.has("private/abc/800.webp")).toBe(false);
  });

  it("refuses anything that is not one of our keys, before touching the disk", async () => {
    for (const key of ["../outside", "a/../../b", "/etc/passwd", "a/b/c/d", "", "a\u0000b", "a/./b", "a//b"]) {
      await expect(store.get(key), key).rejects.toThrow("not a storage key");
      await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow("not a storage key");
    }
  });
});
