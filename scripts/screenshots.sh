#!/usr/bin/env bash
# Screenshots of the page of `serve` (grid, object view with backlinks, query error, schema
# graph, editing with pending changes; and issue 32's views, each light and NAME-dark: a
# selection, the cell viewer, completion, history, charts, several files) into
# docs/screenshots/, taken by the web tests on the way (Tests/Web; the same setup as
# scripts/web_tests.sh). Look at them before committing: they are not assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs/screenshots
REALM_SCREENSHOTS="$PWD/docs/screenshots" scripts/web_tests.sh
ls -l docs/screenshots
