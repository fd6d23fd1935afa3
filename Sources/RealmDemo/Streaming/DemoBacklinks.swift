import RealmFormat

/// The backlink entries of the demo database: RealmTestClass0 objects are linked from
/// RealmTestClass1.arrayReference, RealmTestClass1 objects from RealmTestClass2.objectReference.
///
/// A target class is written before the objects linking to it are drawn, so the links are
/// gathered first by walking the random sequence on its own: twice (count, then fill), drawing
/// every value but building none. That costs two cheap walks of the generator and keeps only
/// the entries themselves (a flat array of origin keys per link column), where holding the
/// drawn links or the objects would cost far more memory.
enum DemoBacklinks {
    static func indexes(seed: UInt64, rows: Int) throws(RealmFormatError) -> [BacklinkIndex] {
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
