import RealmDemo
import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `generate demo` writes real Realm files: checked for exact space accounting, against the
/// schema of realm-core's own demo.realm, and against Realm Browser's value recipe.
@Suite("Generate demo")
struct GenerateDemoTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("GenerateDemoTests-\(UUID().uuidString)-\(name)").path
    }

    func generate(_ arguments: String) throws -> String {
        let output = BufferedOutput()
        try Session(output: output).execute("generate demo " + arguments)
        return output.text
    }

    func dump(_ path: String) throws -> JSONValue { try FileSession.dump(path) }

    @Test("generate demo writes what the demo database streams, byte for byte", arguments: [0, 300])
    func commandWritesTheStreamedDatabase(rows: Int) throws {
        let command = temporaryPath("command.realm")
        let streamed = temporaryPath("streamed.realm")
        defer { try? FileManager.default.removeItem(atPath: command); try? FileManager.default.removeItem(atPath: streamed) }
        _ = try generate("\(command) --rows \(rows) --seed 11")
        let contents = try DemoDatabase(rows: rows, seed: 11, now: DemoDatabase.seededNow).contents()
        try RealmFileWriter().write(streamedTables: contents.tables, backlinks: contents.backlinks, to: streamed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: command)) == (try Data(contentsOf: URL(fileURLWithPath: streamed))))
    }

    @Test func seededRunsRepeatAndAccountForEveryByte() throws {
        let first = temporaryPath("a.realm")
        let second = temporaryPath("b.realm")
        defer { try? FileManager.default.removeItem(atPath: first); try? FileManager.default.removeItem(atPath: second) }
        #expect(try generate("\(first) --seed 1").contains("3 classes of 1000 objects"))
        _ = try generate("\(second) --seed 1")
        #expect(try dump(first) == dump(second))
        let report = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: first))))
        #expect(report.fileFormat == 24)
        let file = try RealmFile(path: first)
        #expect(file.top?.historyType == .inRealm)
        #expect(file.top?.historySchemaVersion == 1)
        let other = temporaryPath("c.realm")
        defer { try? FileManager.default.removeItem(atPath: other) }
        _ = try generate("\(other) --seed 2")
        #expect(try dump(first) != dump(other))
    }

    @Test func refusesToOverwriteWithoutForce() throws {
        let path = temporaryPath("d.realm")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try generate("\(path) --rows 5 --seed 3")
        expectError(.fileCannotWrite(path: path, reasonMentioning: "the file exists", "--force")) { try generate("\(path) --rows 5 --seed 3") }
        _ = try generate("\(path) --rows 7 --seed 3 --force")
        #expect(try RealmFile(path: path).table(named: "class_RealmTestClass2")?.objects.count == 7)
    }

    @Test(arguments: [0, 1, 300, 2000])
    func followsRealmBrowsersRecipe(rows: Int) throws {
        let path = temporaryPath("e.realm")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try generate("\(path) --rows \(rows) --seed 9")
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let written = try dump(path)
        let tables = try #require(written["tables"]?.array)
        #expect(tables.map { $0["name"]?.string } == ["metadata", "class_RealmTestClass0", "class_RealmTestClass1", "class_RealmTestClass2"])
        if Fixtures.isPresent {
            // The schema is exactly the one of the demo database realm-core wrote.
            let reference = try #require(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("demo"))["tables"]?.array)
            for (table, expected) in zip(tables, reference) {
                #expect(table["columns"] == expected["columns"])
                #expect(table["kind"] == expected["kind"])
                #expect(table["primary_key"] == expected["primary_key"])
            }
        }
        for table in tables.dropFirst() {
            #expect(table["count"]?.int == Int64(rows))
            let objects = try #require(table["objects"]?.array)
            #expect(objects.count == rows)
            for (sequence, object) in objects.enumerated() {
                let s = Int64(sequence)
                #expect(object["_key"]?.int == (s & 0xFF) | ((s >> 8) << 16))
                try checkRecipe(object)
            }
        }
        // Backlinks: every list element and every objectReference is a link the target counts.
        let file = try RealmFile(path: path)
        let zero = try #require(file.table(named: "class_RealmTestClass0"))
        let one = try #require(tables[2]["objects"]?.array)
        var incoming: [Int64: Int] = [:]
        for object in one {
            for link in try #require(object["arrayReference"]?.array) {
                incoming[try #require(link["$link"]?.array?.last?.int), default: 0] += 1
            }
        }
        let backlinkColumn = try #require(zero.backlinkColumns.first)
        try zero.objects.forEachLeaf { leaf in
            let reader = try ColumnLeafReader(leaf: leaf, column: backlinkColumn)
            for row in 0..<leaf.count {
                #expect(try reader.backlinks(at: row).count == incoming[try leaf.key(at: row), default: 0])
            }
        }
    }

    private func checkRecipe(_ object: JSONValue) throws {
        if let integer = object["integerValue"] {
            let value = try #require(integer.int)
            #expect([Int64.min, Int64.max, 0].contains(value) || (0..<9_999_999).contains(value))
        }
        if let string = object["stringValue"]?.string {
            #expect(string.count == 36 || (string.count == 10_000 && string.hasSuffix(" bla") || string.count == 10_000))
            #expect(string.prefix(36).allSatisfy { $0 == "-" || $0.isHexDigit && !$0.isLowercase })
        }
        if let date = object["dateValue"]?["$date"]?.array {
            let seconds = try #require(date.first?.int)
            #expect(seconds <= DemoDatabase.seededNow && seconds > DemoDatabase.seededNow - 999_999_999)
        }
        if let list = object["arrayReference"]?.array {
            #expect(list.count <= 12)
        }
        if let reference = object["objectReference"] {
            #expect(reference["$link"]?.array?.first?.string == "class_RealmTestClass1")
        }
        if let double = object["doubleValue"]?["$double"]?.string, let value = Double(double) {
            #expect([Double.leastNormalMagnitude, .greatestFiniteMagnitude, 0].contains(value) || (0...(9_999_999.0 / 9999)).contains(value))
        }
    }
}
