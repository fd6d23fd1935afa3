# Sourced by the demo-database benchmarks (bench_encrypted.sh, bench_file_tools.sh): their
# options, the release build, a scratch folder and the median timer, kept in one place so the
# figures they print are measured the same way.
# Sets: rows, runs, browser (the release realm-browser), work (removed at exit).
# Defines: median COMMAND... (median wall-clock seconds of `runs` runs; set
# median_ignores_status=1 where a non-zero exit is the command's verdict, not a failure).
bench_name="$(basename "$0" .sh)"
rows=200000 runs=5
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) rows="${2:?}"; shift 2 ;;
        --runs) runs="${2:?}"; shift 2 ;;
        -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "$bench_name: unknown argument $1" >&2; exit 2 ;;
    esac
done
swift build -c release --product realm-browser >&2
browser="$PWD/.build/release/realm-browser"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
median_ignores_status=0

median() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N)
        if [ "$median_ignores_status" = 1 ]; then "$@" >/dev/null 2>&1 || true; else "$@" >/dev/null; fi
        end=$(date +%s.%N)
        times+=("$(echo "$end - $start" | bc)")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}
