@testable import RealmShell
import Foundation
import RealmFormat
@testable import RealmInterchange
import Testing
import TestSupport

@Suite("Formatting values for people")
struct FormattingTests {
    /// Instants whose calendar dates are independent facts (Unix time of well-known dates).
    @Test(arguments: [
        (Timestamp(seconds: 0, nanoseconds: 0), "1970-01-01T00:00:00Z"),
        (Timestamp(seconds: -1, nanoseconds: -1), "1969-12-31T23:59:58.999999999Z"),
        (Timestamp(seconds: -1000, nanoseconds: -123_456_789), "1969-12-31T23:43:19.876543211Z"),
        (Timestamp(seconds: -2_208_988_800, nanoseconds: 0), "1900-01-01T00:00:00Z"),
        (Timestamp(seconds: -62_135_596_800, nanoseconds: 0), "0001-01-01T00:00:00Z"),
        (Timestamp(seconds: 253_402_300_799, nanoseconds: 500_000_000), "9999-12-31T23:59:59.5Z"),
        (Timestamp(seconds: 951_782_400, nanoseconds: 0), "2000-02-29T00:00:00Z"),
        (Timestamp(seconds: 1_735_693_200, nanoseconds: 1000), "2025-01-01T01:00:00.000001Z"),
    ])
    func iso8601(timestamp: Timestamp, expected: String) {
        #expect(TimestampFormatter.iso8601(timestamp) == expected)
    }

    /// The INT64 extremes, which the alltypes fixture stores. Expected texts were derived outside
    /// our code: numpy's datetime64 (which covers the whole int64 second range) gives
    /// 292277026596-12-04T15:30:07 for INT64_MAX seconds and -292277022657-01-27T08:29:53 for
    /// INT64_MIN+1 seconds; Python's datetime, after shifting by whole 400-year Gregorian cycles
    /// (146,097 days each), gives the same and the nanosecond forms below.
    @Test(arguments: [
        (Timestamp(seconds: .max, nanoseconds: 999_999_999), "292277026596-12-04T15:30:07.999999999Z"),
        (Timestamp(seconds: .max, nanoseconds: 0), "292277026596-12-04T15:30:07Z"),
        (Timestamp(seconds: .min + 1, nanoseconds: 0), "-292277022657-01-27T08:29:53Z"),
        (Timestamp(seconds: .min, nanoseconds: 0), "-292277022657-01-27T08:29:52Z"),
        // One nanosecond less than a whole second before INT64_MIN seconds: its whole second
        // lies outside Int64, and it is still written as a date.
        (Timestamp(seconds: .min, nanoseconds: -999_999_999), "-292277022657-01-27T08:29:51.000000001Z"),
        (Timestamp(seconds: -62_167_219_201, nanoseconds: 0), "-0001-12-31T23:59:59Z"),
    ])
    func extremeTimestamps(timestamp: Timestamp, expected: String) {
        #expect(TimestampFormatter.iso8601(timestamp) == expected)
        // What is written is read back (export csv, then import csv) to the same stored pair.
        #expect(ScalarTextParser.timestamp(expected) == timestamp)
    }

    /// Pairs realm-core never writes (parts of opposite signs, a nanosecond part of a second or
    /// more), as a damaged file may hold: the same rule, seconds + nanoseconds·10⁻⁹, and no trap.
    @Test func unnormalizedPairsFollowTheSameRule() {
        #expect(TimestampFormatter.iso8601(Timestamp(seconds: 1, nanoseconds: -500_000_000)) == "1970-01-01T00:00:00.5Z")
        #expect(TimestampFormatter.iso8601(Timestamp(seconds: 0, nanoseconds: 1_500_000_000)) == "1970-01-01T00:00:01.5Z")
        #expect(TimestampFormatter.iso8601(Timestamp(seconds: .max, nanoseconds: .max)) == "292277026596-12-04T15:30:09.147483647Z")
    }

    /// Text for an instant a Realm timestamp cannot hold (one second before the earliest) is
    /// not a date `import csv` accepts.
    @Test func instantsBeforeTheEarliestAreNotRead() {
        #expect(ScalarTextParser.timestamp("-292277022657-01-27T08:29:50.999999999Z") == nil)
        #expect(ScalarTextParser.timestamp("292277026596-12-04T15:30:08Z") == nil)
    }

    @Test func detailDistinguishesNullFromEmpty() {
        let formatter = ValueFormatter()
        let noLinks: ValueFormatter.LinkLabeler = { _, _ in "" }
        #expect(formatter.detail(.null, link: noLinks) == "null")
        #expect(formatter.detail(.string(""), link: noLinks) == "\"\"")
        #expect(formatter.detail(.string("a\"b\nc"), link: noLinks) == "\"a\\\"b\\nc\"")
        #expect(formatter.detail(.binary([]), link: noLinks) == "<0 bytes>")
        #expect(formatter.detail(.binary([0, 1, 0xff]), link: noLinks) == "<3 bytes: 00 01 ff>")
        #expect(formatter.detail(.double(-0.0), link: noLinks) == "-0.0")
        #expect(formatter.detail(.float(.infinity), link: noLinks) == "inf")
        #expect(formatter.detail(.int(.min), link: noLinks) == "-9223372036854775808")
        #expect(formatter.detail(.link(table: 3, key: 7), link: { "T\($0)#\($1)" }) == "T3#7")
    }

    @Test func cellsAreTruncated() {
        var formatter = ValueFormatter()
        formatter.maximumCellWidth = 5
        #expect(formatter.cell(.string("abcdefgh"), link: { _, _ in "" }) == "abcd…")
        #expect(formatter.cell(.string("abc"), link: { _, _ in "" }) == "abc")
    }

    @Test func tableLayout() {
        let output = BufferedOutput()
        GridRenderer(columns: [OutputColumn("#", alignment: .right), OutputColumn("name")], frame: .table,
                     style: OutputStyle(maximumCellWidth: Int.max), truncates: false)
            .render([["9", "x"], ["10", "long name"]].map { $0.map { Cell(text: $0) } }, to: output)
        #expect(output.text == """
        #  │ name
        ───┼──────────
         9 │ x
        10 │ long name

        """)
    }
}

@Suite("RFC 4180 fields")
struct CSVFieldTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\r", "\"cr\r\""),
        (" padded", "\" padded\""),
        ("Ünïcødé", "Ünïcødé"),
    ])
    func quoting(text: String, expected: String) {
        #expect(CSV.field(text) == expected)
    }

    @Test func recordJoinsQuotedFields() {
        #expect(CSV.record(["id", "name, full", "x\"y"]) == "id,\"name, full\",\"x\"\"y\"")
    }
}
