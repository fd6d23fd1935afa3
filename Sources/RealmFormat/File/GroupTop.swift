/// The group's top array: where the table list, the free space and the history are.
public struct GroupTop: Sendable {
    /// Sizes realm-core accepts for the top array.
    static let validSizes: Set<Int> = [3, 5, 7, 9, 10, 11, 12]

    public let ref: Int
    public let tableNamesNode: Node
    public let tablesNode: Node
    public let logicalFileSize: Int64
    /// Commit number; realm-core treats a missing slot as version 1.
    public let version: Int64
    /// Whether slot 6 exists, so `version` was read rather than defaulted.
    public let hasVersionSlot: Bool
    public let historyType: HistoryType
    public let historySchemaVersion: Int64?
    public let freeListEntryCount: Int
    public let freeBytes: Int64

    public init(ref raw: Int64, file: FileBytes) throws(RealmFormatError) {
        let top = try file.node(at: raw, context: "the header's top ref")
        let context = "top array"
        try top.require(top.hasRefs, context, "it is not a has-refs node")
        try top.require(GroupTop.validSizes.contains(top.size), context, "\(top.size) slots (expected 3, 5, 7, 9, 10, 11 or 12)")
        ref = top.ref
        tableNamesNode = try top.requiredChild(0, "the table names (top slot 0)")
        tablesNode = try top.requiredChild(1, "the tables (top slot 1)")
        logicalFileSize = try top.tagged(2, context)
        guard logicalFileSize <= Int64(file.count) else {
            throw .unexpectedNode(ref: top.ref, context: context, detail: "logical file size \(logicalFileSize) exceeds the file's \(file.count) bytes")
        }
        version = top.size >= 7 ? max(1, try top.tagged(6, context)) : 1
        hasVersionSlot = top.size >= 7
        if top.size >= 9 {
            historyType = HistoryType(rawValue: try top.tagged(7, context)) ?? .unknown
        } else {
            historyType = .none
        }
        historySchemaVersion = top.size >= 10 ? try top.tagged(9, context) : nil
        if top.size >= 5, let positions = try top.child(3, "free-list positions"),
           let lengths = try top.child(4, "free-list lengths") {
            freeListEntryCount = positions.size
            var total: Int64 = 0
            for index in 0..<min(positions.size, lengths.size) {
                total &+= try lengths.int(index)
            }
            freeBytes = total
        } else {
            freeListEntryCount = 0
            freeBytes = 0
        }
    }
}

/// What kind of change history the file carries (top slot 7).
public enum HistoryType: Int64, Sendable, CustomStringConvertible {
    case none = 0
    case outOfRealm = 1
    case inRealm = 2
    case syncClient = 3
    case syncServer = 4
    case unknown = -1

    public var description: String {
        switch self {
        case .none: return "none"
        case .outOfRealm: return "out-of-realm (obsolete)"
        case .inRealm: return "in-realm (local Realm)"
        case .syncClient: return "sync client (synced Realm)"
        case .syncServer: return "sync server"
        case .unknown: return "unknown"
        }
    }
}
