import BrowserKit
import Testing

/// A fixture's canonical dump (written by realm-core's side) with the changes a test expects,
/// made member by member on the JSON itself, so the expectation never comes from our writer.
public struct ExpectedDump {
    public private(set) var dump: JSONValue

    public init(fixture: String) throws {
        dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
    }

    /// Member `member` of the object with `key` in `table`.
    public func value(_ table: String, key: Int64, _ member: String) throws -> JSONValue {
        let objects = try #require(dump["tables"]?.array?.first { $0["name"]?.string == table }?["objects"]?.array)
        return try #require(objects.first { $0["_key"]?.int == key }?[member])
    }

    /// Replaces member `member` of the object with `key` in `table` by what `change` makes of it.
    public mutating func update(_ table: String, key: Int64, _ member: String, _ change: (JSONValue) throws -> JSONValue) throws {
        let old = try value(table, key: key, member)
        let new = try change(old)
        dump = try Self.replacing(in: dump, table: table, key: key, member: member, with: new)
    }

    public mutating func set(_ table: String, key: Int64, _ member: String, _ value: JSONValue) throws {
        try update(table, key: key, member) { _ in value }
    }

    /// The list (or set) member with `change` applied to its elements.
    public mutating func updateList(_ table: String, key: Int64, _ member: String, _ change: (inout [JSONValue]) -> Void) throws {
        try update(table, key: key, member) { old in
            var elements = try #require(old.array)
            change(&elements)
            return .array(elements)
        }
    }

    /// The dictionary member with `change` applied to its `[key, value]` entries.
    public mutating func updateDictionary(_ table: String, key: Int64, _ member: String,
                                   _ change: (inout [(key: String, value: JSONValue)]) -> Void) throws {
        try update(table, key: key, member) { old in
            var entries: [(key: String, value: JSONValue)] = []
            for pair in try #require(old["$dict"]?.array) {
                let parts = try #require(pair.array)
                entries.append((try #require(parts.first?.string), parts[1]))
            }
            change(&entries)
            return Self.dictionary(entries)
        }
    }

    // MARK: - Value encodings of the canonical dump (fixtures README)

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
    public static func link(_ table: String, _ key: Int64) -> JSONValue { tagged("$link", .array([.string(table), .int(key)])) }

    /// The dump with member `member` of the object with `key` in `table` replaced by `new`.
    private static func replacing(in dump: JSONValue, table: String, key: Int64, member: String, with new: JSONValue) throws -> JSONValue {
        var top = try #require(dump.members)
        let tablesIndex = try #require(top.firstIndex { $0.key == "tables" })
        var tables = try #require(top[tablesIndex].value.array)
        let tableIndex = try #require(tables.firstIndex { $0["name"]?.string == table })
        var tableMembers = try #require(tables[tableIndex].members)
        let objectsIndex = try #require(tableMembers.firstIndex { $0.key == "objects" })
        var objects = try #require(tableMembers[objectsIndex].value.array)
        let objectIndex = try #require(objects.firstIndex { $0["_key"]?.int == key })
        var object = try #require(objects[objectIndex].members)
        let memberIndex = try #require(object.firstIndex { $0.key == member })
        object[memberIndex] = JSONValue.Member(key: member, value: new)
        objects[objectIndex] = .object(object)
        tableMembers[objectsIndex] = JSONValue.Member(key: "objects", value: .array(objects))
        tables[tableIndex] = .object(tableMembers)
        top[tablesIndex] = JSONValue.Member(key: "tables", value: .array(tables))
        return .object(top)
    }
}
