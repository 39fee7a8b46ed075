#!/usr/bin/env bash
# Feed benchmark on a throwaway PostgreSQL (Debian's postgresql): see run.ts.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/system-deps.sh
source scripts/lib/postgres.sh
start_temp_postgres
trap stop_temp_postgres EXIT
DATABASE_URL="$PG_URL" node --import tsx bench/feed/run.ts "$@"
