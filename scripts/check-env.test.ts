import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EXAMPLE_SECRET_VALUES } from "~/example-secrets";

// npm start checks the configuration before it builds (scripts/check-env.ts, run by prepare.sh):
// a mistake costs one line naming the variable and its fix, not a 150 s build and a crash.

const root = path.join(import.meta.dirname, "..");
const folder = mkdtempSync(path.join(tmpdir(), "asiiko-check-env-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const strong = () => randomBytes(32).toString("hex");

/** Runs the check in `mode` on a .env holding `text`, with no configuration inherited from this process. */
function check(text: string, mode = "production", extra: Record<string, string> = {}) {
  writeFileSync(path.join(folder, ".env"), text);
  // Only what finds node and tsx (NODE_ENV is the given mode's, whatever the environment says).
  const env: NodeJS.ProcessEnv = { NODE_ENV: "test", PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-env.ts", mode, folder], {
    cwd: root,
    env,
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("check-env", () => {
  it("passes a .env that npm start made, and a copied .env.example once its secrets are filled", () => {
    expect(check(`SESSION_SECRET=${strong()}\nADMIN_TOKEN=${strong()}\nDEMO_MODE=1\n`)).toMatchObject({
      status: 0,
      stderr: "",
    });
    expect(check(`SESSION_SECRET=${strong()}\nADMIN_TOKEN=${strong()}\nDEMO_MODE=\n`).status).toBe(0);
  }, 30_000);

  it("stops in one line naming the variable and how to fix it", () => {
    const cases: [string, RegExp][] = [
      ["SESSION_SECRET=\n", /SESSION_SECRET is required in production: set a random value of 32\+ characters/],
      [`SESSION_SECRET=${strong()}\nADMIN_TOKEN=short-token-1234567\n`, /ADMIN_TOKEN is shorter than 32 characters/],
      [
        `SESSION_SECRET=${EXAMPLE_SECRET_VALUES[0]}\n`,
        /SESSION_SECRET is an example value that appears in this repository, which production refuses outside demo mode: .*openssl rand -hex 32/,
      ],
      [
        `SESSION_SECRET=${strong()}\nSTRIPE_SECRET_KEY=sk_live_x\n`,
        /STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/,
      ],
      [`SESSION_SECRET=${strong()}\nDEMO_MODE=1\nPUBLIC_URL=https://asiiko.ng\n`, /DEMO_MODE is 1 while PUBLIC_URL/],
      [
        `SESSION_SECRET=${strong()}\nSTRIPE_SECRET_KEY=sk_live_x\nSTRIPE_WEBHOOK_SECRET=whsec_x\n`,
        /PUBLIC_URL is required in production when STRIPE_SECRET_KEY is set/,
      ],
    ];
    for (const [text, message] of cases) {
      const run = check(text);
      expect(run.status, text).toBe(1);
      expect(run.stderr.trim().split("\n"), text).toHaveLength(1);
      expect(run.stderr, text).toMatch(/^\[env\] .*\.env: Invalid configuration: /);
      expect(run.stderr, text).toMatch(message);
    }
  }, 60_000);

  it("reads the environment over .env, as the processes do, and checks the mode it is given", () => {
    expect(check("SESSION_SECRET=\n", "production", { SESSION_SECRET: strong() }).status).toBe(0);
    // npm run dev: development keeps its own fallback secret.
    expect(check("SESSION_SECRET=\n", "development").status).toBe(0);
  }, 30_000);
});
