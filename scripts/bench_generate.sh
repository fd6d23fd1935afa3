#!/usr/bin/env bash
# Times `generate demo` (Realm Browser's demo database) in a release build: wall time, rate and
# peak memory (maximum resident set size, from /usr/bin/time).
#
# Usage: scripts/bench_generate.sh [--baseline BINARY] [--runs N] [--seed S] [--dir DIR] [ROWS]
#   ROWS               objects per class (default 1000000; 3 classes)
#   --baseline BINARY  another realm-browser build to compare with: runs alternate (baseline,
#                      this build, baseline, ...) so both see the same machine load, the
#                      figures are printed side by side, and the files are compared with cmp
#   --runs N           runs of each binary (default 3 with --baseline, else 1)
#   --seed S           the seed (default 7)
#   --dir DIR          where the files go (default a temporary directory); removed afterwards
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

rows=1000000 baseline="" runs="" seed=7 dir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) baseline="${2:?--baseline takes a binary}"; shift 2 ;;
        --runs) runs="${2:?--runs takes a number}"; shift 2 ;;
        --seed) seed="${2:?--seed takes a number}"; shift 2 ;;
        --dir) dir="${2:?--dir takes a directory}"; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) rows="$1"; shift ;;
    esac
done
if [ -n "$baseline" ] && [ ! -x "$baseline" ]; then echo "bench_generate: $baseline is not an executable" >&2; exit 1; fi
[ -x /usr/bin/time ] || { echo "bench_generate: /usr/bin/time is needed for the peak memory (apt-get install time)" >&2; exit 1; }
runs="${runs:-$([ -n "$baseline" ] && echo 3 || echo 1)}"

swift build -c release --product realm-browser >&2
current="$PWD/.build/release/realm-browser"
if [ -n "$dir" ]; then mkdir -p "$dir"; work="$(mktemp -d "$dir/bench_generate.XXXXXX")"; else work="$(mktemp -d)"; fi
trap 'rm -rf "$work"' EXIT
results="$work/results"

# One run: LABEL BINARY -> "LABEL seconds peak-KiB bytes" in $results.
measure() {
    local label="$1" binary="$2" out="$work/$1.realm"
    rm -f "$out"
    /usr/bin/time -f "%e %M" -o "$work/time" "$binary" generate demo "$out" --rows "$rows" --seed "$seed" >/dev/null
    echo "$label $(cat "$work/time") $(stat -c %s "$out")" >>"$results"
}

for run in $(seq "$runs"); do
    if [ -n "$baseline" ]; then measure baseline "$baseline"; fi
    measure current "$current"
done
identical=""
if [ -n "$baseline" ]; then
    cmp -s "$work/baseline.realm" "$work/current.realm" && identical=yes || identical=no
fi

python3 - "$rows" "$results" "$identical" <<'PY'
import statistics, sys
rows, path, identical = int(sys.argv[1]), sys.argv[2], sys.argv[3]
runs = {}
for line in open(path):
    label, seconds, kib, size = line.split()
    runs.setdefault(label, []).append((float(seconds), int(kib), int(size)))
print(f"generate demo --rows {rows}: {3 * rows} objects per run")
print(f"{'':10} {'runs':>4} {'median s':>9} {'times s':>22} {'M obj/s':>8} {'peak RSS MiB':>13} {'file MiB':>9}")
for label in ("baseline", "current"):
    if label not in runs: continue
    times = [r[0] for r in runs[label]]
    peak = max(r[1] for r in runs[label]) / 1024
    median = statistics.median(times)
    rate = 3 * rows / median / 1e6 if median > 0 else float("inf")
    listed = " ".join(f"{t:.2f}" for t in times)
    print(f"{label:10} {len(times):>4} {median:>9.2f} {listed:>22} {rate:>8.2f} {peak:>13.1f} {runs[label][-1][2] / 2**20:>9.1f}")
if identical:
    print("files byte-identical: " + identical)
PY
