#!/usr/bin/env bash
# What the file tools cost beside the reads and writes they are made of (release build): on the
# same demo database, dump (reads every value) and compact (reads and writes a fresh copy) as
# baselines, timed in turn in the same run with verify, recover and diff of a file against itself.
# Usage: scripts/bench_file_tools.sh [--rows N] [--runs N]   (defaults 200000 and 5; medians)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
rows=200000 runs=5
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) rows="${2:?}"; shift 2 ;;
        --runs) runs="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench_file_tools: unknown argument $1" >&2; exit 2 ;;
    esac
done
swift build -c release --product realm-browser >&2
browser="$PWD/.build/release/realm-browser"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$browser" generate demo "$work/demo.realm" --rows "$rows" --seed 1 --force >/dev/null
cp "$work/demo.realm" "$work/same.realm"

# Median wall-clock seconds of `runs` runs of a command (its exit status is the tool's verdict,
# not a failure of the benchmark).
median() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc)")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}

dump=$(median "$browser" "$work/demo.realm" -c dump)
printf '| command (%s objects per class) | seconds | × dump |\n|---|---:|---:|\n' "$rows"
row() { printf '| %s | %.3f | %.2f |\n' "$1" "$2" "$(echo "$2 / $dump" | bc -l)"; }
row "dump (baseline: every value read and printed)" "$dump"
row "compact OUT (baseline: every value read and written)" "$(median "$browser" "$work/demo.realm" -c "compact $work/compact.realm --force")"
row "verify" "$(median "$browser" verify "$work/demo.realm")"
row "recover FILE OUT" "$(median "$browser" recover "$work/demo.realm" "$work/recovered.realm" --force)"
row "diff A B (identical files)" "$(median "$browser" diff "$work/demo.realm" "$work/same.realm")"
"$browser" verify "$work/recovered.realm" >/dev/null
echo "size: $(stat -c %s "$work/demo.realm") bytes; the recovered copy verifies OK"
