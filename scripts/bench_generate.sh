#!/usr/bin/env bash
# Times `generate demo` (Realm Browser's demo database) in a release build and prints the rate.
# Usage: scripts/bench_generate.sh [ROWS]   (default 1000000 objects per class, 3 classes)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
rows="${1:-1000000}"
swift build -c release --product realm-browser >&2
out="$(mktemp -d)/demo.realm"
start=$(date +%s.%N)
.build/release/realm-browser generate demo "$out" --rows "$rows" --seed 7 >/dev/null
end=$(date +%s.%N)
size=$(stat -c %s "$out")
python3 - "$rows" "$start" "$end" "$size" <<'PY'
import sys
rows, start, end, size = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
seconds = end - start
print(f"generate demo --rows {rows}: {3 * rows} objects in {seconds:.2f} s "
      f"({3 * rows / seconds / 1e6:.2f} M objects/s), file {size / 2**20:.1f} MiB")
PY
rm -rf "$(dirname "$out")"
