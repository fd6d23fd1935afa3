import RealmFormat

/// What a diff prints to, as the comparison goes: the schema changes at once, then each class's
/// object changes as they are found, so that a class of 200,000 objects never becomes one list.
protocol DiffReceiver: AnyObject {
    func schema(_ changes: [SchemaChange]) throws(BrowserError)
    func object(_ change: ObjectChange, in pair: ClassPair) throws(BrowserError)
    func classFinished(_ pair: ClassPair, summary: ClassSummary) throws(BrowserError)
    func finished(_ result: DiffResult) throws(BrowserError)
}

/// The outcome of a whole comparison.
struct DiffResult {
    let schemaChanges: Int
    /// Per class compared object by object, in order.
    let summaries: [(name: String, summary: ClassSummary)]
    /// Classes and objects looked at, for "no differences (…)".
    let classCount: Int
    let objectCount: Int

    var identical: Bool { schemaChanges == 0 && summaries.allSatisfy { $0.summary.isUnchanged } }
}

/// Compares file A with file B: schema first, then the objects of every class both files have
/// (one class at a time), telling `receiver` what it finds. The engine knows nothing of text or
/// JSON; `DiffTextRenderer` and `DiffJSONRenderer` do.
struct DiffEngine {
    let a: RealmFile
    let b: RealmFile
    /// `diff --class C`: only that class (its schema and objects).
    let only: String?
    /// Called once with the number of objects the comparison will visit, then with each batch
    /// visited (a leaf's worth), for a progress line on big files.
    var progress: (total: (Int) -> Void, visited: (Int) -> Void)?

    func run(_ receiver: DiffReceiver) throws(BrowserError) -> DiffResult {
        let schema = SchemaComparison(a: a, b: b, only: only)
        try receiver.schema(schema.changes)
        let comparator = ValueComparator(a: a, b: b)
        var summaries: [(name: String, summary: ClassSummary)] = []
        progress?.total(schema.pairs.reduce(0) { $0 + $1.a.objects.count + $1.b.objects.count })
        for pair in schema.pairs {
            var comparison = ClassComparison(pair: pair, comparator: comparator)
            if let progress { comparison.visited = progress.visited }
            let summary = try comparison.run { change throws(BrowserError) in
                try receiver.object(change, in: pair)
            }
            summaries.append((pair.name, summary))
            try receiver.classFinished(pair, summary: summary)
        }
        let objects = schema.pairs.reduce(0) { $0 + max($1.a.objects.count, $1.b.objects.count) }
        let result = DiffResult(schemaChanges: schema.changes.count, summaries: summaries,
                                classCount: schema.classNames.count, objectCount: objects)
        try receiver.finished(result)
        return result
    }
}
