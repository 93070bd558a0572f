#!/usr/bin/env bash
# Old and new code alternated in one run: bench/manifest-1200.ts in a worktree of the old ref, then
# in this tree, N times, each run under the machine's load average of the moment.
#
#   bash bench/manifest-compare.sh <old-worktree> [runs=3] [bench options...]
#   e.g. git worktree add --detach ../old main && ln -s "$PWD/node_modules" ../old/node_modules
set -u
old=${1:?the worktree of the old ref}
runs=${2:-3}
shift $(( $# >= 2 ? 2 : 1 ))
here=$(cd "$(dirname "$0")/.." && pwd)
for i in $(seq 1 "$runs"); do
  for tree in "$old" "$here"; do
    label=$([ "$tree" = "$here" ] && echo new || echo old)
    line=$(cd "$tree" && npx tsx bench/manifest-1200.ts "$@" 2>&1 | tail -1)
    echo "$label run $i (load $(cut -d' ' -f1-3 /proc/loadavg)): $line"
  done
done
