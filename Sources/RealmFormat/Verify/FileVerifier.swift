/// The whole structural check of a Realm file (`verify`): not only what reading happens to
/// touch, but every node, every object, every value and every cross-reference realm-core's own
/// `Group::verify` keeps consistent (format document §8.5), plus the object store's conventions.
/// It never stops at the first problem: each check reports what it finds with its table,
/// object, column and file offset, and a check whose structure is unreadable reports that once
/// and lets the others go on.
public final class FileVerifier {
    /// Listed problems at most; the rest are counted. A damaged node can make thousands of
    /// objects fail the same way, and the first ones say where.
    public static let listedProblems = 1000

    let file: RealmFile
    let collections: CollectionReader
    private(set) var problems: [VerificationProblem] = []
    private(set) var unlistedProblems = 0
    var objectsChecked = 0
    /// Links counted from their origins and from their targets' backlink columns.
    var forwardLinks = LinkTally()
    var backwardLinks = LinkTally()
    /// Called with the number of objects checked so far, for a progress line.
    let progress: (Int) -> Void

    public init(file: RealmFile, progress: @escaping (Int) -> Void = { _ in }) {
        self.file = file
        self.collections = CollectionReader(file: file)
        self.progress = progress
    }

    /// The report of a file that does not even open: a damaged header or top is what `verify`
    /// is asked about, so it is a problem found, not a failure. Nil for errors that say nothing
    /// about the file's structure (missing, unreadable, encrypted and no or a wrong key).
    public static func unopenable(path: String, error: RealmFormatError) -> VerificationReport? {
        let check: VerificationProblem.Check
        switch error {
        case .cannotOpen, .encryptedWithoutKey, .encryption(_, .wrongKey), .encryption(_, .wrongAESKey), .cannotWrite, .refusedEdit, .commitFailed:
            return nil
        case .encryption: check = .encryption
        default: check = .header
        }
        let problem = VerificationProblem(check, offset: error.offset, "the file does not open: \(error.problemMessage)")
        return VerificationReport(path: path, problems: [problem], unlistedProblems: 0, nodeCount: 0, freeEntries: 0,
                                  tableCount: 0, objectCount: 0, version: 0)
    }

    /// Objects the checks have read; the total for a progress line.
    public var objectTotal: Int { file.tables.reduce(0) { $0 + $1.objects.count } }

    public func verify() -> VerificationReport {
        // The file opened, so its formats are ones this reader takes (formats 10 and 11 too, which
        // RealmLegacy verifies with these checks; a pinned version may be of the header's other slot).
        let formats = min(file.fileFormat, file.header.fileFormat)...max(file.fileFormat, file.header.fileFormat)
        let space = SpaceAccounting.check(file.mapped.bytes, topRef: file.topRef, formats: formats)
        for problem in space.problems { report(problem) }
        checkSchema()
        for table in file.tables { checkObjects(of: table) }
        checkBacklinks()
        for table in file.tables { checkSearchIndexes(of: table) }
        checkMetadata()
        checkHistory()
        return VerificationReport(path: file.path, problems: problems, unlistedProblems: unlistedProblems,
                                  nodeCount: space.nodeCount, freeEntries: space.freeEntries, tableCount: file.tables.count,
                                  objectCount: objectsChecked, version: file.top?.version ?? 0)
    }

    func report(_ problem: VerificationProblem) {
        if problems.count < FileVerifier.listedProblems { problems.append(problem) } else { unlistedProblems += 1 }
    }

    /// A read of the file's own structure failed: the error names the offset.
    func report(_ check: VerificationProblem.Check, _ error: RealmFormatError, table: Table? = nil, objectKey: Int64? = nil,
                column: Column? = nil) {
        // A read stopped by Ctrl-C says nothing about the file; the caller sees the request.
        guard error != .interrupted else { return }
        report(VerificationProblem(check, table: table?.name, objectKey: objectKey, column: column?.name, offset: error.offset,
                                   error.problemMessage))
    }
}
