import Foundation
import RealmFormat
@testable import RealmInterchange
import Testing
import TestSupport

/// The text `export` writes for dates, Decimal128s, ObjectIds and UUIDs reads back to the same
/// value, for every such value in Realm's alltypes dump; Decimal128 text encodes to exactly the
/// bits realm-core stored. And `CSVReader` reads RFC 4180 with line numbers.
@Suite("export text and CSV reading", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ScalarTextTests {
    /// Every value in the alltypes dump carrying `tag`, however deeply nested.
    static func tagged(_ tag: String) throws -> [JSONValue] {
        var found: [JSONValue] = []
        func visit(_ value: JSONValue) {
            switch value {
            case let .object(members):
                if let tagged = value[tag] { found.append(members.count == 2 && tag == "$decimal" ? value : tagged) }
                for member in members { visit(member.value) }
            case let .array(elements): elements.forEach(visit)
            default: break
            }
        }
        visit(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes")))
        return found
    }

    @Test func everyDateOfTheFixtureReadsBack() throws {
        guard Fixtures.requirePresent() else { return }
        let dates = try Self.tagged("$date").compactMap { $0.array?.compactMap(\.int) }
        #expect(dates.count > 500)
        for parts in dates {
            let timestamp = Timestamp(seconds: parts[0], nanoseconds: Int32(parts[1]))
            let text = try #require(ExportValueEncoder.text(of: .timestamp(timestamp)))
            #expect(ScalarTextParser.timestamp(text) == timestamp, "\(text)")
        }
        // Independent spellings: the fixture README's (-1 s, -1 ns) and Foundation's calendar.
        #expect(ScalarTextParser.timestamp("1969-12-31T23:59:58.999999999Z") == Timestamp(seconds: -1, nanoseconds: -1))
        #expect(ScalarTextParser.timestamp("2015-04-01T12:00:00Z")?.seconds == Int64(ISO8601DateFormatter().date(from: "2015-04-01T12:00:00Z")?.timeIntervalSince1970 ?? 0))
        #expect(ScalarTextParser.timestamp("1900-01-01 00:00:00")?.seconds == Int64(ISO8601DateFormatter().date(from: "1900-01-01T00:00:00Z")?.timeIntervalSince1970 ?? 0))
        for bad in ["2015-02-29T00:00:00Z", "2015-13-01T00:00:00Z", "2015-01-01T24:00:00Z", "yesterday", "2015-01-01T00:00:00.1234567891Z"] {
            #expect(ScalarTextParser.timestamp(bad) == nil, "\(bad)")
        }
    }

    @Test func decimalTextEncodesToRealmsBits() throws {
        guard Fixtures.requirePresent() else { return }
        let decimals = try Self.tagged("$decimal")
        #expect(decimals.count > 100)
        for value in decimals {
            let text = try #require(value["$decimal"]?.string)
            let bits = try #require(value["bits"]?.string)
            let parsed = try #require(ScalarTextParser.decimal(text), "\(text)")
            // NaN's payload is not kept; every other value must be bit for bit what Realm stored.
            if parsed.isNaN { continue }
            #expect(CanonicalValueEncoder.hex64(parsed.high) + CanonicalValueEncoder.hex64(parsed.low) == bits, "\(text)")
        }
        #expect(ScalarTextParser.decimal("1.2.3") == nil)
        #expect(ScalarTextParser.decimal("1234567890123456789012345678901234567") == nil, "more than 34 digits")
    }

    @Test func objectIdsAndUUIDsReadBack() throws {
        guard Fixtures.requirePresent() else { return }
        for text in try Self.tagged("$oid").compactMap(\.string) { #expect(ScalarTextParser.objectId(text)?.description == text) }
        for text in try Self.tagged("$uuid").compactMap(\.string) { #expect(ScalarTextParser.uuid(text)?.description == text) }
        #expect(ScalarTextParser.objectId("0123") == nil)
        #expect(ScalarTextParser.uuid("zzzzzzzz-0000-0000-0000-000000000000") == nil)
    }

    @Test func csvRecordsKeepLineNumbersAndQuoting() throws {
        let text = "\u{FEFF}a,b\r\n1,\"x, \"\"y\"\"\"\r\n\"two\nlines\",\r\n\n3,\"\"\n"
        let records = try CSVReader.records(in: text)
        #expect(records.map(\.line) == [1, 2, 3, 6])
        #expect(records[0].fields.map(\.text) == ["a", "b"])
        #expect(records[1].fields == [CSVField(text: "1", quoted: false), CSVField(text: "x, \"y\"", quoted: true)])
        #expect(records[2].fields == [CSVField(text: "two\nlines", quoted: true), CSVField(text: "", quoted: false)])
        #expect(records[2].fields[1].isNull && !records[3].fields[1].isNull)
        #expect(throws: CSVSyntaxError.self) { try CSVReader.records(in: "a\n\"open\n") }
        #expect(throws: CSVSyntaxError.self) { try CSVReader.records(in: "a\n\"x\"y\n") }
        // What CSV.field writes, CSVReader reads.
        let awkward = ["", " lead", "trail ", "a,b", "q\"q", "cr\rlf\n", "ü€😀"]
        let line = CSV.record(awkward)
        #expect(try CSVReader.records(in: line).first?.fields.map(\.text) == awkward)
    }
}

