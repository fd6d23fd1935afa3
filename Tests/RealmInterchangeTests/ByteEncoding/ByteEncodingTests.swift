import Foundation
import RealmFormat
@testable import RealmInterchange
import Testing
import TestSupport

/// The byte encoders of `dump` and `export` against the `String` encoders they replace (which
/// stay in use for the rare types): every function must give the same bytes for every input,
/// including the inputs where bytes and characters differ.
@Suite("Byte encoders")
struct ByteEncodingTests {
    /// What `body` writes into a `ByteOutput`, as the sink receives it.
    static func written(_ body: (inout ByteOutput) -> Void) -> [UInt8] {
        let sink = BufferedOutput()
        do {
            var out = ByteOutput(sink: sink)
            body(&out)
            out.flush()
        }
        return sink.bytes
    }

    static func text(_ body: (inout ByteOutput) -> Void) -> String {
        String(decoding: written(body), as: UTF8.self)
    }

    // MARK: - printf

    /// `%.17g` and `%.9g` as glibc prints them: specials, the extremes, halfway cases that must
    /// round to even, and (below) random values of every magnitude.
    @Test func printfSpecialValues() {
        let doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.5, 1.5, 2.5, 1e16, 1e17, 1e-5, 1e-4, 123456789012345678, 9007199254740993,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude,
            .infinity, -.infinity, .nan, -.nan, .pi, -1e300, 2251799813685246.25, 2251799813685246.75,
            0.000099999999999999991, 99999999999999999.0, 9.9999999999999995e-5,
        ]
        for value in doubles {
            #expect(Self.text { $0.appendPrintf(value, significantDigits: 17) } == CanonicalValueEncoder.printf("%.17g", value), "\(value)")
        }
        let floats: [Float] = [
            0, -0.0, 1.5, -3.25, 0.1, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude,
            .leastNonzeroMagnitude, .infinity, -.infinity, .nan, 16777216, 8388609.5, 1e-10, 3.4e38,
        ]
        for value in floats {
            #expect(Self.text { $0.appendPrintf(Double(value), significantDigits: 9) } == CanonicalValueEncoder.printf("%.9g", Double(value)),
                    "\(value)")
        }
        #expect(Self.text { $0.appendPrintf(-.nan, significantDigits: 17) } == "nan")
        #expect(Self.text { $0.appendPrintf(2251799813685246.25, significantDigits: 17) } == "2251799813685246.2", "ties go to even")
    }

    /// Random bit patterns (every exponent, subnormals included), decimal-looking values and
    /// exact halfway cases, compared with the C library: 420,000 values, or seven per round of
    /// `PRINTF_CHECK_ROUNDS` (2000000 rounds: 14 million values).
    @Test func printfMatchesTheCLibraryOnRandomValues() {
        let rounds = ProcessInfo.processInfo.environment["PRINTF_CHECK_ROUNDS"].flatMap { Int($0) } ?? 60_000
        var generator = SplitMix64(seed: 7)
        var mismatches: [String] = []
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: PrintfFloatText.requiredSpace * 2)
        defer { scratch.deallocate() }
        func check(_ value: Double, _ digits: Int) {
            let fast = PrintfFloatText.write(value, significantDigits: digits, to: scratch)
            let fastText = String(decoding: UnsafeBufferPointer(start: scratch, count: fast), as: UTF8.self)
            let slow = PrintfFloatText.viaPrintf(value, significantDigits: digits, to: scratch)
            let slowText = value.isNaN ? "nan" : String(decoding: UnsafeBufferPointer(start: scratch, count: slow), as: UTF8.self)
            if fastText != slowText && mismatches.count < 10 { mismatches.append("\(value.bitPattern): \(fastText) vs \(slowText)") }
        }
        for round in 0..<rounds {
            check(Double(bitPattern: generator.next()), 17)
            check(Double(Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))), 9)
            let decimal = Double(Int64(bitPattern: generator.next()) % 100_000_000) / [1, 10, 100, 1000, 9999, 3][round % 6]
            check(decimal, 17)
            check(Double(Float(decimal)), 9)
            // m/4 just below 2^53: 18 significant digits ending in 25 or 75, halfway at 17 digits.
            check(Double(Int64(generator.next() >> 11) | 1 << 51) / 4, 17)
            let scale = Double(sign: .plus, exponent: Int(generator.next() % 200) - 100, significand: 1)
            check(Double(generator.next() >> 11) * scale, 17)
            check(Double(Float(Double(generator.next() >> 40) * scale)), 9)
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    // MARK: - Integers, dates, base64, Swift's float text

    @Test func integersAsStringWritesThem() {
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99_999_999, 100_000_000, .max, .min, .min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        var generator = SplitMix64(seed: 3)
        for _ in 0..<20_000 { values.append(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64)) }
        for value in values {
            #expect(Self.text { $0.appendInteger(value) } == String(value))
        }
    }

    @Test func datesAsTimestampFormatterWritesThem() {
        var stamps = [
            Timestamp(seconds: 0, nanoseconds: 0), Timestamp(seconds: -1, nanoseconds: -1), Timestamp(seconds: .max, nanoseconds: 999_999_999),
            Timestamp(seconds: .min, nanoseconds: -999_999_999), Timestamp(seconds: -62_135_596_800, nanoseconds: -999_999_999),
            Timestamp(seconds: 253_402_300_799, nanoseconds: 500_000_000), Timestamp(seconds: 1 << 62, nanoseconds: 1),
            Timestamp(seconds: -(1 << 62), nanoseconds: -1), Timestamp(seconds: (1 << 62) - 1, nanoseconds: .max),
            Timestamp(seconds: 5, nanoseconds: .min), Timestamp(seconds: -5, nanoseconds: .max),
        ]
        var generator = SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            stamps.append(Timestamp(seconds: Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64),
                                    nanoseconds: Int32(truncatingIfNeeded: Int64(bitPattern: generator.next()) % 1_000_000_000)))
        }
        for stamp in stamps {
            #expect(Self.text { $0.appendISO8601(seconds: stamp.seconds, nanoseconds: stamp.nanoseconds) } == TimestampFormatter.iso8601(stamp))
        }
    }

    @Test func base64AsBase64EncodeWritesIt() {
        var generator = SplitMix64(seed: 5)
        for length in Array(0..<70) + [65535, 65536, 70000, ByteOutput.largestReservation + 5] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let written = Self.text { out in bytes.withUnsafeBytes { out.appendBase64($0) } }
            #expect(written == Base64.encode(bytes), "\(length) bytes")
        }
    }

    @Test func floatsAsSwiftDescribesThem() {
        var generator = SplitMix64(seed: 9)
        var doubles: [Double] = [0, -0.0, 0.1, 1e16, 1e-7, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -2.2250738585072014e-308]
        for _ in 0..<20_000 { doubles.append(Double(bitPattern: generator.next())) }
        for value in doubles where value.isFinite {
            #expect(Self.text { $0.appendDescription(value) } == "\(value)")
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: value.bitPattern))
            if float.isFinite { #expect(Self.text { $0.appendDescription(float) } == "\(float)") }
        }
    }

    // MARK: - Strings

    /// Texts where escaping, UTF-8 and CSV's character rules matter.
    static let strings: [String] = [
        "", "a", "plain ASCII text", "quote \" backslash \\ slash /", "line\nbreak", "cr\rlf\r\n", "\r\n", "\r\r\n", "\n\r",
        "tab\tbell\u{07}nul\u{0}esc\u{1B}unit\u{1F}del\u{7F}", "\u{08}\u{0C}", "comma, here", " leading", "trailing ",
        " ", "Ölbaum ölrose", "中文字符", "emoji 👍🏽 and 👨‍👩‍👧", "e\u{301} vs é", "\"\u{301}quote with a combining mark",
        ",\u{301}", "x\u{600} ", "\u{600} x", "Cyrillic Привет мир", "mixed \"é\", \r\n", String(repeating: "é", count: 20000),
        String(repeating: "a", count: JSONStringBytes.pieceSize - 1) + "€€€" + String(repeating: "\"", count: 10),
        String(repeating: "ab\u{1}\"\\", count: 30000), String(repeating: "𝄞", count: 9000),
    ]

    @Test func jsonStringsAsTheStringEncoderWritesThem() {
        for string in Self.strings {
            var expected = ""
            CanonicalValueEncoder.appendJSONString(string, to: &expected)
            #expect(Self.text { $0.appendJSONString(string) } == expected, "\(string.prefix(40).debugDescription)")
        }
    }

    /// Bytes a file may hold that are not UTF-8: the `String` path replaced them with U+FFFD,
    /// and so must the byte path.
    static let invalidUTF8: [[UInt8]] = [
        [0xFF], [0x80], [0xC0, 0x80], [0xC2], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98],
        Array("ok".utf8) + [0xE2, 0x82] + Array("\"x\",\r\n".utf8), [0x41, 0xF5, 0x42], [0xC3, 0xA9, 0xC3],
        Array(repeating: 0x61, count: JSONStringBytes.pieceSize + 10) + [0xFE] + Array(" tail".utf8),
    ]

    @Test func invalidUTF8IsReplacedAsStringDecodingReplacesIt() {
        for bytes in Self.invalidUTF8 {
            let decoded = String(decoding: bytes, as: UTF8.self)
            var expected = ""
            CanonicalValueEncoder.appendJSONString(decoded, to: &expected)
            #expect(Self.text { out in bytes.withUnsafeBytes { out.appendJSONString($0) } } == expected, "\(bytes.prefix(8))")
            let field = Self.text { out in bytes.withUnsafeBytes { out.appendCSVField($0) } }
            #expect(field == CSV.field(decoded), "\(bytes.prefix(8))")
            #expect(!bytes.withUnsafeBytes { UTF8Check.isValid($0) })
        }
    }

    @Test func csvFieldsAsCSVFieldQuotesThem() {
        for string in Self.strings {
            let expected = string.isEmpty ? "\"\"" : CSV.field(string)
            var copy = string
            let written = Self.text { out in copy.withUTF8 { out.appendCSVField(UnsafeRawBufferPointer($0)) } }
            #expect(written == expected, "\(string.prefix(40).debugDescription)")
            // The same text written as a field first and quoted afterwards (lists are).
            let afterwards = Self.text { out in
                out.startField()
                out.append(contentsOf: string)
                out.finishCSVField()
            }
            #expect(afterwards == expected, "\(string.prefix(40).debugDescription)")
        }
        #expect(Self.text { $0.appendCSVField(UnsafeRawBufferPointer(start: nil, count: 0)) } == "\"\"")
        #expect(Self.text { out in Array("a\r\nb".utf8).withUnsafeBytes { out.appendCSVField($0) } } == "a\r\nb",
                "CSV.field sees CR LF as one character, neither CR nor LF")
    }

    // MARK: - The buffer

    /// A field longer than the buffer stays whole while it is written and is quoted in one piece;
    /// output before it is flushed on the way.
    @Test func aFieldLongerThanTheBufferIsQuotedWhole() {
        let before = String(repeating: "x", count: ByteOutput.flushSize - 10)
        let field = String(repeating: "a,\"b", count: ByteOutput.flushSize / 4 + 100)
        let written = Self.text { out in
            out.append(contentsOf: before)
            out.startField()
            out.append(contentsOf: field)
            out.finishCSVField()
            out.append("!")
        }
        #expect(written == before + CSV.field(field) + "!")
    }

    @Test func largeAppendsAndFlushesKeepTheOrder() {
        var expected: [UInt8] = []
        var generator = SplitMix64(seed: 1)
        let written = Self.written { out in
            for round in 0..<40 {
                let length = round % 3 == 0 ? Int(generator.next() % UInt64(ByteOutput.flushSize * 2)) : Int(generator.next() % 5000)
                let chunk = [UInt8](repeating: UInt8(65 + round % 26), count: length)
                expected += chunk
                chunk.withUnsafeBytes { out.append($0) }
                if round % 7 == 0 { out.flush() }
            }
        }
        #expect(written == expected)
    }
}
