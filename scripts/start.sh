#!/usr/bin/env bash
# npm start: services, configuration, migrations, seed, production build, then web + workers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/prepare.sh
echo "[start] building for production"
npx --no-install remix vite:build --logLevel warn
npx --no-install vite build --config vite.node.config.ts

port="$(grep -E '^PORT=' .env | tail -n 1 | cut -d= -f2 || true)"
port="${PORT:-${port:-3000}}"
token="$(grep -E '^ADMIN_TOKEN=' .env | tail -n 1 | cut -d= -f2 || true)"
cat <<INFO

  Asiiko is starting on http://localhost:${port}
  Demo sign-ins:   admin / AsiikoAdmin#2026 (administrator)
                   amina / AsiikoFarmer#2026 (farmer)
  Queue dashboard: http://localhost:${port}/admin/queues?token=${token}
  Stop with Ctrl-C.

INFO
export NODE_ENV=production
# Compiled JavaScript, no TypeScript loader (vite.node.config.ts).
exec node build/node/run-all.js
