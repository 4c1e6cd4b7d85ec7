#!/usr/bin/env bash
# npm run dev: the same preparation as npm start, then Vite's hot reload with the workers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/ensure-env.sh
bash scripts/services.sh
node --import tsx scripts/migrate.ts
node --import tsx prisma/seed.ts
export NODE_ENV=development
exec node --import tsx scripts/run-all.ts
