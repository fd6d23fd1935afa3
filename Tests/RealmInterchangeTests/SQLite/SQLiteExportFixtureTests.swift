import Foundation
import RealmFormat
import RealmInterchange
import RealmLegacy
import Testing
import TestSupport

/// `export sqlite` of every fixture, read back through SQLite itself: each table's row count
/// is Realm's count, every value of every object, list element, set member, dictionary entry,
/// embedded object and Mixed value is the fixture's canonical JSON (realm-core's own dump) under
/// docs/sqlite-export.md (`SQLiteExpectation`), and SQLite's integrity and foreign-key checks pass.
@Suite("export sqlite: every fixture through SQLite", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SQLiteExportFixtureTests {
    typealias Cell = SQLiteFile.Cell

    static let fixtures = ["species", "tasks", "demo", "history", "alltypes", "big", "encrypted",
                           "legacy/test_upgrade_database_1000_22", "legacy/test_upgrade_database_1000_23",
                           "legacy/test_upgrade_database_20", "legacy/test_upgrade_database_4_22",
                           "legacy/test_upgrade_database_4_23"] + OldFixtures.names.map { "old-formats/" + $0 }

    @Test("export sqlite, read back through SQLite, equals the fixture's JSON", arguments: SQLiteExportFixtureTests.fixtures)
    func fixture(name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let key = name.contains("encrypted") ? try EncryptedFixture.key() : nil
        let file = try FileOpening.open(path: Fixtures.realmPath(name), key: key)
        let directory = try ScratchDirectory()
        let path = directory.path + "/export.sqlite"
        let summary = try SQLiteExporter(file: file, progress: SilentProgress()).write(file.tables, to: path)
        #expect(summary.renames == [], "no fixture has names that collide")
        #expect(try directory.names() == ["export.sqlite"], "no temporary file is left")
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(name))
        let sqlite = try SQLiteFile(path: path)
        try SQLiteFixtureCheck(dump: dump, sqlite: sqlite, label: name).run()
    }
}

/// The checks of one exported fixture against its dump.
struct SQLiteFixtureCheck {
    typealias Cell = SQLiteFile.Cell
    let dump: JSONValue
    let sqlite: SQLiteFile
    let label: String

    func run() throws {
        #expect(try sqlite.integrityCheck() == ["ok"], "\(label): integrity_check")
        #expect(try sqlite.foreignKeyViolations().isEmpty, "\(label): foreign_key_check")
        let tables = dump["tables"]?.array ?? []
        var expectedTables: Set<String> = []
        let owners = embeddedOwners(tables)
        for table in tables {
            guard let raw = table["name"]?.string else { continue }
            let name = SQLiteExpectation.tableName(raw)
            expectedTables.insert(name)
            let columns = table["columns"]?.array ?? []
            let objects = table["objects"]?.array ?? []
            #expect(try count(name) == table["count"]?.int, "\(label): rows of \(name)")
            try checkObjects(table, name: name, objects: objects, owners: owners[raw])
            for column in columns where column["collection"]?.string != nil {
                let property = column["name"]?.string ?? "?"
                expectedTables.insert(name + "_" + property)
                try checkCollection(column, table: name + "_" + property, objects: objects)
            }
            try checkIndexes(name, columns: columns, hasOwners: owners[raw] != nil)
        }
        #expect(Set(try sqlite.tableNames()) == expectedTables, "\(label): the tables")
    }

    private func count(_ table: String) throws -> Int64? {
        try sqlite.rows("SELECT COUNT(*) FROM \(SQLiteFile.quoted(table))").first?.first?.integer
    }

    /// Per embedded table (raw name): per object key, its owner's table (raw name) and key.
    private func embeddedOwners(_ tables: [JSONValue]) -> [String: [Int64: (table: String, key: Int64)]] {
        let embedded = Set(tables.filter { $0["kind"]?.string == "embedded" }.compactMap { $0["name"]?.string })
        var owners: [String: [Int64: (table: String, key: Int64)]] = [:]
        for name in embedded { owners[name] = [:] }
        for table in tables {
            guard let raw = table["name"]?.string else { continue }
            for column in table["columns"]?.array ?? [] {
                guard let target = column["target"]?.string, embedded.contains(target), let property = column["name"]?.string else { continue }
                for object in table["objects"]?.array ?? [] {
                    guard let key = object["_key"]?.int, let value = object[property] else { continue }
                    var links = value.array ?? [value]
                    if let entries = value["$dict"]?.array { links = entries.compactMap { $0.array?.last } }
                    for link in links { if let child = link.linkedKey { owners[target]?[child] = (raw, key) } }
                }
            }
        }
        return owners
    }

