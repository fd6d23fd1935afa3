#!/usr/bin/env bash
# The 1,000,000-object benchmark: Realm Browser's demo database (three classes of ROWS objects,
# with lists of links, single links and backlinks), against an older build in the same run.
#   1. the queries of scripts/queries/demo.tsv (links, lists, backlinks, strings, numbers,
#      sorts) with realm-bench --baseline: each query in a fresh process of each build in turn;
#   2. dump, export csv and export json (scripts/bench_dump.sh);
#   3. generate demo: time and peak memory (scripts/bench_generate.sh).
#
# Usage: scripts/bench_demo.sh [--baseline COMMIT|DIR] [--rows N] [--runs N] [--only PARTS]
#   --baseline  a commit (built by scripts/build_baseline.sh; default cde5648) or a directory
#               holding a baseline's realm-bench and realm-browser
#   --rows      objects per class (default 1000000); the database is generated once with
#               --seed 1 into .build/bench/ and kept
#   --runs      timed runs per query and command (default 5; the median is reported)
#   --only      a comma-separated subset of queries,dump,generate (default all three)
# Exit status 1 when the two builds disagree on a query's results or an output's bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

baseline="cde5648" rows=1000000 runs=5 only="queries,dump,generate"
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) baseline="${2:?--baseline takes a commit or a directory}"; shift 2 ;;
        --rows) rows="${2:?--rows takes a number}"; shift 2 ;;
        --runs) runs="${2:?--runs takes a number}"; shift 2 ;;
        --only) only="${2:?--only takes a list}"; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench_demo: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done

swift build -c release --product realm-bench >&2
swift build -c release --product realm-browser >&2
if [ -d "$baseline" ]; then base="$(cd "$baseline" && pwd)"; else base="$(scripts/build_baseline.sh "$baseline")"; fi
for binary in realm-bench realm-browser; do
    [ -x "$base/$binary" ] || { echo "bench_demo: no $binary in $base" >&2; exit 1; }
done

mkdir -p .build/bench
demo=".build/bench/demo-$rows.realm"
if [ ! -f "$demo" ]; then
    echo "bench_demo: generating $demo ($rows objects per class, seed 1)" >&2
    .build/release/realm-browser generate demo "$demo" --rows "$rows" --seed 1 >&2
fi

echo "machine: $(nproc) cores, $(uname -m), load average $(cut -d' ' -f1-3 /proc/loadavg); $(swift --version 2>/dev/null | head -n1)"
echo "this: $(git rev-parse --short HEAD)$([ -z "$(git status --porcelain -- Sources Package.swift)" ] || echo ' + uncommitted changes'); baseline: $base"
status=0
case ",$only," in *,queries,*)
    echo
    echo "== queries on $demo =="
    .build/release/realm-bench --queries scripts/queries/demo.tsv --runs "$runs" --baseline "$base/realm-bench" "$demo" || status=1
esac
case ",$only," in *,dump,*)
    echo
    echo "== dump and export =="
    scripts/bench_dump.sh --baseline "$base/realm-browser" --demo "$demo" --runs "$runs" || status=1
esac
case ",$only," in *,generate,*)
    echo
    echo "== generate demo =="
    scripts/bench_generate.sh --baseline "$base/realm-browser" --runs 3 "$rows" || status=1
esac
exit $status
