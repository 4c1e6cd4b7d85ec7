import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// A newcomer copies .env.example to .env before the first `npm start`: the start must still
// find a SESSION_SECRET (production refuses to run without one) and an ADMIN_TOKEN. Only a .env
// the script creates itself is a demo's (DEMO_MODE=1); one written by hand keeps its own say.

const root = path.join(import.meta.dirname, "..");
const script = path.join(root, "scripts/ensure-env.sh");
const example = readFileSync(path.join(root, ".env.example"), "utf8");
const SECRETS = ["SESSION_SECRET", "ADMIN_TOKEN"] as const;

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "asiiko-env-"));
  copyFileSync(path.join(root, ".env.example"), path.join(folder, ".env.example"));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** Runs the script on the folder; returns what it printed. */
function ensureEnv(): string {
  return execFileSync("bash", [script, folder], { encoding: "utf8" });
}

const readEnv = () => readFileSync(path.join(folder, ".env"), "utf8");
const writeEnv = (text: string) => writeFileSync(path.join(folder, ".env"), text);
const isSecretLine = (line: string) => SECRETS.some((name) => line.startsWith(`${name}=`));

function expectFilled(env: string) {
  const values = parseEnv(env);
  expect(values.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
  expect(values.ADMIN_TOKEN).toMatch(/^[0-9a-f]{48}$/);
}

describe("ensure-env.sh", () => {
  it("creates .env from .env.example with both secrets, in demo mode, when there is none", () => {
    expect(ensureEnv()).toBe(
      "[env] created .env from .env.example with new SESSION_SECRET and ADMIN_TOKEN, in demo mode (DEMO_MODE=1)\n",
    );
    const env = readEnv();
    expectFilled(env);
    expect(parseEnv(env).DEMO_MODE).toBe("1");
    // .env.example names DEMO_MODE without turning it on; the created file's line says 1 instead.
    expect(parseEnv(example).DEMO_MODE ?? "").toBe("");
    const isSetLine = (line: string) => isSecretLine(line) || line.startsWith("DEMO_MODE=");
    expect(env.split("\n").filter((line) => !isSetLine(line))).toEqual(
      example.split("\n").filter((line) => !isSetLine(line)),
    );
    expect(env.split("\n")).toHaveLength(example.split("\n").length);

    // A second run finds everything in place and changes nothing.
    expect(ensureEnv()).toBe("");
    expect(readEnv()).toBe(env);
  });

  it("leaves demo mode off in a .env copied from .env.example, or one that never names it", () => {
    writeEnv(example);
    ensureEnv();
    expect(parseEnv(readEnv()).DEMO_MODE).toBe("");
    writeEnv("PORT=3000\n");
    ensureEnv();
    expect(readEnv()).not.toContain("DEMO_MODE");
  });

  it("fills both secrets in a .env copied from .env.example, leaving every other line as it was", () => {
    writeEnv(example);
    expect(ensureEnv()).toBe(
      "[env] .env had no SESSION_SECRET and ADMIN_TOKEN: filled with new random values (other lines unchanged)\n",
    );
    const env = readEnv();
    expectFilled(env);
    const before = example.split("\n");
    const after = env.split("\n");
    expect(after).toHaveLength(before.length);
    for (const [index, line] of before.entries()) {
      if (isSecretLine(line)) expect(after[index]!.split("=")[0]).toBe(line.split("=")[0]);
      else expect(after[index]).toBe(line);
    }
  });

  it("keeps a secret that is set and fills only the one that is empty", () => {
    const withSecret = example.replace(/^SESSION_SECRET=$/m, "SESSION_SECRET=my-own-secret");
    writeEnv(withSecret);
    expect(ensureEnv()).toBe("[env] .env had no ADMIN_TOKEN: filled with new random values (other lines unchanged)\n");
    const env = readEnv();
    expect(parseEnv(env).SESSION_SECRET).toBe("my-own-secret");
    expect(parseEnv(env).ADMIN_TOKEN).toMatch(/^[0-9a-f]{48}$/);
    expect(env.replace(/^ADMIN_TOKEN=.*$/m, "ADMIN_TOKEN=")).toBe(withSecret);

    // A second run has nothing to do and changes nothing.
    expect(ensureEnv()).toBe("");
    expect(readEnv()).toBe(env);
  });

  it("adds the lines when .env does not name the secrets at all", () => {
    const without = example
      .split("\n")
      .filter((line) => !isSecretLine(line))
      .join("\n");
    writeEnv(without.trimEnd()); // no newline at the end, as an editor may leave it
    expect(ensureEnv()).toBe(
      "[env] .env had no SESSION_SECRET and ADMIN_TOKEN: filled with new random values (other lines unchanged)\n",
    );
    const env = readEnv();
    expectFilled(env);
    expect(env.startsWith(`${without.trimEnd()}\n`)).toBe(true);
    expect(env.slice(without.trimEnd().length + 1)).toMatch(
      /^SESSION_SECRET=[0-9a-f]{64}\nADMIN_TOKEN=[0-9a-f]{48}\n$/,
    );
  });
});
