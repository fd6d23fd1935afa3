#!/usr/bin/env bash
# serve's Export -> SQLite download of a realm: the peak resident memory of the serve process
# (VmHWM) and the time of the whole download seen by curl, and the file checked by sqlite3.
# Usage: scripts/bench_sqlite_download.sh BINARY REALM [PORT]
#   e.g. scripts/bench_sqlite_download.sh .build/release/realm-browser demo1m.realm
set -euo pipefail
bin="$1"; realm="$2"; port="${3:-8719}"
work="$(mktemp -d)"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
"$bin" serve "$realm" --port "$port" > "$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 1 200); do grep -q token= "$work/serve.log" && break; sleep 0.1; done
url="$(grep -o "http://[^ ]*token=[0-9a-f]*" "$work/serve.log" | head -1)"
curl -s -c "$work/jar" -o /dev/null -L "$url"
start=$(date +%s.%N)
curl -s -b "$work/jar" -o "$work/download.sqlite" "http://127.0.0.1:$port/api/export?format=sqlite" \
    -w "status %{http_code}, %{size_download} bytes\n"
end=$(date +%s.%N)
grep VmHWM "/proc/$pid/status"
echo "download: $(echo "$end - $start" | bc) s"
sqlite3 "$work/download.sqlite" "PRAGMA integrity_check;"
