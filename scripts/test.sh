#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Each step must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)"
export CHROMIUM_PATH

echo "== lint"
npx biome check .
bash scripts/boundaries.sh
echo "== typecheck"
npm run --silent typecheck
# Before Vitest: the pre-rendered pages' API test (web-pages.test.ts) reads apps/web/dist and
# would otherwise build the web app a second time inside the test run.
echo "== build"
npm run --silent build
echo "== unit, component and API tests (API on ${DATABASE_URL:-an embedded PostgreSQL})"
npx vitest run
echo "== browser journeys (Chromium: $CHROMIUM_PATH)"
npx playwright test -c apps/web/playwright.config.ts
