import RealmFormat

/// Produces the demo database's objects a leaf at a time, in one walk of the random sequence,
/// for the tables `DemoDatabase.streamedTables` hands to the writer.
///
/// The sequence draws all RealmTestClass0 objects, then all RealmTestClass1, then all
/// RealmTestClass2, so the producers must be called in that order, each from its first row up
/// (as the writer does); a call out of turn throws instead of silently writing other values.
final class DemoObjectSource {
    private var draws: DemoDraws
    private let now: Int64
    /// The class (table position) and row the sequence draws next.
    private var next = (table: DemoDatabase.class0, row: 0)

    init(seed: UInt64, rows: Int, now: Int64) {
        draws = DemoDraws(seed: seed, rows: rows)
        self.now = now
    }

    func objects0(_ range: Range<Int>) throws(RealmFormatError) -> StreamedRows {
        try advance(table: DemoDatabase.class0, range)
        var integers: [NewValue] = [], strings: [NewValue] = []
        integers.reserveCapacity(range.count)
        strings.reserveCapacity(range.count)
        for _ in range {
            let object = draws.object0()
            integers.append(.scalar(.int(object.integer)))
            strings.append(.scalar(.string(object.text.string)))
        }
        return StreamedRows(keys: keys(range), values: [integers[...], strings[...]])
    }

    func objects1(_ range: Range<Int>) throws(RealmFormatError) -> StreamedRows {
        try advance(table: DemoDatabase.class1, range)
        var columns: [[NewValue]] = Array(repeating: [], count: 7)
        for index in columns.indices { columns[index].reserveCapacity(range.count) }
        for _ in range {
            var links: [RealmValue] = []
            let object = draws.object1 { target in
                links.append(.link(table: UInt32(DemoDatabase.class0), key: ObjectKeys.squeezed(Int64(target))))
            }
            columns[0].append(.scalar(.int(object.integer)))
            columns[1].append(.scalar(.bool(object.flag)))
            columns[2].append(.scalar(.float(object.float)))
            columns[3].append(.scalar(.double(object.double)))
            columns[4].append(.scalar(.string(object.text.string)))
            columns[5].append(.scalar(.timestamp(Timestamp(seconds: now - object.secondsBack, nanoseconds: 0))))
            columns[6].append(.list(links))
        }
        return StreamedRows(keys: keys(range), values: columns.map { $0[...] })
    }

    func objects2(_ range: Range<Int>) throws(RealmFormatError) -> StreamedRows {
        try advance(table: DemoDatabase.class2, range)
        var columns: [[NewValue]] = Array(repeating: [], count: 3)
        for index in columns.indices { columns[index].reserveCapacity(range.count) }
        for _ in range {
            let object = draws.object2()
            columns[0].append(.scalar(.int(object.integer)))
            columns[1].append(.scalar(.bool(object.flag)))
            columns[2].append(.scalar(.link(table: UInt32(DemoDatabase.class1), key: ObjectKeys.squeezed(Int64(object.target)))))
        }
        return StreamedRows(keys: keys(range), values: columns.map { $0[...] })
    }

    private func keys(_ range: Range<Int>) -> [Int64] {
        range.map { ObjectKeys.squeezed(Int64($0)) }
    }

    private func advance(table: Int, _ range: Range<Int>) throws(RealmFormatError) {
        guard next.table == table, next.row == range.lowerBound, range.upperBound <= draws.rows else {
            throw .cannotWrite(path: "", reason: "internal error: demo objects \(range) of table \(table) were asked for "
                               + "while the random sequence is at object \(next.row) of table \(next.table)")
        }
        next = range.upperBound == draws.rows ? (table + 1, 0) : (table, range.upperBound)
    }
}
