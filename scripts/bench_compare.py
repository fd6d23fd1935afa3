#!/usr/bin/env python3
"""Runs the SQL equivalent of every realm-bench query on SQLite and prints the comparison.

Usage: bench_compare.py REALM_BENCH.json DB.sqlite [--runs N] [--warmup N] [--sqlite3-cli PATH]

REALM_BENCH.json is `realm-bench --json FILE --keys` output. Each query's SQL runs through
Python's sqlite3 module: `warmup` untimed runs, then `runs` timed runs of
`connection.execute(sql).fetchall()` (the statement is prepared once and cached by the module;
the time includes stepping and fetching every row into Python), median reported. Counts are
checked three ways: realm-bench, the module, and the sqlite3 command-line shell
(`SELECT count(*) FROM (sql)`). Keys are compared too (Item's object keys equal its ids in
big.realm): as sets for plain queries, as sequences for SORT/DISTINCT queries.
Exit status 1 when any count or key list disagrees.
"""
import argparse
import calendar
import json
import platform
import sqlite3
import statistics
import subprocess
import sys
import time


def times(ratio):
    """12x, 3.4x, 0.5x: whole numbers from 10 up, one decimal below."""
    return f"{ratio:.0f}x" if ratio >= 10 else f"{ratio:.1f}x"

# 2025-06-01@00:00:00 (UTC) in milliseconds, as the loader stores `created`.
JUNE_2025_MS = calendar.timegm((2025, 6, 1, 0, 0, 0)) * 1000

# name -> SQL; the names are realm-bench's (Sources/realm-bench/main.swift), RQL in comments.
# Realm's LIKE/BEGINSWITH/ENDSWITH are case-sensitive: GLOB is, LIKE is not (ASCII) by default.
SQL = {
    # category == 'Books'
    "string-eq": "SELECT id FROM Item WHERE category = 'Books'",
    # category == 'Electronics' AND price >= 100 AND price < 200
    "and-double-range": "SELECT id FROM Item WHERE category = 'Electronics' AND price >= 100 AND price < 200",
    # id == 123456
    "pk-eq": "SELECT id FROM Item WHERE id = 123456",
    # id IN {7, 42, 1000, 65535, 100000, 123456, 199999, 250000}
    "int-in": "SELECT id FROM Item WHERE id IN (7, 42, 1000, 65535, 100000, 123456, 199999, 250000)",
    # qty BETWEEN {100, 150}   (inclusive at both ends, like SQL's)
    "int-between": "SELECT id FROM Item WHERE qty BETWEEN 100 AND 150",
    # name CONTAINS[c] 'kettle'
    "contains-c": "SELECT id FROM Item WHERE lower(name) LIKE '%kettle%'",
    # name LIKE 'Red * #1?5*'   (* -> *, ? -> ?; GLOB is case-sensitive like Realm's LIKE)
    "like": "SELECT id FROM Item WHERE name GLOB 'Red * #1?5*'",
    # name BEGINSWITH 'Smart'
    "beginswith": "SELECT id FROM Item WHERE name GLOB 'Smart*'",
    # name ENDSWITH '99'
    "endswith": "SELECT id FROM Item WHERE name GLOB '*99'",
    # tags.@count >= 3
    "list-count": "SELECT id FROM Item WHERE (SELECT count(*) FROM ItemTag WHERE item_id = Item.id) >= 3",
    # ANY tags == 'sale'   (a list may hold 'sale' twice; the object counts once)
    "any-tag": "SELECT id FROM Item WHERE id IN (SELECT item_id FROM ItemTag WHERE tag = 'sale')",
    # active == true SORT(price DESC) LIMIT(10)   (ties: Realm keeps key order)
    "sort-limit": "SELECT id FROM Item WHERE active = 1 ORDER BY price DESC, id LIMIT 10",
    # price < 500 DISTINCT(category, active)   (Realm keeps the first object of each group, in key order)
    "distinct": "SELECT min(id) FROM Item WHERE price < 500 GROUP BY category, active ORDER BY 1",
    # created > 2025-06-01@00:00:00
    "date-gt": f"SELECT id FROM Item WHERE created > {JUNE_2025_MS}",
    # active == false AND qty > 400
    "bool-int": "SELECT id FROM Item WHERE active = 0 AND qty > 400",
    # category == 'Books' OR category == 'Music' OR category == 'Toys'
    "or-strings": "SELECT id FROM Item WHERE category = 'Books' OR category = 'Music' OR category = 'Toys'",
    # NOT (price < 900)
    "not-double": "SELECT id FROM Item WHERE NOT (price < 900)",
    # TRUEPREDICATE
    "all-objects": "SELECT id FROM Item",
}


