#!/usr/bin/env bash
# What npm start prints once the product is built: the address, the demo sign-ins and the queue
# dashboard. The admin token shows only its first 6 characters (terminals are scrolled back and
# screens shared); the whole token is ADMIN_TOKEN in the .env file read here (default: .env).
set -euo pipefail
env_file="${1:-.env}"

port="$(grep -E '^PORT=' "$env_file" | tail -n 1 | cut -d= -f2 || true)"
port="${PORT:-${port:-3000}}"
token="$(grep -E '^ADMIN_TOKEN=' "$env_file" | tail -n 1 | cut -d= -f2 || true)"
cat <<INFO

  Asiiko is starting on http://localhost:${port}
  Demo sign-ins:   admin / AsiikoAdmin#2026 (administrator)
                   amina / AsiikoFarmer#2026 (farmer)
  Queue dashboard: http://localhost:${port}/admin/queues?token=${token:0:6}…
                   (the whole token is ADMIN_TOKEN in ${env_file})
  Stop with Ctrl-C.

INFO
