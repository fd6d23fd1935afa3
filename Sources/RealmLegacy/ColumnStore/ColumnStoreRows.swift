import RealmFormat

/// Produces a table's rows for the writer, a leaf at a time, each column read in step.
final class ColumnStoreRows {
    private let readers: [ColumnReader]

    init(columns: [ColumnReader]) {
        readers = columns
    }

    func produce(_ range: Range<Int>) throws(RealmFormatError) -> StreamedRows {
        var values: [ArraySlice<NewValue>] = []
        values.reserveCapacity(readers.count)
        for index in readers.indices {
            var column: [NewValue] = []
            column.reserveCapacity(range.count)
            for _ in range { column.append(try readers[index].next()) }
            values.append(column[...])
        }
        return StreamedRows(keys: range.map(Int64.init), values: values)
    }
}