def cli_count(cli, db, sql):
    if not cli:
        return None
    out = subprocess.run([cli, "-readonly", "-batch", db, f"SELECT count(*) FROM ({sql});"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return f"error: {out.stderr.strip()}"
    return int(out.stdout.strip())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("realm_json")
    parser.add_argument("db")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--sqlite3-cli", default="sqlite3")
    args = parser.parse_args()

    with open(args.realm_json, encoding="utf-8") as handle:
        realm = json.load(handle)
    missing = [q["name"] for q in realm["queries"] if q["name"] not in SQL]
    if missing:
        sys.exit(f"bench_compare: no SQL for realm-bench queries {missing}; add them to SQL in {__file__}")

    cli_version = None
    if args.sqlite3_cli:
        try:
            cli_version = subprocess.run([args.sqlite3_cli, "--version"], capture_output=True,
                                         text=True, check=True).stdout.split()[0]
        except (OSError, subprocess.CalledProcessError):
            args.sqlite3_cli = None

    db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    print(f"baseline: SQLite {sqlite3.sqlite_version} via python{platform.python_version()} sqlite3 module, "
          f"same data ({args.db}), indexes on Item(category), ItemTag(tag), ItemTag(item_id), "
          f"id INTEGER PRIMARY KEY (rowid); default pragmas, no ANALYZE")
    print(f"sqlite time = execute(sql).fetchall(), {args.warmup} warm-up + {args.runs} timed runs, median; "
          f"realm-bench: {realm['warmup']} warm-up + {realm['runs']} timed runs of QueryEngine.run, median "
          f"({realm['build']} build)")
    print(f"counts cross-checked with the sqlite3 shell {cli_version}" if cli_version
          else "sqlite3 shell not found: counts checked through the Python module only")
    print()

    rows, problems = [], []
    for query in realm["queries"]:
        name, sql = query["name"], SQL[query["name"]]
        statement_rows = None
        samples = []
        for index in range(args.warmup + args.runs):
            start = time.perf_counter()
            statement_rows = db.execute(sql).fetchall()
            elapsed = (time.perf_counter() - start) * 1e3
            if index >= args.warmup:
                samples.append(elapsed)
        sqlite_ms = statistics.median(samples)
        sqlite_keys = [row[0] for row in statement_rows]
        shell = cli_count(args.sqlite3_cli, args.db, sql)

        verdict = "ok"
        realm_count = query["count"]
        if realm_count != len(sqlite_keys) or (shell is not None and shell != len(sqlite_keys)):
            verdict = "COUNT MISMATCH"
        elif "keys" in query:
            realm_keys = query["keys"]
            same = realm_keys == sqlite_keys if query["ordered"] else sorted(realm_keys) == sorted(sqlite_keys)
            if not same:
                verdict = "KEY MISMATCH" + (" (order)" if sorted(realm_keys) == sorted(sqlite_keys) else "")
        if verdict != "ok":
            detail = f"{name}: realm-bench {realm_count}, sqlite3 module {len(sqlite_keys)}, sqlite3 shell {shell}"
            if "keys" in query:
                only_realm = sorted(set(query["keys"]) - set(sqlite_keys))
                only_sqlite = sorted(set(sqlite_keys) - set(query["keys"]))
                detail += (f"\n    only in realm-bench ({len(only_realm)}): {only_realm[:10]}"
                           f"\n    only in SQLite ({len(only_sqlite)}): {only_sqlite[:10]}")
                if query["ordered"]:
                    detail += f"\n    realm-bench order: {query['keys'][:12]}\n    SQLite order:      {sqlite_keys[:12]}"
            detail += f"\n    RQL: {query['rql']}\n    SQL: {sql}"
            problems.append((verdict, detail))
        # How many times faster realm-bench is (below 1: slower).
        ratio = sqlite_ms / query["median_ms"] if query["median_ms"] > 0 else float("inf")
        counts = f"{realm_count} / {len(sqlite_keys)}" + ("" if shell is None else f" / {shell}")
        rows.append((name, f"{query['median_ms']:.2f}", f"{sqlite_ms:.2f}", times(ratio), counts, verdict))

    header = ("query", "realm-bench ms", "sqlite ms", "sqlite/realm", "counts realm/module/shell", "check")
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    align = ["<", ">", ">", ">", ">", "<"]
    def line(cells):
        return " | ".join(f"{str(c):{a}{w}}" for c, a, w in zip(cells, align, widths))
    print(line(header))
    print("-+-".join("-" * w for w in widths))
    for row in rows:
        print(line(row))
    realm_total = sum(q["median_ms"] for q in realm["queries"])
    sqlite_total = sum(float(r[2]) for r in rows)
    print()
    print(f"sum of medians: realm-bench {realm_total:.1f} ms, sqlite {sqlite_total:.1f} ms "
          f"(realm-bench {times(sqlite_total / realm_total)} as fast)")

    if problems:
        print()
        print("!" * 78)
        print(f"!!! RESULT MISMATCH in {len(problems)} of {len(rows)} queries: realm-bench and SQLite disagree")
        for verdict, detail in problems:
            print(f"!!! {verdict}: {detail}")
        print("!" * 78)
        return 1
    print(f"all {len(rows)} queries: realm-bench and SQLite return the same objects")
    return 0


if __name__ == "__main__":
    sys.exit(main())
