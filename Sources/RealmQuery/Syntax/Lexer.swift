/// Splits query text into tokens, following the lexical rules of Realm's RQL lexer
/// (realm-core 14): which words are reserved and in which letter cases, which characters a
/// name may contain (`-`, `$`, any non-ASCII letter, backslash-escaped spaces), how numbers,
/// dates and the typed literals are spelled.
///
/// It works on the UTF-8 bytes, so every token's range is an exact byte span of the input.
/// One deliberate difference: `+`/`-` directly before a digit is a sign only where a value
/// may start, so `a - 1` and `a -1` both subtract (Realm's lexer makes `a -1` a syntax error).
public struct Lexer {
    let bytes: [UInt8]
    var position = 0
    private var previousEndsOperand = false

    public init(text: String) {
        bytes = Array(text.utf8)
    }

    /// All tokens of `text`, ending with one `.end` token.
    public static func tokenize(_ text: String) throws(QueryParseError) -> [Token] {
        var lexer = Lexer(text: text)
        var tokens: [Token] = []
        while true {
            let token = try lexer.nextToken()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    public mutating func nextToken() throws(QueryParseError) -> Token {
        skipWhitespace()
        let start = position
        guard position < bytes.count else {
            return Token(kind: .end, range: .at(position), text: "")
        }
        let kind = try scanToken()
        previousEndsOperand = Self.endsOperand(kind)
        return Token(kind: kind, range: SourceRange(start: start, end: position), text: text(from: start, to: position))
    }

    // MARK: - Dispatch

    private mutating func scanToken() throws(QueryParseError) -> Token.Kind {
        let byte = bytes[position]
        switch byte {
        case ascii("'"), ascii("\""):
            return .string(try scanString())
        case ascii("("): return symbol(.leftParenthesis)
        case ascii(")"): return symbol(.rightParenthesis)
        case ascii("{"): return symbol(.leftBrace)
        case ascii("}"): return symbol(.rightBrace)
        case ascii("]"): return symbol(.rightBracket)
        case ascii(","): return symbol(.comma)
        case ascii("*"): return symbol(.star)
        case ascii("/"): return symbol(.slash)
        case ascii("["):
            if let options = scanStringOptions() { return .stringOptions(options) }
            return symbol(.leftBracket)
        case ascii("."):
            if isDigit(at: position + 1) { return .number(try scanUnsignedNumber(start: position)) }
            return symbol(.dot)
        case ascii("+"), ascii("-"):
            if !previousEndsOperand, startsUnsignedNumber(at: position + 1) {
                return try scanSignedNumber()
            }
            return symbol(byte == ascii("+") ? .plus : .minus)
        case ascii("="):
            position += 1
            if consume("=") { return .comparison(.equal) }
            if consume("<") { return .comparison(.lessOrEqual) }
            if consume(">") { return .comparison(.greaterOrEqual) }
            return .comparison(.equal)
        case ascii("!"):
            position += 1
            return consume("=") ? .comparison(.notEqual) : .keyword(.not)
        case ascii("<"):
            position += 1
            if consume("=") { return .comparison(.lessOrEqual) }
            if consume(">") { return .comparison(.notEqual) }
            return .comparison(.less)
        case ascii(">"):
            position += 1
            return consume("=") ? .comparison(.greaterOrEqual) : .comparison(.greater)
        case ascii("&"), ascii("|"):
            return try scanLogicalSymbol(byte)
        case ascii("@"):
            return .atOperator(try scanAtOperator())
        case ascii("$") where isDigit(at: position + 1):
            if let argument = try scanArgument() { return argument }
            return try scanWordLike()
        case ascii("0")...ascii("9"):
            return try scanNumberOrDate()
        default:
            if curlyQuoteLength(at: position) > 0 {
                throw .invalidToken(
                    message: "typographic quote '\(text(from: position, to: position + 3))' cannot delimit a string; use ' or \"",
                    range: SourceRange(start: position, end: position + 3))
            }
            if isIdentifierStart(byte) { return try scanWordLike() }
            throw invalidCharacter()
        }
    }

    private mutating func symbol(_ symbol: Symbol) -> Token.Kind {
        position += 1
        return .symbol(symbol)
    }

    private mutating func scanLogicalSymbol(_ byte: UInt8) throws(QueryParseError) -> Token.Kind {
        if position + 1 < bytes.count, bytes[position + 1] == byte {
            position += 2
            return .keyword(byte == ascii("&") ? .and : .or)
        }
        let single = byte == ascii("&") ? "&" : "|"
        let word = byte == ascii("&") ? "AND" : "OR"
        throw .invalidToken(message: "'\(single)' is not an operator; write '\(single)\(single)' or \(word)",
                            range: SourceRange(start: position, end: position + 1))
    }

    /// `[c]`, `[d]`, `[cd]`, `[dc]`: lowercase and without spaces, as Realm spells `[c]`.
    private mutating func scanStringOptions() -> StringOptions? {
        var index = position + 1
        var options: StringOptions = []
        while index < bytes.count, index - position <= 3 {
            switch bytes[index] {
            case ascii("c") where !options.contains(.caseInsensitive): options.insert(.caseInsensitive)
            case ascii("d") where !options.contains(.diacriticInsensitive): options.insert(.diacriticInsensitive)
            case ascii("]") where !options.isEmpty:
                position = index + 1
                return options
            default: return nil
            }
            index += 1
        }
        return nil
    }

    private mutating func scanAtOperator() throws(QueryParseError) -> AtOperator {
        let start = position
        position += 1
        while position < bytes.count, isASCIILetter(bytes[position]) { position += 1 }
        let word = text(from: start, to: position)
        if let known = AtOperator(rawValue: word) { return known }
        let names = AtOperator.allCases.map(\.rawValue)
        var message = word == "@" ? "'@' must start an operator such as @count" : "unknown operator '\(word)'"
        if word != "@", let suggestion = SpellingSuggester.suggestion(for: word, among: names) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += " (known: \(names.joined(separator: ", ")))"
        }
        throw .invalidToken(message: message, range: SourceRange(start: start, end: max(position, start + 1)))
    }

    /// `$` and digits is an argument unless more name characters follow (`$0x` is a name).
    private mutating func scanArgument() throws(QueryParseError) -> Token.Kind? {
        var index = position + 1
        while isDigit(at: index) { index += 1 }
        if index < bytes.count, isIdentifierContinue(bytes[index]) { return nil }
        let digits = text(from: position + 1, to: index)
        guard let value = Int(digits) else {
            throw .invalidLiteral(message: "argument number $\(digits) is too large",
                                  range: SourceRange(start: position, end: index))
        }
        position = index
        return .argument(value)
    }

    // MARK: - Names and the literals that start like names

    private mutating func scanWordLike() throws(QueryParseError) -> Token.Kind {
        let start = position
        if bytes[position] == ascii("T"), let timestamp = try scanSecondsTimestamp() {
            return .timestamp(timestamp)
        }
        if matches("B64\"", at: position) { return .binary(try scanBase64()) }
        let name = scanIdentifier()
        let lowercased = name.lowercased()
        if lowercased == "inf" || lowercased == "infinity" {
            return .number(NumericLiteral(text: name, form: .infinity))
        }
        if lowercased == "nan" { return .number(NumericLiteral(text: name, form: .nan)) }
        if let link = try scanLink(name: name, start: start) { return link }
        if name == "oid", next(is: "(") { return .objectId(try scanObjectId(start: start)) }
        if name == "uuid", next(is: "(") { return .uuid(try scanUUID(start: start)) }
        if lowercased == "obj", nextNonBlank(is: "(") { return .keyword(.obj) }
        if let keyword = Keyword.match(name) { return .keyword(keyword) }
        return .word(name)
    }

    /// Letters, digits, `_`, `$`, `-` and non-ASCII characters; `\ ` (and `\t`, `\n`, `\r`)
    /// stand for the whitespace character, so names with spaces can be written.
    private mutating func scanIdentifier() -> String {
        var name: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ascii("\\"), position + 1 < bytes.count {
                let escaped: UInt8?
                switch bytes[position + 1] {
                case ascii(" "): escaped = ascii(" ")
                case ascii("t"): escaped = ascii("\t")
                case ascii("n"): escaped = ascii("\n")
                case ascii("r"): escaped = ascii("\r")
                default: escaped = nil
                }
                guard let escaped else { break }
                name.append(escaped)
                position += 2
            } else if isIdentifierContinue(byte), curlyQuoteLength(at: position) == 0 {
                name.append(byte)
                position += 1
            } else {
                break
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// `O<key>` (a name of exactly that shape, as in Realm) and `L<table>:<key>`.
    private mutating func scanLink(name: String, start: Int) throws(QueryParseError) -> Token.Kind? {
        let digits = name.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        if name.hasPrefix("O") {
            guard let key = Int64(digits) else {
                throw .invalidLiteral(message: "object key \(digits) is too large", range: SourceRange(start: start, end: position))
            }
            return .objectLink(key)
        }
        guard name.hasPrefix("L"), next(is: ":"), isDigit(at: position + 1) else { return nil }
        position += 1
        let keyStart = position
        while isDigit(at: position) { position += 1 }
        guard let table = Int64(digits), let key = Int64(text(from: keyStart, to: position)) else {
            throw .invalidLiteral(message: "typed link \(text(from: start, to: position)) has a number too large",
                                  range: SourceRange(start: start, end: position))
        }
        return .typedLink(tableKey: table, objectKey: key)
    }

    // MARK: - Character classes and helpers

    static func endsOperand(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .word, .argument, .number, .string, .binary, .timestamp, .objectId, .uuid, .objectLink, .typedLink, .atOperator:
            return true
        case .keyword(let keyword):
            return keyword == .true || keyword == .false || keyword == .null
        case .symbol(let symbol):
            return symbol == .rightParenthesis || symbol == .rightBracket || symbol == .rightBrace
        case .stringOptions, .comparison, .end:
            return false
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case ascii(" "), ascii("\t"), ascii("\r"), ascii("\n"): position += 1
            default: return
            }
        }
    }

    func text(from start: Int, to end: Int) -> String {
        let lower = max(0, min(start, bytes.count))
        let upper = max(lower, min(end, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    func isDigit(at index: Int) -> Bool {
        index < bytes.count && bytes[index] >= ascii("0") && bytes[index] <= ascii("9")
    }

    func isHexDigit(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index] | 0x20
        return isDigit(at: index) || (byte >= ascii("a") && byte <= ascii("f"))
    }

    func isASCIILetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= ascii("a") && lower <= ascii("z")
    }

    func isIdentifierStart(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || byte == ascii("_") || byte == ascii("$") || byte >= 0xC2
    }

    func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || byte >= 0x80 || (byte >= ascii("0") && byte <= ascii("9")) || byte == ascii("-")
    }

    /// 3 when a typographic quote (U+2018/2019/201C/201D) starts at `index`, else 0.
    func curlyQuoteLength(at index: Int) -> Int {
        guard index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80 else { return 0 }
        return [0x98, 0x99, 0x9C, 0x9D].contains(bytes[index + 2]) ? 3 : 0
    }

    func matches(_ literal: String, at index: Int) -> Bool {
        let expected = Array(literal.utf8)
        guard index + expected.count <= bytes.count else { return false }
        return Array(bytes[index..<index + expected.count]) == expected
    }

    func next(is character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(character.value)
    }

    func nextNonBlank(is character: Unicode.Scalar) -> Bool {
        var index = position
        while index < bytes.count, [ascii(" "), ascii("\t"), ascii("\r"), ascii("\n")].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(character.value)
    }

    mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard next(is: character) else { return false }
        position += 1
        return true
    }

    private func invalidCharacter() -> QueryParseError {
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = text(from: position, to: end)
        var message = "unexpected character '\(character)'"
        switch character {
        case "#", "%", "^", "~", "`", ";", ":", "?", "\\":
            message += " (it is not part of the Realm Query Language outside strings)"
        default: break
        }
        return .invalidToken(message: message, range: SourceRange(start: position, end: end))
    }
}

@inline(__always)
func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
