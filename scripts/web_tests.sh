#!/usr/bin/env bash
# The web tests of `realm-browser serve` (Tests/Web): installs what they need on a fresh Debian
# machine (chromium and chromium-driver from apt, selenium from PyPI), builds the debug
# executable and runs them. Arguments go to unittest (e.g. test_browsing.BrowsingTest).
# REALM_SCREENSHOTS=DIR also saves screenshots of the main views there (scripts/screenshots.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
web_missing=()
if ! command -v chromium >/dev/null 2>&1; then web_missing+=(chromium); fi
if ! command -v chromedriver >/dev/null 2>&1; then web_missing+=(chromium-driver); fi
if ! command -v python3 >/dev/null 2>&1; then web_missing+=(python3); fi
if ! python3 -m pip --version >/dev/null 2>&1; then web_missing+=(python3-pip); fi
if [ ${#web_missing[@]} -gt 0 ]; then install_packages "${web_missing[@]}"; fi
if ! python3 -c "import selenium" >/dev/null 2>&1; then
    echo "web tests: installing selenium" >&2
    # Debian's own Python refuses pip installs into the system (PEP 668) unless told.
    python3 -m pip install --quiet selenium || python3 -m pip install --quiet --break-system-packages selenium
fi
swift build --product realm-browser
cd Tests/Web
if [ $# -eq 0 ]; then
    python3 -m unittest discover -s . -p 'test_*.py' -v
else
    python3 -m unittest -v "$@"
fi
