#!/usr/bin/env bash
# Runs a command with DWA_TEST_DATABASE_URL pointing at PostgreSQL.
# If the variable is already set, the command runs as is. Otherwise a
# throwaway cluster is started in a temporary directory (as the postgres
# user when run as root, since PostgreSQL refuses to run as root) and
# removed afterwards. Without PostgreSQL binaries the command runs without
# the variable — unless DWA_REQUIRE_POSTGRES=1, which makes that an error.
set -euo pipefail

if [[ -n "${DWA_TEST_DATABASE_URL:-}" ]]; then
  exec "$@"
fi

pgbin=""
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [[ -x "$d/initdb" && -x "$d/pg_ctl" ]]; then pgbin=$d; break; fi
done
if [[ -z "$pgbin" ]] && command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
  pgbin=$(dirname "$(command -v initdb)")
fi
if [[ -z "$pgbin" ]]; then
  if [[ "${DWA_REQUIRE_POSTGRES:-}" == "1" ]]; then
    echo "with-postgres: DWA_REQUIRE_POSTGRES=1 but no PostgreSQL binaries (initdb, pg_ctl) were found" >&2
    exit 1
  fi
  echo "with-postgres: PostgreSQL not found; running without it (PostgreSQL suites will be skipped)" >&2
  exec "$@"
fi

dir=$(mktemp -d /tmp/dwa-pg.XXXXXX)
as_pg=()
if [[ $(id -u) == 0 ]]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
port=$(( 20000 + RANDOM % 20000 ))
cleanup() {
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$pgbin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
# Durability is pointless for a throwaway test cluster; speed is not.
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
echo "with-postgres: throwaway PostgreSQL on 127.0.0.1:$port" >&2

export DWA_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
"$@"
