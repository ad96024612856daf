#!/usr/bin/env bash
# make bench: build dwa, seed throwaway databases (10,000 products for the
# catalogue reads, 100,000 for search), start the server on 127.0.0.1 and
# drive each endpoint from a separate process (bench/load, built on the hey
# requester, one paced connection per worker so arrivals are spread evenly)
# at a fixed rate, bounded in time and requests. Prints one table
# per engine. PostgreSQL runs against DWA_TEST_DATABASE_URL (a fresh schema
# per run), else a throwaway cluster from scripts/with-postgres.sh; without
# PostgreSQL it is skipped.
#
# Order placement (bench/orders) runs on a fresh demo database: shoppers
# bag a product and order it at BENCH_ORDER_RATE orders/s, a fifth of them
# racing for a product with 50 units; the run fails if any unit is oversold.
#
# The mixed benchmark (bench/mixed) measures the catalogue while it
# changes, on the 100,000-product database: the read mix at a fixed rate
# alone, then again while shoppers order 10/s (a fifth racing for 50
# units) and a seller makes 5 writes/s through the Seller API; it prints
# read p50/p99 side by side, write p99, freshness lag on every instance,
# RSS, errors and oversold units, with the budgets marked PASS/FAIL. On
# PostgreSQL two instances share the database: writes on one, reads on
# both. bench/listcost measures the uncached product list (random shuffle
# seed, 32 connections): p99 and server CPU per request at 1,000 and
# 100,000 products; then the whole catalogue's facets, counted afresh for
# each request (a random price floor). Budget misses are printed; only oversold or stock that
# does not add up fails the run.
#
# `bench/run.sh 1m` (make bench-1m) instead seeds 1,000,000 products and
# runs the search/list part of the mixed benchmark there, and the uncached
# list at 1k, 100k and 1M side by side.
#
# Last, bench/burst.sh measures the server's peak memory under a burst of
# sign-ins and large uploads (design.md §5).
#
# Knobs: BENCH_DURATION (seconds per endpoint, default 10), BENCH_RATE
# (catalogue req/s, default 1000), BENCH_SEARCH_RATE (default 200),
# BENCH_ORDER_RATE (default 100), BENCH_ENGINES ("sqlite postgres"),
# BENCH_MIXED_DURATION (seconds per mixed phase, default 60: ~1,150
# samples per endpoint and phase, so that a p99 is not one host hiccup),
# BENCH_MIXED_RATE (mixed read req/s, default 100), BENCH_LIST_DURATION
# (seconds per uncached list run, default 10), BENCH_MEMLIMIT_1M (the
# 1M-product servers' GOMEMLIMIT, default 1200MiB: the live heap at 1M is
# ~0.46 GB of index and ~0.32 GB of list cards, decision 0016),
# BENCH_READY_WAIT (seconds a server may take to build its index and fill
# its list cards, default 900).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
duration=${BENCH_DURATION:-10}
rate=${BENCH_RATE:-1000}
search_rate=${BENCH_SEARCH_RATE:-200}
order_rate=${BENCH_ORDER_RATE:-100}
engines=${BENCH_ENGINES:-sqlite postgres}
mixed_duration=${BENCH_MIXED_DURATION:-60}
mixed_rate=${BENCH_MIXED_RATE:-100}
list_duration=${BENCH_LIST_DURATION:-10}
memlimit_1m=${BENCH_MEMLIMIT_1M:-1200MiB}
ready_wait=${BENCH_READY_WAIT:-900}
mode=${1:-}

if [[ " $engines " == *" postgres "* && -z "${DWA_TEST_DATABASE_URL:-}" && -z "${BENCH_IN_PG:-}" ]]; then
  # Re-run inside a throwaway cluster when one can be started.
  exec env BENCH_IN_PG=1 scripts/with-postgres.sh "$0" "$@"
fi

