# Sourced by the scripts: DATABASE_URL and REDIS_URL from the environment,
# else from .env, else the local defaults; exported for what runs next.
for key in DATABASE_URL REDIS_URL; do
  if [ -z "${!key:-}" ] && [ -f .env ]; then
    value="$(grep -E "^$key=" .env | tail -n 1 | cut -d= -f2- | sed -e 's/^"//' -e 's/"$//' || true)"
    if [ -n "$value" ]; then export "$key=$value"; fi
  fi
done
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/asiiko}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
