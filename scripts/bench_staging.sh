#!/usr/bin/env bash
# Staging and committing many changes at once (release build): `import csv` of N objects with
# links into an existing class, and `update CLASS TRUEPREDICATE SET ...` of every object of a
# large class (an integer, then a link pointing every object at the same target, whose
# backlink entry grows to N origins). Each figure is the wall time of one realm-browser process
# (open, stage, commit); "refused" where that build does not support the change.
# Usage: scripts/bench_staging.sh [IMPORT_ROWS] [UPDATE_ROWS] [--baseline BINARY]
#   defaults: 10000 objects imported per class, 100000 objects updated.
#   --baseline BINARY also times another realm-browser build (e.g. one built from main) on the
#   same files, for BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
positional=()
baseline=""
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) baseline="$2"; shift 2 ;;
        *) positional+=("$1"); shift ;;
    esac
done
import_rows="${positional[0]:-10000}"
update_rows="${positional[1]:-100000}"
swift build -c release --product realm-browser >&2
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

# The CSV files come from the demo database itself: RealmTestClass1 rows hold lists of links
# to RealmTestClass0 (by object key), RealmTestClass2 rows a single link to RealmTestClass1.
.build/release/realm-browser generate demo "$dir/source.realm" --rows "$import_rows" --seed 7 >/dev/null
.build/release/realm-browser "$dir/source.realm" -c "export csv RealmTestClass1 $dir/class1.csv" -c "export csv RealmTestClass2 $dir/class2.csv" >/dev/null
.build/release/realm-browser generate demo "$dir/update.realm" --rows "$update_rows" --seed 7 >/dev/null

seconds() {  # seconds BINARY ARGS... : wall time of one run ("refused" when it fails)
    local start end
    start=$(date +%s.%N)
    "$@" >"$dir/out.txt" 2>&1 || { echo "refused"; return; }
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.2f} s')"
}

measure() {  # measure NAME BINARY
    local name="$1" binary="$2"
    cp "$dir/source.realm" "$dir/import.realm"
    local list single update link
    list=$(seconds "$binary" "$dir/import.realm" -c "import csv $dir/class1.csv RealmTestClass1")
    single=$(seconds "$binary" "$dir/import.realm" -c "import csv $dir/class2.csv RealmTestClass2")
    cp "$dir/update.realm" "$dir/updating.realm"
    update=$(seconds "$binary" "$dir/updating.realm" -c "update RealmTestClass1 TRUEPREDICATE SET integerValue = 42")
    link=$(seconds "$binary" "$dir/updating.realm" -c "update RealmTestClass2 TRUEPREDICATE SET objectReference = RealmTestClass1[0]")
    printf '%-10s | %22s | %22s | %22s | %24s\n' "$name" "$list" "$single" "$update" "$link"
}

printf '%-10s | %22s | %22s | %22s | %24s\n' "build" "import $import_rows w/ lists" "import $import_rows w/ link" "update $update_rows ints" "update $update_rows links"
measure "this" .build/release/realm-browser
if [ -n "$baseline" ]; then measure "baseline" "$baseline"; fi
