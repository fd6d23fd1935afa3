#!/usr/bin/env bash
# What encryption costs: the same demo database plain and encrypted (release build), timed
# side by side in the same run: generating it, opening it for a query (an encrypted file is
# decrypted whole at open), dumping it, and one edit committed in place.
# Usage: scripts/bench_encrypted.sh [--rows N] [--runs N]   (defaults 200000 and 5; medians)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
source scripts/bench_common.sh "$@"
head -c 64 /dev/urandom > "$work/key"

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
