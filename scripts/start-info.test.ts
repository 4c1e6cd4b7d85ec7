import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// What npm start prints (scripts/start-info.sh): the demo sign-ins in demo mode only (otherwise how
// to make the first administrator), and the queue dashboard link with the admin token's first 6
// characters only, saying where the whole token is.

const folder = mkdtempSync(path.join(tmpdir(), "asiiko-start-info-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function printed(envText: string, extra: Record<string, string> = {}) {
  const envFile = path.join(folder, ".env");
  writeFileSync(envFile, envText);
  const { PORT: _port, DEMO_MODE: _demo, HOST: _host, ...env } = process.env;
  return execFileSync("bash", [path.join(import.meta.dirname, "start-info.sh"), envFile], {
    env: { ...env, ...extra },
    encoding: "utf8",
  });
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
    expect(text).not.toContain("first-");
  });

  it("says a demo listens on this machine only, and how HOST opens it to the network", () => {
    const demo = printed("DEMO_MODE=1\nHOST=\n");
    expect(demo).toContain("Listening on:    127.0.0.1, this machine only. To open it to the network, set");
    expect(demo).toContain("HOST=0.0.0.0 in");
    for (const text of [printed("DEMO_MODE=1\nHOST=0.0.0.0\n"), printed("DEMO_MODE=1\n", { HOST: "0.0.0.0" })])
      expect(text).toContain("Listening on:    0.0.0.0, open to the network (HOST)");
    expect(printed("ADMIN_TOKEN=Zq81xPmA0b7c6d5e4f3g2h1i\n")).toContain(
      "Listening on:    0.0.0.0, open to the network",
    );
  });

  it("shows the demo sign-ins in demo mode only", () => {
    const demo = printed("DEMO_MODE=1\nADMIN_TOKEN=Zq81xPmA0b7c6d5e4f3g2h1i\n");
    expect(demo).toContain("Demo sign-ins:   admin / AsiikoAdmin#2026 (administrator)");
    expect(demo).toContain("amina / AsiikoFarmer#2026 (farmer)");
    expect(demo).not.toContain("user:create");
  });

  it("outside demo mode says there are no demo accounts and how to make the first administrator", () => {
    for (const text of [
      printed("ADMIN_TOKEN=Zq81xPmA0b7c6d5e4f3g2h1i\n"),
      printed("DEMO_MODE=\n"),
      printed("DEMO_MODE=true\n"),
      // The environment wins over .env, as it does for the processes.
      printed("DEMO_MODE=1\n", { DEMO_MODE: "" }),
    ]) {
      expect(text).toContain("No demo accounts (DEMO_MODE is not 1). Make the first administrator with");
      expect(text).toContain("npm run user:create -- --admin <username>");
      expect(text).not.toContain("AsiikoAdmin#2026");
      expect(text).not.toContain("AsiikoFarmer#2026");
    }
  });
});
