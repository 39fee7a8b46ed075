#!/usr/bin/env bash
# Worker pickup and hand-off latency on a throwaway PostgreSQL (Debian's postgresql): see pickup.ts.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/system-deps.sh
source scripts/lib/postgres.sh
start_temp_postgres
trap stop_temp_postgres EXIT
DATABASE_URL="$PG_URL" node --import tsx bench/queue/pickup.ts "$@"
