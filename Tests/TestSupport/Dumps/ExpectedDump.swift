import Foundation
import RealmInterchange
import Testing

/// A fixture's canonical dump (Realm's own, from ../shared/fixtures) edited by hand into what
/// the file must dump after an operation, so that expectations never come from our writer.
public struct ExpectedDump {
    public internal(set) var tables: [JSONValue]
    private let head: [JSONValue.Member]

    public init(fixture: String) throws {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        guard case let .object(members) = dump, let tables = dump["tables"]?.array else { throw CocoaError(.coderInvalidValue) }
        self.tables = tables
        head = members.filter { $0.key != "tables" }
    }

    public var value: JSONValue { .object(head + [JSONValue.Member(key: "tables", value: .array(tables))]) }

    public func objects(of table: String) throws -> [JSONValue] {
        try #require(tables.first { $0["name"]?.string == table }?["objects"]?.array)
    }

    /// Replaces the objects of `table` (the count follows).
    public mutating func setObjects(of table: String, _ objects: [JSONValue]) throws {
        let index = try #require(tables.firstIndex { $0["name"]?.string == table })
        guard case let .object(members) = tables[index] else { throw CocoaError(.coderInvalidValue) }
        tables[index] = .object(members.map { member in
            switch member.key {
            case "count": return JSONValue.Member(key: "count", value: .int(Int64(objects.count)))
            case "objects": return JSONValue.Member(key: "objects", value: .array(objects))
            default: return member
            }
        })
    }

    public mutating func removeObject(of table: String, key: Int64) throws {
        let objects = try objects(of: table)
        #expect(objects.contains { $0["_key"]?.int == key }, "\(table) has an object with key \(key)")
        try setObjects(of: table, objects.filter { $0["_key"]?.int != key })
    }

    public mutating func appendObject(of table: String, _ members: [(String, JSONValue)]) throws {
        try setObjects(of: table, try objects(of: table) + [.object(members.map { JSONValue.Member(key: $0.0, value: $0.1) })])
    }

    /// Sets one member of the object with `key`.
    public mutating func set(_ member: String, of table: String, key: Int64, to value: JSONValue) throws {
        try mapObjects(of: table) { object in
            guard object["_key"]?.int == key, case let .object(members) = object else { return object }
            #expect(members.contains { $0.key == member }, "\(table) has a property \(member)")
            return .object(members.map { $0.key == member ? JSONValue.Member(key: member, value: value) : $0 })
        }
    }

    public mutating func mapObjects(of table: String, _ transform: (JSONValue) throws -> JSONValue) throws {
        try setObjects(of: table, try objects(of: table).map(transform))
    }

    /// A `{"$link": [table, key]}` value.
    public static func link(_ table: String, _ key: Int64) -> JSONValue {
        .object([JSONValue.Member(key: "$link", value: .array([.string(table), .int(key)]))])
    }

    /// What Realm leaves of a property value when the object `link` names is deleted: the
    /// property itself becomes null if it is the link; list and set elements that are the link
    /// are dropped; dictionary values that are the link become null; at any depth.
    public static func nullifying(_ link: JSONValue, in value: JSONValue) -> JSONValue {
        if value == link { return .null }
        return dropping(link, in: value)
    }

    private static func dropping(_ link: JSONValue, in value: JSONValue) -> JSONValue {
        switch value {
        case let .array(elements):
            return .array(elements.filter { $0 != link }.map { dropping(link, in: $0) })
        case let .object(members) where members.count == 1 && members[0].key == "$dict":
            guard case let .array(entries) = members[0].value else { return value }
            return .object([JSONValue.Member(key: "$dict", value: .array(entries.map { entry in
                guard case let .array(pair) = entry, pair.count == 2 else { return entry }
                return .array([pair[0], pair[1] == link ? .null : dropping(link, in: pair[1])])
            }))])
        default:
            return value
        }
    }
}

extension JSONValue {
    /// The object key of a `{"$link": [table, key]}` value.
    public var linkedKey: Int64? {
        guard let parts = self["$link"]?.array, parts.count == 2 else { return nil }
        return parts[1].int
    }
}
