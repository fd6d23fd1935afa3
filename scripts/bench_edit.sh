#!/usr/bin/env bash
# Field edits in a file of a million objects (release build): time, bytes written, file growth.
# Usage: scripts/bench_edit.sh [ROWS]   (default 1000000 objects per class of the demo database)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
rows="${1:-1000000}"
swift build -c release --product realm-browser >&2
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
.build/release/realm-browser generate demo "$dir/demo.realm" --rows "$rows" --seed 7 >/dev/null
size=$(stat -c %s "$dir/demo.realm")
start=$(date +%s.%N)
result=$(.build/release/realm-browser "$dir/demo.realm" -c "set RealmTestClass1[$((rows / 2))].integerValue = 42")
end=$(date +%s.%N)
after=$(stat -c %s "$dir/demo.realm")
# 100 more edits, each its own commit, in one process: they reuse the space earlier commits freed.
script=$(for i in $(seq 1 100); do echo "set RealmTestClass1[$(( (rows / 2 + i * 7919) % rows ))].integerValue = $i"; done)
start_many=$(date +%s.%N)
results=$(echo "$script" | .build/release/realm-browser "$dir/demo.realm")
end_many=$(date +%s.%N)
final=$(stat -c %s "$dir/demo.realm")
python3 - "$start" "$end" "$size" "$after" "$result" "$start_many" "$end_many" "$final" "$results" <<'PY'
import re, sys
start, end, size, after, result = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
start_many, end_many, final, results = float(sys.argv[6]), float(sys.argv[7]), int(sys.argv[8]), sys.argv[9]
written = int(re.search(r"(\d+) bytes written", result).group(1))
print(f"one field edit in a {size / 2**20:.1f} MiB file: {(end - start) * 1000:.0f} ms (open, commit with 3 fsyncs, exit); "
      f"{written} bytes written ({written / size * 100:.4f}% of the file); file grew by {after - size} bytes")
each = [int(n) for n in re.findall(r"(\d+) bytes written", results)]
assert len(each) == 100, results
print(f"100 more edits, one commit each: {(end_many - start_many) * 1000 / 100:.0f} ms per edit; "
      f"{sum(each) / len(each):.0f} bytes written per edit ({sum(each)} in all); file grew by {final - after} bytes")
PY
