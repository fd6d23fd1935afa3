#!/usr/bin/env python3
"""Reads beside a running app: how many of a session's reads answer while an app commits.

realm-app-double (Tests/AppDouble) opens a copy of big.realm as a Realm app does and commits
at each rate in turn (each commit swaps the qty of two Items); meanwhile one realm-browser
session runs READS commands, `dump Item` and `stats Item qty` by turns. For each build and rate
it reports the reads that answered, the reads that failed ("changed while it was read ..."),
the app's commits meanwhile, and the wall time per read; every answer of `stats` must show the
fixture's sum of qty. The builds run one after the other on fresh copies.

Usage: scripts/bench_beside_app.py BROWSER [BASELINE_BROWSER] --double PATH
       [--rates 0,2,10,50,200] [--reads N] [--fixture PATH]
"""
import argparse, os, shutil, subprocess, sys, tempfile, time


def run_rate(browser, double, fixture, rate, reads, workdir):
    path = os.path.join(workdir, "big.realm")
    for leftover in (path, path + ".lock"):
        if os.path.exists(leftover):
            os.remove(leftover)
    shutil.copyfile(fixture, path)
    app = None
    if rate != "none":
        app = subprocess.Popen([double, path, "Item", "qty"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        app.stdout.readline()
        app.stdin.write(f"rate {rate}\n")
        app.stdin.flush()
        before = app.stdout.readline()
    lines = ["mode json"]
    for index in range(reads):
        lines.append("dump Item --out /dev/null" if index % 2 == 0 else f"once {workdir}/stats-{index}.json\nstats Item qty")
    started = time.monotonic()
    session = subprocess.run([browser, path], input="\n".join(lines) + "\n", capture_output=True, text=True,
                             env=dict(os.environ, REALM_BROWSER_HISTORY="/dev/null"))
    elapsed = time.monotonic() - started
    commits = 0
    if app is not None:
        app.stdin.write("rate 0\n")
        app.stdin.flush()
        after = app.stdout.readline()
        field = lambda line: int(line.split("commits=")[1].split()[0])
        commits = field(after) - field(before)
        app.stdin.write("quit\n")
        app.stdin.flush()
        app.stdout.readline()
        app.wait()
    failed = sum(1 for line in session.stderr.splitlines() if line.startswith("error"))
    sums = set()
    for index in range(1, reads, 2):
        name = f"{workdir}/stats-{index}.json"
        if os.path.exists(name):
            text = open(name).read()
            os.remove(name)
            if '"sum"' in text:
                sums.add(text.split('"statistic": "sum", "value": ')[1].split("}")[0])
    return dict(answered=reads - failed, failed=failed, commits=commits, seconds=elapsed / reads, sums=sums)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("browsers", nargs="+")
    parser.add_argument("--double", required=True)
    parser.add_argument("--rates", default="none,2,10,50,200,max")
    parser.add_argument("--reads", type=int, default=100)
    parser.add_argument("--fixture", default=os.path.join(os.path.dirname(__file__), "../../shared/fixtures/big.realm"))
    options = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="beside-app-")
    try:
        print("| build | commits/s | reads | answered | failed | app commits meanwhile | s per read |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        status = 0
        for browser in options.browsers:
            for rate in options.rates.split(","):
                result = run_rate(browser, options.double, options.fixture, rate, options.reads, workdir)
                if len(result["sums"]) > 1:
                    print(f"{browser} at {rate}: different sums {result['sums']}", file=sys.stderr)
                    status = 1
                label = "no app" if rate == "none" else rate
                print(f"| {browser} | {label} | {options.reads} | {result['answered']} | {result['failed']} | "
                      f"{result['commits']} | {result['seconds']:.3f} |", flush=True)
        return status
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
