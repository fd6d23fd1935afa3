/// The outcome of `recover`: where the data was read from and, per class, what was saved and
/// what was lost. The new file holds exactly `savedObjects` objects of each class.
public struct RecoveryReport: Sendable, Equatable {
    public enum Source: String, Sendable {
        /// The header's live top array, as any reader would use.
        case header
        /// The header was damaged or named no readable top: the newest top array found by
        /// searching the file.
        case search = "found by search"
        /// The header was damaged; the top array its other slot names (the previous commit).
        case previousVersion = "previous version (the header's other slot)"
    }

    public let path: String
    public let source: Source
    public let topRef: Int64
    /// The commit number of the version recovered (0 when its top does not record one).
    public let version: Int64
    public let fileFormat: Int
    /// What was wrong with the header, when it was not used.
    public let headerProblem: String?
    /// Encrypted pages that failed authentication and were read as zeros (their nodes lost).
    public let damagedPages: [Int]
    public internal(set) var classes: [ClassRecovery]

    public init(path: String, source: Source, topRef: Int64, version: Int64, fileFormat: Int, headerProblem: String?,
                damagedPages: [Int], classes: [ClassRecovery]) {
        self.path = path
        self.source = source
        self.topRef = topRef
        self.version = version
        self.fileFormat = fileFormat
        self.headerProblem = headerProblem
        self.damagedPages = damagedPages
        self.classes = classes
    }

    public var savedObjects: Int { classes.reduce(0) { $0 + $1.savedObjects } }
    public var lostObjects: Int { classes.reduce(0) { $0 + $1.lostObjects + $1.unaccountedObjects } }
    public var isComplete: Bool {
        headerProblem == nil && source == .header && damagedPages.isEmpty && classes.allSatisfy(\.isComplete)
    }
}
