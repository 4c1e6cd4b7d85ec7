#!/usr/bin/env bash
# Makes sure Debian's Chromium is at CHROMIUM_PATH (/usr/bin/chromium): installed with apt when
# missing and running as root on Debian/Ubuntu; never a downloaded browser. Used by the browser
# tests and the page budget.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "[chromium] installing Debian's chromium"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || { echo "[chromium] could not install chromium" >&2; exit 1; }
  else
    echo "[chromium] $chromium is missing: install Debian's chromium package (or set CHROMIUM_PATH)" >&2
    exit 1
  fi
fi
