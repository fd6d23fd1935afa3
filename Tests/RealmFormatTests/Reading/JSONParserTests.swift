import RealmInterchange
import TestSupport
import Testing

/// The golden tests are only as trustworthy as the JSON parser that reads the expected values,
/// so the parser gets its own checks, especially for the parts the dumps rely on: exact 64-bit
/// integers, member order and the escapes the dump writer emits.
@Suite("JSON parser")
struct JSONParserTests {
    @Test("integers are exact over the full Int64 range")
    func int64Extremes() throws {
        let value = try JSONParser.parse("[-9223372036854775808, 9223372036854775807, 0, -0, 9007199254740993]")
        #expect(value == .array([.int(Int64.min), .int(Int64.max), .int(0), .int(0), .int(9_007_199_254_740_993)]))
    }

    @Test("integers beyond Int64 and numbers with fraction or exponent become doubles")
    func doubles() throws {
        let value = try JSONParser.parse("[9223372036854775808, -18446744073709551616, 1.5, -2e3, 1E-2]")
        #expect(value == .array([.double(9_223_372_036_854_775_808), .double(-18_446_744_073_709_551_616),
                                 .double(1.5), .double(-2000), .double(0.01)]))
    }

    @Test("object members keep their file order")
    func memberOrder() throws {
        let value = try JSONParser.parse(#"{"_key": 5, "b": true, "a": null, "c": {"z": [], "y": {}}}"#)
        #expect(value.members?.map(\.key) == ["_key", "b", "a", "c"])
        #expect(value["_key"] == .int(5))
        #expect(value["b"] == .bool(true))
        #expect(value["a"] == .null)
        #expect(value["c"]?.members?.map(\.key) == ["z", "y"])
        #expect(value["missing"] == nil)
    }

    @Test("escapes, surrogate pairs and raw UTF-8 decode to the right bytes")
    func strings() throws {
        let json = #"["a\"b\\c\/d", "\n\r\t\b\f", "\u0000\u001f", "\u00e9\ud83d\ude00", "Ölbaum 键🔑", ""]"#
        let value = try JSONParser.parse(json)
        let strings = (value.array ?? []).compactMap { $0.string }
        #expect(strings.count == 6)
        #expect(Array(strings[0].utf8) == Array("a\"b\\c/d".utf8))
        #expect(Array(strings[1].utf8) == [0x0A, 0x0D, 0x09, 0x08, 0x0C])
        #expect(Array(strings[2].utf8) == [0x00, 0x1F])
        #expect(Array(strings[3].utf8) == [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80])
        #expect(Array(strings[4].utf8) == Array("Ölbaum 键🔑".utf8))
        #expect(strings[5].isEmpty)
    }

    @Test("malformed documents are rejected", arguments: [
        "", "   ", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "[1 2]", "01", "-", "1.", "1e", "tru", "nul",
        "\"unterminated", "\"bad \\x escape\"", "\"\\ud800\"", "\"\\udc00\"", "[1] 2", "{1: 2}",
        "\"raw \n newline\"",
    ])
    func rejectsMalformed(json: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(json) }
    }

    @Test("nesting depth is bounded instead of overflowing the stack")
    func depthLimit() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
    }
}
