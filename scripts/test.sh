#!/usr/bin/env bash
# Sets up, builds and runs every test. The golden tests read ../shared/fixtures in place.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
# Graphviz renders `schema --dot` in the tests (the browser itself does not need it).
if ! command -v dot >/dev/null 2>&1; then install_packages graphviz; fi
if [ ! -d ../shared/fixtures ]; then
    if [ "${CI:-}" = "true" ]; then
        echo "test: ../shared/fixtures is missing; CI needs Realm's fixtures beside the checkout" >&2
        exit 1
    fi
    echo "test: ../shared/fixtures is missing; fixture tests will be skipped" >&2
fi
swift build --build-tests
swift test --skip-build --disable-xctest "$@"
