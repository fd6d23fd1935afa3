#!/usr/bin/env bash
# Heap allocations made by ONE run of each benchmark query (release build of realm-bench), to
# show that the scans allocate nothing per object. For each query, realm-bench runs it in a
# process of its own with `--runs 1 --warmup 0` and again with `--runs 3 --warmup 0`; the
# difference, halved, is what one more run allocates (parse, bind, scan, SORT/DISTINCT/LIMIT,
# the keys returned), without the start-up, the file opening and first-use caches.
# Allocations are malloc/calloc/realloc/posix_memalign/aligned_alloc/memalign calls, counted by
# an LD_PRELOAD shim (scripts/alloc_count.c, compiled with gcc into .build/alloc-count/), or
# with --valgrind by `valgrind --tool=memcheck` ("total heap usage: N allocs").
#
# Two sets of queries: the built-in ones on big.realm (200,000 Items), and
# scripts/queries/demo.tsv on two generated demo databases (`generate demo --rows N --seed S`,
# three classes of N objects), so that each query's count is shown at two sizes: equal counts
# across a 10x size difference mean no allocation per object (one per 256-object leaf would add
# ~3.9 per 1,000 objects).
#
# Usage: scripts/bench_allocations.sh [options]
#   --baseline BINARY  also count another realm-bench build (e.g. the one
#                      scripts/build_baseline.sh prints the directory of), side by side
#   --rows SMALL,LARGE demo database sizes, objects per class (default 10000,100000;
#                      with --valgrind 2000,20000)
#   --seed S           seed of the demo databases (default 1)
#   --sets LIST        big, demo or big,demo (default big,demo; with --valgrind demo)
#   --only A,B         only these queries (names as in `realm-bench --list`)
#   --big FILE         the file of the built-in queries (default ../shared/fixtures/big.realm)
#   --queries FILE     the queries of the demo databases (default scripts/queries/demo.tsv)
#   --valgrind         count with valgrind's memcheck instead of the shim (about 50x slower;
#                      its counts run a little higher: valgrind's malloc_usable_size returns
#                      the size asked for, so Swift arrays get less spare room and grow more)
#   -h, --help         this text
# Exit status: 0 when no query of this build allocates per object, 1 when one does (its count
# grows by >= 100 per 1,000 extra objects between the two demo sizes) or a run fails, 2 for bad
# arguments or a missing tool.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
fail() { echo "bench_allocations: $1" >&2; exit "${2:-2}"; }

baseline="" rows="" seed=1 sets="" only="" valgrind=no
big="../shared/fixtures/big.realm" queries="scripts/queries/demo.tsv"
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) [ $# -ge 2 ] || fail "--baseline takes a realm-bench binary"; baseline="$2"; shift 2 ;;
        --rows) [ $# -ge 2 ] || fail "--rows takes SMALL,LARGE"; rows="$2"; shift 2 ;;
        --seed) [ $# -ge 2 ] || fail "--seed takes a number"; seed="$2"; shift 2 ;;
        --sets) [ $# -ge 2 ] || fail "--sets takes big, demo or big,demo"; sets="$2"; shift 2 ;;
        --only) [ $# -ge 2 ] || fail "--only takes query names"; only="$2"; shift 2 ;;
        --big) [ $# -ge 2 ] || fail "--big takes a .realm file"; big="$2"; shift 2 ;;
        --queries) [ $# -ge 2 ] || fail "--queries takes a file"; queries="$2"; shift 2 ;;
        --valgrind) valgrind=yes; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; fail "unknown argument '$1'" ;;
    esac
