import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// What npm start prints (scripts/start-info.sh): the queue dashboard link shows the admin token's
// first 6 characters only, and says where the whole token is.

const folder = mkdtempSync(path.join(tmpdir(), "asiiko-start-info-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function printed(envText: string) {
  const envFile = path.join(folder, ".env");
  writeFileSync(envFile, envText);
  const { PORT: _port, ...env } = process.env;
  return execFileSync("bash", [path.join(import.meta.dirname, "start-info.sh"), envFile], { env, encoding: "utf8" });
}

describe("npm start's welcome", () => {
  it("shows the dashboard link with the token's first 6 characters, and where the whole token is", () => {
    const token = "Zq81xPmA0b7c6d5e4f3g2h1i";
    const text = printed(`PORT=3456\nSESSION_SECRET=s3cr3t-0123456789abcdef\nADMIN_TOKEN=${token}\n`);
    expect(text).toContain("Asiiko is starting on http://localhost:3456");
    expect(text).toContain("Queue dashboard: http://localhost:3456/admin/queues?token=Zq81xP…");
    expect(text).toContain(`(the whole token is ADMIN_TOKEN in ${path.join(folder, ".env")})`);
    expect(text).not.toContain(token.slice(0, 7));
  });

  it("takes the last ADMIN_TOKEN and PORT of the file, and port 3000 when it names none", () => {
    const text = printed("ADMIN_TOKEN=first-token-0123456789\nADMIN_TOKEN=second-token-0123456789\n");
    expect(text).toContain("http://localhost:3000/admin/queues?token=second…");
    expect(text).not.toContain("second-");
    expect(text).not.toContain("first");
  });
});
