#!/usr/bin/env bash
# npm run bench / bench:pages / bench:prices / bench:ussd / bench:search / bench:budget / bench:lighthouse / bench:scale: PostgreSQL and Redis answering (started or
# installed as for npm start), a fresh production build (so the numbers are the code's as it
# is now), then the benchmark script scripts/bench/<name>.ts with the remaining arguments.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
name="${1:?usage: bench.sh run|pages|prices|ussd|search|budget|lighthouse|scale [arguments]}"
shift
bash scripts/services.sh
if [ "$name" = budget ] || [ "$name" = lighthouse ]; then bash scripts/chromium.sh; fi
# shellcheck source=scripts/service-urls.sh
. scripts/service-urls.sh
echo "[bench] building for production"
npx --no-install remix vite:build --logLevel warn
npx --no-install vite build --config vite.node.config.ts
exec node --import tsx "scripts/bench/$name.ts" "$@"
