#!/usr/bin/env bash
# Instructions executed (valgrind's callgrind) by this build and by a baseline build, side by
# side, for the work whose inner loops issue 16 touched: scans and dumps (a Ctrl-C check per
# leaf), writing new files (a check per leaf written, every call through FileCalls) and commits
# in place (the undo journal reads what each write covers). Counts, not seconds: the same for
# the same binary and input whatever else the machine is doing, so the ratio holds on a busy one.
# Usage: scripts/bench_instructions.sh BASELINE_DIR [--rows N] [--this DIR]
#   BASELINE_DIR holds the baseline's realm-browser and realm-bench, e.g. the folder that
#   `scripts/build_baseline.sh COMMIT` prints; --this DIR measures the release build there
#   instead of building this checkout's (default 20000 objects per class).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
baseline="${1:?usage: scripts/bench_instructions.sh BASELINE_DIR [--rows N]}"
shift
rows=20000
this=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) rows="${2:?}"; shift 2 ;;
        --this) this="${2:?}"; shift 2 ;;
        *) echo "bench_instructions: unknown argument $1" >&2; exit 2 ;;
    esac
done
if ! command -v valgrind >/dev/null 2>&1; then install_packages valgrind; fi
if [ -z "$this" ]; then
    swift build -c release --product realm-browser >&2
    swift build -c release --product realm-bench >&2
    this="$PWD/.build/release"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$this/realm-browser" generate demo "$work/demo.realm" --rows "$rows" --seed 1 >/dev/null
big=../shared/fixtures/big.realm

# Instructions of one run of a command (its output discarded).
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# One row: the same step run by each build, from the same input files.
row() {
    local label="$1" step="$2" own base
    own=$($step "$this")
    base=$($step "$baseline")
    printf '| %s | %s | %s | %.3f |\n' "$label" "$base" "$own" "$(echo "$own / $base" | bc -l)"
}

query() { instructions "$1/realm-bench" --runs 1 --warmup 0 --only string-eq,int-between,contains-c,all-objects "$big"; }
count() { instructions "$1/realm-browser" "$work/demo.realm" -c "count RealmTestClass1 integerValue > 5000000"; }
dump() { instructions "$1/realm-browser" "$work/demo.realm" -c dump; }
export_csv() { instructions "$1/realm-browser" "$work/demo.realm" -c "export csv RealmTestClass1 $work/out.csv"; rm -f "$work/out.csv"; }
generate() { instructions "$1/realm-browser" generate demo "$work/new.realm" --rows "$rows" --seed 2 --force; }
compact() { instructions "$1/realm-browser" "$work/demo.realm" -c "compact $work/compact.realm --force"; }
update() {
    cp "$work/demo.realm" "$work/update.realm"
    instructions "$1/realm-browser" "$work/update.realm" -c "update RealmTestClass1 TRUEPREDICATE SET integerValue = 42"
}
set_one() {
    cp "$work/demo.realm" "$work/set.realm"
    instructions "$1/realm-browser" "$work/set.realm" -c "set RealmTestClass0[0].integerValue = 1"
}

echo "instructions (callgrind), $rows objects per class in the demo database; baseline: $baseline"
printf '| step | baseline | this build | ratio |\n|---|---:|---:|---:|\n'
row "realm-bench: 4 queries on big.realm (200,000 objects), one run each" query
row "open + count RealmTestClass1 integerValue > 5000000" count
row "open + dump" dump
row "open + export csv RealmTestClass1" export_csv
row "generate demo --rows $rows" generate
row "open + compact" compact
row "open + update every RealmTestClass1 object + commit" update
row "open + set one value + commit" set_one
