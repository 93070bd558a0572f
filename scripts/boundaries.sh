#!/usr/bin/env bash
# The import boundaries of .dependency-cruiser.cjs (part of `npm run lint`): any violation fails.
# Two runs, both always reported: every file-to-file rule over both apps and the shared package, then the module-cycle
# rule over the API's module folders alone (folder rules need a graph without the parent folders), then the
# table owners: a table is written by its own module only. Then the rules on the source text (scripts/source-words.sh), and
# the one way API tests ask the API (scripts/test-requests.mjs).
set -uo pipefail
cd "$(dirname "$0")/.."

status=0
npx depcruise apps/api/src apps/web/src packages/shared/src --config .dependency-cruiser.cjs --output-type err || status=1
BOUNDARIES=api-module-cycles npx depcruise apps/api/src/modules --config .dependency-cruiser.cjs --output-type err || status=1
bash scripts/source-words.sh || status=1
# One writer per table (scripts/table-writers.mjs names each table's owning module).
node scripts/table-writers.mjs || status=1
# API tests ask the API through test/helper.ts alone (scripts/test-requests.mjs names its few exceptions).
node scripts/test-requests.mjs || status=1
exit "$status"
