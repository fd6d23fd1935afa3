#!/usr/bin/env bash
# What the file tools cost beside the reads and writes they are made of (release build): on the
# same demo database, dump (reads every value) and compact (reads and writes a fresh copy) as
# baselines, timed in turn in the same run with verify, recover and diff of a file against itself.
# Usage: scripts/bench_file_tools.sh [--rows N] [--runs N]   (defaults 200000 and 5; medians)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/bench_common.sh "$@"
"$browser" generate demo "$work/demo.realm" --rows "$rows" --seed 1 --force >/dev/null
cp "$work/demo.realm" "$work/same.realm"

# A tool's exit status is its verdict (diff of different files, say), not a failure here.
median_ignores_status=1

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
