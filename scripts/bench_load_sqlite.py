#!/usr/bin/env python3
"""Loads big.realm's Item class into SQLite the way a user would, for scripts/bench.sh.

Usage: bench_load_sqlite.py DUMP.json OUT.sqlite

DUMP.json is a canonical dump (../shared/fixtures/big.json, or `realm-browser FILE -c
"dump Item --out X.json"`; format in ../shared/fixtures/README.md). The database gets

    Item(id INTEGER PRIMARY KEY, name TEXT, category TEXT, price REAL, qty INTEGER,
         created INTEGER,  -- milliseconds since 1970 (the fixture's dates are whole ms)
         active INTEGER)   -- 0 / 1
    ItemTag(item_id INTEGER, tag TEXT)  -- one row per list element, duplicates kept

and the indexes a user would add: Item(category), ItemTag(tag), ItemTag(item_id). Default
page size, cache and journal settings; no ANALYZE. The file is written next to OUT and
renamed into place only when complete.
"""
import json
import os
import sqlite3
import sys


def fail(message):
    sys.exit(f"bench_load_sqlite: {message}")


def main():
    if len(sys.argv) != 3:
        fail("usage: bench_load_sqlite.py DUMP.json OUT.sqlite")
    source, target = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as handle:
        dump = json.load(handle)
    tables = [t for t in dump["tables"] if t.get("class") == "Item"]
    if not tables:
        fail(f"{source} has no class Item")
    table = tables[0]
    expected = ["id", "name", "category", "price", "qty", "created", "active", "tags"]
    columns = [c["name"] for c in table["columns"]]
    if columns != expected:
        fail(f"Item's columns are {columns}, expected {expected}")
    if table.get("primary_key") != "id":
        fail("Item's primary key is not id")

    items, tags = [], []
    for obj in table["objects"]:
        seconds, nanos = obj["created"]["$date"]
        if nanos % 1_000_000:
            fail(f"Item {obj['id']}: created has sub-millisecond nanoseconds; millisecond storage would be lossy")
        if obj["_key"] != obj["id"]:
            # scripts/bench_compare.py compares Realm object keys with SQLite ids.
            fail(f"Item with key {obj['_key']} has id {obj['id']}; the cross-check assumes keys equal ids")
        items.append((
            obj["id"], obj["name"], obj["category"], float(obj["price"]["$double"]), obj["qty"],
            seconds * 1000 + nanos // 1_000_000, 1 if obj["active"] else 0,
        ))
        tags.extend((obj["id"], tag) for tag in obj["tags"])
    if len(items) != table["count"]:
        fail(f"the dump holds {len(items)} of {table['count']} objects (truncated dump?)")

    partial = target + ".partial"
    if os.path.exists(partial):
        os.remove(partial)
    db = sqlite3.connect(partial)
    db.executescript("""
        CREATE TABLE Item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL,
                          price REAL NOT NULL, qty INTEGER NOT NULL, created INTEGER NOT NULL,
                          active INTEGER NOT NULL);
        CREATE TABLE ItemTag(item_id INTEGER NOT NULL REFERENCES Item(id), tag TEXT NOT NULL);
    """)
    with db:
        db.executemany("INSERT INTO Item VALUES (?, ?, ?, ?, ?, ?, ?)", items)
        db.executemany("INSERT INTO ItemTag VALUES (?, ?)", tags)
    db.executescript("""
        CREATE INDEX Item_category ON Item(category);
        CREATE INDEX ItemTag_tag ON ItemTag(tag);
        CREATE INDEX ItemTag_item_id ON ItemTag(item_id);
    """)
    db.close()
    os.replace(partial, target)
    print(f"bench_load_sqlite: {target}: {len(items)} Item rows, {len(tags)} ItemTag rows "
          f"(from {source}), SQLite {sqlite3.sqlite_version}", file=sys.stderr)


if __name__ == "__main__":
    main()
