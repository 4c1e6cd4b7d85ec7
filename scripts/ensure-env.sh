#!/usr/bin/env bash
# Gives .env the secrets the product needs, so sessions survive restarts and the
# queue dashboard has a token of its own: on first run it creates .env from
# .env.example, in demo mode (DEMO_MODE=1: the README's two commands give the
# whole offline demo); in an existing .env (one copied from .env.example by hand,
# say) it fills SESSION_SECRET and ADMIN_TOKEN when they are empty or missing,
# keeps a value that is set, leaves DEMO_MODE as it is, and changes no other line.
# Usage: scripts/ensure-env.sh [folder]   (the folder holding .env; the project by default)
set -euo pipefail
cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}"
created=0
if [ ! -f .env ]; then
  cp .env.example .env
  created=1
fi
filled="$(
  CREATED="$created" node - <<'NODE'
const { randomBytes } = require("node:crypto");
const { readFileSync, writeFileSync } = require("node:fs");
const { parseEnv } = require("node:util");

// The same reading the product does (process.loadEnvFile): the last line naming a variable wins.
let text = readFileSync(".env", "utf8");
/** Sets the last line naming the variable, or adds one at the end. */
function setLine(name, value) {
  const lines = text.split("\n");
  const index = lines.findLastIndex((line) => new RegExp(`^\\s*(export\\s+)?${name}\\s*=`).test(line));
  if (index >= 0) {
    lines[index] = `${name}=${value}${lines[index].endsWith("\r") ? "\r" : ""}`;
    text = lines.join("\n");
  } else {
    text += `${text === "" || text.endsWith("\n") ? "" : "\n"}${name}=${value}\n`;
  }
}
const secrets = { SESSION_SECRET: 32, ADMIN_TOKEN: 24 };
const filled = [];
for (const [name, bytes] of Object.entries(secrets)) {
  if (parseEnv(text)[name]) continue;
  setLine(name, randomBytes(bytes).toString("hex"));
  filled.push(name);
}
// Only a .env made here is a demo's: one written by hand says for itself.
if (process.env.CREATED === "1") setLine("DEMO_MODE", "1");
if (filled.length || process.env.CREATED === "1") writeFileSync(".env", text);
process.stdout.write(filled.join(" and "));
NODE
)"
if [ "$created" = 1 ]; then
  echo "[env] created .env from .env.example${filled:+ with new $filled}, in demo mode (DEMO_MODE=1)"
elif [ -n "$filled" ]; then
  echo "[env] .env had no ${filled}: filled with new random values (other lines unchanged)"
fi
