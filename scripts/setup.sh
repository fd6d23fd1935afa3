#!/usr/bin/env bash
# Installs what realm-browser needs to build and test, when it is missing: GNU readline's
# headers, and tmux for the interactive (terminal) test.
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

missing=""
if ! dpkg -s libreadline-dev >/dev/null 2>&1; then missing="$missing libreadline-dev"; fi
if ! command -v tmux >/dev/null 2>&1; then missing="$missing tmux"; fi
if [ -n "$missing" ]; then
    echo "setup: installing$missing" >&2
    sudo_cmd=""
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
    $sudo_cmd apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq $missing >/dev/null
fi

# tmux drives the interactive tests (the REPL on a real terminal: pager, completion).
if ! command -v tmux >/dev/null 2>&1; then
    echo "setup: installing tmux" >&2
    sudo_cmd=""
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq tmux >/dev/null
fi
