#!/bin/bash
# Byte-for-byte comparison of `dump` and `export` output with another build of realm-browser
# (the build before a change to the encoders): every fixture, every class, both export formats,
# every-class exports, a query-result export, and dump to a file and to stdout.
#
#   scripts/check_export_identity.sh --baseline BINARY [--new BINARY] [REALM ...]
#
# Without REALM files it checks ../shared/fixtures/*.realm and ../shared/fixtures/legacy/*.realm.
# Extra files (e.g. a large demo database) are only read: output goes to a scratch directory.
set -u
cd "$(dirname "$0")/.."
baseline=""
new="$(pwd)/.build/release/realm-browser"
files=()
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) baseline=$(realpath "$2"); shift 2 ;;
        --new) new=$(realpath "$2"); shift 2 ;;
        *) files+=("$1"); shift ;;
    esac
done
[ -n "$baseline" ] || { echo "usage: $0 --baseline BINARY [--new BINARY] [REALM ...]" >&2; exit 2; }
[ ${#files[@]} -gt 0 ] || files=(../shared/fixtures/*.realm ../shared/fixtures/legacy/*.realm)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
checks=0

# Runs COMMANDS with both binaries on FILE; OUTPUTS are files both write (relative to their
# own scratch directory) and are compared, as are stdout and stderr.
compare() {
    local file="$1" label="$2" commands="$3"
    shift 3
    for side in base new; do
        rm -rf "$scratch/$side"; mkdir -p "$scratch/$side"
        local binary="$new"; [ $side = base ] && binary="$baseline"
        (cd "$scratch/$side" && "$binary" "$file" -c "$commands" > stdout 2> stderr)
    done
    checks=$((checks + 1))
    if ! diff -r "$scratch/base" "$scratch/new" > /dev/null; then
        echo "DIFFERENT: $label"
        diff -r "$scratch/base" "$scratch/new" | head -5
        failures=$((failures + 1))
    fi
}

for file in "${files[@]}"; do
    file=$(realpath "$file")
    name=$(basename "$file" .realm)
    compare "$file" "$name: dump --out" "dump --out dump.json"
    compare "$file" "$name: dump to stdout" "dump"
    classes=$("$new" "$file" -c "classes --all" 2>/dev/null | awk '{print $1}')
    for class in $classes; do
        compare "$file" "$name: dump $class" "dump $class --out dump.json"
        compare "$file" "$name: export csv $class" "export csv $class out.csv"
        compare "$file" "$name: export json $class" "export json $class out.json"
    done
    compare "$file" "$name: export csv (every class)" "export csv dir"
    compare "$file" "$name: export json (every class)" "export json all.json"
    # A query result in another order than the keys (sorted by the first sortable property):
    # objects then come in runs of rows of one leaf.
    for class in $classes; do
        property=$("$new" "$file" -c "schema $class" 2>/dev/null \
            | awk '$2 ~ /^(int|bool|float|double|string|date)$/ { print $1; exit }')
        [ -n "$property" ] || continue
        compare "$file" "$name: export of a find result in $class" \
            "find $class TRUEPREDICATE SORT($property DESC); export csv result out.csv; export json result out.json"
    done
done
echo "$checks comparisons, $failures different"
[ $failures -eq 0 ]
