#!/usr/bin/env bash
# Sets up, builds (release) and opens the REPL on a sample Realm file.
# Usage: scripts/run.sh [FILE] [realm-browser options...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product realm-browser >&2
sample="samples/demo.realm"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then sample="$1"; shift; fi
exec .build/release/realm-browser "$sample" "$@"
