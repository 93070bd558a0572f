#!/usr/bin/env bash
# Finds Chromium for the browser tests: CHROMIUM_PATH, then /usr/bin/chromium. Where there is
# none it installs Debian's chromium when running as root with apt; otherwise it says how.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then echo "$CHROMIUM_PATH"; exit 0; fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..." >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
  echo /usr/bin/chromium
  exit 0
fi
echo "Chromium not found: install it (sudo apt-get install chromium) or set CHROMIUM_PATH to its executable." >&2
exit 1
