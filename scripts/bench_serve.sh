#!/usr/bin/env bash
# How long `serve` takes to answer one page of the grid, at the start, the middle and the end
# of a class of --rows objects (default 200000; the issue's figure is --rows 1000000), and a
# page of a sorted query: the first (the sort runs) and a later one (a slice of its kept keys).
#   scripts/bench_serve.sh [--rows N] [--runs R]
# Prints the median of R requests each, in milliseconds, over loopback with curl.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench_common.sh
file="$work/demo.realm"
"$browser" generate demo "$file" --rows "$rows" >/dev/null
class=$("$browser" "$file" -c 'mode csv' -c 'classes' | sed -n '2p' | cut -d, -f1)
sorted=$("$browser" "$file" -c 'mode csv' -c "schema $class" | awk -F, 'NR > 1 && ($3 == "int" || $3 == "double") { print $2; exit }')
"$browser" serve "$file" --port 0 >"$work/url" 2>"$work/errors" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1200); do
    [ -s "$work/url" ] && break
    kill -0 $server 2>/dev/null || { cat "$work/errors" >&2; exit 1; }
    sleep 0.1
done
[ -s "$work/url" ] || { echo "bench_serve: serve printed no URL in 120 s" >&2; exit 1; }
url=$(head -1 "$work/url")
base=${url%%/\?token=*}
token=${url#*token=}
cookie="realm_browser_token_${base##*:}=$token"

# Median milliseconds of `runs` GETs of $1.
page() {
    local times=()
    for _ in $(seq "$runs"); do
        times+=("$(curl -s -o /dev/null -w '%{time_total}' -b "$cookie" "$base$1")")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p" | awk '{ printf "%.1f", $1 * 1000 }'
}
query="TRUEPREDICATE%20SORT($sorted%20DESC)"
first_sorted=$(curl -s -o /dev/null -w '%{time_total}' -b "$cookie" "$base/api/query?class=$class&q=$query&limit=100" | awk '{ printf "%.1f", $1 * 1000 }')
echo "serve, $class of $rows objects, pages of 100 (median of $runs requests, ms):"
printf '  %-44s %8s\n' "objects at offset 0" "$(page "/api/objects?class=$class&offset=0&limit=100")"
printf '  %-44s %8s\n' "objects at offset $((rows / 2))" "$(page "/api/objects?class=$class&offset=$((rows / 2))&limit=100")"
printf '  %-44s %8s\n' "objects at offset $((rows - 100))" "$(page "/api/objects?class=$class&offset=$((rows - 100))&limit=100")"
printf '  %-44s %8s\n' "sorted by $sorted, first page (sort runs, once)" "$first_sorted"
printf '  %-44s %8s\n' "sorted by $sorted, page at offset $((rows - 100))" "$(page "/api/query?class=$class&q=$query&offset=$((rows - 100))&limit=100")"
