#!/usr/bin/env bash
# Starts the production set-up of docs/operations.md on this machine — two
# `dwa serve` on one PostgreSQL database behind HAProxy with TLS and
# /readyz health checks — puts it under load, restarts both instances one
# after the other, and reports the requests that failed (there should be
# none). Everything lives in a temporary directory and a throwaway
# database, both removed at the end.
#
#   deploy/local-cluster.sh                 # PostgreSQL at DWA_CLUSTER_PG, default
#                                           # postgres://postgres@127.0.0.1:5432/postgres
#   scripts/with-postgres.sh deploy/local-cluster.sh   # or in a throwaway cluster
#
# Needs go, haproxy, openssl, psql and curl. DWA_CLUSTER_KEEP=1 keeps the
# directory (logs, haproxy.cfg) for a look afterwards. It fails when a
# request failed or an acknowledged POST was not stored exactly once. Control runs:
# DWA_DRAIN_DELAY=0s (stop listening at once) and DWA_CLUSTER_RETRIES=0
# (HAProxy retries nothing) show what each of the two measures prevents.
set -euo pipefail
cd "$(dirname "$0")/.."

admin=${DWA_CLUSTER_PG:-${DWA_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}}
lb_port=${DWA_CLUSTER_PORT:-18443}
stats_port=$((lb_port + 1))
ports=($((lb_port + 2)) $((lb_port + 3)))
workers=${DWA_CLUSTER_WORKERS:-16}
for tool in go haproxy openssl psql curl; do
  command -v $tool >/dev/null || { echo "local-cluster: $tool is needed" >&2; exit 1; }
done

work=$(mktemp -d /tmp/dwa-cluster.XXXXXX)
db=dwa_cluster_$$
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -q "$admin" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  if [[ "${DWA_CLUSTER_KEEP:-}" == 1 ]]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

say() { printf '%s  %s\n' "$(date -u +%T)" "$*"; }

say "building dwa and loadcheck"
go build -o "$work/dwa" ./cmd/dwa
go build -o "$work/loadcheck" ./deploy/loadcheck

say "creating database $db"
psql -q "$admin" -c "CREATE DATABASE $db" >/dev/null
database_url=$(sed -E "s#^(postgres(ql)?://[^/]+)/[^?]*#\1/$db#" <<<"$admin")

say "making a self-signed certificate for localhost"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
cat "$work/cert.pem" "$work/key.pem" >"$work/haproxy.pem"

# Both instances share the signing key (sessions work on either), the
# database, and one data directory for media. Production settings, with
# the test payment provider allowed and the demo catalogue seeded.
export DWA_ENV=production DWA_PUBLIC_URL=https://localhost:$lb_port DWA_ALLOW_TEST_PAYMENTS=1 \
  DWA_DEMO=1 DATABASE_URL=$database_url DWA_DATA_DIR=$work/data DWA_DB_MAX_CONNS=8 \
  DWA_TRUSTED_PROXIES=127.0.0.1/32 DWA_RATE_LIMITS=analytics=off DWA_DRAIN_DELAY=${DWA_DRAIN_DELAY:-3s} DWA_SHUTDOWN_TIMEOUT=15s \
  DWA_SECRET_KEY=$(openssl rand -base64 48)

declare -A pid
start() { # instance number
  local i=$1
  DWA_ADDR=127.0.0.1:${ports[$i]} "$work/dwa" serve >>"$work/dwa-$i.log" 2>&1 &
  pid[$i]=$!
  pids+=($!)
  for _ in $(seq 600); do
    curl -sf "http://127.0.0.1:${ports[$i]}/readyz" >/dev/null && return 0
    kill -0 "${pid[$i]}" 2>/dev/null || { echo "dwa-$i died:" >&2; tail "$work/dwa-$i.log" >&2; exit 1; }
    sleep 0.1
  done
  echo "dwa-$i never became ready" >&2
  exit 1
}

# HAProxy's view of a server: UP, DOWN, … (column 18 of the stats CSV).
lb_status() { curl -s "http://127.0.0.1:$stats_port/stats;csv" | awk -F, -v s="s$1" '$1=="dwa" && $2==s {print $18}'; }
wait_lb() { # instance number, wanted status
  for _ in $(seq 300); do
    [[ "$(lb_status "$1")" == "$2"* ]] && return 0
    sleep 0.1
  done
  echo "HAProxy never saw s$1 $2" >&2
  exit 1
}

say "starting dwa-0 (seeds the demo catalogue) and dwa-1"
start 0
start 1

sed -e "s#@LB_PORT@#$lb_port#; s#@STATS_PORT@#$stats_port#; s#@PEM@#$work/haproxy.pem#" \
  -e "s#@S0@#127.0.0.1:${ports[0]}#; s#@S1@#127.0.0.1:${ports[1]}#" deploy/haproxy/haproxy.cfg >"$work/haproxy.cfg"
if [[ "${DWA_CLUSTER_RETRIES:-1}" == 0 ]]; then # a control run: no retries by the proxy
  sed -i -e '/retry-on\|option redispatch/d' -e 's/retries 3/retries 0/' "$work/haproxy.cfg"
fi
haproxy -c -q -f "$work/haproxy.cfg"
haproxy -db -f "$work/haproxy.cfg" >"$work/haproxy.log" 2>&1 &
pids+=($!)
wait_lb 0 UP
wait_lb 1 UP
say "HAProxy on https://localhost:$lb_port sees both instances UP"

base=https://localhost:$lb_port
# Reads, and page views: a POST that writes a row each time, so the
# database can show afterwards that every acknowledged write was stored
# exactly once (no retry sent one twice, none was lost).
"$work/loadcheck" -c "$workers" -cacert "$work/cert.pem" \
  -post "$base/api/analytics/pageviews/" -body '{"path":"/rolling-restart"}' \
  "$base/api/store/products/?page_size=24" "$base/api/store/categories/" "$base/api/store/hero/" \
  "$base/api/store/products/?search=phone" "$base/healthz" >"$work/load.txt" 2>&1 &
load=$!
pids+=($load)
say "load: $workers workers through HAProxy"
sleep 3

for i in 0 1; do
  say "rolling restart: SIGTERM to dwa-$i"
  t0=$(date +%s.%N)
  kill -TERM "${pid[$i]}"
  wait_lb "$i" DOWN
  say "  HAProxy marked s$i DOWN after $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}') s"
  wait "${pid[$i]}" || { echo "dwa-$i exited with an error:" >&2; tail "$work/dwa-$i.log" >&2; exit 1; }
  say "  dwa-$i stopped; starting it again"
  start "$i"
  wait_lb "$i" UP
  say "  s$i UP again"
  sleep 2
done

kill -INT "$load"
status=0
wait "$load" || status=$?
say "load finished"
cat "$work/load.txt"
posted=$(sed -nE 's/.*\(POST ([0-9]+)\).*/\1/p' "$work/load.txt")
stored=$(psql -qtA "$database_url" -c "SELECT COUNT(*) FROM page_views WHERE path = '/rolling-restart'")
say "page views acknowledged $posted, stored $stored"
[[ "$posted" == "$stored" ]] || status=1
for i in 0 1; do
  printf 'dwa-%s: ' "$i"
  curl -s "http://127.0.0.1:${ports[$i]}/metrics" | awk '/^dwa_http_requests_total/ {split($0, a, "status=\""); s=substr(a[2], 1, 1); n[s"xx"]+=$NF} END {for (k in n) printf "%s %d  ", k, n[k]; print "(since its restart)"}'
done
exit $status
