#!/usr/bin/env bash
# Two rules on the source text (part of scripts/boundaries.sh); each offending line is printed and fails the check:
# - a comment or test title states the rule itself, never "the spec" (it is not in the repository);
# - typed money becomes cents only in packages/shared/src/format/money.ts (parseCents, toCents): no other
#   `Math.round(x * 100)` on a line that speaks of money (cents, price, amount, fee, cost, USD, JMD).
# The folder to check is the first argument (the repository by default), so a test can probe a scratch copy.
set -uo pipefail
cd "${1:-$(dirname "$0")/..}"

sources=(--include=*.ts --include=*.tsx --include=*.cjs --include=*.mjs --include=*.js --include=*.sh
  --exclude-dir=node_modules --exclude-dir=dist --exclude-dir=test-results --exclude=source-words.sh)
roots=()
for root in apps packages scripts; do [[ -d $root ]] && roots+=("$root"); done

status=0
if grep -rnIiE "${sources[@]}" "\b(the|per) spec\b|\bspec('s|-side)|\bspec (says|order|rules|fields|messages?|texts?|defaults|figures|fees?|labels)\b" "${roots[@]}"; then
  echo 'Cite the rule itself (or a record in docs/decisions/), not "the spec".'
  status=1
fi
if grep -rnIiP "${sources[@]}" --exclude=money.ts \
  '^(?=.*Math\.round\((.*\*\s*100\b|\s*100\s*\*))(?=.*(cents|price|amount|fee|cost|usd|jmd|money))' "${roots[@]}"; then
  echo 'Turn money into cents with parseCents or toCents of packages/shared/src/format/money.ts.'
  status=1
fi
exit "$status"
