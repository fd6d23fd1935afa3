#!/usr/bin/env bash
# What encryption costs: the same demo database plain and encrypted (release build), timed
# side by side in the same run: generating it, opening it for a query (an encrypted file is
# decrypted whole at open), dumping it, and one edit committed in place.
# Usage: scripts/bench_encrypted.sh [--rows N] [--runs N]   (defaults 200000 and 5; medians)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
rows=200000 runs=5
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) rows="${2:?}"; shift 2 ;;
        --runs) runs="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench_encrypted: unknown argument $1" >&2; exit 2 ;;
    esac
done
swift build -c release --product realm-browser >&2
browser="$PWD/.build/release/realm-browser"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
head -c 64 /dev/urandom > "$work/key"

# Median wall-clock seconds of `runs` runs of a command.
median() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc)")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}

printf '| step | plain (s) | encrypted (s) | ratio |\n|---|---:|---:|---:|\n'
row() {
    local label="$1" plain="$2" encrypted="$3"
    printf '| %s | %.3f | %.3f | %.2f |\n' "$label" "$plain" "$encrypted" "$(echo "$encrypted / $plain" | bc -l)"
}
p=$(median "$browser" generate demo "$work/plain.realm" --rows "$rows" --seed 1 --force)
e=$(median "$browser" generate demo "$work/enc.realm" --rows "$rows" --seed 1 --force --key-file "$work/key")
row "generate demo --rows $rows" "$p" "$e"
query='count RealmTestClass1 integerValue > 5000000'
p=$(median "$browser" "$work/plain.realm" -c "$query")
e=$(median "$browser" "$work/enc.realm" --key-file "$work/key" -c "$query")
row "open + $query" "$p" "$e"
p=$(median "$browser" "$work/plain.realm" -c "dump --out $work/plain.json")
e=$(median "$browser" "$work/enc.realm" --key-file "$work/key" -c "dump --out $work/enc.json")
row "dump" "$p" "$e"
cmp -s "$work/plain.json" "$work/enc.json" || { echo "bench_encrypted: the two dumps differ" >&2; exit 1; }
p=$(median "$browser" "$work/plain.realm" -c 'set RealmTestClass0[0].integerValue = 1')
e=$(median "$browser" "$work/enc.realm" --key-file "$work/key" -c 'set RealmTestClass0[0].integerValue = 1')
row "open + set + commit" "$p" "$e"
echo "sizes: plain $(stat -c %s "$work/plain.realm") bytes, encrypted $(stat -c %s "$work/enc.realm") bytes"
