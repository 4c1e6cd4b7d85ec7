#!/usr/bin/env bash
# npm run dev: the same preparation as npm start, then Vite's hot reload with the workers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/prepare.sh development
export NODE_ENV=development
exec node --import tsx scripts/run-all.ts
