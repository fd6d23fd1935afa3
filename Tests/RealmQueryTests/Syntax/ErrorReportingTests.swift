@testable import RealmQuery
import Testing

@Suite("Error reporting")
struct ErrorReportingTests {
    func annotated(_ text: String) -> String? {
        parseError(text)?.annotated(query: text)
    }

    @Test func caretUnderTheMisspeltOperator() {
        #expect(annotated("name BEGINSWTIH 'b'") == """
            name BEGINSWTIH 'b'
                 ^ expected an operator after 'name', found 'BEGINSWTIH'; did you mean 'BEGINSWITH'?
            """)
    }

    @Test func caretAfterTheLastCharacterForAnEarlyEnd() {
        #expect(annotated("name BEGINSWITH[c]") == """
            name BEGINSWITH[c]
                              ^ expected a value after 'BEGINSWITH[c]', found the end of the query
            """)
        #expect(annotated("(intReq > 0") == """
            (intReq > 0
                       ^ expected ')' to close the '(' at character 1, found the end of the query
            """)
    }

    @Test func caretCountsDisplayColumnsNotBytes() {
        // Two wide characters take four columns; é is one column but two bytes.
        #expect(annotated("中文 == 'é' AND x") == """
            中文 == 'é' AND x
                             ^ expected an operator after 'x', found the end of the query; a property alone is not a condition; compare it, as in flag == true
            """)
        #expect(annotated("\ta ==") == "\ta ==\n\t    ^ expected a value after '==', found the end of the query")
    }

    @Test func multiLineQueriesShowTheOffendingLine() {
        let text = "a == 1 AND\nb BEGINSWTH 'x'"
        #expect(annotated(text) == """
            b BEGINSWTH 'x'
              ^ expected an operator after 'b', found 'BEGINSWTH'; did you mean 'BEGINSWITH'?ignore
            """.replacingOccurrences(of: "ignore", with: " (line 2)"))
    }

    @Test func errorsCarryTheirRangeAndKind() {
        let error = parseError("a == 2015-02-30@00:00:00")
        #expect(error == .invalidLiteral(message: "day 30 does not exist in February 2015 (it has 28 days)",
                                         range: SourceRange(start: 13, end: 15)))
        #expect(error?.description == "day 30 does not exist in February 2015 (it has 28 days)")
        let unexpected = parseError("a == 1 )")
        #expect(unexpected == .unexpected(found: "')'", expected: "AND, OR, SORT, DISTINCT, LIMIT or the end of the query",
                                          range: SourceRange(start: 7, end: 8), hint: "this ')' has no matching '('"))
    }

    @Test func didYouMeanHints() {
        let cases: [(String, String)] = [
            ("name CONTIANS 'x'", "did you mean 'CONTAINS'?"),
            ("name ENDWITH 'x'", "did you mean 'ENDSWITH'?"),
            ("name LIK 'x'", "did you mean 'LIKE'?"),
            ("name In {1}", "Realm spells the operator 'IN' or 'in'"),
            ("TRUEPREDICAT", "did you mean 'TRUEPREDICATE'?"),
            ("True", "'True' is a name here: Realm reads the keyword only as 'TRUE' or 'true'"),
        ]
        for (text, hint) in cases {
            let message = parseError(text)?.message ?? ""
            #expect(message.hasSuffix(hint), "\(text): \(message)")
        }
        // Nothing close enough: no guess.
        #expect(parseError("name FOO 'x'")?.message == "expected an operator after 'name', found 'FOO'")
    }

    @Test func longOperandsAreAbbreviatedInMessages() {
        let text = "averyveryverylongpropertyname.anotherverylongpropertyname.third 5"
        #expect(parseError(text)?.message == "expected an operator after 'averyveryverylongp…propertyname.third', found '5'")
    }

    @Test func rangesConvertToCharacterOffsets() {
        let text = "名前 == 'x' AND y"
        #expect(SourceRange(start: 18, end: 19).characterOffset(in: text) == 14)
        #expect(SourceRange(start: 0, end: 6).text(in: text) == "名前")
        #expect(SourceRange(start: 0, end: 100).text(in: text) == "")
    }
}
