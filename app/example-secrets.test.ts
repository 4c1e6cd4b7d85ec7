import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE_SECRET_VALUES } from "./example-secrets";

// Production refuses the secrets this repository shows (env.server.ts reads EXAMPLE_SECRET_VALUES).
// This test keeps that list whole: it reads every tracked file for values given to a secret's
// variable (in .env files, compose's ${VAR:-value}, YAML, shell and TypeScript: `NAME=value`,
// `NAME: "value"`, `NAME ??= "value"`, `NAME = "value"`, `NAME ?? "value"`) and fails on one of 32
// characters or more that the list lacks. Shorter values need no listing: production refuses them
// for their length.

const ROOT = path.resolve(import.meta.dirname, "..");
/** SESSION_SECRET, ADMIN_TOKEN, MEILI_MASTER_KEY, USSD_CALLBACK_TOKEN and webhook secrets, with any prefix (E2E_ADMIN_TOKEN, STRIPE_WEBHOOK_SECRET). */
const NAMES = String.raw`\b[A-Z0-9_]*(?:SESSION_SECRET|ADMIN_TOKEN|MEILI_MASTER_KEY|USSD_CALLBACK_TOKEN|WEBHOOK_SECRET)`;
const QUOTED = new RegExp(`${NAMES}["']?\\s*(?:\\?\\?=?|:-|:|=)\\s*(["'\`])([^"'\`\\n]*)\\1`, "g");
// A bare value ends at a space, quote, brace, comment, table bar, `?` (compose's `:?message`) or an escaped character (`\n` in a string).
const BARE = new RegExp(`${NAMES}\\s*(?::-|=|:)\\s*([^\\s"'\`{}#|$?\\\\]+)`, "g");

/** The literal values a text gives to secrets' variables (each comma-separated value apart). */
function assignedSecretValues(text: string): string[] {
  const values = [
    ...[...text.matchAll(QUOTED)].map((match) => match[2]!),
    ...[...text.matchAll(BARE)].map((match) => match[1]!),
  ];
  return values
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "" && !value.includes("${"));
}

function trackedFiles() {
  return execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && !/\.(png|jpe?g|webp|avif|ico|svg|woff2?|lock)$|package-lock\.json$/.test(file));
}

describe("example secrets", () => {
  it("reads the values given to secrets the ways this repository writes them", () => {
    const text = [
      "SESSION_SECRET=one-value,two-value",
      "    ADMIN_TOKEN: ${ADMIN_TOKEN:-compose-fallback-value}",
      "    MEILI_MASTER_KEY: ${MEILI_MASTER_KEY:?set MEILI_MASTER_KEY}",
      'process.env.ADMIN_TOKEN ??= "integration-token";',
      'export const E2E_SESSION_SECRET = "e2e-secret";',
      'const secrets = (env.SESSION_SECRET ?? "fallback-secret")',
      '  STRIPE_WEBHOOK_SECRET: "whsec_local",',
      "SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32),",
    ].join("\n");
    expect(assignedSecretValues(text).sort()).toEqual(
      [
        "compose-fallback-value",
        "e2e-secret",
        "fallback-secret",
        "integration-token",
        "one-value",
        "process.env.SESSION_SECRET",
        "two-value",
        "whsec_local",
      ].sort(),
    );
  });

  it("lists every value of 32+ characters the tracked files give to a secret", () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const missing = new Set<string>();
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(path.join(ROOT, file), "utf8");
      } catch {
        continue; // listed but absent from the work tree (deleted, not yet committed)
      }
      for (const value of assignedSecretValues(text)) {
        if (value.length >= 32 && !EXAMPLE_SECRET_VALUES.includes(value)) missing.add(`${file}: ${value}`);
      }
    }
    expect(
      [...missing],
      "add these to EXAMPLE_SECRET_VALUES (app/example-secrets.ts), or make them at run time",
    ).toEqual([]);
  });
});
