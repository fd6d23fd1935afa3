import RealmFormat

/// The enum indexes of a StringEnum column of formats 5-9 that name no value of its key list
/// (L§5.5, L§14): damage, whatever the file's history (L§10). Counted before the image's schema
/// is written, so that such a column can be made nullable and its damaged values shown as null.
enum EnumeratedIndexes {
    /// How many rows hold an index outside the key list, and the first of them.
    static func damaged(_ column: LegacyColumn, in table: ColumnStoreTable) throws(RealmFormatError) -> (count: Int, firstRow: Int)? {
        guard column.type == .stringEnum, let keyList = column.enumKeys else { return nil }
        let context = "\(table.context) column \"\(column.name)\""
        let keys = try ElementCursor.count(root: keyList, kind: .string(nullable: column.isNullable), context: "\(context) values")
        let indexes = try ElementCursor(root: try table.root(of: column), kind: .integers, context: context)
        var count = 0
        var first = 0
        for row in 0..<indexes.remaining {
            let index = try indexes.nextInteger() ?? -1
            guard index < 0 || index >= Int64(keys) else { continue }
            if count == 0 { first = row }
            count += 1
        }
        return count == 0 ? nil : (count, first)
    }
}
