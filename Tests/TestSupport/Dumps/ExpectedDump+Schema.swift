import Foundation
import RealmInterchange
import Testing

/// Editing an expected dump the way a schema change edits the file (../shared/fixtures/README.md,
/// "Canonical dump format"): a column renamed or removed in its descriptor and in every
/// object, a table renamed (with every link naming it) or removed, a column's values or
/// descriptor changed, the schema version of the metadata table set.
extension ExpectedDump {
    /// The table entry named `table`, changed by `change` member by member.
    public mutating func mapTable(_ table: String, _ change: (JSONValue.Member) throws -> JSONValue.Member?) throws {
        let index = try #require(tables.firstIndex { $0["name"]?.string == table }, "no table \(table)")
        guard case let .object(members) = tables[index] else { throw CocoaError(.coderInvalidValue) }
        tables[index] = .object(try members.compactMap(change))
    }

    /// Every column descriptor of `table` through `change` (nil drops it).
    public mutating func mapColumns(of table: String, _ change: @escaping (JSONValue) throws -> JSONValue?) throws {
        try mapTable(table) { member in
            guard member.key == "columns", case let .array(columns) = member.value else { return member }
            return JSONValue.Member(key: "columns", value: .array(try columns.compactMap(change)))
        }
    }

    /// The descriptor of column `name` of `table`, with members replaced (`nullable`, `type`, ...).
    public mutating func setColumn(_ name: String, of table: String, _ replacements: [String: JSONValue]) throws {
        var found = false
        try mapColumns(of: table) { column in
            guard column["name"]?.string == name, case let .object(members) = column else { return column }
            found = true
            return .object(members.map { member in replacements[member.key].map { JSONValue.Member(key: member.key, value: $0) } ?? member })
        }
        #expect(found, "\(table) has a column \(name)")
    }

    public mutating func renameColumn(_ name: String, of table: String, to newName: String) throws {
        try setColumn(name, of: table, ["name": .string(newName)])
        try mapObjects(of: table) { object in
            guard case let .object(members) = object else { return object }
            return .object(members.map { $0.key == name ? JSONValue.Member(key: newName, value: $0.value) : $0 })
        }
    }

    public mutating func removeColumn(_ name: String, of table: String) throws {
        try mapColumns(of: table) { $0["name"]?.string == name ? nil : $0 }
        try mapObjects(of: table) { object in
            guard case let .object(members) = object else { return object }
            return .object(members.filter { $0.key != name })
        }
    }

    /// Every object's value of column `name` through `change`.
    public mutating func mapValues(of name: String, in table: String, _ change: (JSONValue) throws -> JSONValue) throws {
        try mapObjects(of: table) { object in
            guard case let .object(members) = object else { return object }
            return .object(try members.map { $0.key == name ? JSONValue.Member(key: name, value: try change($0.value)) : $0 })
        }
    }

    public mutating func setPrimaryKey(of table: String, _ name: String?) throws {
        try mapTable(table) { $0.key == "primary_key" ? JSONValue.Member(key: "primary_key", value: name.map(JSONValue.string) ?? .null) : $0 }
    }

    /// A table renamed: its name and class, every column descriptor targeting it, and every
    /// link (in any table, at any depth) naming it.
    public mutating func renameTable(_ name: String, to newName: String) throws {
        let className: JSONValue = newName.hasPrefix("class_") ? .string(String(newName.dropFirst(6))) : .null
        try mapTable(name) { member in
            switch member.key {
            case "name": return JSONValue.Member(key: "name", value: .string(newName))
            case "class": return JSONValue.Member(key: "class", value: className)
            default: return member
            }
        }
        tables = tables.map { ExpectedDump.renamingLinks(in: $0, from: name, to: newName) }
    }

    public mutating func removeTable(_ name: String) throws {
        let before = tables.count
        tables.removeAll { $0["name"]?.string == name }
        #expect(tables.count == before - 1, "a table \(name) to remove")
    }

    /// The schema version in the metadata table's object.
    public mutating func setSchemaVersion(_ version: Int64) throws {
        let key = try #require(try objects(of: "metadata").first?["_key"]?.int)
        try set("version", of: "metadata", key: key, to: .int(version))
    }

    private static func renamingLinks(in value: JSONValue, from name: String, to newName: String) -> JSONValue {
        switch value {
        case let .object(members):
            return .object(members.map { member in
                if member.key == "$link", case let .array(parts) = member.value, parts.first?.string == name {
                    return JSONValue.Member(key: "$link", value: .array([.string(newName)] + parts.dropFirst()))
                }
                if member.key == "target", member.value.string == name {
                    return JSONValue.Member(key: "target", value: .string(newName))
                }
                return JSONValue.Member(key: member.key, value: renamingLinks(in: member.value, from: name, to: newName))
            })
        case let .array(elements):
            return .array(elements.map { renamingLinks(in: $0, from: name, to: newName) })
        default:
            return value
        }
    }
}
