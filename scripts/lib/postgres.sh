# Starts a throwaway PostgreSQL cluster on a free loopback port; sets PG_URL.

run_as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_temp_postgres() {
  local bin
  bin=$(pg_bin_dir)
  PG_TMP=$(mktemp -d /tmp/lumen-pg.XXXXXX)
  [ "$(id -u)" -eq 0 ] && chown postgres "$PG_TMP"
  PG_PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  run_as_pg "$bin/initdb" -D "$PG_TMP/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
  run_as_pg "$bin/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/log" -w \
    -o "-p $PG_PORT -k $PG_TMP -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
  PG_BIN="$bin"
  PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  export PG_URL
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $PG_PORT"
}

stop_temp_postgres() {
  [ -n "${PG_TMP:-}" ] || return 0
  run_as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_TMP"
}
