#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Each step must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)"
CHROMIUM_HEADLESS_SHELL_PATH="$(bash scripts/ensure-chromium.sh --headless-shell)"
export CHROMIUM_PATH CHROMIUM_HEADLESS_SHELL_PATH

# Each step says how long the one before it took, in wall time and in the CPU time of the processes
# it ran that were waited for: not the PostgreSQL server's, nor Chromium's renderers (the browser is
# killed, and they go unwaited), so the journeys' figure is far below what they use.
started=$SECONDS
times_file="$(mktemp)"
# CPU seconds of every child process so far, in $cpu (`times` must run in this shell, not a subshell).
read_cpu() {
  times >"$times_file"
  cpu=$(tail -1 "$times_file" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%.0f", s }')
}
read_cpu
step_started=$SECONDS
step_cpu=$cpu
took() {
  read_cpu
  echo "== $step_name took $((SECONDS - step_started)) s, $((cpu - step_cpu)) s of CPU"
}
step() {
  if [ -n "${step_name:-}" ]; then took; fi
  step_name="$1"
  step_started=$SECONDS
  step_cpu=$cpu
  echo "== $1"
}
trap 'if [ -n "${step_name:-}" ]; then took; echo "== npm test took $((SECONDS - started)) s, $cpu s of CPU"; fi; rm -f "$times_file"' EXIT

step "lint"
npx biome check .
bash scripts/boundaries.sh
step "typecheck"
npm run --silent typecheck
# Before Vitest: the pre-rendered pages' API test (web-pages.test.ts) reads apps/web/dist and
# would otherwise build the web app a second time inside the test run.
step "build"
npm run --silent build
step "unit, component and API tests (API on ${DATABASE_URL:-an embedded PostgreSQL})"
npx vitest run
step "browser journeys (Chromium: $CHROMIUM_HEADLESS_SHELL_PATH, and $CHROMIUM_PATH)"
npx playwright test -c apps/web/playwright.config.ts
