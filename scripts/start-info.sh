#!/usr/bin/env bash
# What npm start prints once the product is built: the address and who can reach it (HOST; in demo
# mode this machine only unless HOST says otherwise), the demo sign-ins (in demo mode
# only; otherwise how to make the first administrator) and the queue dashboard. The admin token
# shows only its first 6 characters (terminals are scrolled back and screens shared); the whole
# token is ADMIN_TOKEN in the .env file read here (default: .env).
set -euo pipefail
env_file="${1:-.env}"

port="$(grep -E '^PORT=' "$env_file" | tail -n 1 | cut -d= -f2 || true)"
port="${PORT:-${port:-3000}}"
token="$(grep -E '^ADMIN_TOKEN=' "$env_file" | tail -n 1 | cut -d= -f2 || true)"
# As the processes read it: DEMO_MODE in the environment (even empty) wins over the file's.
demo="${DEMO_MODE-$(grep -E '^DEMO_MODE=' "$env_file" | tail -n 1 | cut -d= -f2 || true)}"
is_demo=""
[ "$(echo "$demo" | tr -d "[:space:]\"'")" = "1" ] && is_demo=1
# As app/env.server.ts reads it: HOST in the environment, else the file's, else by mode.
host="${HOST:-$(grep -E '^HOST=' "$env_file" | tail -n 1 | cut -d= -f2 | tr -d "[:space:]\"'" || true)}"
if [ -z "$host" ]; then
  if [ -n "$is_demo" ]; then host=127.0.0.1; else host=0.0.0.0; fi
fi
case "$host" in
  127.* | localhost | ::1)
    reach="  Listening on:    ${host}, this machine only. To open it to the network, set
                   HOST=0.0.0.0 in ${env_file} (anyone who reaches a demo can use its accounts)" ;;
  *)
    reach="  Listening on:    ${host}, open to the network (HOST)" ;;
esac
if [ -n "$is_demo" ]; then
  accounts="  Demo mode:       demo accounts are public, payments simulated
  Demo sign-ins:   admin / AsiikoAdmin#2026 (administrator)
                   amina / AsiikoFarmer#2026 (farmer)"
else
  accounts="  No demo accounts (DEMO_MODE is not 1). Make the first administrator with
                   npm run user:create -- --admin <username>"
fi
cat <<INFO

  Asiiko is starting on http://localhost:${port}
${reach}
${accounts}
  Queue dashboard: http://localhost:${port}/admin/queues?token=${token:0:6}…
                   (the whole token is ADMIN_TOKEN in ${env_file})
  Stop with Ctrl-C.

INFO