work=$(mktemp -d /tmp/dwa-bench.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [[ -n "${DWA_TEST_DATABASE_URL:-}" ]]; then
    # database() runs in command substitutions, so its schema names cannot
    # be collected in a variable: drop every schema of this run by pattern.
    psql -qAt "$DWA_TEST_DATABASE_URL" -c "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'bench\_%\_$$'" 2>/dev/null |
      while read -r s; do psql -q "$DWA_TEST_DATABASE_URL" -c "DROP SCHEMA IF EXISTS $s CASCADE" >/dev/null 2>&1 || true; done
  fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "Building dwa and the load driver…"
# Binaries live apart from the databases, which are directories named
# after what they serve ("orders" would collide with the orders driver).
bin=$work/bin
mkdir -p "$bin"
go build -trimpath -o "$bin/dwa" ./cmd/dwa
(cd bench && go build -o "$bin/load" ./load && go build -o "$bin/orders" ./orders &&
  go build -o "$bin/mixed" ./mixed && go build -o "$bin/listcost" ./listcost)

# database ENGINE NAME → prints the env assignments for a fresh database.
database() {
  if [[ $1 == sqlite ]]; then
    mkdir -p "$work/$2"
    echo "DWA_DATA_DIR=$work/$2"
    return
  fi
  local schema="bench_$2_$$"
  psql -q "$DWA_TEST_DATABASE_URL" -c "DROP SCHEMA IF EXISTS $schema CASCADE; CREATE SCHEMA $schema" >/dev/null
  local sep='?'; [[ $DWA_TEST_DATABASE_URL == *\?* ]] && sep='&'
  mkdir -p "$work/$2-pg"
  echo "DWA_DATA_DIR=$work/$2-pg DATABASE_URL=${DWA_TEST_DATABASE_URL}${sep}search_path=$schema"
}

port=18000
# serve ENV… → starts dwa on a free port, waits until it is ready and has
# filled its list cards (their background reads would count in the CPU
# measured), and sets base. Not run in a subshell, so that cleanup knows
# the server's pid.
serve() {
  port=$((port + 1))
  while curl -s "http://127.0.0.1:$port/" >/dev/null 2>&1; do port=$((port + 1)); done
  env "$@" DWA_ADDR=127.0.0.1:$port DWA_LOG_LEVEL=warn "$bin/dwa" serve >"$work/serve-$port.log" 2>&1 &
  pids+=($!)
  # At 1M products on PostgreSQL the background fill of the list cards
  # takes minutes (stop 35: more than the 2 minutes this waited before).
  local t0=$SECONDS
  while ((SECONDS - t0 < ready_wait)); do
    if curl -fsS "http://127.0.0.1:$port/metrics" 2>/dev/null | grep -q 'dwa_catalogue_index_total{event="cards_filled"} [1-9]'; then
      base="http://127.0.0.1:$port"
      ((SECONDS - t0 < 10)) || echo "dwa ready with its list cards filled in $((SECONDS - t0)) s"
      return
    fi
    sleep 0.1
  done
  echo "dwa did not become ready within $ready_wait s; log:" >&2
  cat "$work/serve-$port.log" >&2
  exit 1
}

fields="fields=id,name,unit_price,images,inventory,average_rating,description"
suggest=()
for q in s sa sam sams samsu samsung "samsung g" "samsung gal" i ip iph ipho iphone "iphone 1" "iphone 15" \
  x xb xbo xbox "xbox c" "xbox cont" p pl pla play playstation "playstation 5" l la lap laptop "hp lap" \
  contoller samsnug headph jbl "oraimo free" "tecno cam" "infinix hot" "power bank" charger earbuds \
  "gold ring" necklace "school bag" "dell" "macbook air" "wireless" "redmi note 13"; do
  suggest+=("/api/store/products/?search=$(printf %s "$q" | sed 's/ /%20/g')&page_size=5&fields=id,name")
done

run() {
  local engine=$1
  echo
  echo "### $engine ($(nproc) cores, ${duration}s per endpoint)"
  local env10 env100
  read -r -a env10 <<<"$(database "$engine" reads)"
  read -r -a env100 <<<"$(database "$engine" search)"
  local t0=$SECONDS
  env "${env10[@]}" "$bin/dwa" seed --products 9810 >"$work/seed.log" 2>&1 || { cat "$work/seed.log"; exit 1; }
  echo "seeded 10,000 products in $((SECONDS - t0)) s"
  t0=$SECONDS
  env "${env100[@]}" "$bin/dwa" seed --products 99810 >"$work/seed.log" 2>&1 || { cat "$work/seed.log"; exit 1; }
  echo "seeded 100,000 products in $((SECONDS - t0)) s"
  echo
  serve "${env10[@]}"
  local L=("$bin/load" -duration "${duration}s")
  "${L[@]}" -header -name "product list (24, storefront fields), 10k" -rate "$rate" "$base/api/store/products/?page_size=24&$fields"
  "${L[@]}" -name "product detail, 10k" -rate "$rate" -ids 10000 "$base/api/store/products/{id}/"
  "${L[@]}" -name "categories" -rate "$rate" "$base/api/store/categories/"
  "${L[@]}" -name "stores search" -rate "$rate" "$base/api/store/stores/?search=hub" "$base/api/store/stores/?search=gold" \
    "$base/api/store/stores/?name=Accra%20Game%20Hub" "$base/api/store/stores/?search=t"
  serve "${env100[@]}"
  "${L[@]}" -name "search suggestions (5), 100k" -rate "$search_rate" "${suggest[@]/#/$base}"
  orders "$engine"
  stop_servers
  list_cost "$engine" "${env100[*]}"
  stop_servers
  mixed "$engine" 100k 25 "${env100[*]}"
  stop_servers
}

# stop_servers stops the servers started so far, so that each part of the
# bench has the machine to itself.
stop_servers() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  pids=()
}

