#!/usr/bin/env bash
# The import boundaries of .dependency-cruiser.cjs (part of `npm run lint`): any violation fails.
# Two runs, both always reported: every file-to-file rule over both apps, then the module-cycle
# rule over the API's module folders alone (folder rules need a graph without the parent folders).
set -uo pipefail
cd "$(dirname "$0")/.."

status=0
npx depcruise apps/api/src apps/web/src --config .dependency-cruiser.cjs --output-type err || status=1
BOUNDARIES=api-module-cycles npx depcruise apps/api/src/modules --config .dependency-cruiser.cjs --output-type err || status=1
exit "$status"
