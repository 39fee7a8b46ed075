# Finds or installs what the tests need beyond npm: Debian's chromium, postgresql and
# python3-requests (the API docs' Python example runs against the server).

pg_bin_dir() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  done
  command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
  return 1
}

ensure_system_deps() {
  local missing=()
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
  pg_bin_dir >/dev/null || missing+=(postgresql)
  python3 -c 'import requests' >/dev/null 2>&1 || missing+=(python3-requests)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "Missing ${missing[*]}: install with 'sudo apt-get install -y ${missing[*]}', then run again." >&2
    exit 1
  fi
  echo "== installing ${missing[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
