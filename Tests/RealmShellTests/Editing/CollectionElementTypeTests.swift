import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// The element types alltypes.realm has no list or set of (bool, float, binary, ObjectId,
/// Decimal128, optional int): a file with one object holding such collections is written, edited
/// element by element, and its dump compared with values written out by hand in the canonical
/// encodings of ../shared/fixtures/README.md.
@Suite("Collection edits of every element type")
struct CollectionElementTypeTests {
    static func oid(_ byte: UInt8) throws -> RealmValue {
        .objectId(try #require(ObjectId(bytes: [UInt8](repeating: byte, count: 12))))
    }

    static func decimal(_ value: UInt64) -> RealmValue { .decimal(Decimal128(high: 0x3040_0000_0000_0000, low: value)) }

    func makeFile() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("CollectionElementTypeTests-\(UUID().uuidString).realm").path
        let columns: [(NewColumn, NewValue)] = [
            (NewColumn(name: "boolList", type: .bool, collection: .list), .list([.bool(false)])),
            (NewColumn(name: "floatOptList", type: .float, isNullable: true, collection: .list), .list([.float(1)])),
            (NewColumn(name: "binaryList", type: .binary, collection: .list), .list([.binary([1, 2])])),
            (NewColumn(name: "objectIdList", type: .objectId, collection: .list), .list([try Self.oid(0)])),
            (NewColumn(name: "decimalList", type: .decimal128, collection: .list), .list([Self.decimal(1)])),
            (NewColumn(name: "intOptList", type: .int, isNullable: true, collection: .list), .list([.int(5)])),
            (NewColumn(name: "boolSet", type: .bool, collection: .set), .list([.bool(true)])),
            (NewColumn(name: "floatSet", type: .float, collection: .set), .list([.float(-1), .float(2)])),
            (NewColumn(name: "binarySet", type: .binary, collection: .set), .list([.binary([1]), .binary([2])])),
            (NewColumn(name: "objectIdSet", type: .objectId, collection: .set), .list([try Self.oid(0x01), try Self.oid(0xFF)])),
            (NewColumn(name: "decimalSet", type: .decimal128, collection: .set), .list([Self.decimal(1), Self.decimal(10)])),
            (NewColumn(name: "boolDict", type: .bool, isNullable: true, collection: .dictionary),
             .dictionary([DictionaryEntry(key: "b", value: .scalar(.bool(true)))])),
            (NewColumn(name: "binaryDict", type: .binary, collection: .dictionary), .dictionary([])),
        ]
        let table = NewTable(name: "class_Lists", columns: columns.map(\.0), keys: [0], values: columns.map { [$0.1] }, keySequence: 1)
        try RealmFileWriter().write(tables: [table], to: path)
        return path
    }

    @Test func everyElementTypeEditedInPlace() throws {
        let path = try makeFile()
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + ".lock")
        }
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        let commands = [
            "set Lists[0].boolList[0] = true", "append Lists[0].boolList false",
            "append Lists[0].floatOptList null", "append Lists[0].floatOptList 2.5",
            "append Lists[0].binaryList B64\"AAEC\"", "set Lists[0].binaryList[0] = \"text\"",
            "append Lists[0].objectIdList oid(0123456789abcdef01234567)",
            "append Lists[0].decimalList 7",
            "append Lists[0].intOptList null",
            "append Lists[0].boolSet false", "append Lists[0].boolSet true",
            "append Lists[0].floatSet 0.5",
            "append Lists[0].binarySet B64\"AQE=\"",
            "append Lists[0].objectIdSet oid(7f7f7f7f7f7f7f7f7f7f7f7f)",
            "append Lists[0].decimalSet 5",
            "set Lists[0].boolDict[\"a\"] = null",
            "set Lists[0].binaryDict[\"k\"] = B64\"AA==\"",
        ]
        for command in commands {
            try session.execute(command)
            _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        typealias J = ExpectedDump
        func float(_ text: String) -> JSONValue { J.tagged("$float", .string(text)) }
        func binary(_ base64: String) -> JSONValue { J.tagged("$binary", .string(base64)) }
        func oid(_ hex: String) -> JSONValue { J.tagged("$oid", .string(hex)) }
        func decimal(_ text: String, _ low: String) -> JSONValue {
            .object([JSONValue.Member(key: "$decimal", value: .string(text)),
                     JSONValue.Member(key: "bits", value: .string("3040000000000000" + low))])
        }
        let expected: [(String, JSONValue)] = [
            ("boolList", .array([.bool(true), .bool(false)])),
            ("floatOptList", .array([float("1"), .null, float("2.5")])),
            ("binaryList", .array([binary("dGV4dA=="), binary("AAEC")])),
            ("objectIdList", .array([oid("000000000000000000000000"), oid("0123456789abcdef01234567")])),
            ("decimalList", .array([decimal("1", "0000000000000001"), decimal("7", "0000000000000007")])),
            ("intOptList", .array([.int(5), .null])),
            // Sets in §6.17 order: false < true; IEEE order; bytewise with a prefix first; numeric.
            ("boolSet", .array([.bool(false), .bool(true)])),
            ("floatSet", .array([float("-1"), float("0.5"), float("2")])),
            ("binarySet", .array([binary("AQ=="), binary("AQE="), binary("Ag==")])),
            ("objectIdSet", .array([oid("010101010101010101010101"), oid("7f7f7f7f7f7f7f7f7f7f7f7f"), oid("ffffffffffffffffffffffff")])),
            ("decimalSet", .array([decimal("1", "0000000000000001"), decimal("5", "0000000000000005"), decimal("10", "000000000000000a")])),
            ("boolDict", J.dictionary([("a", .null), ("b", .bool(true))])),
            ("binaryDict", J.dictionary([("k", binary("AA=="))])),
        ]
        let output = BufferedOutput()
        let reader = Session(output: output)
        try reader.open(path: path)
        try reader.execute("dump Lists")
        let dump = try JSONParser.parse(output.text)
        let object = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_Lists" }?["objects"]?.array?.first)
        #expect(object.members?.map(\.key) == ["_key"] + expected.map(\.0))
        for (name, value) in expected {
            #expect(object[name] == value, "\(name)")
        }
    }
}
