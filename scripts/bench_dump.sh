#!/usr/bin/env bash
# Times `dump` and `export` in a release build against another build of realm-browser (e.g. main
# before a change), alternating the two, and prints median and best wall times, their ratio and
# peak memory. It also checks that both builds wrote the same bytes.
#
#   scripts/bench_dump.sh --baseline BINARY [--demo DEMO.realm | --generate-demo ROWS] [--runs N]
#
# Commands: dump of ../shared/fixtures/big.realm to a file (--out) and to standard output
# redirected to a file; with a demo database (Realm Browser's demo schema, e.g. 1,000,000 rows
# per class), export csv and export json of its class RealmTestClass1. Without --demo nothing big
# is generated; --generate-demo ROWS writes one (with this build) into a scratch directory first.
# The demo file is only read. Output goes to a scratch directory that is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=""
demo=""
generate=""
runs=5
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) baseline="$(realpath "$2")"; shift 2 ;;
        --demo) demo="$(realpath "$2")"; shift 2 ;;
        --generate-demo) generate="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        *) echo "usage: $0 --baseline BINARY [--demo DEMO.realm | --generate-demo ROWS] [--runs N]" >&2; exit 2 ;;
    esac
done
[ -x "$baseline" ] || { echo "$0: --baseline BINARY (an executable realm-browser) is required" >&2; exit 2; }
source scripts/setup.sh
swift build -c release --product realm-browser >&2
new="$(pwd)/.build/release/realm-browser"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
if [ -n "$generate" ]; then
    demo="$scratch/demo.realm"
    echo "generating a demo database with $generate rows per class..." >&2
    "$new" generate demo "$demo" --rows "$generate" --seed 1 >/dev/null
fi
big="$(realpath ../shared/fixtures/big.realm)"
python3 - "$baseline" "$new" "$big" "$demo" "$runs" "$scratch" <<'PY'
import filecmp, os, statistics, subprocess, sys

baseline, new, big, demo, runs, scratch = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6]

# (label, realm file, -c command with OUT for the output file, or None for stdout to OUT)
benchmarks = [
    ("dump big.realm --out FILE", big, "dump --out OUT"),
    ("dump big.realm > FILE", big, None),
]
if demo:
    benchmarks += [
        ("export csv RealmTestClass1", demo, "export csv RealmTestClass1 OUT"),
        ("export json RealmTestClass1", demo, "export json RealmTestClass1 OUT"),
    ]

def run(binary, realm, command, out):
    """Wall seconds and peak RSS (KiB) of one run, measured by GNU time."""
    timing = os.path.join(scratch, "time")
    # A fresh file each time: truncating the last run's output (still being written back to
    # disk) would be timed with the command otherwise.
    if os.path.exists(out):
        os.remove(out)
    args = ["/usr/bin/time", "-f", "%e %M", "-o", timing, binary, realm, "-c", command or "dump"]
    if command:
        args[-1] = command.replace("OUT", out)
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    else:
        with open(out, "wb") as stdout:
            subprocess.run(args, stdout=stdout, stderr=subprocess.DEVNULL, check=True)
    seconds, rss = open(timing).read().split()[-2:]
    return float(seconds), int(rss)

rows = []
for label, realm, command in benchmarks:
    times = {"baseline": [], "new": []}
    memory = {"baseline": 0, "new": 0}
    outputs = {}
    for index in range(runs):
        # Alternate which build goes first, so neither always runs on a warmer cache.
        order = [("baseline", baseline), ("new", new)] if index % 2 == 0 else [("new", new), ("baseline", baseline)]
        for name, binary in order:
            out = os.path.join(scratch, f"{name}.out")
            seconds, rss = run(binary, realm, command, out)
            times[name].append(seconds)
            memory[name] = max(memory[name], rss)
            outputs[name] = out
    same = filecmp.cmp(outputs["baseline"], outputs["new"], shallow=False)
    size = os.path.getsize(outputs["new"])
    for path in outputs.values():
        os.remove(path)
    rows.append((label, times, memory, same, size))
    print(f"  {label}: done", file=sys.stderr)

header = f"{'command':<30} {'baseline s':>11} {'new s':>8} {'ratio':>7} {'best b/n':>13} {'peak MiB b/n':>14} {'output':>10}  same"
print(f"{runs} runs each, alternating; times are medians (best of runs in 'best b/n')")
print(header)
print("-" * len(header))
for label, times, memory, same, size in rows:
    base, mine = statistics.median(times["baseline"]), statistics.median(times["new"])
    best = f"{min(times['baseline']):.2f}/{min(times['new']):.2f}"
    peak = f"{memory['baseline'] / 1024:.0f}/{memory['new'] / 1024:.0f}"
    print(f"{label:<30} {base:>11.2f} {mine:>8.3f} {base / mine:>6.1f}x {best:>13} {peak:>14} {size / 2**20:>7.0f} MiB  {'yes' if same else 'NO'}")
PY