seed() { # seed LABEL PRODUCTS ENV… → seeds and prints how long it took
  local label=$1 n=$2 t0=$SECONDS
  shift 2
  env "$@" "$bin/dwa" seed --products "$n" >"$work/seed.log" 2>&1 || { cat "$work/seed.log"; exit 1; }
  echo "seeded $label products in $((SECONDS - t0)) s"
}

# list_cost ENGINE "ENV_100k" [ "ENV_1M" ] → uncached list p99 and CPU per
# request at 1k, then at each given size (100k, 1M), 1k as the baseline.
list_cost() {
  local engine=$1 env1k
  shift
  echo
  read -r -a env1k <<<"$(database "$engine" list1k)"
  seed 1,000 810 "${env1k[@]}"
  serve "${env1k[@]}"
  "$bin/listcost" -header -name "1k" -pid "${pids[-1]}" -duration "${list_duration}s" -out "$work/cpu1k" "$base"
  "$bin/listcost" -facets -name "1k: facets of all products" -pid "${pids[-1]}" -duration "${list_duration}s" "$base"
  stop_servers
  local sizes=(100k 1M) envs i=0
  for e in "$@"; do
    read -r -a envs <<<"$e"
    serve "${envs[@]}"
    "$bin/listcost" -name "${sizes[$i]}" -pid "${pids[-1]}" -duration "${list_duration}s" -baseline "$(cat "$work/cpu1k")" "$base"
    "$bin/listcost" -facets -name "${sizes[$i]}: facets of all products" -pid "${pids[-1]}" -duration "${list_duration}s" "$base"
    stop_servers
    i=$((i + 1))
  done
}

# mixed ENGINE LABEL BUDGET_MS "ENV" [ENDPOINTS [FLAG…]] → the mixed
# benchmark on an existing catalogue: one instance on SQLite, two on
# PostgreSQL (writes on the first, reads on both); FLAGs go to bench/mixed.
mixed() {
  local engine=$1 label=$2 budget=$3 envm endpoints=${5:-list,detail,category,search,suggest}
  read -r -a envm <<<"$4"
  local bases=() n=1
  [[ $engine == postgres ]] && n=2
  for _ in $(seq 1 "$n"); do
    # Tokens outlive a slow run; rate limits would refuse the bench's shoppers.
    serve "${envm[@]}" DWA_RATE_LIMITS=register=off,login=off,order=off DWA_ACCESS_TOKEN_TTL=1h
    bases+=("$base")
  done
  local products
  products=$(curl -fsS "$base/api/store/products/?page_size=1&fields=id" | grep -o '"count":[0-9]*' | cut -d: -f2)
  "$bin/mixed" -rate "$mixed_rate" -duration "${mixed_duration}s" -products "$products" -label "$label" \
    -budget-ms "$budget" -endpoints "$endpoints" "${@:6}" -pids "$(IFS=,; echo "${pids[*]}")" "${bases[@]}"
}

