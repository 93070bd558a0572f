#!/usr/bin/env bash
# Runs every benchmark and prints its figures; docs/performance.md explains them and holds the
# figures measured on the development machine.
#
#   npm run bench                               # embedded database only
#   npm run bench -- --pg postgres://postgres@127.0.0.1:5432   # and on a PostgreSQL server
#   DATABASE_URL=postgres://... npm run bench   # the same, from the environment
#   npm run bench -- --quick                    # smaller data set, shorter runs: a smoke test
#   npm run bench -- --only api,packages,tickets,crash,web --build
#
# The server benchmarks work in their own databases (bench_api, bench_packages, bench_tickets),
# created on the given server and dropped afterwards. The web benchmark measures the production
# build: pass --build to run `npm run build` first, else it is skipped when no build exists.
# Every benchmark runs even when one before it fails; the exit status is 1 if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

pg_url="${DATABASE_URL:-}"
quick=0
build=0
only="api,packages,tickets,web,crash"
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) pg_url="$2"; shift 2 ;;
    --quick) quick=1; shift ;;
    --build) build=1; shift ;;
    --only) only="$2"; shift 2 ;;
    *) echo "unknown option $1 (see the head of bench/run.sh)" >&2; exit 2 ;;
  esac
done

wants() { [[ ",$only," == *",$1,"* ]]; }
failed=()
run() {
  local name="$1"; shift
  echo
  echo "=== $name ($(date -u +%H:%M) UTC, load $(cut -d' ' -f1-3 /proc/loadavg)) ==="
  echo "\$ $*"
  "$@" || failed+=("$name")
}
tsx() { node --import tsx "$@"; }

if [ "$quick" = 1 ]; then
  api_size=(--packages 100000 --invoices 20000 --tickets 500 --seconds 3)
  packages_size=(--packages 100000 --seconds 3)
  tickets_size=(--tickets 2000 --seconds 3)
  crash_size=(--cycles 1)
else
  api_size=()
  packages_size=()
  tickets_size=()
  crash_size=()
fi

if wants api; then
  run "API hot paths, embedded database" tsx bench/api.ts --db embedded "${api_size[@]}"
  if [ -n "$pg_url" ]; then
    run "API hot paths, PostgreSQL server" tsx bench/api.ts --db server --url "$pg_url" "${api_size[@]}"
  else
    echo "(API on a PostgreSQL server skipped: pass --pg URL or set DATABASE_URL)"
  fi
fi

if wants packages; then
  if [ -n "$pg_url" ]; then
    run "Package list and scan at 1,000,000 packages, PostgreSQL server" \
      tsx bench/packages-1m.ts --url "$pg_url" --connections 1 --seconds 4 "${packages_size[@]}"
  else
    echo "(package list bench skipped: it needs a PostgreSQL server, pass --pg URL or set DATABASE_URL)"
  fi
fi

if wants tickets; then
  run "Bell polling, embedded database" env -u DATABASE_URL node --import tsx bench/ticket-polling.ts "${tickets_size[@]}"
  if [ -n "$pg_url" ]; then
    tickets_db="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/bench_tickets"; console.log(u.toString())' "$pg_url")"
    psql -q "$pg_url" -c 'drop database if exists bench_tickets with (force)' -c 'create database bench_tickets' &&
      run "Bell polling, PostgreSQL server" env DATABASE_URL="$tickets_db" node --import tsx bench/ticket-polling.ts "${tickets_size[@]}"
    psql -q "$pg_url" -c 'drop database if exists bench_tickets with (force)'
  fi
fi

if wants crash && [ -f bench/crash-safety.ts ]; then
  if [ -n "$pg_url" ]; then
    run "Crash safety, embedded database and PostgreSQL server" tsx bench/crash-safety.ts --pg "$pg_url" "${crash_size[@]}"
  else
    run "Crash safety, embedded database" env -u DATABASE_URL node --import tsx bench/crash-safety.ts --embedded-only "${crash_size[@]}"
  fi
fi

if wants web && [ -f bench/web.ts ]; then
  if [ "$build" = 1 ]; then npm run build || failed+=("build"); fi
  if [ -f apps/web/dist/index.html ] && [ -f apps/api/dist/server.js ]; then
    run "Web app weight and Lighthouse" tsx bench/web.ts
  else
    echo "(web bench skipped: no production build; pass --build or run npm run build first)"
  fi
fi

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}"
  exit 1
fi
echo "every benchmark ran"
