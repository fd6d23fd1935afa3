import RealmFormat

/// The backlink entries of the demo database: RealmTestClass0 objects are linked from
/// RealmTestClass1.arrayReference, RealmTestClass1 objects from RealmTestClass2.objectReference.
///
/// A target class is written before the objects linking to it are drawn, so the links are
/// gathered first by walking the random sequence on its own, drawing every value but building
/// none. The entries go to a temporary file (`SpilledBacklinks`) and are read back a bucket of
/// targets at a time while the target class is written, so memory stays the same at any row
/// count (held in memory, they took about 100 MB per million rows).
enum DemoBacklinks {
    static func indexes(seed: UInt64, rows: Int, bucketSize: Int = 65_536, chunkEntries: Int = 4096) throws(RealmFormatError) -> [BacklinkIndex] {
        let toClass0 = try SpilledBacklinks(targetCount: rows, bucketSize: bucketSize, chunkEntries: chunkEntries)
        let toClass1 = try SpilledBacklinks(targetCount: rows, bucketSize: bucketSize, chunkEntries: chunkEntries)
        var failure: RealmFormatError?
        try replay(seed: seed, rows: rows, arrayReference: { origin, target in
            do throws(RealmFormatError) { try toClass0.add(origin: ObjectKeys.squeezed(Int64(origin)), target: target) } catch { failure = failure ?? error }
        }, objectReference: { origin, target in
            do throws(RealmFormatError) { try toClass1.add(origin: ObjectKeys.squeezed(Int64(origin)), target: target) } catch { failure = failure ?? error }
        })
        if let failure { throw failure }
        return [BacklinkIndex(originTable: DemoDatabase.class1, originColumn: DemoDatabase.arrayReferenceColumn,
                              targetTable: DemoDatabase.class0, spilled: toClass0),
                BacklinkIndex(originTable: DemoDatabase.class2, originColumn: DemoDatabase.objectReferenceColumn,
                              targetTable: DemoDatabase.class1, spilled: toClass1)]
    }

    /// The entries held in memory (two walks: count, then fill), for comparing with the
    /// spilled ones in tests.
    static func inMemoryIndexes(seed: UInt64, rows: Int) throws(RealmFormatError) -> [BacklinkIndex] {
        var fillers = try fillers(seed: seed, rows: rows)
        try replay(seed: seed, rows: rows, arrayReference: { origin, target in
            fillers.class0.add(origin: ObjectKeys.squeezed(Int64(origin)), target: target)
        }, objectReference: { origin, target in
            fillers.class1.add(origin: ObjectKeys.squeezed(Int64(origin)), target: target)
        })
        return [try fillers.class0.index(), try fillers.class1.index()]
    }

    /// The first walk: how many links each object gets.
    private static func fillers(seed: UInt64, rows: Int) throws(RealmFormatError) -> (class0: BacklinkIndex.Filler, class1: BacklinkIndex.Filler) {
        var toClass0 = BacklinkIndex.Counter(targetCount: rows)
        var toClass1 = BacklinkIndex.Counter(targetCount: rows)
        try replay(seed: seed, rows: rows, arrayReference: { _, target in toClass0.count(target: target) },
               objectReference: { _, target in toClass1.count(target: target) })
        return (toClass0.filling(originTable: DemoDatabase.class1, originColumn: DemoDatabase.arrayReferenceColumn,
                                 targetTable: DemoDatabase.class0),
                toClass1.filling(originTable: DemoDatabase.class2, originColumn: DemoDatabase.objectReferenceColumn,
                                 targetTable: DemoDatabase.class1))
    }

    /// Every link of the sequence in order: (origin position, target position). Each walk
    /// takes seconds for millions of rows, so it looks at Ctrl-C every 4096 objects.
    private static func replay(seed: UInt64, rows: Int, arrayReference: (Int, Int) -> Void,
                               objectReference: (Int, Int) -> Void) throws(RealmFormatError) {
        var draws = DemoDraws(seed: seed, rows: rows)
        for row in 0..<rows {
            if row & 4095 == 0 { try Cancellation.check() }
            _ = draws.object0()
        }
        for row in 0..<rows {
            if row & 4095 == 0 { try Cancellation.check() }
            _ = draws.object1 { arrayReference(row, $0) }
        }
        for row in 0..<rows {
            if row & 4095 == 0 { try Cancellation.check() }
            objectReference(row, draws.object2().target)
        }
    }
}
