/// What `verify` found: the problems (empty for a sound file) and what was looked at, so "OK"
/// can say how much it vouches for.
public struct VerificationReport: Sendable {
    public let path: String
    public let problems: [VerificationProblem]
    /// Problems found beyond those listed (`FileVerifier.listedProblems`).
    public let unlistedProblems: Int
    public let nodeCount: Int
    public let freeEntries: Int
    public let tableCount: Int
    public let objectCount: Int
    public let version: Int64

    public init(path: String, problems: [VerificationProblem], unlistedProblems: Int, nodeCount: Int, freeEntries: Int,
                tableCount: Int, objectCount: Int, version: Int64) {
        self.path = path
        self.problems = problems
        self.unlistedProblems = unlistedProblems
        self.nodeCount = nodeCount
        self.freeEntries = freeEntries
        self.tableCount = tableCount
        self.objectCount = objectCount
        self.version = version
    }

    public var isSound: Bool { problems.isEmpty }
    public var problemCount: Int { problems.count + unlistedProblems }
}
