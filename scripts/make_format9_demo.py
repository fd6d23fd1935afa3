#!/usr/bin/env python3
"""Writes a format-9-like Realm file (legacy document Part I: tables of column B+trees) holding
the objects of a canonical dump of Realm Browser's demo database, for the scale check of
BENCHMARKS.md ("how the open cost grows"). Realm's engines of that era are not available here,
so the layout follows ../shared/docs/realm-file-format-legacy.md, the way realm-core 5 lays
out a file written by appending: compact B+trees of 1000-element leaves, the object store's pk
and metadata tables, backlink columns. It is an input for measuring, not a reference: the
benchmark checks that the browser's dump of it has the same values as the dump it came from.

Usage: make_format9_demo.py DUMP.json OUT.realm"""
import json, struct, sys

MAX_LEAF = 1000


class Writer:
    def __init__(self):
        self.out = bytearray(24)

    def node(self, payload, size, wtype=0, width=0, has_refs=False, inner=False, context=False):
        ref = len(self.out)
        code = 0 if width == 0 else width.bit_length()
        flags = (0x80 if inner else 0) | (0x40 if has_refs else 0) | (0x20 if context else 0) | (wtype << 3) | code
        self.out += b'AAAA' + bytes([flags]) + size.to_bytes(3, 'big') + payload
        self.out += bytes((-len(payload)) % 8)
        return ref

    def ints(self, values, has_refs=False, inner=False, context=False, min_width=0):
        """A bit-packed integer node of the narrowest width (format document §2.3)."""
        width = min_width
        for v in values:
            for w, lo, hi in ((0, 0, 0), (1, 0, 1), (2, 0, 3), (4, 0, 15), (8, -128, 127), (16, -2**15, 2**15 - 1),
                              (32, -2**31, 2**31 - 1), (64, -2**63, 2**63 - 1)):
                if lo <= v <= hi:
                    width = max(width, w)
                    break
        if width == 0:
            payload = b''
        elif width < 8:
            bits = 0
            for i, v in enumerate(values):
                bits |= v << (i * width)
            payload = bits.to_bytes((len(values) * width + 7) // 8, 'little')
        else:
            payload = b''.join(v.to_bytes(width // 8, 'little', signed=True) for v in values)
        return self.node(payload, len(values), 0, width, has_refs, inner, context)

    def refs(self, slots, inner=False, context=False):
        return self.ints(slots, has_refs=True, inner=inner, context=context)

    def tree(self, values, leaf):
        """A compact B+tree (L§4): leaves of 1000, one inner level above when needed."""
        leaves = [leaf(values[i:i + MAX_LEAF]) for i in range(0, max(len(values), 1), MAX_LEAF)] or [leaf([])]
        if len(leaves) == 1:
            return leaves[0]
        return self.refs([(MAX_LEAF << 1) | 1] + leaves + [(len(values) << 1) | 1], inner=True)

    def int_leaf(self, values):
        return self.ints(values)

    def nullable_int_leaf(self, values):
        null = max([v for v in values if v is not None] + [0]) + 1
        return self.ints([null] + [null if v is None else v for v in values])

    def floats(self, values, fmt):
        size = struct.calcsize(fmt)
        return self.node(b''.join(struct.pack('<' + fmt, v) for v in values), len(values), 1, size)

    def strings(self, values, nullable):
        """L§5.4: short (up to 15 bytes), medium (up to 63, flags 1 = not null), else big."""
        encoded = [None if v is None else v.encode() for v in values]
        longest = max([len(v) for v in encoded if v is not None] + [0])
        if longest <= 15:
            width = 0 if not values else (4 if longest < 4 else 8 if longest < 8 else 16)
            slots = b''
            for v in encoded:
                slot = bytearray(width)
                if v is None:
                    slot[-1] = width
                else:
                    slot[:len(v)] = v
                    slot[-1] = width - 1 - len(v)
                slots += bytes(slot)
            return self.node(slots, len(values), 1, width)
        if longest <= 63:
            blob, ends = b'', []
            for v in encoded:
                blob += (v or b'') + b'\0'
                ends.append(len(blob))
            parts = [self.ints(ends), self.node(blob, len(blob), 2, 1)]
            if nullable:
                parts.append(self.ints([0 if v is None else 1 for v in encoded]))
            return self.refs(parts)
        return self.refs([0 if v is None else self.node(v + b'\0', len(v) + 1, 2, 1) for v in encoded], context=True)


def value(v):
    if isinstance(v, dict):
        if '$float' in v: return float(v['$float'])
        if '$double' in v: return float(v['$double'])
        if '$date' in v: return tuple(v['$date'])
        if '$link' in v: return v['$link']
    return v


def main(dump_path, out_path):
    dump = json.load(open(dump_path))
    tables = [t for t in dump['tables']]
    names = ['pk'] + [t['name'] for t in tables]
    index = {name: i for i, name in enumerate(names)}
    positions = {t['name']: {o['_key']: row for row, o in enumerate(t['objects'])} for t in tables}
    backlinks = {t['name']: [] for t in tables}  # target -> [(origin table, origin column)]
    for t in tables:
        for c, col in enumerate(t['columns']):
            if col['type'] == 'link':
                backlinks[col['target']].append((t['name'], c))
    w = Writer()
    table_refs = []
    # pk: two string columns, no rows (demo has no primary keys).
    pk_spec = w.refs([w.ints([2, 2]), w.strings(['pk_table', 'pk_property'], False), w.ints([0, 0])])
    table_refs.append(w.refs([pk_spec, w.refs([w.strings([], False), w.strings([], False)])]))
    for t in tables:
        rows = t['objects']
        types, attrs, subspecs, roots = [], [], [], []
        for col in t['columns']:
            values = [value(o[col['name']]) for o in rows]
            kind, nullable = col['type'], col['nullable']
            attrs.append(16 if nullable and kind != 'link' else 0)
            if kind == 'link' and col['collection'] == 'list':
                types.append(13)
                subspecs.append((index[col['target']] << 1) | 1)
                target = positions[col['target']]
                roots.append(w.tree(values, lambda leaf: w.refs(
                    [w.ints([target[x['$link'][1]] for x in lst]) if lst else 0 for lst in leaf])))
            elif kind == 'link':
                types.append(12)
                subspecs.append((index[col['target']] << 1) | 1)
                target = positions[col['target']]
                roots.append(w.tree([0 if v is None else target[v[1]] + 1 for v in values], w.int_leaf))
            elif kind == 'int':
                types.append(0)
                roots.append(w.tree(values, w.nullable_int_leaf if nullable else w.int_leaf))
            elif kind == 'bool':
                types.append(1)
                roots.append(w.tree([None if v is None else int(v) for v in values], w.nullable_int_leaf if nullable else w.int_leaf))
            elif kind in ('float', 'double'):
                types.append(9 if kind == 'float' else 10)
                null = struct.unpack('<f', struct.pack('<I', 0x7FC000AA))[0] if kind == 'float' else \
                    struct.unpack('<d', struct.pack('<Q', 0x7FF80000000000AA))[0]
                fmt = 'f' if kind == 'float' else 'd'
                roots.append(w.tree([null if v is None else v for v in values], lambda leaf, f=fmt: w.floats(leaf, f)))
            elif kind == 'string':
                types.append(2)
                roots.append(w.tree(values, lambda leaf, n=nullable: w.strings(leaf, n)))
            elif kind == 'timestamp':
                types.append(8)
                seconds = w.tree([None if v is None else v[0] for v in values], w.nullable_int_leaf)
                nanos = w.tree([0 if v is None else v[1] for v in values], w.int_leaf)
                roots.append(w.refs([seconds, nanos]))
            else:
                raise SystemExit(f'make_format9_demo: {kind} columns are not written')
        # L§5.10: a backlink column per link column targeting this table.
        for origin, column in backlinks[t['name']]:
            types.append(14)
            attrs.append(0)
            subspecs += [(index[origin] << 1) | 1, (column << 1) | 1]
            incoming = [[] for _ in rows]
            origin_table = next(o for o in tables if o['name'] == origin)
            name = origin_table['columns'][column]['name']
            for row, o in enumerate(origin_table['objects']):
                v = o[name]
                for link in (v if isinstance(v, list) else [v] if v else []):
                    incoming[positions[t['name']][link['$link'][1]]].append(row)
            roots.append(w.tree(incoming, lambda leaf: w.refs(
                [0 if not o else (o[0] << 1) | 1 if len(o) == 1 else w.ints(o) for o in leaf])))
        spec = [w.ints(types), w.strings([c['name'] for c in t['columns']], False), w.ints(attrs)]
        if subspecs:
            spec.append(w.refs(subspecs))
        table_refs.append(w.refs([w.refs(spec), w.refs(roots)]))
    name_leaf = w.strings(names, False)
    tables_node = w.refs(table_refs)
    top = len(w.out)
    end = top + 8 + 24
    w.ints([name_leaf, tables_node, (end << 1) | 1], has_refs=True, min_width=64)
    assert len(w.out) == end
    w.out[0:8] = top.to_bytes(8, 'little')
    w.out[16:24] = b'T-DB' + bytes([9, 9, 0, 0])
    open(out_path, 'wb').write(w.out)


if __name__ == '__main__':
    main(*sys.argv[1:3])
