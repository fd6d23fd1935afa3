import Foundation
import RealmFormat
import RealmInterchange
import RealmModels
import Testing
import TestSupport

/// `models grdb`: a record per table of the file `export sqlite` writes, checked against that
/// file's schema as SQLite itself reports it (tables, columns in order, foreign keys), and the
/// whole source through `swiftc -parse`.
@Suite("GRDB records", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct GRDBRecordWriterTests {
    static let fixtures = ["tasks", "species", "alltypes", "demo", "big", "history", "legacy/test_upgrade_database_20"]

    /// The declaration of the struct for table `name`: from its `struct` line to its closing brace.
    static func declaration(of name: String, in source: String) -> String? {
        guard let table = source.range(of: "    static let databaseTableName = \"\(name)\"\n"),
              let start = source.range(of: "\nstruct ", options: .backwards, range: source.startIndex..<table.lowerBound),
              let end = source.range(of: "\n}\n", range: table.upperBound..<source.endIndex) else { return nil }
        return String(source[start.upperBound..<end.upperBound])
    }

    /// The SQLite names in a declaration's `CodingKeys`, in order.
    static func codingKeys(_ declaration: String) -> [String] {
        declaration.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("case "), let equals = text.range(of: " = \"") else { return nil }
            return String(text[equals.upperBound...].dropLast())
        }
    }

    @Test("a record per exported table, its columns and foreign keys as SQLite reports them", arguments: fixtures)
    func recordsMatchTheExportedFile(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(fixture))
        let directory = try ScratchDirectory()
        let path = directory.path + "/export.sqlite"
        _ = try SQLiteExporter(file: file, progress: SilentProgress()).write(file.tables, to: path)
        let sqlite = try SQLiteFile(path: path)
        let source = GRDBRecordWriter.source(for: SQLiteLayout(file: file, tables: file.tables), fileName: "x.realm")
        let names = try sqlite.tableNames()
        #expect(source.components(separatedBy: ": Codable, FetchableRecord, PersistableRecord {").count - 1 == names.count)
        for name in names {
            let declaration = try #require(Self.declaration(of: name, in: source), "\(fixture): no record for \(name)")
            #expect(Self.codingKeys(declaration) == (try sqlite.columns(of: name).map(\.name)), "\(fixture): \(name)")
            for foreignKey in try sqlite.foreignKeys(of: name) {
                #expect(declaration.contains("= belongsTo(") && declaration.contains("using: ForeignKey([\"\(foreignKey.from)\"]))"),
                        "\(fixture): \(name).\(foreignKey.from) -> \(foreignKey.table)")
            }
        }
        try Self.expectParses(source, in: directory, label: fixture)
    }

    @Test("tasks: Car as written by hand from the mapping, Person's list and its inverse")
    func tasksByHand() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("tasks"))
        let source = GRDBRecordWriter.source(for: SQLiteLayout(file: file, tables: file.tables), fileName: "tasks.realm")
        #expect(source.hasPrefix("// GRDB records for the SQLite file `realm-browser export sqlite` writes from tasks.realm\n"))
        #expect(source.contains("import Foundation\nimport GRDB\n"))
        #expect(source.contains("""
        /// Table "Car": the objects of Car.
        struct Car: Codable, FetchableRecord, PersistableRecord {
            static let databaseTableName = "Car"

            var _key: Int64
            var owner: Int64?

            enum CodingKeys: String, CodingKey {
                case _key = "_key"
                case owner = "owner"
            }

            enum Columns {
                static let _key = Column(CodingKeys._key)
                static let owner = Column(CodingKeys.owner)
            }

            static let ownerRecord = belongsTo(Person.self, key: "ownerRecord", using: ForeignKey(["owner"]))
        }

        """))
        let person = try #require(Self.declaration(of: "Person", in: source))
        #expect(person.contains("    var name: String\n"))
        #expect(person.contains("static let CarViaOwner = hasMany(Car.self, key: \"CarViaOwner\", using: ForeignKey([\"owner\"]))"))
        #expect(person.contains("static let Person_banksViaOwner = hasMany(Person_banks.self, key: \"Person_banksViaOwner\", using: ForeignKey([\"owner\"]))"))
        let banks = try #require(Self.declaration(of: "Person_banks", in: source))
        #expect(Self.codingKeys(banks) == ["owner", "position", "value"])
        #expect(banks.contains("    var position: Int64\n    var value: Int64\n"))
        #expect(banks.contains("static let valueRecord = belongsTo(BankInfo.self, key: \"valueRecord\", using: ForeignKey([\"value\"]))"))
        #expect(!source.contains("struct RealmReal"), "tasks has no float or double")
    }

    @Test("alltypes: doubles and Mixed values get their helper types, optional where Realm allows null")
    func allTypesHelpers() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let source = GRDBRecordWriter.source(for: SQLiteLayout(file: file, tables: file.tables), fileName: "alltypes.realm")
        let allTypes = try #require(Self.declaration(of: "AllTypes", in: source))
        #expect(allTypes.contains("    var mixedValue: RealmMixed?\n    var mixedValue_type: String?\n"))
        #expect(source.contains("struct RealmReal: Codable, Hashable, DatabaseValueConvertible {"))
        #expect(source.contains("struct RealmMixed: Codable, Hashable, DatabaseValueConvertible {"))
        #expect(source.contains("case let .string(text): return Double(text).map(RealmReal.init)"))
    }

    static func expectParses(_ source: String, in directory: ScratchDirectory, label: String) throws {
        let path = directory.path + "/Records.swift"
        try Data(source.utf8).write(to: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-parse", path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(label): swiftc -parse\n\(output)")
    }
}
