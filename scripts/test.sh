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

# A smoke run of every fuzzing harness (FUZZING.md; the campaigns are run by hand): a fixed
# number of inputs from a fixed seed and an empty corpus, so it does the same work on every
# run whatever the machine's load. Only with the whole suite; REALM_FUZZ_SMOKE=0 skips it.
if [ $# -eq 0 ] && [ "${REALM_FUZZ_SMOKE:-1}" != 0 ]; then
    for smoke in "file 300" "query 400" "csv 1500" "json 1500" "statements 10000"; do
        read -r harness runs <<<"$smoke"
        REALM_FUZZ_FRESH=1 scripts/fuzz.sh "$harness" 0 -runs="$runs" -seed=1
    done
fi

# The page of `serve` in a real headless Chromium (Tests/Web, Selenium): Debian's chromium and
# its driver, selenium from PyPI when missing. Only with the whole suite; REALM_WEB_TESTS=0
# skips them.
if [ $# -eq 0 ] && [ "${REALM_WEB_TESTS:-1}" != 0 ]; then
    scripts/web_tests.sh
fi
