import BrowserKit
import RealmFormat
import Testing

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

    @Test func extremeTimestampsDoNotTrap() {
        let latest = TimestampFormatter.iso8601(Timestamp(seconds: .max, nanoseconds: 999_999_999))
        let earliest = TimestampFormatter.iso8601(Timestamp(seconds: .min, nanoseconds: -999_999_999))
        #expect(latest.hasSuffix(".999999999Z"))
        #expect(!earliest.isEmpty)
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
        var renderer = TableRenderer(headers: ["#", "name"], alignments: [.right, .left])
        renderer.append(["9", "x"])
        renderer.append(["10", "long name"])
        let output = BufferedOutput()
        renderer.render(to: output)
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
