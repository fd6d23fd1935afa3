import RealmInterchange
import Testing

/// Editing one member of an expected dump as a list, a set or a dictionary, and the canonical
/// encodings of the values that collections hold (../shared/fixtures/README.md).
extension ExpectedDump {
    /// Member `member` of the object with `key` in `table`.
    public func member(_ member: String, of table: String, key: Int64) throws -> JSONValue {
        try #require(try objects(of: table).first { $0["_key"]?.int == key }?[member])
    }

    /// The list (or set) member with `change` applied to its elements.
    public mutating func updateList(_ member: String, of table: String, key: Int64, _ change: (inout [JSONValue]) -> Void) throws {
        var elements = try #require(try self.member(member, of: table, key: key).array)
        change(&elements)
        try set(member, of: table, key: key, to: .array(elements))
    }

    /// The dictionary member with `change` applied to its `[key, value]` entries.
    public mutating func updateDictionary(_ member: String, of table: String, key: Int64,
                                          _ change: (inout [(key: String, value: JSONValue)]) -> Void) throws {
        var entries: [(key: String, value: JSONValue)] = []
        for pair in try #require(try self.member(member, of: table, key: key)["$dict"]?.array) {
            let parts = try #require(pair.array)
            entries.append((try #require(parts.first?.string), parts[1]))
        }
        change(&entries)
        try set(member, of: table, key: key, to: ExpectedDump.dictionary(entries))
    }

    public static func dictionary(_ entries: [(key: String, value: JSONValue)]) -> JSONValue {
        .object([JSONValue.Member(key: "$dict", value: .array(entries.map { .array([.string($0.key), $0.value]) }))])
    }

    public static func tagged(_ tag: String, _ value: JSONValue) -> JSONValue {
        .object([JSONValue.Member(key: tag, value: value)])
    }

    public static func mixedInt(_ value: Int64) -> JSONValue { tagged("$int", .int(value)) }
    public static func double(_ text: String) -> JSONValue { tagged("$double", .string(text)) }
    public static func date(_ seconds: Int64, _ nanoseconds: Int64) -> JSONValue { tagged("$date", .array([.int(seconds), .int(nanoseconds)])) }
    public static func uuid(_ text: String) -> JSONValue { tagged("$uuid", .string(text)) }
}
