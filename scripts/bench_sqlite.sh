#!/usr/bin/env bash
# Issue 30: `export sqlite` of the demo database (three classes of ROWS objects each, 1,000,000
# by default) beside SQLite's own bulk loader, the sqlite3 shell's `.import` of CSV files, and
# beside `export csv` itself: wall time, CPU and peak memory (GNU time), the median of RUNS runs,
# the commands taking turns within each round.
#
#   scripts/bench_sqlite.sh [--rows N] [--runs N] [--demo DEMO.realm]
#
# Two anchors, both given the advantages the export takes (`journal_mode=OFF`, `synchronous=OFF`,
# `locking_mode=EXCLUSIVE`, one transaction, indexes built after the rows):
# - the same rows: every table of an exported file (the class tables, the list table
#   RealmTestClass1_arrayReference as owner,position,value rows, `metadata`) written to a CSV
#   file each, then `.import`ed into the export's own schema (its CREATE TABLE statements from
#   sqlite_master, run before the rows) followed by its own CREATE INDEX statements: the file
#   `export sqlite` writes, loaded by SQLite's bulk loader. (`.import` loads an empty field as ''
#   where the export writes NULL: the same rows and work, not the same values.)
# - the plain one: the CSV files `export csv` writes (a file per class, a list as JSON text),
#   into tables declared with the export's column types, and the index on the link column
#   (RealmTestClass2.objectReference): a third of the rows. A third command adds the list table
#   to it the way SQLite would itself, from the JSON column (`json_each`), with the export's key
#   and index.
# All CSV files are written once beforehand and only read by `.import`. The demo file is only
# read; everything else goes to a scratch directory removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=1000000 runs=3 demo=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rows) rows="${2:?}"; shift 2 ;;
        --runs) runs="${2:?}"; shift 2 ;;
        --demo) demo="$(realpath "$2")"; shift 2 ;;
        *) echo "usage: $0 [--rows N] [--runs N] [--demo DEMO.realm]" >&2; exit 2 ;;
    esac
done
source scripts/setup.sh
command -v sqlite3 >/dev/null || install_packages sqlite3
swift build -c release --product realm-browser >&2
browser="$PWD/.build/release/realm-browser"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
if [ -z "$demo" ]; then
    demo="$scratch/demo.realm"
    echo "generating the demo database, $rows objects per class..." >&2
    "$browser" generate demo "$demo" --rows "$rows" --seed 1 >/dev/null
fi
python3 - "$browser" "$demo" "$runs" "$scratch" <<'PY'
import csv, os, re, shutil, sqlite3, statistics, subprocess, sys

browser, demo, runs, scratch = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
csv_dir = os.path.join(scratch, "csv")          # the anchor's input, written once
subprocess.run([browser, demo, "-c", f"export csv {csv_dir}"], check=True, stdout=subprocess.DEVNULL)
schema_file = os.path.join(scratch, "schema.sqlite")
subprocess.run([browser, "export", "sqlite", demo, schema_file], check=True, stdout=subprocess.DEVNULL)

def declared_types(table):
    with sqlite3.connect(schema_file) as db:
        return {name: kind for _, name, kind, *_ in db.execute(f'PRAGMA table_info("{table}")')}

def quoted(name):
    return '"' + name.replace('"', '""') + '"'

pragmas = ["PRAGMA journal_mode=OFF;", "PRAGMA synchronous=OFF;", "PRAGMA locking_mode=EXCLUSIVE;"]
script = pragmas + ["BEGIN;"]
for file in sorted(os.listdir(csv_dir)):
    table = file[:-len(".csv")]
    with open(os.path.join(csv_dir, file), newline="") as handle:
        header = next(csv.reader(handle))
    types = declared_types(table)
    columns = ", ".join(f"{quoted(c)} {types.get(c, 'TEXT')}{' PRIMARY KEY' if c == '_key' else ''}" for c in header)
    script.append(f"CREATE TABLE {quoted(table)} ({columns});")
    script.append(f".import --csv --skip 1 {os.path.join(csv_dir, file)} {table}")
script.append('CREATE INDEX "index_RealmTestClass2_on_objectReference" ON "RealmTestClass2" ("objectReference");')
import_script = os.path.join(scratch, "import.sql")
with open(import_script, "w") as handle:
    handle.write("\n".join(script + ["COMMIT;"]) + "\n")
# The same, and the list's rows and index as the export writes them (its own CREATE statements).
with sqlite3.connect(schema_file) as db:
    list_table, index = db.execute("SELECT t.sql, i.sql FROM sqlite_master t JOIN sqlite_master i ON i.tbl_name = t.name "
                                   "WHERE t.name = 'RealmTestClass1_arrayReference' AND i.type = 'index'").fetchone()
lists_script = os.path.join(scratch, "import-lists.sql")
with open(lists_script, "w") as handle:
    handle.write("\n".join(script + [list_table + ";",
        'INSERT INTO "RealmTestClass1_arrayReference" SELECT c."_key", j.key, j.value '
        'FROM "RealmTestClass1" c, json_each(c."arrayReference") j;', index + ";", "COMMIT;"]) + "\n")
# The same rows: the exported file's every table as CSV, into its own schema, then its indexes.
same_dir = os.path.join(scratch, "same-rows")
os.mkdir(same_dir)
with sqlite3.connect(schema_file) as db:
    objects = db.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid").fetchall()
