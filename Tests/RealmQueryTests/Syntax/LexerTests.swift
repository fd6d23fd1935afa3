@testable import RealmQuery
import Testing

@Suite("Lexer")
struct LexerTests {
    @Test func comparisonOperatorsInEverySpellingRealmAccepts() throws {
        let spellings: [(String, ComparisonOperator)] = [
            ("==", .equal), ("=", .equal), ("!=", .notEqual), ("<>", .notEqual),
            ("<", .less), ("<=", .lessOrEqual), ("=<", .lessOrEqual),
            (">", .greater), (">=", .greaterOrEqual), ("=>", .greaterOrEqual),
        ]
        for (text, op) in spellings {
            #expect(try singleToken(text) == .comparison(op), "\(text)")
        }
    }

    @Test func logicalOperatorsAsSymbolsAndWords() throws {
        #expect(try tokenKinds("&& AND and And || OR or oR ! NOT not") == [
            .keyword(.and), .keyword(.and), .keyword(.and), .keyword(.and),
            .keyword(.or), .keyword(.or), .keyword(.or), .keyword(.or),
            .keyword(.not), .keyword(.not), .keyword(.not),
        ])
    }

    /// Realm's lexer accepts some keywords only in all-lowercase or all-capitals.
    @Test func keywordLetterCaseFollowsRealm() throws {
        #expect(try tokenKinds("Not Any Some All None True False In") == [
            .word("Not"), .word("Any"), .word("Some"), .word("All"), .word("None"), .word("True"), .word("False"), .word("In"),
        ])
        #expect(try tokenKinds("any SOME all NONE true FALSE") == [
            .keyword(.anyQuantifier), .keyword(.anyQuantifier), .keyword(.allQuantifier), .keyword(.noneQuantifier),
            .keyword(.true), .keyword(.false),
        ])
        #expect(try tokenKinds("null NULL Nil nIL TruePredicate falsepredicate SubQuery") == [
            .keyword(.null), .keyword(.null), .keyword(.null), .keyword(.null),
            .keyword(.truePredicate), .keyword(.falsePredicate), .keyword(.subquery),
        ])
    }

    @Test func namesMayHoldDashesDollarsDigitsAndAnyNonASCIILetter() throws {
        #expect(try tokenKinds("first-name $x _id a1 名前 café") == [
            .word("first-name"), .word("$x"), .word("_id"), .word("a1"), .word("名前"), .word("café"),
        ])
        #expect(try singleToken("first\\ name") == .word("first name"))
        #expect(try tokenKinds("BEGINSWITH sort Desc") == [.word("BEGINSWITH"), .word("sort"), .word("Desc")])
    }

    @Test func argumentsAreDollarAndDigits() throws {
        #expect(try tokenKinds("$0 $12 $0x") == [.argument(0), .argument(12), .word("$0x")])
    }

    @Test func numbers() throws {
        func number(_ text: String) throws -> NumericLiteral? {
            guard case let .number(number)? = try singleToken(text) else { return nil }
            return number
        }
        #expect(try number("42")?.integerValue == 42)
        #expect(try number("42")?.isNatural == true)
        #expect(try number("-9223372036854775808")?.integerValue == Int64.min)
        #expect(try number("9223372036854775808")?.integerValue == nil)
        #expect(try number("+7")?.integerValue == 7)
        #expect(try number("0x1F")?.form == .hexadecimal)
        #expect(try number("0x1F")?.integerValue == 31)
        #expect(try number("1.5")?.form == .fractional)
        #expect(try number(".5")?.doubleValue == 0.5)
        #expect(try number("3.")?.doubleValue == 3)
        #expect(try number("-1e300")?.doubleValue == -1e300)
        #expect(try number("3.0e38")?.doubleValue == 3.0e38)
        #expect(try number("1E-5")?.doubleValue == 1e-5)
        #expect(try number("2.5f")?.hasFloatSuffix == true)
        #expect(try number("2.5f")?.text == "2.5")
        #expect(try number("inf")?.doubleValue == .infinity)
        #expect(try number("-Infinity")?.doubleValue == -.infinity)
        #expect(try number("NaN")?.doubleValue.isNaN == true)
        #expect(try number("+nan")?.form == .nan)
    }

    /// A sign right after a value is an operator, elsewhere it belongs to the number.
    @Test func signOrMinusDependsOnWhatPrecedes() throws {
        #expect(try tokenKinds("a - 1") == [.word("a"), .symbol(.minus), .number(NumericLiteral(text: "1", form: .integer))])
        #expect(try tokenKinds("a -1") == [.word("a"), .symbol(.minus), .number(NumericLiteral(text: "1", form: .integer))])
        #expect(try tokenKinds("> -1") == [.comparison(.greater), .number(NumericLiteral(text: "-1", form: .integer))])
        #expect(try tokenKinds("{-1, -inf}") == [
            .symbol(.leftBrace), .number(NumericLiteral(text: "-1", form: .integer)), .symbol(.comma),
            .number(NumericLiteral(text: "-inf", form: .infinity)), .symbol(.rightBrace),
        ])
        // As in Realm, a dash inside a name is part of it.
        #expect(try tokenKinds("intReq-1") == [.word("intReq-1")])
    }

    @Test func strings() throws {
        #expect(try singleToken("'single'") == .string("single"))
        #expect(try singleToken("\"double\"") == .string("double"))
        #expect(try singleToken("'it\\'s'") == .string("it's"))
        #expect(try singleToken("\"say \\\"hi\\\"\"") == .string("say \"hi\""))
        #expect(try singleToken("'\"' ") == .string("\""))
        #expect(try singleToken("'a\\\\b\\/c\\n\\t\\r\\b\\f\\0'") == .string("a\\b/c\n\t\r\u{08}\u{0C}\u{00}"))
        #expect(try singleToken("'\\u00e9\\u4E2D'") == .string("é中"))
        #expect(try singleToken("'\\uD83D\\uDE00'") == .string("😀"))
        #expect(try singleToken("'中文 ok'") == .string("中文 ok"))
        #expect(try singleToken("''") == .string(""))
    }

    @Test func malformedStringsPointAtTheProblem() {
        #expect(throws: QueryParseError.invalidToken(message: "unterminated string: the ' that opens it is never closed",
                                                     range: SourceRange(start: 5, end: 6))) {
            try Lexer.tokenize("a == 'open")
        }
        #expect(throws: QueryParseError.self) { try Lexer.tokenize("'bad \\x'") }
        #expect(throws: QueryParseError.self) { try Lexer.tokenize("'\\u12'") }
        #expect(throws: QueryParseError.self) { try Lexer.tokenize("'\\uD83D alone'") }
        do {
            _ = try Lexer.tokenize("'ok' == 'bad \\q'")
        } catch {
            #expect(error.range == SourceRange(start: 13, end: 15))
        }
    }

    @Test func typedLiterals() throws {
        #expect(try singleToken("B64\"SGVsbG8=\"") == .binary(Array("Hello".utf8)))
        #expect(try singleToken("B64\"\"") == .binary([]))
        #expect(try singleToken("oid(0123456789abcdefABCDEF01)")
            == .objectId([0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xAB, 0xCD, 0xEF, 0x01]))
        #expect(try singleToken("uuid(137decc8-b300-4954-a233-f89909f4fd89)")
            == .uuid([0x13, 0x7D, 0xEC, 0xC8, 0xB3, 0x00, 0x49, 0x54, 0xA2, 0x33, 0xF8, 0x99, 0x09, 0xF4, 0xFD, 0x89]))
        #expect(try singleToken("O42") == .objectLink(42))
        #expect(try singleToken("L3:42") == .typedLink(tableKey: 3, objectKey: 42))
        #expect(try singleToken("O42x") == .word("O42x"))
        #expect(try tokenKinds("oid == 1") == [.word("oid"), .comparison(.equal), .number(NumericLiteral(text: "1", form: .integer))])
    }

    @Test func malformedTypedLiterals() {
        for text in ["oid(123)", "oid(0123456789abcdefABCDEF0g)", "oid(0123456789abcdefABCDEF01", "uuid(137decc8-b300-4954-a233)",
                     "uuid(137decc8b3004954a233f89909f4fd89)", "B64\"abc=d\"", "B64\"a\"", "B64\"abc", "O99999999999999999999"] {
            #expect(throws: QueryParseError.self, "\(text)") { try Lexer.tokenize(text) }
        }
    }

    @Test func stringOptionsAndBrackets() throws {
        #expect(try singleToken("[c]") == .stringOptions(.caseInsensitive))
        #expect(try singleToken("[d]") == .stringOptions(.diacriticInsensitive))
        #expect(try singleToken("[cd]") == .stringOptions([.caseInsensitive, .diacriticInsensitive]))
        #expect(try singleToken("[dc]") == .stringOptions([.caseInsensitive, .diacriticInsensitive]))
        #expect(try tokenKinds("[C]") == [.symbol(.leftBracket), .word("C"), .symbol(.rightBracket)])
        #expect(try tokenKinds("[cc]") == [.symbol(.leftBracket), .word("cc"), .symbol(.rightBracket)])
    }

    @Test func atOperators() throws {
        for op in AtOperator.allCases {
            #expect(try singleToken(op.rawValue) == .atOperator(op))
        }
        do {
            _ = try Lexer.tokenize("a.@cont")
            Issue.record("@cont lexed")
        } catch {
            #expect(error.message == "unknown operator '@cont'; did you mean '@count'?")
            #expect(error.range == SourceRange(start: 2, end: 7))
        }
    }

    @Test func tokensKeepTheirByteRanges() throws {
        let tokens = try Lexer.tokenize("名前 BEGINSWITH[c] 'é'")
        #expect(tokens.map(\.range) == [
            SourceRange(start: 0, end: 6), SourceRange(start: 7, end: 17), SourceRange(start: 17, end: 20),
            SourceRange(start: 21, end: 25), SourceRange(start: 25, end: 25),
        ])
        #expect(tokens.map(\.text) == ["名前", "BEGINSWITH", "[c]", "'é'", ""])
        #expect(tokens[3].range.characterOffset(in: "名前 BEGINSWITH[c] 'é'") == 17)
    }

    @Test func unexpectedCharacters() {
        for (text, offset) in [("a # b", 2), ("a & b", 2), ("a | b", 2), ("x == ‘Ja’", 5), ("a ; b", 2), ("a ~ b", 2)] {
            do {
                _ = try Lexer.tokenize(text)
                Issue.record("'\(text)' lexed")
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
            }
        }
    }
}
