#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Each step must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)"
export CHROMIUM_PATH

echo "== typecheck"
npm run --silent typecheck
echo "== lint"
npx biome check .
echo "== unit, component and API tests (API on ${DATABASE_URL:-an embedded PostgreSQL})"
npx vitest run
echo "== build"
npm run --silent build
echo "== browser journeys (Chromium: $CHROMIUM_PATH)"
npx playwright test -c apps/web/playwright.config.ts