same_script = pragmas + ["BEGIN;"] + [sql + ";" for kind, _, sql in objects if kind == "table"]
for kind, table, _ in objects:
    if kind != "table": continue
    # In key order, as the export writes them (a bare SELECT of the list table would read its
    # covering index on `value`, and .import would then insert in a random order of the key).
    with sqlite3.connect(schema_file) as db:
        key = [name for _, name, *_, pk in sorted(db.execute(f"PRAGMA table_info({quoted(table)})"), key=lambda c: c[-1]) if pk]
    path = os.path.join(same_dir, table + ".csv")
    with open(path, "w") as handle:
        subprocess.run(["sqlite3", "-csv", schema_file, f"SELECT * FROM {quoted(table)} ORDER BY "
                        + ", ".join(map(quoted, key))], check=True, stdout=handle)
    same_script.append(f".import --csv {path} {table}")
same_script += [sql + ";" for kind, _, sql in objects if kind == "index"] + ["COMMIT;"]
same_script_file = os.path.join(scratch, "import-same.sql")
with open(same_script_file, "w") as handle:
    handle.write("\n".join(same_script) + "\n")
os.remove(schema_file)

def measure(command, out):
    """Wall seconds and peak RSS (MiB) of one run, by GNU time; `out` removed first."""
    if os.path.isdir(out): shutil.rmtree(out)
    elif os.path.exists(out): os.remove(out)
    timing = os.path.join(scratch, "time")
    subprocess.run(["/usr/bin/time", "-v", "-o", timing] + command, check=True, stdout=subprocess.DEVNULL)
    text = open(timing).read()
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (.*)", text).group(1).split(":")
    seconds = sum(float(part) * 60 ** index for index, part in enumerate(reversed(clock)))
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([0-9.]+)", text).group(1)) for kind in ("User", "System"))
    return seconds, cpu, int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1)) / 1024

sqlite_out = os.path.join(scratch, "export.sqlite")
anchor_out = os.path.join(scratch, "import.sqlite")
lists_out = os.path.join(scratch, "import-lists.sqlite")
csv_out = os.path.join(scratch, "csv-out")
same_out = os.path.join(scratch, "import-same.sqlite")
same_label = "anchor 1, the same rows: .import of the exported tables' CSV into the export's schema + its indexes"
anchor_label = "anchor 2, plain: .import of export csv's class files + the link index"
commands = [
    ("export sqlite (realm-browser)", [browser, "export", "sqlite", demo, sqlite_out], sqlite_out),
    (same_label, ["sh", "-c", f"sqlite3 {same_out} < {same_script_file} >/dev/null"], same_out),
    (anchor_label, ["sh", "-c", f"sqlite3 {anchor_out} < {import_script} >/dev/null"], anchor_out),
    (".import, then the list table by json_each + its index", ["sh", "-c", f"sqlite3 {lists_out} < {lists_script} >/dev/null"], lists_out),
    ("export csv, every class (realm-browser)", [browser, demo, "-c", f"export csv {csv_out}"], csv_out),
]
results = {label: [] for label, _, _ in commands}
for _ in range(runs):
    for label, command, out in commands:
        results[label].append(measure(command, out))

def counts(path):
    with sqlite3.connect(path) as db:
        return {name: db.execute(f"SELECT COUNT(*) FROM {quoted(name)}").fetchone()[0]
                for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")}

def schema(path):
    with sqlite3.connect(path) as db:
        return sorted(db.execute("SELECT type, name, sql FROM sqlite_master"))

# The export and anchor 1 hold the same tables, indexes and row counts; the json_each file the same
# rows as the export but `metadata` (and its class tables keep the JSON column).
tables = counts(sqlite_out)
assert counts(same_out) == tables and schema(same_out) == schema(sqlite_out)
for table, count in counts(lists_out).items():
    assert tables[table] == count, f"{table}: {tables[table]} rows exported, {count} imported"
with sqlite3.connect(sqlite_out) as exported:
    assert exported.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert exported.execute("PRAGMA foreign_key_check").fetchall() == []
written = {sqlite_out: sum(tables.values()), same_out: sum(tables.values()),
           anchor_out: sum(counts(anchor_out).values()), lists_out: sum(counts(lists_out).values())}
def csv_rows(directory):
    total = 0
    for file in os.listdir(directory):
        with open(os.path.join(directory, file), newline="") as handle:
            total += sum(1 for _ in csv.reader(handle)) - 1
    return total
written[csv_out] = csv_rows(csv_out)
size = lambda path: os.path.getsize(path) / 2 ** 20

same = statistics.median(t for t, _, _ in results[same_label])
anchor = statistics.median(t for t, _, _ in results[anchor_label])
print(f"demo database: {os.path.getsize(demo) / 2 ** 20:.0f} MiB; exported tables: "
      + ", ".join(f"{name} {count:,}" for name, count in tables.items()))
print(f"export.sqlite {size(sqlite_out):.0f} MiB, import-same.sqlite {size(same_out):.0f} MiB, import.sqlite "
      f"{size(anchor_out):.0f} MiB, import-lists.sqlite {size(lists_out):.0f} MiB; {runs} runs in turn; wall and CPU "
      "medians, peak RSS the largest")
print("| command | rows written | wall (median) | runs | vs anchor 1 | vs anchor 2 | CPU user+sys (median) | peak RSS |")
print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
for label, _, out in commands:
    times = [t for t, _, _ in results[label]]
    median = statistics.median(times)
    cpu = statistics.median(c for _, c, _ in results[label])
    print(f"| {label} | {written[out]:,} | {median:.2f} s | {', '.join(f'{t:.2f}' for t in times)} | {median / same:.2f}x | "
          f"{median / anchor:.2f}x | {cpu:.2f} s | {max(m for _, _, m in results[label]):.0f} MB |")
PY
