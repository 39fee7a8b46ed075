#!/usr/bin/env bash
# Runs every test: typecheck, unit and integration tests on the embedded PostgreSQL (the server's
# global setup starts it on a temp dir), then the browser tests against the built app in
# Chromium. Installs Chromium and PostgreSQL from Debian's packages when they are missing (as
# root); the benchmarks use Debian's PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/system-deps.sh
ensure_system_deps

if [ ! -d node_modules ]; then
  echo "node_modules is missing: run 'npm ci' first (the README's test command does)." >&2
  exit 1
fi

echo "== typecheck and lint"
npm run --silent typecheck
npm run --silent lint

echo "== first-visit JS budget"
node bench/web/bundle-size.mjs > /dev/null

echo "== unit and integration tests (PostgreSQL)"
npx vitest run

echo "== browser tests (Chromium)"
npm run --silent build
npm run --silent test:e2e
