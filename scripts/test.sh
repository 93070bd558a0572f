#!/usr/bin/env bash
# `npm test`: every check. Each step must pass; a failing step fails the run once every step has ended.
#
# The steps overlap, so the two cores stay busy: lint and the typecheck run beside the build, and the
# browser journeys beside the unit, component and API tests once the build is there (both read it).
# Each step alone leaves part of the machine idle (the API tests wait on PostgreSQL's disk, the
# journeys on the browser), and together they fill it (docs/performance.md "CI time").
# The build and Vitest print as they go; lint, typecheck and the journeys print when they end.
set -uo pipefail
cd "$(dirname "$0")/.."

CHROMIUM_PATH="$(bash scripts/ensure-chromium.sh)" || exit 1
CHROMIUM_HEADLESS_SHELL_PATH="$(bash scripts/ensure-chromium.sh --headless-shell)" || exit 1
export CHROMIUM_PATH CHROMIUM_HEADLESS_SHELL_PATH

started=$SECONDS
logs="$(mktemp -d)"
declare -A pid_of name_of
failed=()

# Runs a step in the background, its output in $logs/<id>.log, its wall and CPU time (of the
# processes it waited for: not PostgreSQL's, nor Chromium's renderers) in the log's last line.
start_step() {
  local id="$1" name="$2"
  shift 2
  (
    step_start=$SECONDS
    "$@"
    status=$?
    # `times`' second line: the CPU of this subshell's children.
    cpu=$(times | tail -1 | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%.0f", s }')
    echo "== $name took $((SECONDS - step_start)) s, $cpu s of CPU"
    exit "$status"
  ) >"$logs/$id.log" 2>&1 &
  pid_of[$id]=$!
  name_of[$id]="$name"
  echo "== $name: started ($(date -u +%H:%M:%S) UTC)"
}

# Waits for a step, prints its output unless it was shown live, and notes a failure.
finish_step() {
  local id="$1" live="${2:-}"
  wait "${pid_of[$id]}"
  local status=$?
  if [ -z "$live" ]; then
    echo "== ${name_of[$id]}: output"
    cat "$logs/$id.log"
  else
    tail -1 "$logs/$id.log"
  fi
  if [ "$status" -ne 0 ]; then
    failed+=("${name_of[$id]}")
    echo "== ${name_of[$id]} FAILED (exit $status)"
  fi
  unset "pid_of[$id]"
}

# Shows a step's output as it is written, until the step ends.
follow_step() {
  tail -n +1 -f --pid="${pid_of[$1]}" "$logs/$1.log" | grep -v '^== .* took [0-9]* s, [0-9]* s of CPU$'
}

# A step's processes, children first (background jobs of a script ignore the terminal's Ctrl-C).
stop_tree() {
  local child
  for child in $(pgrep -P "$1"); do stop_tree "$child"; done
  kill "$1" 2>/dev/null
}
cleanup() {
  for id in "${!pid_of[@]}"; do stop_tree "${pid_of[$id]}"; done
  rm -rf "$logs"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start_step lint "lint" bash -c 'npx biome check . && bash scripts/boundaries.sh'
start_step typecheck "typecheck" npm run --silent typecheck
# Before Vitest: the pre-rendered pages' API test (web-pages.test.ts) reads apps/web/dist and
# would otherwise build the web app a second time inside the test run.
start_step build "build" npm run --silent build
follow_step build
finish_step build live

if [ ${#failed[@]} -eq 0 ]; then
  start_step journeys "browser journeys (Chromium: $CHROMIUM_HEADLESS_SHELL_PATH, and $CHROMIUM_PATH)" \
    npx playwright test -c apps/web/playwright.config.ts
  start_step vitest "unit, component and API tests (API on ${DATABASE_URL:-an embedded PostgreSQL})" npx vitest run
  follow_step vitest
  finish_step lint
  finish_step typecheck
  finish_step vitest live
  # The journeys' list reporter prints a line per test: say how far they are while they run.
  while kill -0 "${pid_of[journeys]}" 2>/dev/null; do
    echo "== browser journeys: $(grep -cE '^\s+(✓|✘|-) ' "$logs/journeys.log") tests done"
    for _ in $(seq 1 60); do kill -0 "${pid_of[journeys]}" 2>/dev/null || break; sleep 1; done
  done
  finish_step journeys
else
  finish_step lint
  finish_step typecheck
fi

echo "== npm test took $((SECONDS - started)) s"
if [ ${#failed[@]} -gt 0 ]; then
  printf '== failed: %s\n' "${failed[@]}"
  exit 1
fi
