/// Writes a reshaped table's spec and top array (§4.1, §4.2), whichever writer rewrote its
/// objects: the spec is written anew from the reshape's columns (public columns first, then
/// backlinks); the per-leaf-index arrays (search indexes, opposite tables, opposite columns)
/// keep their length and their entries for untouched leaf indexes, as realm-core's
/// `do_insert_root_column`/`do_erase_root_column` only ever set an entry (null for an erased
/// column) or append one; table top slot 5 takes the column-key sequence number, slot 11 the
/// primary key (`do_set_primary_key_column`), slot 6 the bumped content version.
struct TableSchemaWriter {
    let writer: NodeWriter
    let file: RealmFile
    let reshape: TableReshape
    let top: Node
    let freed: FreedSpace

    static let nullTableKey: Int64 = 0x7FFF_FFFF
    static let nullColumnKey: Int64 = 0x7FFF_FFFF_FFFF_FFFF

    /// The new table top: `root` for the objects, `indexes` for the search indexes written
    /// anew (by leaf index; they replace whatever the file had there), and the object-key
    /// sequence number (slot 9) when objects were created.
    func write(root: Int64, indexes: [Int: Int64], objectKeySequence: Int64? = nil) throws(RealmFormatError) -> Int64 {
        var slots = try (0..<top.size).map { index throws(RealmFormatError) in try top.int(index) }
        guard slots.count > 8 else { throw .cannotWrite(path: file.path, reason: "\(reshape.table.displayName) has an old table layout") }
        // realm-core pads an older top with nulls up to the primary-key slot (Table::init).
        while slots.count <= 11 { slots.append(0) }
        slots[0] = try spec()
        slots[2] = root
        slots[4] = try searchIndexes(indexes)
        slots[5] = (reshape.columnKeySequence << 1) | 1
        if case let .tagged(version) = try top.slot(6) { slots[6] = ((version + 1) << 1) | 1 }
        slots[7] = try perLeafArray(slot: 7, filler: TableSchemaWriter.nullTableKey) { $0.oppositeTable }
        slots[8] = try perLeafArray(slot: 8, filler: TableSchemaWriter.nullColumnKey) { $0.oppositeColumn }
        slots[11] = reshape.primaryKey.map { ($0 << 1) | 1 } ?? 0
        if let objectKeySequence { slots[9] = (objectKeySequence << 1) | 1 }
        freed.add(top)
        return try writer.integers(slots, hasRefs: true)
    }

    /// The length the per-leaf arrays need: at least as long as before, and past every leaf index.
    private func length(of node: Node?) -> Int {
        max(node?.size ?? 0, (reshape.columns.map(\.leafIndex).max() ?? -1) + 1)
    }

    private func perLeafArray(slot: Int, filler: Int64, entry: (TableReshape.Column) -> Int64?) throws(RealmFormatError) -> Int64 {
        let node = try top.child(slot, "table array \(slot)")
        var elements = try (0..<(node?.size ?? 0)).map { index throws(RealmFormatError) in try node?.int(index) ?? filler }
        while elements.count < length(of: node) { elements.append(filler) }
        for column in reshape.removed where column.leafIndex < elements.count { elements[column.leafIndex] = filler }
        for column in reshape.columns { elements[column.leafIndex] = entry(column) ?? filler }
        if let node { freed.add(node) }
        return try writer.integers(elements)
    }

    /// Slot 4: an erased column's index and every index dropped are freed (§7.4), the indexes
    /// written anew take their leaf index, the others stay.
    private func searchIndexes(_ written: [Int: Int64]) throws(RealmFormatError) -> Int64 {
        let node = try top.child(4, "search indexes")
        var elements = try (0..<(node?.size ?? 0)).map { index throws(RealmFormatError) in try node?.int(index) ?? 0 }
        while elements.count < length(of: node) { elements.append(0) }
        func drop(_ leaf: Int) throws(RealmFormatError) {
            guard leaf < elements.count, elements[leaf] != 0, elements[leaf] & 1 == 0 else { return }
            try freed.addSubtree(try file.mapped.bytes.node(at: elements[leaf], context: "search index"))
            elements[leaf] = 0
        }
        for column in reshape.removed { try drop(column.leafIndex) }
        for column in reshape.columns {
            switch column.index {
            case .unchanged:
                if case .kept = column.source, written[column.leafIndex] == nil { continue }
                try drop(column.leafIndex)
            case .none, .built:
                try drop(column.leafIndex)
            }
            if let ref = written[column.leafIndex] { elements[column.leafIndex] = ref }
        }
        if let node { freed.add(node) }
        return try writer.integers(elements, hasRefs: true)
    }

    /// The spec written anew: types (a dictionary's key type above its value type), names of
    /// the public columns, attributes, the reserved 0, enumerated-string keys when the file
    /// had them, column keys. The nodes of the old spec are freed, and the enumerated values
    /// of columns that go.
    func spec() throws(RealmFormatError) -> Int64 {
        let old = try top.requiredChild(0, "spec")
        let columns = reshape.specOrdered
        let types = try writer.integers(columns.map { column in
            Int64(column.type.rawValue) | (column.collection == .dictionary ? Int64(ColumnType.string.rawValue) << 16 : 0)
        })
        let names = try LeafEncoder(writer: writer).names(columns.filter { !$0.isBacklink }.map(\.name))
        let attributes = try writer.integers(columns.map { Int64($0.attributes) })
        let keys = try writer.integers(columns.map(\.key))
        var enumKeys: Int64 = 0
        if old.size > 4, let oldEnumKeys = try old.child(4, "enumerated strings") {
            freed.add(oldEnumKeys)
            enumKeys = try writer.integers(columns.filter { !$0.isBacklink }.map { $0.enumValuesRef ?? 0 }, hasRefs: true)
        }
        for column in reshape.removed {
            if let values = column.enumValuesRef { try freed.addSubtree(try file.mapped.bytes.node(at: values, context: "enumerated strings")) }
        }
        for slot in [0, 2, 5] {
            if let node = try old.child(slot, "spec array") { freed.add(node) }
        }
        if let oldNames = try old.child(1, "column names") { try freed.addSubtree(oldNames) }
        freed.add(old)
        var slots = try (0..<old.size).map { index throws(RealmFormatError) in try old.int(index) }
        while slots.count < 6 { slots.append(0) }
        slots[0] = types
        slots[1] = names
        slots[2] = attributes
        slots[4] = enumKeys
        slots[5] = keys
        return try writer.integers(slots, hasRefs: true)
    }
}
