import RealmFormat

/// Scanning of literals: strings, numbers, dates, base64, ObjectId and UUID.
extension Lexer {
    // MARK: - Strings

    /// A `'…'` or `"…"` string with the escapes `\' \" \\ \/ \b \f \n \r \t \0 \uXXXX`.
    mutating func scanString() throws(QueryParseError) -> String {
        let quote = bytes[position]
        let open = position
        position += 1
        var content: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: content, as: UTF8.self)
            }
            guard byte == ascii("\\") else {
                content.append(byte)
                position += 1
                continue
            }
            guard position + 1 < bytes.count else { break }
            let escaped = bytes[position + 1]
            switch escaped {
            case ascii("'"), ascii("\""), ascii("\\"), ascii("/"): content.append(escaped)
            case ascii("b"): content.append(0x08)
            case ascii("f"): content.append(0x0C)
            case ascii("n"): content.append(0x0A)
            case ascii("r"): content.append(0x0D)
            case ascii("t"): content.append(0x09)
            case ascii("0"): content.append(0x00)
            case ascii("u"):
                content.append(contentsOf: Array(String(try scanUnicodeEscape()).utf8))
                continue
            default:
                var end = position + 2
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                throw .invalidToken(
                    message: "unknown escape '\(text(from: position, to: end))' in a string (known: \\' \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\0 \\uXXXX)",
                    range: SourceRange(start: position, end: end))
            }
            position += 2
        }
        let quoteText = quote == ascii("'") ? "'" : "\""
        throw .invalidToken(message: "unterminated string: the \(quoteText) that opens it is never closed",
                            range: SourceRange(start: open, end: open + 1))
    }

    /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, at `position`.
    private mutating func scanUnicodeEscape() throws(QueryParseError) -> Character {
        let start = position
        guard let high = hexValue(from: position + 2, count: 4) else {
            throw .invalidToken(message: "'\\u' must be followed by 4 hexadecimal digits",
                                range: SourceRange(start: start, end: min(bytes.count, start + 6)))
        }
        position += 6
        var value = high
        if (0xD800...0xDBFF).contains(high) {
            guard matches("\\u", at: position), let low = hexValue(from: position + 2, count: 4), (0xDC00...0xDFFF).contains(low) else {
                throw .invalidToken(message: "'\\u\(text(from: start + 2, to: start + 6))' is half of a surrogate pair; the other half must follow",
                                    range: SourceRange(start: start, end: start + 6))
            }
            position += 6
            value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw .invalidToken(message: "'\\u\(text(from: start + 2, to: start + 6))' is not a character on its own",
                                range: SourceRange(start: start, end: start + 6))
        }
        return Character(scalar)
    }

    private func hexValue(from index: Int, count: Int) -> UInt32? {
        guard index + count <= bytes.count, (index..<index + count).allSatisfy({ isHexDigit(at: $0) }) else { return nil }
        return UInt32(text(from: index, to: index + count), radix: 16)
    }

    // MARK: - Numbers

    /// Whether an unsigned number (digits, `.digit`, `inf`, `infinity`, `nan`) starts at `index`.
    func startsUnsignedNumber(at index: Int) -> Bool {
        if isDigit(at: index) { return true }
        if index < bytes.count, bytes[index] == ascii("."), isDigit(at: index + 1) { return true }
        for word in ["infinity", "inf", "nan"] {
            let length = word.utf8.count
            guard index + length <= bytes.count else { continue }
            if text(from: index, to: index + length).lowercased() == word,
               index + length == bytes.count || !isIdentifierContinue(bytes[index + length]) {
                return true
            }
        }
        return false
    }

    mutating func scanSignedNumber() throws(QueryParseError) -> Token.Kind {
        let start = position
        let sign = text(from: position, to: position + 1)
        position += 1
        if isDigit(at: position) || bytes[position] == ascii(".") {
            return .number(try scanUnsignedNumber(start: start))
        }
        let wordStart = position
        while position < bytes.count, isASCIILetter(bytes[position]) { position += 1 }
        let word = text(from: wordStart, to: position)
        let form: NumericLiteral.Form = word.lowercased() == "nan" ? .nan : .infinity
        return .number(NumericLiteral(text: sign + word, form: form))
    }

    /// A readable date, a hexadecimal number, or a decimal number, starting at a digit.
    mutating func scanNumberOrDate() throws(QueryParseError) -> Token.Kind {
        if let timestamp = try scanReadableDate() { return .timestamp(timestamp) }
        if bytes[position] == ascii("0"), position + 1 < bytes.count, bytes[position + 1] | 0x20 == ascii("x"), isHexDigit(at: position + 2) {
            let start = position
            position += 2
            while isHexDigit(at: position) { position += 1 }
            return .number(NumericLiteral(text: text(from: start, to: position), form: .hexadecimal))
        }
        return .number(try scanUnsignedNumber(start: position))
    }

    /// Digits with an optional fraction and exponent, and an optional `f` suffix, from
    /// `position`; `start` is where the number (with its sign, if any) began.
    mutating func scanUnsignedNumber(start: Int) throws(QueryParseError) -> NumericLiteral {
        var form = NumericLiteral.Form.integer
        while isDigit(at: position) { position += 1 }
        if position < bytes.count, bytes[position] == ascii("."), position + 1 >= bytes.count || bytes[position + 1] != ascii(".") {
            form = .fractional
            position += 1
            while isDigit(at: position) { position += 1 }
        }
        if position < bytes.count, bytes[position] | 0x20 == ascii("e") {
            var index = position + 1
            if index < bytes.count, bytes[index] == ascii("+") || bytes[index] == ascii("-") { index += 1 }
            if isDigit(at: index) {
                form = .fractional
                position = index
                while isDigit(at: position) { position += 1 }
            }
        }
        let numberText = text(from: start, to: position)
        var hasSuffix = false
        if position < bytes.count, bytes[position] == ascii("f"),
           position + 1 >= bytes.count || !isIdentifierContinue(bytes[position + 1]) {
            position += 1
            hasSuffix = true
            form = .fractional
        }
        return NumericLiteral(text: numberText, form: form, hasFloatSuffix: hasSuffix)
    }

    // MARK: - Timestamps

    /// `T<seconds>:<nanoseconds>` (each with an optional sign), or nil when the text at
    /// `position` does not have that shape (it is then a name such as `Target`).
    mutating func scanSecondsTimestamp() throws(QueryParseError) -> TimestampLiteral? {
        let start = position
        var index = position + 1
        guard let seconds = signedDigits(from: &index), separator(":", &index),
              let nanos = signedDigits(from: &index) else { return nil }
        position = index
        let range = SourceRange(start: start, end: position)
        guard let secondsValue = Int64(seconds) else {
            throw .invalidLiteral(message: "timestamp seconds \(seconds) do not fit in 64 bits", range: range)
        }
        guard let nanosValue = Int32(nanos), abs(nanosValue) < 1_000_000_000 else {
            throw .invalidLiteral(message: "timestamp nanoseconds \(nanos) must lie between -999999999 and 999999999", range: range)
        }
        guard let timestamp = TimestampLiteral(seconds: secondsValue, nanoseconds: nanosValue) else {
            throw .invalidLiteral(message: "timestamp \(text(from: start, to: position)) mixes signs; seconds and nanoseconds must both be negative (or zero) before 1970",
                                  range: range)
        }
        return timestamp
    }

    private func signedDigits(from index: inout Int) -> String? {
        let start = index
        if index < bytes.count, bytes[index] == ascii("+") || bytes[index] == ascii("-") { index += 1 }
        let digitsStart = index
        while isDigit(at: index) { index += 1 }
        guard index > digitsStart else { return nil }
        let raw = text(from: start, to: index)
        return raw.hasPrefix("+") ? String(raw.dropFirst()) : raw
    }

    /// `YYYY-MM-DD@HH:MM:SS` or `YYYY-MM-DDTHH:MM:SS`, optionally followed by `:NANOSECONDS`,
    /// read as UTC and checked field by field. Nil when the text is not `digits-digits-digits`.
    mutating func scanReadableDate() throws(QueryParseError) -> TimestampLiteral? {
        let start = position
        var index = position
        guard let year = digitField(&index), separator("-", &index), let month = digitField(&index),
              separator("-", &index), let day = digitField(&index) else { return nil }
        let dateEnd = index
        guard index < bytes.count, bytes[index] == ascii("@") || bytes[index] == ascii("T") else {
            position = dateEnd
            throw .invalidLiteral(message: "a date needs a time of day: write \(text(from: start, to: dateEnd))@HH:MM:SS (UTC)",
                                  range: SourceRange(start: start, end: dateEnd))
        }
        index += 1
        guard let hour = digitField(&index), separator(":", &index), let minute = digitField(&index),
              separator(":", &index), let second = digitField(&index) else {
            position = index
            throw .invalidLiteral(message: "a date's time is written HH:MM:SS, as in \(text(from: start, to: dateEnd))@12:30:00",
                                  range: SourceRange(start: start, end: index))
        }
        var nanos: DateField?
        var lookahead = index
        if separator(":", &lookahead), let field = digitField(&lookahead) {
            nanos = field
            index = lookahead
        }
        position = index
        return try makeTimestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                                 nanos: nanos, range: SourceRange(start: start, end: index))
    }

    private struct DateField {
        let value: Int64?
        let range: SourceRange
    }

    private func digitField(_ index: inout Int) -> DateField? {
        let start = index
        while isDigit(at: index) { index += 1 }
        guard index > start else { return nil }
        return DateField(value: Int64(text(from: start, to: index)), range: SourceRange(start: start, end: index))
    }

    private func separator(_ character: Unicode.Scalar, _ index: inout Int) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    private func makeTimestamp(year: DateField, month: DateField, day: DateField, hour: DateField, minute: DateField,
                               second: DateField, nanos: DateField?, range: SourceRange) throws(QueryParseError) -> TimestampLiteral {
        func check(_ field: DateField, _ limit: ClosedRange<Int64>, _ what: String) throws(QueryParseError) -> Int64 {
            guard let value = field.value, limit.contains(value) else {
                throw .invalidLiteral(message: "\(what) \(text(from: field.range.start, to: field.range.end)) does not exist (\(what)s run from \(limit.lowerBound) to \(limit.upperBound))",
                                      range: field.range)
            }
            return value
        }
        guard let yearValue = year.value, yearValue <= CivilCalendar.maximumYear else {
            throw .invalidLiteral(message: "year \(text(from: year.range.start, to: year.range.end)) is beyond what a Realm timestamp can hold (up to \(CivilCalendar.maximumYear))",
                                  range: year.range)
        }
        let monthValue = try check(month, 1...12, "month")
        let monthLength = CivilCalendar.daysInMonth(monthValue, year: yearValue)
        guard let dayValue = day.value, (1...monthLength).contains(dayValue) else {
            throw .invalidLiteral(message: "day \(text(from: day.range.start, to: day.range.end)) does not exist in \(Self.monthNames[Int(monthValue) - 1]) \(yearValue) (it has \(monthLength) days)",
                                  range: day.range)
        }
        let hourValue = try check(hour, 0...23, "hour")
        let minuteValue = try check(minute, 0...59, "minute")
        let secondValue = try check(second, 0...59, "second")
        var nanosValue: Int64 = 0
        if let nanos {
            nanosValue = try check(nanos, 0...999_999_999, "nanosecond")
        }
        guard var seconds = CivilCalendar.secondsSinceEpoch(year: yearValue, month: monthValue, day: dayValue,
                                                            hour: hourValue, minute: minuteValue, second: secondValue) else {
            throw .invalidLiteral(message: "date is beyond what a Realm timestamp can hold", range: range)
        }
        // Realm keeps both parts on the same side of zero: 1969-12-31@23:59:59:5e8 is (0, -5e8).
        if seconds < 0, nanosValue > 0 {
            seconds += 1
            nanosValue -= 1_000_000_000
        }
        guard let timestamp = TimestampLiteral(seconds: seconds, nanoseconds: Int32(nanosValue)) else {
            throw .invalidLiteral(message: "date is beyond what a Realm timestamp can hold", range: range)
        }
        return timestamp
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    // MARK: - Binary, ObjectId, UUID

    /// `B64"…"` at `position`.
    mutating func scanBase64() throws(QueryParseError) -> [UInt8] {
        let start = position
        position += 4
        let contentStart = position
        while position < bytes.count, bytes[position] != ascii("\"") { position += 1 }
        guard position < bytes.count else {
            throw .invalidToken(message: "unterminated base64 literal: B64\" is never closed", range: SourceRange(start: start, end: start + 4))
        }
        let content = Array(bytes[contentStart..<position])
        position += 1
        switch Base64.decode(content) {
        case let .success(decoded): return decoded
        case let .failure(error):
            throw .invalidLiteral(message: "B64\"…\" is not valid base64: \(error.explanation)", range: SourceRange(start: start, end: position))
        }
    }

    /// `oid(` + 24 hexadecimal digits + `)`; `position` is after `oid`.
    mutating func scanObjectId(start: Int) throws(QueryParseError) -> [UInt8] {
        let hex = try scanParenthesized(start: start) { $0.isLetter || $0.isNumber || $0 == "-" }
        guard hex.count == 24, hex.allSatisfy(\.isHexDigit) else {
            throw .invalidLiteral(message: "an ObjectId is written oid(…) with exactly 24 hexadecimal digits; found \(hex.count) characters",
                                  range: SourceRange(start: start, end: position))
        }
        return Self.bytes(fromHex: hex)
    }

    /// `uuid(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)`; `position` is after `uuid`.
    mutating func scanUUID(start: Int) throws(QueryParseError) -> [UInt8] {
        let body = try scanParenthesized(start: start) { $0.isLetter || $0.isNumber || $0 == "-" }
        let groups = body.split(separator: "-", omittingEmptySubsequences: false).map(\.count)
        guard groups == [8, 4, 4, 4, 12], body.filter({ $0 != "-" }).allSatisfy(\.isHexDigit) else {
            throw .invalidLiteral(message: "a UUID is written uuid(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx) with hexadecimal digits",
                                  range: SourceRange(start: start, end: position))
        }
        return Self.bytes(fromHex: body.filter { $0 != "-" })
    }

    /// The characters between `(` (at `position`) and `)`, which must follow them.
    private mutating func scanParenthesized(start: Int, allowed: (Character) -> Bool) throws(QueryParseError) -> String {
        position += 1
        let bodyStart = position
        while position < bytes.count, bytes[position] < 0x80, allowed(Character(Unicode.Scalar(bytes[position]))) { position += 1 }
        let body = text(from: bodyStart, to: position)
        guard consume(")") else {
            let name = text(from: start, to: bodyStart - 1)
            throw .invalidLiteral(message: "\(name)(…) must close with ')' right after its digits",
                                  range: SourceRange(start: start, end: min(bytes.count, position + 1)))
        }
        return body
    }

    private static func bytes(fromHex hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var iterator = hex.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            result.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return result
    }
}
