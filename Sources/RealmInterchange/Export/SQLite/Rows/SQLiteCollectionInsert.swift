import RealmFormat

/// The rows of one list, set or dictionary property: one per element of the object being
/// written (`owner`, then `position` or `key`, `value` and, for Mixed elements, `value_type`).
final class SQLiteCollectionInsert {
    let statement: SQLiteStatement
    let kind: CollectionKind
    let column: Column
    /// The parameter of the element: after the owner, and after the position or key.
    let valueIndex: Int32
    /// The parameter of a Mixed element's type, nil for other elements.
    let typeIndex: Int32?
    private var owner: Int64 = 0
    private var position: Int64 = 0

    init(_ table: SQLiteTable, column: Column, connection: SQLiteConnection) throws(InterchangeError) {
        statement = try connection.prepareInsert(into: table)
        kind = column.collection ?? .list
        self.column = column
        valueIndex = kind == .set ? 2 : 3
        typeIndex = column.type == .mixed || column.type == .typedLink ? valueIndex + 1 : nil
    }

    /// Starts the elements of the object `owner`.
    @inline(__always)
    func begin(owner: Int64) {
        self.owner = owner
        position = 0
    }

    /// Before each element's value: its row's owner and, in a list, its position (every
    /// parameter of every row is bound: a statement inserts several rows at once).
    @inline(__always)
    func nextElement() {
        statement.bind(1, integer: owner)
        guard kind == .list else { return }
        statement.bind(2, integer: position)
        position += 1
    }

    /// The elements of a collection `LeafColumns` does not read in place, read whole through
    /// `CollectionReader` (as `dump` reads them): in stored order, links to deleted objects left out.
    func insert(_ collection: CollectionSummary, reader: CollectionReader, binding: SQLiteBinding) throws(RealmFormatError) {
        guard collection.kind == .dictionary else {
            for element in try reader.elements(of: collection) {
                nextElement()
                try binding.bind(element, to: statement, at: valueIndex, typeAt: typeIndex, column: column)
                statement.endRow()
            }
            return
        }
        for entry in try reader.entries(of: collection) {
            nextElement()
            if case let .string(key) = entry.key {
                statement.bind(2, text: key)
            } else {
                statement.bind(2, text: ExportValueEncoder.text(of: entry.key) ?? "")
            }
            try binding.bind(entry.value, to: statement, at: valueIndex, typeAt: typeIndex, column: column)
            statement.endRow()
        }
    }
}
