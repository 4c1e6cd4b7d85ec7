#!/usr/bin/env bash
# npm test: the same service preparation as npm start, Debian's Chromium if it
# is missing, then lint, types, the production build, unit and integration
# tests (Vitest, real PostgreSQL and Redis) and browser tests (Playwright).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/service-urls.sh
. scripts/service-urls.sh

bash scripts/services.sh || exit 1

bash scripts/chromium.sh || exit 1

mkdir -p test-results
status=0
step() {
  local name="$1"; shift
  echo "[test] $name"
  if ! "$@"; then
    echo "[test] $name FAILED" >&2
    status=1
    return 1
  fi
}

step "lint" npx --no-install eslint .
step "format" npx --no-install prettier --check --log-level warn .
step "typecheck" npx --no-install tsc --noEmit
if step "build" npx --no-install remix vite:build --logLevel warn && step "build (node processes)" npx --no-install vite build --config vite.node.config.ts \
  && [ -f build/server/index.js ] && [ -f build/node/server.js ]; then
  step "unit and integration tests" npx --no-install vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
  step "browser tests" env PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx --no-install playwright test --reporter=list,json
fi
node --import tsx scripts/test-summary.ts test-results/vitest.json test-results/playwright.json || status=1
exit "$status"
