import RealmFormat

/// What the user should know about a format 5-9 file that Realm's own upgrade would not carry
/// over correctly (L§8.5, L§12). We read such a file as the engine that wrote it did; the dump
/// then differs from what Realm would show after upgrading it, and `info` says why.
struct UpgradeRemarks {
    let format: Int
    private(set) var sentences: [String] = []

    /// Types the image's search indexes cover; an index on another type is dropped.
    static let indexableTypes: Set<ColumnType> = [.int, .bool, .string, .timestamp]

    init(format: Int) {
        self.format = format
    }

    mutating func note(_ sentence: String) {
        if !sentences.contains(sentence) { sentences.append(sentence) }
    }

    /// The checks of L§8.5's table and L§12, for one table's public columns.
    mutating func check(_ table: ColumnStoreTable, columns: [LegacyColumn], hasStringPrimaryKey: Bool) throws(RealmFormatError) {
        for column in columns {
            let name = "\(table.name).\(column.name)"
            switch column.type {
            case .stringEnum:
                try checkEnumerated(column, name: name, table: table, hasStringPrimaryKey: hasStringPrimaryKey)
            case .table:
                // L§12: the upgrade ORs the list's Nullable into a non-nullable element column
                // and reads its plain leaves as nullable ones.
                if format >= 8, column.isNullable, let element = column.subspec?.publicColumns.first, !element.isNullable {
                    note("\(name): a nullable list of non-nullable values (format 8); Realm's upgrade would drop the first element "
                         + "of every list, shown here whole as the engine that wrote the file reads it")
                }
            case .mixed:
                note("\(name): an old Mixed column, whose values Realm's upgrade drops (realm-core 6 refuses the file); shown as null as Realm shows them")
            default:
                break
            }
        }
    }

    /// L§8.5: enumerated strings whose key list has a medium leaf, or whose table has more than
    /// 1000 rows (an inner root), break realm-core's upgrade; with a string primary key and more
    /// than 256 rows, realm-core 6's (the SDKs of 2020) silently damages them (L§10).
    private mutating func checkEnumerated(_ column: LegacyColumn, name: String, table: ColumnStoreTable,
                                          hasStringPrimaryKey: Bool) throws(RealmFormatError) {
        if let keys = column.enumKeys {
            let cursor = try ElementCursor(root: keys, kind: .string(nullable: column.isNullable), context: "\(name) enumerated values")
            if try cursor.hasMediumStringLeaf() {
                note(column.isNullable
                     ? "\(name): enumerated strings with values of 16 to 63 bytes; Realm's upgrade would turn every value into null "
                       + "and every null into \"\", shown here as the engine that wrote the file reads them"
                     : "\(name): enumerated strings with values of 16 to 63 bytes; Realm's upgrade fails on them, "
                       + "shown here as the engine that wrote the file reads them")
            }
        }
        if table.rowCount > 1000 {
            note("\(name): enumerated strings in a table of more than 1000 objects; Realm's upgrade fails on them, "
                 + "shown here as the engine that wrote the file reads them")
        } else if hasStringPrimaryKey && table.rowCount > 256 {
            note("\(name): enumerated strings in a class with a string primary key and more than 256 objects; "
                 + "the upgrade of Realm SDKs of 2020 (realm-core 6) damages them, today's reads them correctly")
        }
    }
}
