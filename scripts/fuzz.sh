#!/usr/bin/env bash
# Builds one libFuzzer harness (Fuzzing/, see FUZZING.md) and runs it.
#   scripts/fuzz.sh NAME SECONDS [libFuzzer options...]
# NAME is one of the names on FUZZING.md's first line. SECONDS bounds the run
# (-max_total_time); 0 leaves it to the options (CI's smoke passes -runs=N, which does not
# depend on the machine's load). The corpus grows in .build/fuzz/NAME/corpus across runs,
# seeded each run from the fixtures (read in place), ../shared/queries, exports of the
# fixtures, Fuzzing/Seeds/NAME and every earlier crash. A crash, leak, timeout or out-of-memory
# input is saved in Tests/FuzzCrashes/NAME/ and the script exits non-zero; the fix of each gets
# a regression test that feeds the saved input through the same code. REALM_FUZZ_FRESH=1 starts from the seeds
# alone in an empty corpus of its own (CI's smoke, so that -seed and -runs make the run the same each time).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
harnesses=$(head -1 FUZZING.md | sed 's/^harnesses: *//')

if [ $# -lt 2 ]; then
    echo "usage: scripts/fuzz.sh NAME SECONDS [libFuzzer options...]   (NAME: $harnesses)" >&2
    exit 2
fi
name=$1
seconds=$2
shift 2
if ! [[ " $harnesses " == *" $name "* ]]; then
    echo "fuzz: no harness '$name' (harnesses: $harnesses)" >&2
    exit 2
fi
if ! [[ "$seconds" =~ ^[0-9]+$ ]]; then
    echo "fuzz: SECONDS must be a whole number, not '$seconds'" >&2
    exit 2
fi
source scripts/setup.sh
fixtures=$(cd ../shared/fixtures 2>/dev/null && pwd) || { echo "fuzz: ../shared/fixtures is missing" >&2; exit 1; }

# Debug: the harnesses reach the readers' internal API through `@testable import`.
echo "fuzz: building fuzz-$name (-sanitize=fuzzer,address)" >&2
# A failed build stops here: an older binary left in .build must not be fuzzed instead.
build_log=$(mktemp)
if ! swift build --package-path Fuzzing --product "fuzz-$name" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$build_log" 2>&1; then
    cat "$build_log" >&2
    rm -f "$build_log"
    echo "fuzz: the build of fuzz-$name failed" >&2
    exit 1
fi
grep -v -e "Cannot export local symbol" -e "^warning: " "$build_log" >&2 || true
rm -f "$build_log"
binary="Fuzzing/.build/debug/fuzz-$name"

work=.build/fuzz/$name
seeds=$work/seeds
crashes=Tests/FuzzCrashes/$name
rm -rf "$seeds"
corpus=$work/corpus
if [ "${REALM_FUZZ_FRESH:-0}" = 1 ]; then corpus=$work/fresh-corpus; rm -rf "$corpus"; fi
mkdir -p "$corpus" "$seeds" "$crashes"
[ -d "Fuzzing/Seeds/$name" ] && cp "Fuzzing/Seeds/$name"/* "$seeds/"
cp "$crashes"/* "$seeds/" 2>/dev/null || true
options=()

# Exports of a few objects of the fixtures' classes, as `import` reads them, made by the
# product's exporter (AllTypes' objects with small values: a whole export takes seconds per
# execution under the sanitizers and is no better a seed).
export_seeds() {
    local format=$1
    swift build --product realm-browser >/dev/null || { echo "fuzz: the build of realm-browser (for export seeds) failed" >&2; exit 1; }
    local browser small="dataReq.@size < 64 AND stringReq.@size < 64 AND dataOpt.@size < 64 AND stringOpt.@size < 64 AND intList.@count < 8"
    browser="$(swift build --show-bin-path)/realm-browser"
    for target in "alltypes AllTypes $small" "tasks Task TRUEPREDICATE" "tasks Person TRUEPREDICATE" \
                  "species Specimen TRUEPREDICATE" "species Category TRUEPREDICATE"; do
        read -r fixture class query <<<"$target"
        "$browser" "$fixtures/$fixture.realm" \
            -c "find $class $query LIMIT(8); export $format result $root/$seeds/$fixture-$class.$format" >/dev/null
    done
    options+=(-max_len=65536)
}

case "$name" in
    file)
        # Every fixture (big.realm too: read up to -max_len, as a truncated file).
        for file in "$fixtures"/*.realm "$fixtures"/legacy/*.realm; do ln -sf "$file" "$seeds/"; done
        # Formats 5-11, unencrypted and small: the legacy reader behind FileOpening.
        for file in "$fixtures"/old-formats/{species,tasks}-f*.realm; do ln -sf "$file" "$seeds/"; done
        # A file may hold a list of millions of zero-width elements in a few bytes, whose
        # dump takes tens of seconds under the sanitizer: slow, not stuck (FUZZING.md).
        options+=(-max_len=2200000 -timeout=60)
        ;;
    query)
        # Every oracle query, on the first line the fixture and class it runs on.
        for queries in ../shared/queries/*.jsonl; do
            fixture=$(basename "$queries" .jsonl)
            fixture=${fixture%-more}
            [ "$fixture" = big ] && continue
            jq -r --arg fixture "$fixture" '"\($fixture) \(.class)\n\(.query)"' -c "$queries" \
                | awk -v dir="$seeds" -v base="$(basename "$queries" .jsonl)" \
                    'NR % 2 == 1 { header = $0; next } { file = dir "/" base "-" (NR / 2) ".txt"; print header > file; print $0 > file; close(file) }'
        done
        ;;
    csv) export_seeds csv ;;
    json)
        export_seeds json
        # Canonical dumps, as `load` reads them.
        for dump in tasks species legacy/test_upgrade_database_4_23 legacy/test_upgrade_database_20; do
            cp "$fixtures/$dump.json" "$seeds/dump-$(basename "$dump").json"
        done
        ;;
esac

if [ "$seconds" -gt 0 ]; then options+=(-max_total_time="$seconds"); fi
echo "fuzz: running fuzz-$name; corpus $corpus, crashes into $crashes/" >&2
# Each input is written to a file there (the readers open paths); memory-backed when possible.
scratch=$(mktemp -d "$( [ -d /dev/shm ] && echo /dev/shm || echo /tmp )/realm-browser-fuzz.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
set +e
REALM_FUZZ_TMP="$scratch" REALM_FUZZ_FIXTURES="$fixtures" "$binary" "$corpus" "$seeds" \
    -artifact_prefix="$crashes/" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 "${options[@]}" "$@"
status=$?
set -e
rm -rf "$scratch"
rmdir "$crashes" 2>/dev/null || true
if [ "$status" -ne 0 ]; then
    echo "fuzz: fuzz-$name failed (status $status); the input is in $crashes/" >&2
fi
exit "$status"
