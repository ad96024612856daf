#!/usr/bin/env bash
# bench/burst.sh: memory under a burst (design.md §5: 48 concurrent sign-ins
# and 8 parallel large uploads, RSS ≤ 400 MB). Builds dwa and bench/burst,
# starts `dwa serve` on a throwaway SQLite data directory with the demo
# catalogue (its store owner uploads) and the register/login rate limits
# lifted, then runs bench/burst against it once per picture kind. Prints
# the sign-in latencies and the server's peak RSS.
#
# Knobs: BURST_SIGNINS (default 48), BURST_UPLOADS (default 8),
# BURST_IMAGES (default "png16 jpeg40 bomb"), BURST_DWA (a dwa binary to
# measure instead of building this tree's).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d /tmp/dwa-burst.XXXXXX)
pid=
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

dwa=${BURST_DWA:-}
if [[ -z $dwa ]]; then
  go build -trimpath -o "$work/dwa" ./cmd/dwa
  dwa=$work/dwa
fi
(cd bench && go build -o "$work/burst" ./burst)

for kind in ${BURST_IMAGES:-png16 jpeg40 bomb}; do
  port=18400
  while curl -s "http://127.0.0.1:$port/" >/dev/null 2>&1; do port=$((port + 1)); done
  rm -rf "$work/data"
  DWA_DATA_DIR=$work/data DWA_ADDR=127.0.0.1:$port DWA_LOG_LEVEL=warn \
    DWA_RATE_LIMITS=register=off,login=off,login-fail=off "$dwa" serve >"$work/serve.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 200); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  echo
  "$work/burst" -pid "$pid" -signins "${BURST_SIGNINS:-48}" -uploads "${BURST_UPLOADS:-8}" -image "$kind" \
    "http://127.0.0.1:$port"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
done
