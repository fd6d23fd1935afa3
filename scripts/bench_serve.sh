#!/usr/bin/env bash
# How long `serve` takes to answer one page of the grid, at the start, the middle and the end
# of a class of --rows objects (default 200000; the issues' figure is --rows 1000000), a page
# of a sorted query (the first: the sort runs; a later one: a slice of its kept keys), and the
# chart of a column over the whole class (a histogram of integers, of dates; common strings).
#   scripts/bench_serve.sh [--rows N] [--runs R]
# Prints the median of R requests each, in milliseconds: on the server (its Server-Timing
# header: the answer built, without network or client) and in all (curl over loopback).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench_common.sh
file="$work/demo.realm"
"$browser" generate demo "$file" --rows "$rows" --seed 1 >/dev/null
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

# "SERVER TOTAL": median milliseconds of `runs` GETs of $1, on the server and in all.
page() {
    local server=() total=()
    for _ in $(seq "$runs"); do
        local answer
        answer=$(curl -s -D - -o /dev/null -w 'total %{time_total}\n' -b "$cookie" "$base$1")
        server+=("$(printf '%s\n' "$answer" | tr -d '\r' | sed -n 's/^[Ss]erver-[Tt]iming: app;dur=//p')")
        total+=("$(printf '%s\n' "$answer" | sed -n 's/^total //p')")
    done
    local middle=$(( (runs + 1) / 2 ))
    printf '%s %s' "$(printf '%s\n' "${server[@]}" | sort -n | sed -n "${middle}p" | awk '{ printf "%.1f", $1 }')" \
        "$(printf '%s\n' "${total[@]}" | sort -n | sed -n "${middle}p" | awk '{ printf "%.1f", $1 * 1000 }')"
}
row() {
    local figures
    figures=$(page "$2")
    printf '  %-52s %10s %10s\n' "$1" "${figures% *}" "${figures#* }"
}
query="TRUEPREDICATE%20SORT($sorted%20DESC)"
first_sorted=$(curl -s -D - -o /dev/null -b "$cookie" "$base/api/query?class=$class&q=$query&limit=100" | tr -d '\r' | sed -n 's/^[Ss]erver-[Tt]iming: app;dur=//p')
# The second class has the dates (and booleans, lists); the first the strings.
other=$("$browser" "$file" -c 'mode csv' -c 'classes' | sed -n '3p' | cut -d, -f1)
date_column=$("$browser" "$file" -c 'mode csv' -c "schema $other" | awk -F, 'NR > 1 && $3 ~ /^date/ { print $2; exit }')
list_column=$("$browser" "$file" -c 'mode csv' -c "schema $other" | awk -F, 'NR > 1 && $3 ~ /^list/ { print $2; exit }')
string_column=$("$browser" "$file" -c 'mode csv' -c "schema $class" | awk -F, 'NR > 1 && $3 ~ /^string/ { print $2; exit }')
echo "serve, $class of $rows objects (median of $runs requests, ms):"
printf '  %-52s %10s %10s\n' "request" "server" "in all"
row "objects at offset 0, 100 rows" "/api/objects?class=$class&offset=0&limit=100"
row "objects at offset $((rows / 2)), 100 rows" "/api/objects?class=$class&offset=$((rows / 2))&limit=100"
row "objects at offset $((rows - 100)), 100 rows" "/api/objects?class=$class&offset=$((rows - 100))&limit=100"
printf '  %-52s %10s %10s\n' "sorted by $sorted, first page (sort runs, once)" "$first_sorted" "-"
row "sorted by $sorted, page at offset $((rows - 100))" "/api/query?class=$class&q=$query&offset=$((rows - 100))&limit=100"
row "chart of $sorted (histogram, $rows objects)" "/api/chart?class=$class&property=$sorted"
row "chart of $other.$date_column (histogram of dates)" "/api/chart?class=$other&property=$date_column"
row "chart of $other.$list_column (list lengths)" "/api/chart?class=$other&property=$list_column"
row "chart of $string_column (most common of $rows distinct strings)" "/api/chart?class=$class&property=$string_column"
row "chart of $sorted over the sorted query's objects" "/api/chart?class=$class&property=$sorted&q=$query"
# Beside it, the same figures from the REPL: `stats` in a process of its own (start and open
# included), the median of `runs`.
for column in "$class $sorted" "$other $date_column" "$class $string_column"; do
    printf '  %-52s %10s %10s\n' "stats $column (a process, for comparison)" "-" \
        "$(median "$browser" "$file" -c "stats $column" | awk '{ printf "%.1f", $1 * 1000 }')"
done