done
if [ -z "$rows" ]; then rows=$([ "$valgrind" = yes ] && echo 2000,20000 || echo 10000,100000); fi
if [ -z "$sets" ]; then sets=$([ "$valgrind" = yes ] && echo demo || echo big,demo); fi
[[ "$rows" =~ ^([0-9]+),([0-9]+)$ ]] || fail "--rows needs SMALL,LARGE (two numbers), not '$rows'"
small="${BASH_REMATCH[1]}" large="${BASH_REMATCH[2]}"
[ "$small" -gt 0 ] && [ "$large" -gt "$small" ] || fail "--rows needs 0 < SMALL < LARGE, not '$rows'"
[[ "$seed" =~ ^[0-9]+$ ]] || fail "--seed needs a number, not '$seed'"
do_big=no do_demo=no
for set in ${sets//,/ }; do
    case "$set" in
        big) do_big=yes ;;
        demo) do_demo=yes ;;
        *) fail "--sets takes big, demo or big,demo, not '$sets'" ;;
    esac
done
[ "$do_big" = yes ] || [ "$do_demo" = yes ] || fail "--sets names no set"
if [ -n "$baseline" ] && [ ! -x "$baseline" ]; then fail "--baseline $baseline is not an executable"; fi
if [ "$do_big" = yes ] && [ ! -f "$big" ]; then fail "$big not found (the built-in queries run on big.realm; --sets demo skips them)"; fi
if [ "$do_demo" = yes ] && [ ! -f "$queries" ]; then fail "$queries not found"; fi
command -v python3 >/dev/null || fail "python3 is needed for the table"
if [ "$valgrind" = yes ]; then
    command -v valgrind >/dev/null || fail "valgrind is not installed (apt-get install valgrind), or count with the shim: drop --valgrind"
else
    command -v gcc >/dev/null || fail "gcc is needed to compile the counting shim (apt-get install gcc), or count with --valgrind"
    [ -f /lib/x86_64-linux-gnu/libc.so.6 ] || ldd --version 2>&1 | grep -qi 'glibc\|gnu libc' || fail "the counting shim needs glibc; try --valgrind"
fi

source scripts/setup.sh
swift build -c release --product realm-bench >&2
swift build -c release --product realm-browser >&2
current="$PWD/.build/release/realm-bench"
browser="$PWD/.build/release/realm-browser"

