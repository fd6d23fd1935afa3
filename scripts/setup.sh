#!/usr/bin/env bash
# Installs what realm-browser needs to build and test, when it is missing: GNU readline's
# headers, OpenSSL's libcrypto headers, GNU libmicrohttpd's headers (serve), SQLite's headers
# (export sqlite) and its shell (the benchmark's anchor), and tmux for the interactive (terminal) test.
# Safe to run repeatedly; does nothing on a machine that already has them.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        if [ -x "$candidate/swift" ]; then export PATH="$candidate:$PATH"; break; fi
    done
fi
if ! command -v swift >/dev/null 2>&1; then
    echo "setup: the Swift 6.3 toolchain is required (swift not found on PATH)" >&2
    exit 1
fi

# Installs the Debian packages given, updating the package lists first (as root, or via sudo).
install_packages() {
    echo "setup: installing $*" >&2
    local sudo_cmd=""
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "$@" >/dev/null
}

# readline for the REPL; OpenSSL's libcrypto for encrypted Realm files; tmux drives the
# interactive tests (the REPL on a real terminal).
missing=()
if ! dpkg -s libreadline-dev >/dev/null 2>&1; then missing+=(libreadline-dev); fi
if ! dpkg -s libssl-dev >/dev/null 2>&1; then missing+=(libssl-dev); fi
# libmicrohttpd: the HTTP server of 'realm-browser serve'.
if ! dpkg -s libmicrohttpd-dev >/dev/null 2>&1; then missing+=(libmicrohttpd-dev); fi
# SQLite: 'export sqlite' writes through it; its shell loads CSV for the benchmark's anchor.
if ! dpkg -s libsqlite3-dev >/dev/null 2>&1; then missing+=(libsqlite3-dev); fi
if ! command -v sqlite3 >/dev/null 2>&1; then missing+=(sqlite3); fi
if ! command -v tmux >/dev/null 2>&1; then missing+=(tmux); fi
if [ ${#missing[@]} -gt 0 ]; then install_packages "${missing[@]}"; fi
