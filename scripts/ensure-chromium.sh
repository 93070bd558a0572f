#!/usr/bin/env bash
# Finds Chromium for the browser tests: CHROMIUM_PATH, then /usr/bin/chromium. Where there is
# none it installs Debian's chromium when running as root with apt; otherwise it says how.
# With --headless-shell it finds Chromium's headless shell, which the journeys run in
# (apps/web/e2e/support/browsers.ts): CHROMIUM_HEADLESS_SHELL_PATH, then
# /usr/bin/chromium-headless-shell, installed the same way; without one, full Chromium.
set -euo pipefail
if [ "${1:-}" = "--headless-shell" ]; then
  if [ -n "${CHROMIUM_HEADLESS_SHELL_PATH:-}" ] && [ -x "$CHROMIUM_HEADLESS_SHELL_PATH" ]; then echo "$CHROMIUM_HEADLESS_SHELL_PATH"; exit 0; fi
  if [ ! -x /usr/bin/chromium-headless-shell ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium-headless-shell for the browser journeys..." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell; } >&2 || true
  fi
  if [ -x /usr/bin/chromium-headless-shell ]; then echo /usr/bin/chromium-headless-shell; exit 0; fi
  echo "No Chromium headless shell (apt-get install chromium-headless-shell): the journeys run in full Chromium, which takes longer." >&2
  exec bash "$0"
fi
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