    private func checkObjects(_ table: JSONValue, name: String, objects: [JSONValue],
                              owners: [Int64: (table: String, key: Int64)]?) throws {
        let columns = (table["columns"]?.array ?? []).filter { $0["collection"]?.string == nil }
        var selected = ["_key"]
        let ownerTables = Set(owners?.values.map { SQLiteExpectation.tableName($0.table) } ?? []).sorted()
        selected += ownerTables.map { "_owner_" + $0 }
        for column in columns {
            let property = column["name"]?.string ?? "?"
            selected.append(property)
            if ["mixed", "typedLink"].contains(column["type"]?.string) { selected.append(property + "_type") }
        }
        try checkDeclaredColumns(name, table: table, columns: columns, owners: ownerTables)
        let rows = try sqlite.rows("SELECT " + selected.map(SQLiteFile.quoted).joined(separator: ", ")
                                   + " FROM \(SQLiteFile.quoted(name)) ORDER BY \"_key\"")
        #expect(rows.count == objects.count, "\(label): \(name) rows")
        var problems: [String] = []
        for (row, object) in zip(rows, objects) {
            let key = object["_key"]?.int ?? -1
            var index = 0
            func next() -> Cell {
                defer { index += 1 }
                return index < row.count ? row[index] : .null
            }
            if next() != .integer(key) { problems.append("\(name) row for key \(key) has \(row[0])") }
            if let owners {
                let owner = owners[key]
                for ownerTable in ownerTables {
                    let expected: Cell = owner.map { SQLiteExpectation.tableName($0.table) == ownerTable ? .integer($0.key) : .null } ?? .null
                    let found = next()
                    if found != expected { problems.append("\(name)[\(key)]._owner_\(ownerTable): \(found), expected \(expected)") }
                }
            }
            for column in columns {
                let property = column["name"]?.string ?? "?"
                let type = column["type"]?.string ?? "?"
                let value = object[property] ?? .null
                let problem = ["mixed", "typedLink"].contains(type)
                    ? SQLiteExpectation.mixedMismatch(next(), type: next(), value)
                    : SQLiteExpectation.mismatch(next(), value, type: type)
                if let problem { problems.append("\(name)[\(key)].\(property): \(problem)") }
            }
            if problems.count > 20 { break }
        }
        #expect(problems.isEmpty, "\(label): \(problems.prefix(20).joined(separator: "\n"))")
        try checkDatesWithSQLite(name, columns: columns)
    }

    /// SQLite's own date functions read the dates of years 0000-9999 as the same instant.
    private func checkDatesWithSQLite(_ name: String, columns: [JSONValue]) throws {
        for column in columns where column["type"]?.string == "timestamp" {
            let property = SQLiteFile.quoted(column["name"]?.string ?? "?")
            let rows = try sqlite.rows("SELECT \(property), strftime('%s', \(property)) FROM \(SQLiteFile.quoted(name)) "
                                       + "WHERE \(property) IS NOT NULL AND substr(\(property), 5, 1) = '-'")
            for row in rows {
                guard let text = row[0].string, let instant = SQLiteExpectation.instant(of: text) else { continue }
                // SQLite's date functions keep milliseconds: the instant rounded to one, in whole seconds.
                let milliseconds = floorDivision(instant + 500_000, 1_000_000)
                #expect(row[1].string.flatMap { Int128($0) } == floorDivision(milliseconds, 1000), "\(label): strftime of \(text)")
            }
        }
    }

    private func floorDivision(_ value: Int128, _ divisor: Int128) -> Int128 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// The declared type, NOT NULL and key of each column, as the mapping gives them.
    private func checkDeclaredColumns(_ name: String, table: JSONValue, columns: [JSONValue], owners: [String]) throws {
        let declared = try sqlite.columns(of: name)
        var expected: [(String, String, Bool)] = [("_key", "INTEGER", false)]
        expected += owners.map { ("_owner_" + $0, "INTEGER", false) }
        for column in columns {
            let property = column["name"]?.string ?? "?"
            let type = column["type"]?.string ?? "?"
            let required = column["nullable"]?.bool == false && !["link", "mixed", "typedLink"].contains(type)
            expected.append((property, SQLiteExpectation.declaredType(type), required))
            if ["mixed", "typedLink"].contains(type) { expected.append((property + "_type", "TEXT", false)) }
        }
        let found = declared.map { ($0.name, $0.type, $0.notNull) }
        #expect(found.map(\.0).sorted() == expected.map(\.0).sorted(), "\(label): columns of \(name)")
        for (column, type, notNull) in expected {
            guard let match = found.first(where: { $0.0 == column }) else { continue }
            #expect(match.1 == type && match.2 == notNull, "\(label): \(name).\(column) is \(match.1) notnull \(match.2)")
        }
        #expect(declared.first { $0.name == "_key" }?.primaryKey == 1, "\(label): \(name)._key is the primary key")
    }

