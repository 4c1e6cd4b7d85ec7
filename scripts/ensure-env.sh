#!/usr/bin/env bash
# Creates .env from .env.example on first run, with fresh random secrets, so
# sessions survive restarts and the queue dashboard has a token of its own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -f .env ]; then
  secret="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))')"
  token="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(24).toString("hex"))')"
  sed -e "s/^SESSION_SECRET=.*/SESSION_SECRET=$secret/" -e "s/^ADMIN_TOKEN=.*/ADMIN_TOKEN=$token/" .env.example > .env
  echo "[env] created .env with new SESSION_SECRET and ADMIN_TOKEN"
fi
