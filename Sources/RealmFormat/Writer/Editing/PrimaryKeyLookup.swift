/// Which objects may hold a primary-key value, so that creating an object checks uniqueness
/// without reading the whole table each time: the file's values are read once per table (the
/// file does not change while an editor stages), and values given to staged objects are noted
/// as they are staged. The answers are candidates: `FileEditor` checks each one against the
/// object's current value (a staged change or deletion may have replaced it), so stale entries,
/// such as those of a staging step that failed, never decide anything.
struct PrimaryKeyLookup {
    /// Objects by the text of a value (equal values have equal text), per table slot.
    private var fileObjects: [Int: [String: [Int64]]] = [:]
    private var stagedObjects: [Int: [String: [Int64]]] = [:]

    /// Records that the staged object `key` was given `value` as its primary key.
    mutating func noteStaged(_ value: RealmValue, key: Int64, tableSlot: Int) {
        stagedObjects[tableSlot, default: [:]][PrimaryKeyLookup.text(value), default: []].append(key)
    }

    /// The objects of the file or staged ones that held `value` in `column` at some point.
    mutating func candidates(for value: RealmValue, column: Column, table: Table) throws(RealmFormatError) -> [Int64] {
        if fileObjects[table.slot] == nil {
            var byValue: [String: [Int64]] = [:]
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                let reader = try ColumnLeafReader(leaf: leaf, column: column)
                for row in 0..<leaf.count {
                    byValue[PrimaryKeyLookup.text(try reader.value(at: row)), default: []].append(try leaf.key(at: row))
                }
            }
            fileObjects[table.slot] = byValue
        }
        let text = PrimaryKeyLookup.text(value)
        return (fileObjects[table.slot]?[text] ?? []) + (stagedObjects[table.slot]?[text] ?? [])
    }

    private static func text(_ value: RealmValue) -> String { String(describing: value) }
}
