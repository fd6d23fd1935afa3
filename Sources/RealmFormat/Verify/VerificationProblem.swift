/// One thing `FileVerifier` found wrong, with everything a user needs to find it again: which
/// check, where in the schema (table, object, column) and where in the file (the offset of the
/// node at fault), so a report of a broken file can be acted on without a hex editor.
public struct VerificationProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The checks, in the order `FileVerifier` runs them; a damaged file usually fails one of
    /// the first and the later ones say what that damage reaches.
    public enum Check: String, Sendable, CaseIterable {
        case header
        case space
        case schema
        case clusterTree = "cluster-tree"
        case values
        case collections
        case backlinks
        case searchIndex = "search-index"
        case encryption
        case metadata
        case history
    }

    public let check: Check
    public let table: String?
    public let objectKey: Int64?
    public let column: String?
    public let offset: Int?
    public let message: String

    public init(_ check: Check, table: String? = nil, objectKey: Int64? = nil, column: String? = nil, offset: Int? = nil,
                _ message: String) {
        self.check = check
        self.table = table
        self.objectKey = objectKey
        self.column = column
        self.offset = offset
        self.message = message
    }

    /// `[check] table T, object key K, column C, offset O: message`, leaving out what is unknown.
    public var description: String {
        var place: [String] = []
        if let table { place.append("table \(table)") }
        if let objectKey { place.append("object key \(objectKey)") }
        if let column { place.append("column \(column)") }
        if let offset { place.append("offset \(offset)") }
        return "[\(check.rawValue)] " + (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + message
    }
}

extension RealmFormatError {
    /// The file offset the error names, for a problem's `offset`.
    public var offset: Int? {
        switch self {
        case let .badRef(ref, _, _): return Int(clamping: ref)
        case let .nodeOverrunsFile(ref, _, _), let .invalidNodeHeader(ref, _), let .elementOutOfRange(ref, _, _),
             let .unexpectedNode(ref, _, _), let .cycle(ref, _):
            return ref
        case let .encryption(_, .damagedPage(_, fileOffset)): return fileOffset
        default: return nil
        }
    }

    /// The message without the "corrupt file: " every structural error starts with: a problem
    /// list says that once.
    public var problemMessage: String {
        let text = description
        let prefix = "corrupt file: "
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}
