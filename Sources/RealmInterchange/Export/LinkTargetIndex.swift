import RealmFormat

/// Resolves the references `export` writes for links: the target's primary key, or its object
/// key when the target class has none. Each target class is read once, column by column. Object
/// keys of a class imported earlier in the session are translated to the keys its objects got,
/// so a directory of exported CSV files imports with its links intact.
public final class LinkTargetIndex {
    private var byPrimaryKey: [UInt32: [String: Int64]] = [:]
    private var keys: [UInt32: Set<Int64>] = [:]
    /// Per raw table name: exported `_key` -> key after import.
    public let translations: [String: [Int64: Int64]]

    public init(translations: [String: [Int64: Int64]] = [:]) {
        self.translations = translations
    }

    public func key(for reference: String, in target: Table, property: String) throws(CellError) -> Int64 {
        do throws(RealmFormatError) {
            if let primaryKey = target.primaryKey {
                if byPrimaryKey[target.key] == nil { byPrimaryKey[target.key] = try index(target, primaryKey) }
            } else if keys[target.key] == nil { keys[target.key] = try allKeys(target) }
        } catch {
            throw .bad("\(property): cannot read \(target.displayName): \(error)")
        }
        if let primaryKey = target.primaryKey {
            guard let key = byPrimaryKey[target.key]?[reference] else {
                throw .bad("\(property): no \(target.displayName) has \(primaryKey.name) = \(CSVCellParser.shown(reference))")
            }
            return key
        }
        guard let written = Int64(reference.trimmingWhitespace()) else {
            throw .bad("\(property): \(CSVCellParser.shown(reference)) is not an object key of \(target.displayName) (it has no primary key)")
        }
        let key = translations[target.name]?[written] ?? written
        guard keys[target.key]?.contains(key) == true else {
            throw .bad("\(property): \(target.displayName) has no object with key \(key)")
        }
        return key
    }

    private func index(_ table: Table, _ column: Column) throws(RealmFormatError) -> [String: Int64] {
        var map: [String: Int64] = [:]
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            let reader = try ColumnLeafReader(leaf: leaf, column: column)
            for row in 0..<leaf.count {
                if let text = ExportValueEncoder.text(of: try reader.value(at: row)) { map[text] = try leaf.key(at: row) }
            }
        }
        return map
    }

    private func allKeys(_ table: Table) throws(RealmFormatError) -> Set<Int64> {
        var keys = Set<Int64>()
        try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
            for row in 0..<leaf.count { keys.insert(try leaf.key(at: row)) }
        }
        return keys
    }
}
