import Foundation
@testable import RealmFormat
@testable import RealmInterchange
import Testing
import TestSupport

/// `dump`, `export csv` and `export json` read leaves in place and write bytes; for every class
/// of every fixture (and of a file written for the cases the fixtures lack) their output must be
/// exactly what the per-value encoders produce (`ReferenceEncoding`).
@Suite("Dump and export byte paths", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ByteExportTests {
    /// big.realm is left to the golden dump test: its 200,000 objects through the reference
    /// encoders would take most of a debug test run.
    static let fixtures = ["demo", "species", "tasks", "history", "alltypes", "legacy/test_upgrade_database_1000_22",
                           "legacy/test_upgrade_database_1000_23", "legacy/test_upgrade_database_20",
                           "legacy/test_upgrade_database_4_22", "legacy/test_upgrade_database_4_23"]

    static func dumpObjectLines(of table: Table, file: RealmFile) throws -> [String] {
        let output = BufferedOutput()
        try DumpWriter(file: file).write(tables: [table], to: output)
        return output.text.split(separator: "\n").filter { $0.hasPrefix("        {\"_key\": ") }.map { line in
            // Every object line but the last ends with the comma before the next one.
            line.hasSuffix(",") ? String(line.dropLast()) : String(line)
        }
    }

    static func csv(of table: Table, keys: [Int64]? = nil, file: RealmFile) throws -> String {
        let output = BufferedOutput()
        var done = 0
        try CSVExporter(encoder: ExportValueEncoder(file: file), progress: SilentProgress())
            .write(ExportSource(table: table, keys: keys), to: output, done: &done)
        return output.text
    }

    static func json(of table: Table, keys: [Int64]? = nil, file: RealmFile) throws -> String {
        let output = BufferedOutput()
        try JSONExporter(encoder: ExportValueEncoder(file: file), progress: SilentProgress())
            .write(ExportSource(table: table, keys: keys), to: output)
        return output.text
    }

    /// Every table's dump lines, and every non-embedded class's CSV and JSON, in key order and
    /// in reverse key order (as a query result), equal the reference encoders' output.
    static func checkEveryTable(of path: String, label: String) throws {
        let file = try RealmFile(path: path)
        for table in file.tables {
            let name = "\(label) \(table.name)"
            let dumped = try dumpObjectLines(of: table, file: file)
            let expected = try ReferenceEncoding.dumpObjectLines(of: table, file: file)
            #expect(dumped.count == table.objects.count, "\(name): dump objects")
            if let difference = zip(dumped, expected).first(where: { $0.0 != $0.1 }) {
                Issue.record("\(name): dump line differs:\n\(difference.0.prefix(400))\nexpected\n\(difference.1.prefix(400))")
            }
            #expect(dumped.count == expected.count, "\(name)")
            guard table.kind != .embedded else { continue }
            try expectEqual(try csv(of: table, file: file), try ReferenceEncoding.csv(of: table, file: file), "\(name): csv")
            try expectEqual(try json(of: table, file: file), try ReferenceEncoding.json(of: table, file: file), "\(name): json")
            var keys: [Int64] = []
            try table.objects.forEachLeaf { leaf in for row in 0..<leaf.count { keys.append(try leaf.key(at: row)) } }
            keys.reverse()
            try expectEqual(try csv(of: table, keys: keys, file: file), try ReferenceEncoding.csv(of: table, keys: keys, file: file),
                            "\(name): csv of a result")
            try expectEqual(try json(of: table, keys: keys, file: file), try ReferenceEncoding.json(of: table, keys: keys, file: file),
                            "\(name): json of a result")
        }
    }

    static func expectEqual(_ actual: String, _ expected: String, _ label: String) throws {
        guard actual != expected else { return }
        let actualBytes = Array(actual.utf8)
        let expectedBytes = Array(expected.utf8)
        let common = zip(actualBytes, expectedBytes).prefix { $0 == $1 }.count
        func excerpt(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, common - 80)..<min(bytes.count, common + 80)], as: UTF8.self)
        }
        Issue.record("\(label) differs at byte \(common): …\(excerpt(actualBytes))… expected …\(excerpt(expectedBytes))…")
    }

    @Test("every class of a fixture, through the byte path and the reference encoders", arguments: ByteExportTests.fixtures)
    func fixtureClasses(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        try Self.checkEveryTable(of: Fixtures.realmPath(fixture), label: fixture)
    }

    /// Which fixtures hold enumerated string columns (realm-core's older string compression):
    /// those are read in place too, and `fixtureClasses` covers them.
    @Test func enumeratedStringColumnsAreCovered() throws {
        guard Fixtures.requirePresent() else { return }
        var enumerated: [String] = []
        for fixture in Self.fixtures {
            let file = try RealmFile(path: Fixtures.realmPath(fixture))
            for table in file.tables {
                enumerated += table.columns.filter { $0.enumValuesRef != nil }.map { "\(fixture) \(table.name).\($0.name)" }
            }
        }
        // The object store never writes them (fixtures README); realm-core's own upgrade files do.
        #expect(enumerated == [], "\(enumerated)")
    }

    // MARK: - Cases the fixtures lack

    /// A file with the values where bytes and text part ways: every string of
    /// `ByteEncodingTests.strings` (CSV quoting, CR LF, combining marks, escapes), a string of
    /// 100 KB (a big-blob leaf), empty and null strings and blobs, NaN, infinities, -0 and the
    /// extremes of every number type, dates at the Int64 limits, lists of each element type with
    /// nulls, and links to a class whose primary keys need CSV quoting.
    static func makeEdgeCaseFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ByteExportTests-\(UUID().uuidString).realm").path
        var strings: [RealmValue] = ByteEncodingTests.strings.map { .string($0) }
        strings += [.null, .string(String(repeating: "long, \"text\" ", count: 8000)), .string("")]
        let count = strings.count
        func cycle<T>(_ values: [T], _ index: Int) -> T { values[index % values.count] }
        let floats: [RealmValue] = [.float(0), .float(-0.0), .float(.nan), .float(.infinity), .float(-.infinity), .null,
                                    .float(.leastNormalMagnitude), .float(.greatestFiniteMagnitude), .float(.leastNonzeroMagnitude),
                                    .float(0.1), .float(-3.25)]
        let doubles: [RealmValue] = [.double(0), .double(-0.0), .double(.nan), .double(.infinity), .double(-.infinity), .null,
                                     .double(.leastNormalMagnitude), .double(-.greatestFiniteMagnitude), .double(.leastNonzeroMagnitude),
                                     .double(0.1), .double(.pi), .double(1e300), .double(2251799813685246.25)]
        let ints: [RealmValue] = [.int(.min), .int(.max), .int(0), .int(-1), .null, .int(255), .int(-65536), .int(1 << 32)]
        let dates: [RealmValue] = [.timestamp(Timestamp(seconds: .max, nanoseconds: 999_999_999)),
                                   .timestamp(Timestamp(seconds: .min, nanoseconds: -999_999_999)), .null,
                                   .timestamp(Timestamp(seconds: -1, nanoseconds: -1)), .timestamp(Timestamp(seconds: 0, nanoseconds: 0)),
                                   .timestamp(Timestamp(seconds: 1_700_000_000, nanoseconds: 120_000_000))]
        let blobs: [RealmValue] = [.binary([]), .null, .binary([0, 1, 2, 255]), .binary([UInt8](repeating: 0xAB, count: 70000))]
        let bools: [RealmValue] = [.bool(true), .bool(false), .null]
        func target(_ key: Int) -> RealmValue { .link(table: 0, key: Int64(key % 6)) }
        func keyless(_ key: Int) -> RealmValue { .link(table: 2, key: Int64(key % 3)) }
        let columns: [(NewColumn, (Int) -> NewValue)] = [
            (NewColumn(name: "text", type: .string, isNullable: true), { .scalar(strings[$0]) }),
            (NewColumn(name: "blob", type: .binary, isNullable: true), { .scalar(cycle(blobs, $0)) }),
            (NewColumn(name: "float", type: .float, isNullable: true), { .scalar(cycle(floats, $0)) }),
            (NewColumn(name: "double", type: .double, isNullable: true), { .scalar(cycle(doubles, $0)) }),
            (NewColumn(name: "int", type: .int, isNullable: true), { .scalar(cycle(ints, $0)) }),
            (NewColumn(name: "bool", type: .bool, isNullable: true), { .scalar(cycle(bools, $0)) }),
            (NewColumn(name: "date", type: .timestamp, isNullable: true), { .scalar(cycle(dates, $0)) }),
            (NewColumn(name: "target", type: .link, isNullable: true, targetTable: 0), { $0 % 4 == 3 ? .scalar(.null) : .scalar(target($0)) }),
            (NewColumn(name: "keyless", type: .link, isNullable: true, targetTable: 2), { .scalar(keyless($0)) }),
            (NewColumn(name: "texts", type: .string, isNullable: true, collection: .list), { index in
                .list((0..<(index % 4)).map { strings[(index + $0 * 7) % count] }) }),
            (NewColumn(name: "floats", type: .float, isNullable: true, collection: .list), { index in
                .list((0..<(index % 5)).map { cycle(floats, index + $0) }) }),
            (NewColumn(name: "doubles", type: .double, collection: .list), { index in
                .list((0..<(index % 5)).map { cycle(doubles, index + $0) }.filter { $0 != .null }) }),
            (NewColumn(name: "ints", type: .int, isNullable: true, collection: .list), { index in
                .list((0..<(index % 6)).map { cycle(ints, index + $0) }) }),
            (NewColumn(name: "dates", type: .timestamp, isNullable: true, collection: .set), { index in
                .list(index % 3 == 0 ? [] : [.null, cycle(dates.filter { $0 != .null }, index)]) }),
            (NewColumn(name: "bools", type: .bool, isNullable: true, collection: .list), { index in
                .list((0..<(index % 4)).map { cycle(bools, index + $0) }) }),
            (NewColumn(name: "blobs", type: .binary, isNullable: true, collection: .list), { index in
                .list((0..<(index % 3)).map { cycle(blobs, index + $0) }) }),
            (NewColumn(name: "targets", type: .link, collection: .list, targetTable: 0), { index in
                .list((0..<(index % 4)).map { target(index + $0) }) }),
            (NewColumn(name: "keylessList", type: .link, collection: .list, targetTable: 2), { index in
                .list((0..<(index % 3)).map { keyless(index + $0) }) }),
        ]
        let targetNames = ["", "comma, name", "quote \"q\"", " padded ", "ключ", "plain"]
        let targets = NewTable(name: "class_Target", columns: [NewColumn(name: "name", type: .string, isIndexed: true)],
                               primaryKey: "name", keys: Array(0..<6), values: [targetNames.map { .scalar(.string($0)) }], keySequence: 6)
        let edges = NewTable(name: "class_Edge", columns: columns.map(\.0), keys: (0..<count).map(Int64.init),
                             values: columns.map { column in (0..<count).map(column.1) }, keySequence: Int64(count))
        let keylessTable = NewTable(name: "class_NoKey", columns: [NewColumn(name: "n", type: .int)], keys: [0, 1, 2],
                                    values: [[.scalar(.int(7)), .scalar(.int(8)), .scalar(.int(9))]], keySequence: 3)
        try RealmFileWriter().write(tables: [targets, edges, keylessTable], to: path)
        return path
    }

    @Test func edgeCasesThroughTheBytePathAndTheReferenceEncoders() throws {
        let path = try Self.makeEdgeCaseFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.checkEveryTable(of: path, label: "edge cases")
    }

    /// Real values, not only agreement with the reference: a few lines as they must read.
    @Test func edgeCaseValuesAsTheyMustRead() throws {
        let path = try Self.makeEdgeCaseFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try RealmFile(path: path)
        let table = try #require(file.tables.first { $0.name == "class_Edge" })
        let lines = try Self.dumpObjectLines(of: table, file: file)
        #expect(lines[0].hasPrefix(#"        {"_key": 0, "text": "", "blob": {"$binary": ""}, "float": {"$float": "0"}, "double": {"$double": "0"}, "int": -9223372036854775808, "bool": true, "date": {"$date": [9223372036854775807, 999999999]}, "target": {"$link": ["class_Target", 0]}"#))
        #expect(lines[1].contains(#""float": {"$float": "-0"}, "double": {"$double": "-0"}, "int": 9223372036854775807"#))
        #expect(lines[2].contains(#""float": {"$float": "nan"}, "double": {"$double": "nan"}"#))
        #expect(lines[3].contains(#""text": "quote \" backslash \\ slash /""#))
        #expect(lines[9].contains(#""text": "tab\tbell\u0007nul\u0000esc\u001bunit\u001fdel"#))
        let csv = try Self.csv(of: table, file: file).components(separatedBy: "\r\n")
        #expect(csv[0] == "_key,text,blob,float,double,int,bool,date,target,keyless,texts,floats,doubles,ints,dates,bools,blobs,targets,keylessList")
        #expect(csv[1] == #"0,"","",0.0,0.0,-9223372036854775808,true,292277026596-12-04T15:30:07.999999999Z,"",0,[],[],[],[],[],[],[],[],[]"#)
        let json = try JSONParser.parse(try Self.json(of: table, file: file))
        let first = try #require(json.array?.first)
        #expect(first["target"] == .string(""), "a link to a class with a primary key is that key")
        #expect(json.array?[2]["float"] == .string("nan"))
        #expect(json.array?[3]["targets"] == .array([.string(" padded "), .string("ключ"), .string("plain")]))
    }
}
