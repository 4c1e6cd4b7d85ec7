#!/usr/bin/env bash
# npm start: configuration (checked before anything is built), services, migrations, seed, production
# build, then web + workers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/prepare.sh production
echo "[start] building for production"
npx --no-install remix vite:build --logLevel warn
npx --no-install vite build --config vite.node.config.ts

bash scripts/start-info.sh .env
export NODE_ENV=production
# Compiled JavaScript, no TypeScript loader (vite.node.config.ts).
exec node build/node/run-all.js