# run_1m ENGINE → the 1,000,000-product run: seeding time, uncached list at
# 1k, 100k and 1M, and the search/list part of the mixed benchmark.
run_1m() {
  local engine=$1 env100 env1m
  echo
  echo "### $engine, 1,000,000 products ($(nproc) cores)"
  read -r -a env100 <<<"$(database "$engine" search)"
  read -r -a env1m <<<"$(database "$engine" million)"
  seed 100,000 99810 "${env100[@]}"
  seed 1,000,000 999810 "${env1m[@]}"
  # The instance runs as docs/operations.md says to run a large catalogue:
  # with a Go soft memory limit, so that the collector works harder before
  # the heap doubles (an index compaction briefly holds two copies).
  echo "servers run with GOMEMLIMIT=$memlimit_1m"
  list_cost "$engine" "${env100[*]} GOMEMLIMIT=$memlimit_1m" "${env1m[*]} GOMEMLIMIT=$memlimit_1m"
  # Issue 15's budget at 1M is search p99 ≤ 50 ms with writes; its "≤ 2×
  # the read-only p99" is asked at 100k.
  mixed "$engine" 1M 50 "${env1m[*]} GOMEMLIMIT=$memlimit_1m" list,search,suggest -within-2x=false
  stop_servers
}

# orders_sql ENGINE SQL → runs SQL on the orders benchmark's database, one
# value a line.
orders_sql() {
  if [[ $1 == sqlite ]]; then
    sqlite3 -cmd ".timeout 10000" "$work/orders/dwa.db" "$2"
  else
    psql -qAt "$DWA_TEST_DATABASE_URL" -c "SET search_path TO bench_orders_$$; $2"
  fi
}

# orders ENGINE → order placement on a fresh demo database: 20 products get
# plenty of stock, one gets 50 units to race for.
orders() {
  local envo
  read -r -a envo <<<"$(database "$1" orders)"
  serve "${envo[@]}" DWA_RATE_LIMITS=register=off,login=off,order=off
  # Stock is set in the database behind the server's back, so the server is
  # restarted to read it: a running one learns of changes only through the
  # change feed (decision 0016), and keeps what it has read until then.
  stop_servers
  # Products without options: a product with options keeps its stock per
  # variant (decision 0029), and an order for it must name one.
  local ids plenty scarce
  ids=$(orders_sql "$1" "SELECT id FROM products p WHERE is_active AND NOT EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = p.id) ORDER BY name, id LIMIT 21" | paste -sd,)
  plenty=${ids%,*} scarce=${ids##*,}
  orders_sql "$1" "UPDATE products SET inventory = 1000000 WHERE id IN ($plenty); UPDATE products SET inventory = 50 WHERE id = $scarce;" >/dev/null
  serve "${envo[@]}" DWA_RATE_LIMITS=register=off,login=off,order=off
  "$bin/orders" -rate "$order_rate" -duration "${duration}s" -products "$plenty" -scarce "$scarce" "$base"
}

if [[ $mode == 1m ]]; then
  for e in $engines; do
    if [[ $e == postgres && -z "${DWA_TEST_DATABASE_URL:-}" ]]; then
      echo
      echo "### postgres: skipped (no PostgreSQL: set DWA_TEST_DATABASE_URL or install it)"
      continue
    fi
    run_1m "$e"
  done
  exit 0
fi

echo
echo "### synthetic catalogue generation (budget: 100,000 products in 10 s)"
go test -run '^$' -bench '^BenchmarkSynthetic$' -benchtime 1x ./internal/demo | grep -E '^(Benchmark|--- FAIL|    )'

for e in $engines; do
  if [[ $e == postgres && -z "${DWA_TEST_DATABASE_URL:-}" ]]; then
    echo
    echo "### postgres: skipped (no PostgreSQL: set DWA_TEST_DATABASE_URL or install it)"
    continue
  fi
  run "$e"
done

# Memory under a burst (48 sign-ins, 8 large uploads; SQLite): bench/burst.sh.
echo
echo "### memory under a burst (sqlite)"
bench/burst.sh
