import RealmFormat

/// The names `@type` is compared with, and the value types each one names.
///
/// Realm accepts these names case-insensitively; some are synonyms taken from other languages'
/// SDKs (`long`, `guid`, `byte[]`, ...) and three name groups of types: `numeric` (int, float,
/// double, decimal128), `collection` (a list or a dictionary nested in a Mixed value) and
/// `object`, which names a nested dictionary (Realm's Mixed maps JSON objects to dictionaries).
/// Any other name is an error, so a misspelt type is not silently "matches nothing".
enum TypeNames {
    /// `@type`'s name for a value: the query language's type names in lower case, except that
    /// links are "link".
    static func name(of value: RealmValue) -> String {
        switch value {
        case .link, .typedLink: return "link"
        default: return LiteralValues.typeName(of: value).lowercased()
        }
    }

    /// Every name a query may use, lower-cased, with the value type names it stands for.
    static let accepted: [(name: String, types: Set<String>)] = [
        ("null", ["null"]),
        ("int", ["int"]), ("integer", ["int"]), ("int16", ["int"]), ("int32", ["int"]), ("int64", ["int"]),
        ("short", ["int"]), ("long", ["int"]), ("byte", ["int"]), ("char", ["int"]),
        ("bool", ["bool"]), ("boolean", ["bool"]),
        ("string", ["string"]),
        ("binary", ["binary"]), ("data", ["binary"]), ("bytearray", ["binary"]), ("byte[]", ["binary"]), ("bindata", ["binary"]),
        ("date", ["date"]), ("datetimeoffset", ["date"]), ("timestamp", ["date"]),
        ("float", ["float"]), ("double", ["double"]), ("decimal128", ["decimal128"]), ("decimal", ["decimal128"]),
        ("objectlink", ["link"]), ("link", ["link"]),
        ("objectid", ["objectid"]),
        ("uuid", ["uuid"]), ("guid", ["uuid"]),
        ("numeric", ["int", "float", "double", "decimal128"]),
        ("object", ["dictionary"]), ("dictionary", ["dictionary"]),
        ("array", ["list"]), ("list", ["list"]),
        ("collection", ["list", "dictionary"]),
    ]

    private static let table = Dictionary(accepted.map { ($0.name, $0.types) }, uniquingKeysWith: { first, _ in first })

    /// The value type names `queried` stands for, or nil when Realm does not know the name.
    static func types(named queried: String) -> Set<String>? {
        table[queried.lowercased()]
    }

    /// Whether a value's type name (`typeName`) is what the query names (`queried`).
    static func matches(_ typeName: RealmValue, _ queried: RealmValue) -> Bool {
        guard case let .string(name) = typeName, case let .string(wanted) = queried else { return false }
        return types(named: wanted)?.contains(name) ?? false
    }
}
