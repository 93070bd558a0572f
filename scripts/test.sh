#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Each step must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)"
CHROMIUM_HEADLESS_SHELL_PATH="$(bash scripts/ensure-chromium.sh --headless-shell)"
export CHROMIUM_PATH CHROMIUM_HEADLESS_SHELL_PATH

# Each step says how long the one before it took, so a slow step shows in any CI log.
started=$SECONDS
step_started=$SECONDS
step() {
  if [ -n "${step_name:-}" ]; then echo "== $step_name took $((SECONDS - step_started)) s"; fi
  step_name="$1"
  step_started=$SECONDS
  echo "== $1"
}
trap 'if [ -n "${step_name:-}" ]; then echo "== $step_name took $((SECONDS - step_started)) s; npm test $((SECONDS - started)) s"; fi' EXIT

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
