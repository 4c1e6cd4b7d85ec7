#!/usr/bin/env bash
# What npm start and npm run dev do before serving: configuration (checked for the
# mode they run in, production or development, before anything else starts),
# services, migrations and the seed (the demo data in demo mode).
# Usage: scripts/prepare.sh production|development
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/ensure-env.sh
node --import tsx scripts/check-env.ts "${1:-development}"
bash scripts/services.sh
node --import tsx scripts/migrate.ts
node --import tsx prisma/seed.ts
