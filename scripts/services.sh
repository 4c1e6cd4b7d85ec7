#!/usr/bin/env bash
# Makes sure PostgreSQL and Redis answer at DATABASE_URL and REDIS_URL.
#  1. Already answering (a developer machine, CI, Docker): used as they are.
#  2. Installed but stopped: started. An existing Debian cluster on that port is
#     started with pg_ctlcluster; otherwise a project-local one is created.
#  3. Not installed, and running as root on Debian/Ubuntu: installed with apt, then started.
# Servers this script creates keep their data under .data/ (loopback only) and
# keep running after the product stops; `bash scripts/services.sh stop` stops them.
# `npm run services -- meilisearch` starts a Meilisearch of the project's own as well.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
project_dir="$(pwd)"
data_dir="$project_dir/.data"

say() { printf '[services] %s\n' "$*"; }
fail() { printf '[services] error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=scripts/service-urls.sh
. scripts/service-urls.sh

# host and port of a URL, with a default port
url_host() { node -e 'const u=new URL(process.argv[1]); process.stdout.write(u.hostname.replace(/^\[|\]$/g,"") || "127.0.0.1")' "$1"; }
url_port() { node -e 'const u=new URL(process.argv[1]); process.stdout.write(u.port || process.argv[2])' "$1" "$2"; }

pg_host="$(url_host "$DATABASE_URL")"; pg_port="$(url_port "$DATABASE_URL" 5432)"
redis_host="$(url_host "$REDIS_URL")"; redis_port="$(url_port "$REDIS_URL" 6379)"

is_local() { case "$1" in 127.0.0.1|localhost|::1) return 0 ;; *) return 1 ;; esac; }
tcp_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

pg_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h "$pg_host" -p "$pg_port" -t 2
  else
    tcp_open "$pg_host" "$pg_port"
  fi
}
redis_answers() {
  # A real PING/PONG, not just an open port.
  local reply
  reply="$( (exec 3<>"/dev/tcp/$redis_host/$redis_port" && printf 'PING\r\n' >&3 && timeout 2 head -c 7 <&3) 2>/dev/null || true)"
  [[ "$reply" == *PONG* ]]
}

wait_for() { # name, check function, seconds
  local i
  for ((i = 0; i < $3 * 4; i++)); do
    if "$2"; then return 0; fi
    sleep 0.25
  done
  return 1
}

can_apt() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
    apt_updated=1
  fi
  say "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

pg_bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

# Runs a command as the postgres system user when we are root (initdb refuses root).
as_pg_user() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# Where a project-local cluster lives: .data/postgres, or, when the postgres
# user cannot reach the project folder (a clone under /root), under /var/lib/asiiko.
pg_data_dir() {
  local dir="$data_dir/postgres"
  if [ "$(id -u)" = 0 ]; then
    mkdir -p "$data_dir"
    if ! runuser -u postgres -- test -x "$data_dir" 2>/dev/null; then
      dir="/var/lib/asiiko/$(printf '%s' "$project_dir" | sha1sum | cut -c1-12)/postgres"
    fi
  fi
  printf '%s' "$dir"
}

start_local_cluster() {
  local bindir dir
  bindir="$(pg_bindir)"
  dir="$(pg_data_dir)"
  mkdir -p "$(dirname "$dir")"
  if [ "$(id -u)" = 0 ]; then mkdir -p "$dir" && chown postgres:postgres "$dir" && chmod 700 "$dir"; fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    say "creating a PostgreSQL cluster in $dir (trust auth, loopback only)"
    as_pg_user "$bindir/initdb" -D "$dir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null 2>&1 ||
      as_pg_user "$bindir/initdb" -D "$dir" -U postgres -A trust -E UTF8 >/dev/null
  fi
  say "starting PostgreSQL from $dir on $pg_host:$pg_port"
  as_pg_user "$bindir/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 30 \
    -o "-p $pg_port -c listen_addresses=127.0.0.1 -k /tmp" start >/dev/null
}