if [ -n "$only" ]; then
    known=" "
    if [ "$do_big" = yes ]; then known+="$("$current" --list | awk '{ printf "%s ", $1 }')"; fi
    if [ "$do_demo" = yes ]; then known+="$("$current" --list --queries "$queries" | awk '{ printf "%s ", $1 }')"; fi
    for name in ${only//,/ }; do
        [[ "$known" == *" $name "* ]] || fail "no query named '$name' in the sets $sets (see realm-bench --list)"
    done
fi

shim=""
if [ "$valgrind" = no ]; then
    mkdir -p .build/alloc-count
    shim="$PWD/.build/alloc-count/alloc_count.so"
    if [ ! -f "$shim" ] || [ scripts/alloc_count.c -nt "$shim" ]; then
        gcc -O2 -Wall -shared -fPIC -o "$shim.tmp" scripts/alloc_count.c || fail "could not compile scripts/alloc_count.c" 1
        mv "$shim.tmp" "$shim"
    fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
records="$work/records.tsv"
: >"$records"
status=0

# Allocations of one process: count BINARY RUNS NAME FILE [realm-bench options...]
# prints "ALLOCS RESULTS OBJECTS" (or "fail fail fail" when realm-bench failed).
count() {
    local binary="$1" runs="$2" name="$3" file="$4"; shift 4
    local arguments=(--only "$name" --runs "$runs" --warmup 0 --budget 1000000 "$@" "$file")
    local out="$work/out" log="$work/count" allocs
    rm -f "$log"
    if [ "$valgrind" = yes ]; then
        if ! valgrind --tool=memcheck --undef-value-errors=no --log-file="$log" "$binary" "${arguments[@]}" >"$out" 2>"$work/err"; then
            echo "fail fail fail"; return
        fi
        allocs=$(sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' "$log" | tr -d , | tail -1)
        [ -n "$allocs" ] || fail "no 'total heap usage' line in valgrind's log ($(head -c 300 "$log"))" 1
    else
        if ! ALLOC_COUNT_FILE="$log" LD_PRELOAD="$shim${LD_PRELOAD:+:$LD_PRELOAD}" "$binary" "${arguments[@]}" >"$out" 2>"$work/err"; then
            echo "fail fail fail"; return
        fi
        [ -s "$log" ] || fail "the counting shim wrote nothing: was $shim preloaded?" 1
        allocs=$(awk '{ print $1 + $2 + $3 + $4 }' "$log")
    fi
    [ "$allocs" -gt 0 ] || fail "counted no allocations at all: the counting does not work here" 1
    local results objects
    results=$(awk -v name="$name" '$1 == name { print $4; exit }' "$out")
    objects=$(sed -n '1s/.*(\([^)]*\) objects).*/\1/p' "$out" | awk '{ print $NF }')
    echo "$allocs ${results:-?} ${objects:-?}"
}

# measure SET SIZE_LABEL FILE [realm-bench options...]: every query of the set, each build.
measure() {
    local set="$1" label="$2" file="$3"; shift 3
    local names
    names=$("$current" --list "$@" | awk '{ print $1 "\t" $2 }') || fail "realm-bench --list $* failed" 1
    [ -n "$names" ] || fail "realm-bench --list $* gave no queries" 1
    while IFS=$'\t' read -r name class; do
        if [ -n "$only" ] && [[ ",$only," != *",$name,"* ]]; then continue; fi
        for build in current baseline; do
            local binary="$current"
            if [ "$build" = baseline ]; then [ -n "$baseline" ] || continue; binary="$baseline"; fi
            local one three
            one=$(count "$binary" 1 "$name" "$file" "$@")
            three=$(count "$binary" 3 "$name" "$file" "$@")
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$set" "$label" "$build" "$name" "$class" "${one// /$'\t'}" "${three// /$'\t'}" >>"$records"
            if [[ "$one $three" == *fail* ]]; then
                echo "bench_allocations: $build failed on $name ($label): $(head -c 300 "$work/err")" >&2
                [ "$build" = current ] && status=1
            fi
        done
        printf '.' >&2
    done <<<"$names"
    echo " $set $label done" >&2
}

method=$([ "$valgrind" = yes ] && echo "valgrind --tool=memcheck (total heap usage)" || echo "LD_PRELOAD shim scripts/alloc_count.c")
if [ "$do_big" = yes ]; then
    measure big "$(basename "$big")" "$big"
fi
if [ "$do_demo" = yes ]; then
    for size in "$small" "$large"; do
        "$browser" generate demo "$work/demo-$size.realm" --rows "$size" --seed "$seed" >/dev/null \
            || fail "generate demo --rows $size failed" 1
        measure demo "$size" "$work/demo-$size.realm" --queries "$queries"
    done
fi

python3 - "$records" "$method" "$baseline" "$small" "$large" "$seed" "$queries" <<'PY' || status=1
import sys
records, method, baseline, small, large, seed, queries = sys.argv[1:8]
small, large = int(small), int(large)
rows = {}
order = []
for line in open(records):
    set_, label, build, name, class_, a1, r1, o1, a3, r3, o3 = line.rstrip("\n").split("\t")
    key = (set_, label, name)
    if (set_, name) not in order: order.append((set_, name))
    if "fail" in (a1, a3):
        rows[key + (build,)] = None
        continue
    rows[key + (build,)] = {"class": class_, "per_run": (int(a3) - int(a1)) / 2, "results": r3, "objects": int(o3) if o3.isdigit() else None}

def fmt(value):
    if value is None: return "fail"
    return f"{value:.0f}" if value == int(value) else f"{value:.1f}"

def per_thousand(entry):
    if entry is None or not entry["objects"]: return "fail" if entry is None else "?"
    return figure(entry["per_run"] / entry["objects"] * 1000)

def figure(value):
    return "0" if value == 0 else f"{value:.0f}" if abs(value) >= 100 else f"{value:.3g}"

builds = ["current"] + (["baseline"] if baseline else [])
print(f"allocations per query run = (allocations with --runs 3 - with --runs 1) / 2; counted by {method}")
if baseline: print(f"baseline: {baseline}")
growth_failed = False

big = [name for set_, name in order if set_ == "big"]
if big:
    label = next(k[1] for k in rows if k[0] == "big")
    objects = next((v["objects"] for k, v in rows.items() if k[0] == "big" and v), None)
    print()
    print(f"{label} ({objects} objects), built-in queries")
    header = f"{'query':<18} {'results':>8} {'allocs/run':>11} {'per 1k obj':>11}"
    if baseline: header += f" | {'baseline allocs/run':>19} {'per 1k obj':>11}"
    print(header); print("-" * len(header))
    for name in big:
        cur = rows.get(("big", label, name, "current"))
        line = f"{name:<18} {cur['results'] if cur else 'fail':>8} {fmt(cur['per_run'] if cur else None):>11} {per_thousand(cur):>11}"
        if baseline:
            base = rows.get(("big", label, name, "baseline"))
            line += f" | {fmt(base['per_run'] if base else None):>19} {per_thousand(base):>11}"
        print(line)

demo = [name for set_, name in order if set_ == "demo"]
if demo:
    span = (large - small) / 1000
    sizes = f"{small}/{large}"
    print()
    print(f"generated demo databases (--rows {small} and --rows {large} --seed {seed}: three classes of that many objects), {queries}")
    print(f"per 1k obj: at --rows {large}; growth: extra allocations per run per 1,000 extra objects (one allocation")
    print(f"per object gives >= 1000, one per 256-object leaf ~3.9); per obj?: no (growth < 1), some (< 100), YES")
    header = f"{'query':<16} {'class':<15} {'results':>13} {'allocs/run':>16} {'per 1k obj':>10} {'growth':>7} {'per obj?':>8}"
    second = f"{'':<16} {'':<15} {sizes:>13} {sizes:>16} {'':>10} {'':>7} {'':>8}"
    if baseline:
        header += f" | {'baseline allocs/run':>21} {'per 1k obj':>10} {'growth':>8}"
        second += f" | {sizes:>21} {'':>10} {'':>8}"
    print(header); print(second); print("-" * len(header))
    for name in demo:
        cells = []
        for build in builds:
            a = rows.get(("demo", str(small), name, build))
            b = rows.get(("demo", str(large), name, build))
            if a is None or b is None:
                cells.append(None); continue
            growth = (b["per_run"] - a["per_run"]) / span
            verdict = "no" if growth < 1 else "some" if growth < 100 else "YES"
            cells.append({"class": a["class"], "results": f"{a['results']}/{b['results']}",
                          "allocs": f"{fmt(a['per_run'])}/{fmt(b['per_run'])}", "per_k": per_thousand(b),
                          "growth": f"{growth:.0f}" if abs(growth) >= 100 else f"{growth:.2f}", "verdict": verdict})
            if build == "current" and growth >= 100: growth_failed = True
        failed = {"class": "?", "results": "fail", "allocs": "fail", "per_k": "fail", "growth": "fail", "verdict": "fail"}
        cur = cells[0] or failed
        class_ = next((c["class"] for c in cells if c), "?")
        line = f"{name:<16} {class_:<15} {cur['results']:>13} {cur['allocs']:>16} {cur['per_k']:>10} {cur['growth']:>7} {cur['verdict']:>8}"
        if baseline:
            base = cells[1] or failed
            line += f" | {base['allocs']:>21} {base['per_k']:>10} {base['growth']:>8}"
        print(line)
if growth_failed:
    print("\n!!! a query of this build allocates per object (growth >= 100 per 1,000 objects)")
    sys.exit(1)
PY
exit "$status"
