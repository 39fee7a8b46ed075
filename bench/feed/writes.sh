#!/usr/bin/env bash
# Write-path benchmark (likes, favourites, comments with and without the stored hot score) on a
# throwaway PostgreSQL (Debian's postgresql): see writes.ts.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/system-deps.sh
source scripts/lib/postgres.sh
start_temp_postgres
trap stop_temp_postgres EXIT
DATABASE_URL="$PG_URL" node --import tsx bench/feed/writes.ts "$@"