    private func checkCollection(_ column: JSONValue, table: String, objects: [JSONValue]) throws {
        let property = column["name"]?.string ?? "?"
        let type = column["type"]?.string ?? "?"
        let kind = column["collection"]?.string ?? "list"
        let mixed = ["mixed", "typedLink"].contains(type)
        var selected = ["owner"] + (kind == "list" ? ["position"] : kind == "dictionary" ? ["key"] : []) + ["value"]
        if mixed { selected.append("value_type") }
        let order = kind == "set" ? "\"owner\", rowid" : kind == "list" ? "\"owner\", \"position\"" : "\"owner\", \"key\""
        let rows = try sqlite.rows("SELECT " + selected.map(SQLiteFile.quoted).joined(separator: ", ")
                                   + " FROM \(SQLiteFile.quoted(table)) ORDER BY \(order)")
        var byOwner: [Int64: [[Cell]]] = [:]
        for row in rows { byOwner[row[0].integer ?? -1, default: []].append(row) }
        var problems: [String] = []
        var expectedCount = 0
        for object in objects {
            guard let key = object["_key"]?.int else { continue }
            let found = byOwner[key] ?? []
            var elements: [(key: String?, value: JSONValue)]
            if kind == "dictionary" {
                elements = (object[property]?["$dict"]?.array ?? []).compactMap { entry in
                    guard let pair = entry.array, pair.count == 2 else { return nil }
                    return (pair[0].string, pair[1])
                }
                // SQLite keeps a dictionary's rows in the byte order of their keys.
                elements.sort { ($0.key ?? "").utf8.lexicographicallyPrecedes(($1.key ?? "").utf8) }
            } else {
                elements = (object[property]?.array ?? []).map { (nil, $0) }
            }
            expectedCount += elements.count
            guard found.count == elements.count else {
                problems.append("\(table) owner \(key): \(found.count) rows for \(elements.count) elements")
                continue
            }
            func mismatch(_ row: [Cell], _ value: JSONValue) -> String? {
                let index = kind == "set" ? 1 : 2
                return mixed ? SQLiteExpectation.mixedMismatch(row[index], type: row[index + 1], value)
                             : SQLiteExpectation.mismatch(row[index], value, type: type)
            }
            guard kind != "set" else {
                // A set is unordered: each member matches one row (files before format 24 keep
                // some sets in an order their upgrade changes, which the dump shows).
                var unmatched = found
                for element in elements {
                    guard let match = unmatched.firstIndex(where: { mismatch($0, element.value) == nil }) else {
                        problems.append("\(table) owner \(key): no row holds \(JSONText.compact(element.value))")
                        continue
                    }
                    unmatched.remove(at: match)
                }
                continue
            }
            for (position, (row, element)) in zip(found, elements).enumerated() {
                if kind == "list", row[1] != .integer(Int64(position)) { problems.append("\(table) owner \(key) position \(row[1])") }
                if kind == "dictionary", row[1].string != element.key { problems.append("\(table) owner \(key) key \(row[1])") }
                if let problem = mismatch(row, element.value) { problems.append("\(table) owner \(key) element \(position): \(problem)") }
            }
            if problems.count > 20 { break }
        }
        #expect(rows.count == expectedCount, "\(label): rows of \(table)")
        #expect(problems.isEmpty, "\(label): \(problems.prefix(20).joined(separator: "\n"))")
        if mixed {
            let invalid = try sqlite.rows("SELECT COUNT(*) FROM \(SQLiteFile.quoted(table)) WHERE value_type IN ('list', 'dictionary') AND NOT json_valid(value)")
            #expect(invalid.first?.first == .integer(0), "\(label): \(table) JSON SQLite reads")
        }
    }

    /// Every column that references a table leads an index (or the table's key), and so does
    /// every column Realm indexes; a primary key is unique.
    private func checkIndexes(_ name: String, columns: [JSONValue], hasOwners: Bool) throws {
        let leading = try sqlite.leadingIndexedColumns(of: name)
        for foreignKey in try sqlite.foreignKeys(of: name) {
            #expect(leading.contains(foreignKey.from), "\(label): \(name).\(foreignKey.from) references \(foreignKey.table) and has an index")
            #expect(foreignKey.to == "_key")
        }
        for column in columns where column["collection"]?.string == nil {
            guard let property = column["name"]?.string else { continue }
            if column["indexed"]?.bool == true || column["fulltext"]?.bool == true {
                #expect(leading.contains(property), "\(label): \(name).\(property) is indexed in Realm")
            }
            if column["type"]?.string == "link" {
                #expect(try sqlite.foreignKeys(of: name).contains { $0.from == property }, "\(label): \(name).\(property) is a foreign key")
            }
        }
        for column in columns where column["collection"]?.string != nil {
            let table = name + "_" + (column["name"]?.string ?? "?")
            let keys = try sqlite.foreignKeys(of: table)
            #expect(keys.contains { $0.from == "owner" && $0.table == name }, "\(label): \(table).owner references \(name)")
            if column["type"]?.string == "link" { #expect(keys.contains { $0.from == "value" }, "\(label): \(table).value is a foreign key") }
            let tableLeading = try sqlite.leadingIndexedColumns(of: table)
            for key in keys { #expect(tableLeading.contains(key.from), "\(label): \(table).\(key.from) has an index") }
        }
    }
}
