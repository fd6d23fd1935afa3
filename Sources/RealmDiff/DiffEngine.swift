import RealmFormat

/// What a diff prints to, as the comparison goes: the schema changes at once, then each class's
/// object changes as they are found, so that a class of 200,000 objects never becomes one list.
///
/// Its `Failure` is the receiver's own error type (writing its output can fail), and carries the
/// errors of reading either file too, so the comparison reports both as one.
public protocol DiffReceiver: AnyObject {
    associatedtype Failure: CarriesFileErrors
    func schema(_ changes: [SchemaChange]) throws(Failure)
    func object(_ change: ObjectChange, in pair: ClassPair) throws(Failure)
    func classFinished(_ pair: ClassPair, summary: ClassSummary) throws(Failure)
    func finished(_ result: DiffResult) throws(Failure)
}

/// The outcome of a whole comparison.
public struct DiffResult {
    public let schemaChanges: Int
    /// Per class compared object by object, in order.
    public let summaries: [(name: String, summary: ClassSummary)]
    /// Classes and objects looked at, for "no differences (…)".
    public let classCount: Int
    public let objectCount: Int

    public var identical: Bool { schemaChanges == 0 && summaries.allSatisfy { $0.summary.isUnchanged } }
}

/// Compares file A with file B: schema first, then the objects of every class both files have
/// (one class at a time), telling `receiver` what it finds. The engine knows nothing of text or
/// JSON; `DiffTextRenderer` and `DiffJSONRenderer` do.
public struct DiffEngine {
    public let a: RealmFile
    public let b: RealmFile
    /// `diff --class C`: only that class (its schema and objects).
    public let only: String?
    /// Called once with the number of objects the comparison will visit, then with each batch
    /// visited (a leaf's worth), for a progress line on big files.
    public var progress: (total: (Int) -> Void, visited: (Int) -> Void)?

    public init(a: RealmFile, b: RealmFile, only: String?, progress: (total: (Int) -> Void, visited: (Int) -> Void)? = nil) {
        self.a = a
        self.b = b
        self.only = only
        self.progress = progress
    }

    public func run<Receiver: DiffReceiver>(_ receiver: Receiver) throws(Receiver.Failure) -> DiffResult {
        let schema = SchemaComparison(a: a, b: b, only: only)
        try receiver.schema(schema.changes)
        let comparator = CrossFileValueComparator(a: a, b: b)
        var summaries: [(name: String, summary: ClassSummary)] = []
        progress?.total(schema.pairs.reduce(0) { $0 + $1.a.objects.count + $1.b.objects.count })
        for pair in schema.pairs {
            var comparison = ClassComparison(pair: pair, comparator: comparator)
            if let progress { comparison.visited = progress.visited }
            let summary = try comparison.run { change throws(Receiver.Failure) in
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
