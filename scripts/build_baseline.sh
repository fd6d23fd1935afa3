#!/usr/bin/env bash
# Builds the baseline of the benchmarks: realm-browser and realm-bench (release) from an older
# commit's sources, with today's benchmark harness (Sources/realm-bench) in place of that
# commit's, so that both sides are timed by the same code and the baseline understands every
# realm-bench option. Only the harness is today's: the engine (RealmFormat, RealmQuery,
# RealmShell) is the commit's own.
# Usage: scripts/build_baseline.sh [COMMIT]   (default cde5648, the main issue 11 measures against)
# Prints the directory holding the two binaries (DIR/realm-bench, DIR/realm-browser).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
commit="${1:-cde5648}"
full="$(git rev-parse --verify "$commit^{commit}")"
short="$(git rev-parse --short "$full")"
src=".build/baseline/$short"
if [ ! -f "$src/Package.swift" ]; then
    mkdir -p "$src"
    git archive "$full" | tar -x -C "$src"
fi
# The harness is replaced whenever it changed; the engine's build products are kept.
if [ ! -f "$src/.harness" ] || ! cmp -s "$src/.harness" <(cat Sources/realm-bench/*.swift); then
    rm -rf "$src/Sources/realm-bench"
    cp -R Sources/realm-bench "$src/Sources/realm-bench"
    cat Sources/realm-bench/*.swift > "$src/.harness"
fi
echo "baseline: building $short (engine of $short, harness of the working tree)" >&2
swift build -c release --package-path "$src" --product realm-bench >&2
swift build -c release --package-path "$src" --product realm-browser >&2
echo "$(cd "$src" && pwd)/.build/release"
