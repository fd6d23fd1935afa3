#!/usr/bin/env python3
"""What reading an older Realm file (formats 5-11, through its format-24 image) costs beside
format-24 files, in one run, with the release build: opening (`classes`), `dump` and a scan
(`count CLASS QUERY`), as instructions (valgrind's callgrind: the same whatever the machine's
load) and as the median of several wall-clock runs. Beside each old fixture: its format-24
twin of ../shared/fixtures (the same recipe written by realm-core 14; alltypes' recipe there
has the newer types too) and the old file's own `upgrade` copy (exactly its content in format
24). Then the scale check on generated format-9-like demo files (scripts/make_format9_demo.py)
of growing size beside the format-24 files they were made from. Figures go to BENCHMARKS.md
("Issue 28").

Usage: scripts/bench_old_formats.py [--bin DIR] [--runs N] [--rows 1000,10000,100000] [--no-callgrind]"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, '..', '..', 'shared', 'fixtures')
KEY = bytes(range(64)).hex()

# recipe -> (class, a query that reads every object of it)
RECIPES = {
    'species': ('Specimen', "latitude > 0 AND name CONTAINS 'a'"),
    'tasks': ('Task', "isCompleted == true OR notes CONTAINS 'task'"),
    'demo': ('RealmTestClass1', 'integerValue > 5000000 AND floatValue < 100'),
    'alltypes': ('AllTypes', 'intReq > 0 OR stringOpt == nil'),
}


def run(binary, path, statement, key_file=None):
    args = [binary, path] + (['--key-file', key_file] if key_file else []) + ['-c', statement]
    return args


def wall(args, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def instructions(args):
    p = subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null'] + args,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    for line in p.stderr.splitlines():
        if 'Collected :' in line:
            return int(line.split(':')[-1])
    raise SystemExit('bench_old_formats: no instruction count from valgrind')


def objects(binary, path):
    out = subprocess.run([binary, path, '--mode', 'csv', '--no-headers', '-c', 'classes --all'],
                         capture_output=True, text=True, check=True).stdout
    return sum(int(line.split(',')[1]) for line in out.splitlines() if line.strip())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--bin', default=os.path.join(HERE, '..', '.build', 'release'))
    parser.add_argument('--runs', type=int, default=7)
    parser.add_argument('--rows', default='1000,10000,100000')
    parser.add_argument('--no-callgrind', action='store_true')
    options = parser.parse_args()
    binary = os.path.abspath(os.path.join(options.bin, 'realm-browser'))
    callgrind = not options.no_callgrind and shutil.which('valgrind')
    print(f'# {binary}, median of {options.runs} runs' + (', instructions by callgrind' if callgrind else ''))
    print('| file | objects | step | twin ms | copy ms | old ms | old/copy | twin Minstr | copy Minstr | old Minstr | extra instr/object |')
    print('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|')
    with tempfile.TemporaryDirectory() as work:
        for recipe, (klass, query) in RECIPES.items():
            twin = os.path.join(FIXTURES, f'{recipe}.realm')
            for format in (5, 9, 10, 11):
                old = os.path.join(FIXTURES, 'old-formats', f'{recipe}-f{format}.realm')
                copy = os.path.join(work, f'{recipe}-f{format}.realm')
                subprocess.run([binary, old, '-c', f'upgrade {copy}'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                count = objects(binary, copy)
                for step, statement in (('open', 'classes'), ('dump', 'dump'), ('scan', f'count {klass} {query}')):
                    commands = [run(binary, path, statement) for path in (twin, copy, old)]
                    times = [wall(args, options.runs) for args in commands]
                    row = f'| {recipe}-f{format} | {count} | {step} | ' + ' | '.join(f'{t:.1f}' for t in times) + f' | {times[2] / times[1]:.2f} |'
                    if callgrind:
                        counts = [instructions(args) for args in commands]
                        row += ' ' + ' | '.join(f'{c / 1e6:.1f}' for c in counts) + f' | {(counts[2] - counts[1]) / count:.0f} |'
                    else:
                        row += ' | | | |'
                    print(row, flush=True)
    print()
    print('| objects per class | format-24 open ms | format-9-like open ms | extra ms | extra µs/object | format-9 MB | peak RSS old MB |')
    print('|---:|---:|---:|---:|---:|---:|---:|')
    with tempfile.TemporaryDirectory() as work:
        for rows in [int(r) for r in options.rows.split(',')]:
            twin = os.path.join(work, f'demo24-{rows}.realm')
            old = os.path.join(work, f'demo9-{rows}.realm')
            dump = os.path.join(work, f'demo24-{rows}.json')
            subprocess.run([binary, 'generate', 'demo', twin, '--rows', str(rows), '--seed', '3'], stdout=subprocess.DEVNULL, check=True)
            subprocess.run([binary, twin, '-c', f'dump --out {dump}'], stdout=subprocess.DEVNULL, check=True)
            subprocess.run([sys.executable, os.path.join(HERE, 'make_format9_demo.py'), dump, old], check=True)
            os.remove(dump)
            ta = wall(run(binary, twin, 'count RealmTestClass1'), options.runs)
            tb = wall(run(binary, old, 'count RealmTestClass1'), options.runs)
            rss = subprocess.run(['/usr/bin/time', '-f', '%M'] + run(binary, old, 'count RealmTestClass1'),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True).stderr.split()[-1]
            total = 3 * rows
            print(f'| {rows} | {ta:.1f} | {tb:.1f} | {tb - ta:.1f} | {(tb - ta) * 1000 / total:.2f} | '
                  f'{os.path.getsize(old) / 1e6:.1f} | {int(rss) / 1024:.0f} |', flush=True)


if __name__ == '__main__':
    main()
