#!/usr/bin/env bash
# npm run db:diff -- NAME: writes prisma/migrations/<timestamp>_NAME/migration.sql
# with the SQL that takes the last committed schema to the current
# prisma/schema.prisma. Prisma 7's migrate engine cannot be fetched offline,
# so this uses Prisma 6.19's WebAssembly engine in a temporary folder (from the
# npm registry); nothing is installed into the project.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/service-urls.sh
. scripts/service-urls.sh
name="${1:?usage: npm run db:diff -- migration_name}"
[[ "$name" =~ ^[a-z0-9_]+$ ]] || { echo "migration name: lower-case letters, digits and _ only" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Prisma 6 wants the URL in the datasource block; the diff never connects.
with_url() { sed 's/^\(\s*provider\s*=\s*"postgresql"\)$/\1\n  url = env("DATABASE_URL")/'; }
with_url < prisma/schema.prisma > "$work/to.prisma"
if git cat-file -e HEAD:prisma/schema.prisma 2>/dev/null; then
  git show HEAD:prisma/schema.prisma | with_url > "$work/from.prisma"
  from=(--from-schema-datamodel "$work/from.prisma")
else
  from=(--from-empty)
fi
(cd "$work" && npm init -y >/dev/null && npm install --silent prisma@6.19 @prisma/adapter-pg@7 pg >/dev/null)
admin_url="$(node -e 'const u=new URL(process.argv[1]); u.pathname="/postgres"; process.stdout.write(u.toString())' "$DATABASE_URL")"
# The WebAssembly schema engine is chosen through the config; it opens the
# adapter's connection but a datamodel-to-datamodel diff reads nothing from it.
cat > "$work/prisma.config.ts" <<CONFIG
import { PrismaPg } from "@prisma/adapter-pg";
export default {
  engine: "js",
  experimental: { adapter: true },
  schema: "to.prisma",
  adapter: async () => new PrismaPg({ connectionString: "$admin_url" }),
};
CONFIG
touch "$work/engine-placeholder"
sql="$(cd "$work" && DATABASE_URL=postgresql://unused@127.0.0.1/unused \
  PRISMA_QUERY_ENGINE_LIBRARY="$work/engine-placeholder" PRISMA_SCHEMA_ENGINE_BINARY="$work/engine-placeholder" \
  npx --no-install prisma migrate diff "${from[@]}" --to-schema-datamodel "$work/to.prisma" --script)"
if ! grep -qv '^--' <<<"$sql" || [ -z "$(grep -v '^--' <<<"$sql" | tr -d '[:space:]')" ]; then
  echo "schema.prisma matches the committed schema: no migration needed"
  exit 0
fi
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_$name"
mkdir -p "$dir"
printf '%s\n' "$sql" > "$dir/migration.sql"
echo "wrote $dir/migration.sql; review it, then npm run db:migrate"
