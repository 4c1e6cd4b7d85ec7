#!/usr/bin/env bash
# What npm start and npm run dev do before serving: configuration, services,
# migrations and the demo data.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/ensure-env.sh
bash scripts/services.sh
node --import tsx scripts/migrate.ts
node --import tsx prisma/seed.ts
