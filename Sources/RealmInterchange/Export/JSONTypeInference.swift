import RealmFormat

/// Property types for a new class from JSON records, by the JSON kind of their values: booleans
/// bool, integers int, numbers double (with "nan", "inf", "-inf" as `export json` writes them),
/// strings date when every one is an ISO 8601 date and string otherwise, arrays lists of such
/// values. Optional when some record has null or leaves the property out. JSON objects are
/// refused: an embedded object, a dictionary and a Mixed value look alike, and only the
/// schema can tell them apart.
public enum JSONTypeInference {
    /// JSON kinds of values, in the order messages name them.
    private enum Kind: Int, Comparable {
        case bool, integer, number, nonFinite, string, array, object

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        var name: String {
            switch self {
            case .bool: return "booleans"
            case .integer: return "integers"
            case .number: return "numbers"
            case .nonFinite: return "\"nan\"/\"inf\" strings"
            case .string: return "strings"
            case .array: return "arrays"
            case .object: return "objects"
            }
        }

        init?(_ value: JSONValue) {
            switch value {
            case .null: return nil
            case .bool: self = .bool
            case .int: self = .integer
            case .double: self = .number
            case let .string(text): self = ["nan", "inf", "-inf"].contains(text) ? .nonFinite : .string
            case .array: self = .array
            case .object: self = .object
            }
        }
    }

    private static let advice = "add the class first ('add class') and import into it"

    /// The properties the records name, in the order they first appear (`_key` is not one).
    public static func columns(records: [JSONImportRecord], path: String) throws(InterchangeError) -> [NewColumn] {
        let objects = records.compactMap { record in record.value.members.map { (record.position, $0) } }
        var names: [String] = []
        var seen: Set<String> = ["_key"]
        for (_, members) in objects {
            for member in members where seen.insert(member.key).inserted { names.append(member.key) }
        }
        var columns: [NewColumn] = []
        for name in names {
            var values: [(position: ImportPosition, value: JSONValue)] = []
            var optional = false
            for (position, members) in objects {
                guard let value = members.first(where: { $0.key == name })?.value, value != .null else {
                    optional = true
                    continue
                }
                values.append((position, value))
            }
            guard values.contains(where: { $0.value.array != nil }) else {
                columns.append(NewColumn(name: name, type: try type(of: values, what: name, path: path), isNullable: optional))
                continue
            }
            var elements: [(position: ImportPosition, value: JSONValue)] = []
            var optionalElements = false
            for (position, value) in values {
                guard let items = value.array else {
                    throw .invalidInput(path: path, reason: "cannot infer a type for \(name): it holds an array in some records and \(JSONTextRendering.text(value)) in \(position); \(advice)")
                }
                for item in items {
                    if item == .null { optionalElements = true } else { elements.append((position, item)) }
                }
            }
            guard !elements.isEmpty else {
                throw .invalidInput(path: path, reason: "cannot infer the element type of \(name): its arrays hold no values; \(advice)")
            }
            columns.append(NewColumn(name: name, type: try type(of: elements, what: "the elements of \(name)", path: path),
                                     isNullable: optionalElements, collection: .list))
        }
        return columns
    }

    /// The one scalar type that reads every value; a property never set is an optional string.
    private static func type(of values: [(position: ImportPosition, value: JSONValue)], what: String, path: String) throws(InterchangeError) -> ColumnType {
        var first: [Kind: ImportPosition] = [:]
        for (position, value) in values {
            if let kind = Kind(value), first[kind] == nil { first[kind] = position }
        }
        let kinds = Set(first.keys)
        for kind in [Kind.object, .array] {
            guard let position = first[kind] else { continue }
            let what = kind == .object ? "\(what) holds a JSON object (\(position)): embedded objects, dictionaries and Mixed values cannot be inferred"
                                       : "\(what) holds nested arrays (\(position)), which cannot be inferred"
            throw .invalidInput(path: path, reason: "\(what); \(advice)")
        }
        if kinds.isEmpty { return .string }
        if kinds == [.bool] { return .bool }
        if kinds == [.integer] { return .int }
        if kinds.isSubset(of: [.integer, .number, .nonFinite]), !kinds.isDisjoint(with: [.integer, .number]) { return .double }
        if kinds.isSubset(of: [.string, .nonFinite]) {
            let texts = values.compactMap { $0.value.string }
            return texts.allSatisfy { ScalarTextParser.timestamp($0) != nil } ? .timestamp : .string
        }
        let found = kinds.sorted().compactMap { kind in first[kind].map { "\(kind.name) (\($0))" } }
        throw .invalidInput(path: path, reason: "cannot infer one type for \(what): it holds \(found.joined(separator: " and ")); a property has one type")
    }
}
