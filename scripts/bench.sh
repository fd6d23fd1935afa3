#!/usr/bin/env bash
# Query benchmark: realm-bench (release build) against SQLite on the same data and, with
# --baseline, against an older build side by side in the same run. See BENCHMARKS.md.
# Usage: scripts/bench.sh [--runs N] [--warmup N] [--baseline BIN|COMMIT] [FILE.realm]
#   (default ../shared/fixtures/big.realm; --baseline takes a realm-bench binary, or a commit
#   that scripts/build_baseline.sh builds, e.g. --baseline cde5648)
# Exit status 1 when realm-bench and SQLite (or the baseline) disagree on any query's results.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

runs=7
warmup=1
realm="../shared/fixtures/big.realm"
baseline=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --warmup) warmup="$2"; shift 2 ;;
        --baseline) baseline="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "bench: unknown option $1" >&2; exit 2 ;;
        *) realm="$1"; shift ;;
    esac
done
if [ ! -f "$realm" ]; then
    echo "bench: $realm not found (the fixtures live in ../shared/fixtures beside the checkout)" >&2
    exit 1
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "bench: python3 is required (it loads the SQLite baseline and times it)" >&2
    exit 1
fi

# The baseline's command-line shell (Debian's sqlite3), installed when missing.
if ! command -v sqlite3 >/dev/null 2>&1; then
    echo "bench: installing sqlite3" >&2
    sudo_cmd=""
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
    if ! DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq sqlite3 >/dev/null 2>&1; then
        $sudo_cmd apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq sqlite3 >/dev/null
    fi
fi

swift build -c release --product realm-bench >&2

# The SQLite copy of the data, cached until deleted.
mkdir -p .build/bench
base="$(basename "$realm" .realm)"
db=".build/bench/$base.sqlite"
if [ ! -f "$db" ]; then
    dump="${realm%.realm}.json"
    if [ ! -f "$dump" ]; then
        dump=".build/bench/$base.json"
        echo "bench: dumping $realm with realm-browser" >&2
        swift build -c release --product realm-browser >&2
        .build/release/realm-browser "$realm" -c "dump Item --out $dump"
    fi
    echo "bench: loading $dump into $db" >&2
    python3 scripts/bench_load_sqlite.py "$dump" "$db"
fi

results=".build/bench/realm-bench.json"
# Context for the figures: other processes on a small machine move them a lot.
echo "machine: $(nproc) cores, $(uname -m), load average $(cut -d' ' -f1-3 /proc/loadavg); $(swift --version 2>/dev/null | head -n1)"
echo "source: $(git rev-parse --short HEAD 2>/dev/null || echo '?')$([ -z "$(git status --porcelain -- Sources Package.swift 2>/dev/null)" ] || echo ' + uncommitted changes under Sources/ or in Package.swift')"
echo
echo "== realm-bench =="
.build/release/realm-bench --runs "$runs" --warmup "$warmup" --json "$results" --keys "$realm"
echo
echo "== realm-bench vs SQLite =="
status=0
python3 scripts/bench_compare.py "$results" "$db" --runs "$runs" --warmup "$warmup" || status=1
if [ -n "$baseline" ]; then
    if [ ! -x "$baseline" ]; then baseline="$(scripts/build_baseline.sh "$baseline")/realm-bench"; fi
    echo
    echo "== realm-bench vs baseline ($baseline) =="
    .build/release/realm-bench --runs "$runs" --warmup "$warmup" --baseline "$baseline" "$realm" || status=1
fi
exit $status