ensure_postgres() {
  if pg_answers; then say "PostgreSQL answers at $pg_host:$pg_port"; return; fi
  is_local "$pg_host" || fail "PostgreSQL at $pg_host:$pg_port does not answer (not a local address, so not started here)"

  # A Debian cluster configured for this port, installed but stopped: start it.
  if command -v pg_lsclusters >/dev/null 2>&1; then
    local line
    line="$(pg_lsclusters --no-header 2>/dev/null | awk -v p="$pg_port" '$3 == p && $4 == "down" { print $1, $2; exit }')"
    if [ -n "$line" ]; then
      say "starting PostgreSQL cluster $line (pg_ctlcluster)"
      # shellcheck disable=SC2086
      pg_ctlcluster --skip-systemctl-redirect $line start || true
      if wait_for PostgreSQL pg_answers 30; then return; fi
    fi
  fi

  if [ -z "$(pg_bindir)" ]; then
    can_apt || fail "PostgreSQL is not installed and cannot be installed here (needs root and apt-get). Install PostgreSQL 15+ or set DATABASE_URL."
    apt_install postgresql
    # The package's own cluster has password auth; ours uses trust on loopback, so the fresh one is stopped.
    if command -v pg_lsclusters >/dev/null 2>&1; then
      pg_lsclusters --no-header 2>/dev/null | awk '$4 == "online" { print $1, $2 }' | while read -r version name; do
        say "stopping the package's default cluster $version/$name"
        pg_ctlcluster --skip-systemctl-redirect "$version" "$name" stop || true
      done
    fi
  fi
  start_local_cluster
  wait_for PostgreSQL pg_answers 30 || fail "PostgreSQL did not start; see the server.log in its data folder"
  say "PostgreSQL answers at $pg_host:$pg_port"
}

ensure_redis() {
  if redis_answers; then say "Redis answers at $redis_host:$redis_port"; return; fi
  is_local "$redis_host" || fail "Redis at $redis_host:$redis_port does not answer (not a local address, so not started here)"
  if ! command -v redis-server >/dev/null 2>&1; then
    can_apt || fail "Redis is not installed and cannot be installed here (needs root and apt-get). Install Redis 6.2+ or set REDIS_URL."
    apt_install redis-server
    if redis_answers; then say "Redis answers at $redis_host:$redis_port"; return; fi
  fi
  mkdir -p "$data_dir/redis"
  say "starting Redis on $redis_host:$redis_port (data in $data_dir/redis)"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$redis_port" --dir "$data_dir/redis" \
    --logfile "$data_dir/redis/redis.log" --pidfile "$data_dir/redis/redis.pid" \
    --save "300 1" --appendonly no >/dev/null
  wait_for Redis redis_answers 20 || fail "Redis did not start; see $data_dir/redis/redis.log"
  say "Redis answers at $redis_host:$redis_port"
}

stop_services() {
  local dir
  dir="$(pg_data_dir)"
  if [ -f "$dir/postmaster.pid" ]; then
    say "stopping PostgreSQL in $dir"
    as_pg_user "$(pg_bindir)/pg_ctl" -D "$dir" -m fast stop >/dev/null || true
  fi
  if [ -f "$data_dir/redis/redis.pid" ]; then
    say "stopping Redis (pid $(cat "$data_dir/redis/redis.pid"))"
    kill "$(cat "$data_dir/redis/redis.pid")" 2>/dev/null || true
  fi
  if [ -f "$data_dir/meilisearch/meilisearch.pid" ]; then
    say "stopping Meilisearch (pid $(cat "$data_dir/meilisearch/meilisearch.pid"))"
    kill "$(cat "$data_dir/meilisearch/meilisearch.pid")" 2>/dev/null || true
    rm -f "$data_dir/meilisearch/meilisearch.pid"
  fi
}

case "${1:-ensure}" in
  ensure) ensure_postgres; ensure_redis ;;
  # PostgreSQL and Redis, and a Meilisearch of the project's own on 127.0.0.1:7700 (the pinned,
  # checked build of scripts/meilisearch.ts); it prints the two lines to put in .env.
  meilisearch) ensure_postgres; ensure_redis; node --import tsx scripts/meilisearch.ts serve "$data_dir/meilisearch" ;;
  stop) stop_services ;;
  *) fail "usage: services.sh [ensure|meilisearch|stop]" ;;
esac
