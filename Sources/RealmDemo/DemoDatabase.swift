import RealmFormat

/// Realm Browser's "Generate demo database": three classes of `rows` objects each, with the
/// value recipe Realm Browser used (see ../shared/fixtures/README.md, demo.realm).
///
/// The objects are produced while they are written, a leaf at a time (`DemoObjectSource`), so
/// memory does not grow with `rows` beyond the backlink entries (`DemoBacklinks`).
public struct DemoDatabase {
    public let rows: Int
    public let seed: UInt64
    /// Dates are this instant minus up to 999,999,999 seconds.
    public let now: Int64

    public init(rows: Int, seed: UInt64, now: Int64) {
        self.rows = rows
        self.seed = seed
        self.now = now
    }

    /// 2026-01-01T00:00:00Z: the reference instant of seeded runs, so that they repeat exactly.
    public static let seededNow: Int64 = 1_767_225_600

    /// Table positions in the written file (metadata first, then classes by name).
    public static let class0 = 1, class1 = 2, class2 = 3
    /// Positions of the link properties in their classes.
    public static let arrayReferenceColumn = 6, objectReferenceColumn = 2

    /// The tables and their backlink entries, for `RealmFileWriter.write(streamedTables:...)`.
    /// The tables draw from one random sequence as they are written: write them once, in order.
    public func contents() throws(RealmFormatError) -> (tables: [StreamedTable], backlinks: [BacklinkIndex]) {
        let backlinks = try DemoBacklinks.indexes(seed: seed, rows: rows)
        return (streamedTables(), backlinks)
    }

    private func streamedTables() -> [StreamedTable] {
        let source = DemoObjectSource(seed: seed, rows: rows, now: now)
        let metadata = NewTable(name: "metadata", columns: [NewColumn(name: "version", type: .int)],
                                keys: [0], values: [[.scalar(.int(0))]], keySequence: 1)
        let sequence = Int64(rows)
        return [
            StreamedTable(metadata),
            StreamedTable(name: "class_RealmTestClass0", columns: [
                NewColumn(name: "integerValue", type: .int),
                NewColumn(name: "stringValue", type: .string, isNullable: true),
            ], count: rows, keySequence: sequence) { range throws(RealmFormatError) in try source.objects0(range) },
            StreamedTable(name: "class_RealmTestClass1", columns: [
                NewColumn(name: "integerValue", type: .int),
                NewColumn(name: "boolValue", type: .bool),
                NewColumn(name: "floatValue", type: .float),
                NewColumn(name: "doubleValue", type: .double),
                NewColumn(name: "stringValue", type: .string, isNullable: true),
                NewColumn(name: "dateValue", type: .timestamp, isNullable: true),
                NewColumn(name: "arrayReference", type: .link, collection: .list, targetTable: DemoDatabase.class0),
            ], count: rows, keySequence: sequence) { range throws(RealmFormatError) in try source.objects1(range) },
            StreamedTable(name: "class_RealmTestClass2", columns: [
                NewColumn(name: "integerValue", type: .int),
                NewColumn(name: "boolValue", type: .bool),
                NewColumn(name: "objectReference", type: .link, isNullable: true, targetTable: DemoDatabase.class1),
            ], count: rows, keySequence: sequence) { range throws(RealmFormatError) in try source.objects2(range) },
        ]
    }
}
