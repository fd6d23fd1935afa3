import RealmInterchange
import Foundation
import RealmFormat
@testable import RealmLegacy
import Testing
import TestSupport

/// Enumerated-string columns damaged as files are in the wild (legacy document L§10, L§14),
/// made with byte edits of fixture copies: the damaged values are unknown and show as null,
/// every other value reads as Realm's dump has it, `verify` names the leaf and why, `recover`
/// saves everything else and counts those values as lost.
@Suite("Old formats: damaged enumerated strings", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DamagedEnumeratedColumnTests {
    /// A column's node in one cluster of a format 10/11 file, and the keys of that cluster (the
    /// node's ref, width and size only: its payload is unmapped when the file goes).
    static func clusterNode(_ path: String, table name: String, column columnName: String,
                            cluster index: Int) throws -> (node: Node, keys: Set<Int64>) {
        let file = try RealmFile(mapped: try MappedFile(path: path), formats: 10...11)
        let table = try #require(file.table(named: name))
        let column = try #require(table.column(named: columnName))
        let leaf = try ClusterFormatConversion.leaves(of: table)[index]
        let node = try #require(try leaf.columnNode(leafIndex: column.leafIndex))
        return (node, Set(try (0..<leaf.count).map { try leaf.key(at: $0) }))
    }

    /// The fixture's dump with `column` of `table` nullable and null in the objects `keys`
    /// names (every object when nil), and without `upgraded_from` when `upgraded` is false.
    static func expected(_ name: String, table: String, column: String, nulledKeys keys: Set<Int64>?,
                         upgraded: Bool = true) throws -> JSONValue {
        let dump = try JSONParser.parse(contentsOfFile: OldFixtures.jsonPath(name))
        func member(_ member: JSONValue.Member) -> JSONValue.Member {
            guard member.key == "tables", let tables = member.value.array else { return member }
            return JSONValue.Member(key: "tables", value: .array(tables.map { entry in
                guard entry["name"]?.string == table, let members = entry.members else { return entry }
                return .object(members.map { field in
                    switch field.key {
                    case "columns":
                        return JSONValue.Member(key: field.key, value: .array((field.value.array ?? []).map { descriptor in
                            guard descriptor["name"]?.string == column, let items = descriptor.members else { return descriptor }
                            return .object(items.map { $0.key == "nullable" ? JSONValue.Member(key: "nullable", value: .bool(true)) : $0 })
                        }))
                    case "objects":
                        return JSONValue.Member(key: field.key, value: .array((field.value.array ?? []).map { object in
                            guard let key = object["_key"]?.int, keys?.contains(key) ?? true, let items = object.members else { return object }
                            return .object(items.map { $0.key == column ? JSONValue.Member(key: column, value: .null) : $0 })
                        }))
                    default:
                        return field
                    }
                })
            }))
        }
        return .object((dump.members ?? []).filter { upgraded || $0.key != "upgraded_from" }.map(member))
    }

    static func dump(_ file: RealmFile) throws -> JSONValue {
        let output = BufferedOutput()
        try DumpWriter(file: file).write(tables: file.tables, to: output)
        return try JSONParser.parse(output.bytes)
    }

    /// Names the first object (or header member) in which two dumps differ.
    static func firstDifference(_ actual: JSONValue, _ expected: JSONValue) -> String {
        for (a, e) in zip(actual["tables"]?.array ?? [], expected["tables"]?.array ?? []) where a != e {
            if a["columns"] != e["columns"] { return "\(e["name"]?.string ?? "?") columns: \(String(describing: a["columns"]))" }
            for (x, y) in zip(a["objects"]?.array ?? [], e["objects"]?.array ?? []) where x != y {
                return "\(e["name"]?.string ?? "?"): \(x) instead of \(y)"
            }
            return "\(e["name"]?.string ?? "?") differs"
        }
        return "the header differs"
    }

    /// Everything recovered but the damaged values: `recover`'s file verifies and dumps as
    /// `expected` (without `upgraded_from`: it is a format-24 file of its own).
    static func checkRecovery(of copy: ScratchCopy, lost: Int, expected: JSONValue) throws {
        let salvage = try #require(try LegacyRecovery.salvage(path: copy.path, key: nil))
        let allTypes = try #require(salvage.report.classes.first { $0.name == "AllTypes" })
        #expect(allTypes.savedObjects == 296 && allTypes.lostValues == lost)
        #expect(!salvage.report.isComplete)
        let others = salvage.report.classes.filter { $0.name != "AllTypes" }
        #expect(others.count == 3 && others.allSatisfy { $0.isComplete })
        let out = copy.directory + "/recovered.realm"
        try RealmFileWriter().write(tables: salvage.tables, to: out)
        let recovered = try RealmFile(path: out)
        #expect(FileVerifier(file: recovered).verify().problems.isEmpty)
        let dump = try dump(recovered)
        #expect(dump == expected, "\(firstDifference(dump, expected))")
    }

    @Test("an enum index beyond the values (format 10): its leaf's values unknown, the rest read")
    func indexOutOfRange() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try ScratchCopy(of: "alltypes-f10")
        defer { copy.remove() }
        // enumString's leaf in the second cluster (244 objects) is 4 bits wide over 5 values.
        let (node, keys) = try Self.clusterNode(copy.path, table: "class_AllTypes", column: "enumString", cluster: 1)
        #expect(node.width == 4 && node.size == 244 && keys.count == 244)
        try copy.patch(at: node.ref + 8, [try copy.byte(at: node.ref + 8) | 0x0F])

        let file = try FileOpening.open(path: copy.path)
        let expected = try Self.expected("alltypes-f10", table: "class_AllTypes", column: "enumString", nulledKeys: keys)
        let dump = try Self.dump(file)
        #expect(dump == expected, "\(Self.firstDifference(dump, expected))")
        let remarks = file.source?.remarks ?? []
        #expect(remarks.contains { $0.hasPrefix("class_AllTypes.enumString: 244 values unknown") && $0.contains("index 15") }, "\(remarks)")

        let report = LegacyVerifier.verify(try MappedFile(path: copy.path))
        #expect(report.problems.count == 1, "\(report.problems)")
        let problem = try #require(report.problems.first)
        #expect(problem.check == .values && problem.table == "class_AllTypes" && problem.column == "enumString")
        #expect(problem.offset == node.ref && problem.message.contains("holds the index 15, beyond the 5 enumerated values"))

        try Self.checkRecovery(of: copy, lost: 244, expected: try Self.expected("alltypes-f10", table: "class_AllTypes",
                                                                                column: "enumString", nulledKeys: keys, upgraded: false))
    }

    /// L§10: realm-core 6's upgrade left a string leaf in the first cluster and, in a class with a
    /// string primary key, integer leaves it may have split wrongly: all of those are unknown.
    @Test("after realm-core 6's upgrade (a string leaf beside enum leaves, string primary key): the enum leaves are unknown")
    func upgradedByRealmCore6() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try ScratchCopy(of: "alltypes-f11")
        defer { copy.remove() }
        // stringOpt's leaf in the first cluster: 52 one-byte indexes, turned into 52 one-byte
        // short strings that are all null (length byte = width), the same size.
        let (first, _) = try Self.clusterNode(copy.path, table: "class_AllTypes", column: "stringOpt", cluster: 0)
        let (second, _) = try Self.clusterNode(copy.path, table: "class_AllTypes", column: "stringOpt", cluster: 1)
        #expect(first.width == 8 && first.size == 52)
        try copy.patch(at: first.ref + 4, [0x09])
        try copy.patch(at: first.ref + 8, [UInt8](repeating: 1, count: 52))

        let file = try FileOpening.open(path: copy.path)
        let expected = try Self.expected("alltypes-f11", table: "class_AllTypes", column: "stringOpt", nulledKeys: nil)
        let dump = try Self.dump(file)
        #expect(dump == expected, "\(Self.firstDifference(dump, expected))")

        let report = LegacyVerifier.verify(try MappedFile(path: copy.path))
        #expect(report.problems.count == 1, "\(report.problems)")
        let problem = try #require(report.problems.first)
        #expect(problem.table == "class_AllTypes" && problem.column == "stringOpt" && problem.offset == second.ref)
        #expect(problem.message.contains("realm-core 6's upgrade from format 9"), "\(problem.message)")

        try Self.checkRecovery(of: copy, lost: 244, expected: try Self.expected("alltypes-f11", table: "class_AllTypes",
                                                                                column: "stringOpt", nulledKeys: nil, upgraded: false))
    }

    /// L§9.9: after realm-core 6's upgrade from format 9, the removed pk table's slot 0 is a
    /// free slot (a tagged number) where a file written in format 10 has its metadata table.
    @Test("a free table slot 0 is named as the trace of realm-core 6's upgrade")
    func freeSlotZero() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try ScratchCopy(of: "tasks-f10")
        defer { copy.remove() }
        let mapped = try MappedFile(path: copy.path)
        let (tablesRef, width) = try withExtendedLifetime(mapped) { () throws -> (Int, Int) in
            let header = try FileHeader(file: mapped.bytes, readable: 5...11)
            let tables = try GroupTop(ref: header.topRef, file: mapped.bytes).tablesNode
            return (tables.ref, tables.width / 8)
        }
        #expect(width >= 2)
        // Tagged 1: a free slot whose next tag is 1.
        try copy.patch(at: tablesRef + 8, [3] + [UInt8](repeating: 0, count: width - 1))
        let file = try FileOpening.open(path: copy.path)
        #expect(file.source?.remarks.first?.hasPrefix("upgraded in place from format 9 by realm-core 6") == true)
        let expected = try JSONParser.parse(contentsOfFile: OldFixtures.jsonPath("tasks-f10"))
        let tables = try #require(expected["tables"]?.array)
        #expect(try Self.dump(file)["tables"] == .array(Array(tables.dropFirst())), "every table but metadata, as Realm shows them")
    }

    @Test("an enum index beyond the values (format 9): those values unknown, verify names the row")
    func columnStoreIndexOutOfRange() throws {
        guard Fixtures.requirePresent() else { return }
        let copy = try ScratchCopy(of: "alltypes-f9")
        defer { copy.remove() }
        // The nodes read point into the mapping, which must outlive them.
        let mapped = try MappedFile(path: copy.path)
        let original = try ColumnStoreFile(bytes: mapped.bytes, header: try FileHeader(file: mapped.bytes, readable: 5...11))
        let table = try #require(original.tables.first { $0.name == "class_AllTypes" })
        let column = try #require(table.spec.columns.first { $0.name == "enumString" })
        #expect(column.type == .stringEnum)
        let root = try withExtendedLifetime(mapped) { try table.root(of: column) }
        // A single leaf of 296 indexes, 4 bits each: row 3's is the high nibble of byte 1.
        #expect(!root.isInner && root.width == 4 && root.size == 296)
        try copy.patch(at: root.ref + 9, [try copy.byte(at: root.ref + 9) | 0xF0])

        let file = try FileOpening.open(path: copy.path)
        let expected = try Self.expected("alltypes-f9", table: "class_AllTypes", column: "enumString", nulledKeys: [3])
        let dump = try Self.dump(file)
        #expect(dump == expected, "\(Self.firstDifference(dump, expected))")

        let report = LegacyVerifier.verify(try MappedFile(path: copy.path))
        #expect(report.problems.map(\.column) == ["enumString"], "\(report.problems)")
        #expect(report.problems.first?.objectKey == 3 && report.problems.first?.message.contains("row 3 names no value") == true)
        try Self.checkRecovery(of: copy, lost: 1, expected: try Self.expected("alltypes-f9", table: "class_AllTypes",
                                                                              column: "enumString", nulledKeys: [3], upgraded: false))
    }
}
