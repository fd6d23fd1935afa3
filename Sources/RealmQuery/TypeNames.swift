import RealmFormat

/// Type names of `@type`, and which names a query may compare them with.
enum TypeNames {
    /// `@type`'s name for a value: the query language's type names in lower case, except that
    /// links are "link" (Realm's "object" names a nested dictionary).
    static func name(of value: RealmValue) -> String {
        switch value {
        case .link, .typedLink: return "link"
        default: return LiteralValues.typeName(of: value).lowercased()
        }
    }

    static let synonyms: [String: Set<String>] = [
        "int": ["int", "integer"],
        "bool": ["bool", "boolean"],
        "string": ["string"],
        "binary": ["binary", "data"],
        "date": ["date", "timestamp"],
        "float": ["float"],
        "double": ["double"],
        "decimal128": ["decimal128", "decimal"],
        "objectid": ["objectid"],
        "uuid": ["uuid"],
        "link": ["link", "objectlink"],
        "null": ["null"],
        "list": ["list", "array"],
        // A dictionary nested in a Mixed is what Realm's @type calls an "object".
        "dictionary": ["dictionary", "object"],
    ]

    static let numeric: Set<String> = ["int", "float", "double", "decimal128"]

    /// Whether a value's type name (`typeName`) is what the query names (`queried`).
    static func matches(_ typeName: RealmValue, _ queried: RealmValue) -> Bool {
        guard case let .string(name) = typeName, case let .string(wanted) = queried else { return false }
        let lowered = wanted.lowercased()
        if lowered == "numeric" { return numeric.contains(name) }
        return synonyms[name]?.contains(lowered) ?? (name == lowered)
    }
}
