@testable import RealmQuery
import Testing

@Suite("Predicates")
struct PredicateParsingTests {
    @Test func constantPredicates() throws {
        #expect(try predicate("TRUEPREDICATE").kind == .constant(true))
        #expect(try predicate("falsepredicate").kind == .constant(false))
        #expect(try predicate("TruePredicate").range == SourceRange(start: 0, end: 13))
    }

    @Test func precedenceIsOrThenAndThenNot() throws {
        #expect(try canonical("a == 1 OR b == 2 AND c == 3") == "a == 1 OR b == 2 AND c == 3")
        guard case let .or(operands) = try predicate("a == 1 OR b == 2 AND c == 3").kind else {
            Issue.record("OR should be the root")
            return
        }
        #expect(operands.count == 2)
        if case .and = operands[1].kind {} else { Issue.record("AND should bind tighter than OR") }

        guard case let .and(andOperands) = try predicate("NOT a == 1 AND b == 2").kind else {
            Issue.record("AND should be the root")
            return
        }
        if case .not = andOperands[0].kind {} else { Issue.record("NOT should bind tighter than AND") }
    }

    @Test func parenthesesOverridePrecedence() throws {
        #expect(try canonical("(a == 1 OR b == 2) AND c == 3") == "(a == 1 OR b == 2) AND c == 3")
        #expect(try canonical("NOT (a == 1 AND b == 2)") == "NOT (a == 1 AND b == 2)")
        #expect(try canonical("((a == 1))") == "a == 1")
        #expect(try predicate(" (a == 1) ").range == SourceRange(start: 1, end: 9))
    }

    @Test func chainsAreFlattened() throws {
        guard case let .and(operands) = try predicate("a == 1 && b == 2 AND (c == 3 and d == 4)").kind else {
            Issue.record("expected AND")
            return
        }
        #expect(operands.count == 4)
        guard case let .or(orOperands) = try predicate("a == 1 || b == 2 OR c == 3").kind else {
            Issue.record("expected OR")
            return
        }
        #expect(orOperands.count == 3)
    }

    @Test func notInEverySpelling() throws {
        for text in ["NOT a == 1", "not a == 1", "!a == 1", "! a == 1", "!(a == 1)"] {
            #expect(try canonical(text) == "NOT a == 1", "\(text)")
        }
        #expect(try canonical("NOT NOT a == 1") == "NOT NOT a == 1")
        #expect(try canonical("!TRUEPREDICATE") == "NOT TRUEPREDICATE")
    }

    @Test func everyComparisonOperator() throws {
        let cases: [(String, ComparisonOperator)] = [
            ("a == 1", .equal), ("a = 1", .equal), ("a != 1", .notEqual), ("a <> 1", .notEqual),
            ("a < 1", .less), ("a <= 1", .lessOrEqual), ("a =< 1", .lessOrEqual),
            ("a > 1", .greater), ("a >= 1", .greaterOrEqual), ("a => 1", .greaterOrEqual),
            ("a IN {1}", .in), ("a in {1}", .in),
            ("a BEGINSWITH 'x'", .beginsWith), ("a beginswith 'x'", .beginsWith), ("a ENDSWITH 'x'", .endsWith),
            ("a CONTAINS 'x'", .contains), ("a Contains 'x'", .contains), ("a LIKE 'x*'", .like), ("a TEXT 'x'", .text),
        ]
        for (text, op) in cases {
            #expect(try comparison(text)?.op == op, "\(text)")
        }
        let parsed = try comparison("name BEGINSWITH 'b'")
        #expect(parsed?.operatorRange == SourceRange(start: 5, end: 15))
        #expect(pathText(parsed?.left.kind) == "name")
        #expect(parsed?.right.kind == .literal(.string("b")))
        #expect(parsed?.right.range == SourceRange(start: 16, end: 19))
    }

    @Test func stringOptions() throws {
        #expect(try comparison("name BEGINSWITH[c] 'b'")?.options == .caseInsensitive)
        #expect(try comparison("name ==[c] 'b'")?.options == .caseInsensitive)
        #expect(try comparison("name != [c] 'b'")?.options == .caseInsensitive)
        #expect(try comparison("name IN[c] {'a'}")?.options == .caseInsensitive)
        #expect(try comparison("name CONTAINS[d] 'e'")?.options == .diacriticInsensitive)
        #expect(try comparison("name LIKE[cd] 'e*'")?.options == [.caseInsensitive, .diacriticInsensitive])
        #expect(try comparison("name BEGINSWITH [c]'b'")?.operatorRange == SourceRange(start: 5, end: 19))
        #expect(try comparison("name ENDSWITH 'b'")?.options == [])
    }

    @Test func stringOptionsOnlyWhereRealmAllowsThem() {
        for (text, offset) in [("a <[c] 'x'", 3), ("a >= [c] 1", 5), ("a TEXT[c] 'x'", 6), ("a BETWEEN[c] {1, 2}", 9)] {
            let error = parseError(text)
            #expect(error?.offset == offset, "\(text)")
            if case .invalidConstruct? = error {} else { Issue.record("\(text): \(String(describing: error))") }
        }
    }

    @Test func between() throws {
        guard case let .between(between) = try predicate("doubleOpt BETWEEN {0, 100}").kind else {
            Issue.record("expected BETWEEN")
            return
        }
        #expect(pathText(between.value.kind) == "doubleOpt")
        #expect(between.lower.kind == .literal(.number(NumericLiteral(text: "0", form: .integer))))
        #expect(between.upper.kind == .literal(.number(NumericLiteral(text: "100", form: .integer))))
        #expect(try canonical("d between {1970-01-01@00:00:00, $0}") == "d BETWEEN {T0:0, $0}")
        #expect(parseError("a BETWEEN {1, 2, 3}")?.message == "BETWEEN takes exactly two values, {lower, upper}")
        #expect(parseError("a BETWEEN {1}")?.offset == 10)
        #expect(parseError("a BETWEEN 1")?.message == "expected '{lower, upper}' after BETWEEN, found '1'")
        #expect(parseError("a BETWEEN {1, b}")?.offset == 14)
    }

    @Test func inTakesAListAnArgumentOrAProperty() throws {
        #expect(try rightOperand("intOpt IN {127, -1, 0}") == .list(ListExpression(elements: [
            Expression(.literal(.number(NumericLiteral(text: "127", form: .integer))), range: SourceRange(start: 11, end: 14)),
            Expression(.literal(.number(NumericLiteral(text: "-1", form: .integer))), range: SourceRange(start: 16, end: 18)),
            Expression(.literal(.number(NumericLiteral(text: "0", form: .integer))), range: SourceRange(start: 20, end: 21)),
        ])))
        #expect(try rightOperand("a IN $0") == .argument(ArgumentReference(index: 0)))
        #expect(pathText(try rightOperand("'x' IN tags")) == "tags")
        #expect(try canonical("a IN {}") == "a IN {}")
    }

    @Test func fullText() throws {
        #expect(try canonical("fullText TEXT 'quick -lazy'") == "fullText TEXT 'quick -lazy'")
    }

    @Test func comparisonsDoNotChain() {
        let error = parseError("a < b < c")
        #expect(error?.offset == 6)
        #expect(error?.message == "comparisons cannot be chained; join them with AND, as in a < b AND b < c")
        #expect(parseError("a == b == c")?.offset == 7)
    }

    @Test func predicatesNeedAnOperator() {
        #expect(parseError("flag")?.message == "expected an operator after 'flag', found the end of the query; a property alone is not a condition; compare it, as in flag == true")
        #expect(parseError("a.b c")?.message == "expected an operator after 'a.b', found 'c'")
        #expect(parseError("name NOT CONTAINS 'x'")?.offset == 5)
        #expect(parseError("a == 1 AND")?.offset == 10)
        #expect(parseError("AND a == 1")?.offset == 0)
        #expect(parseError("a == 1 b == 2")?.message == "expected AND, OR, SORT, DISTINCT, LIMIT or the end of the query, found 'b'")
        #expect(parseError("a == 1 ANDD b == 2")?.message.hasSuffix("did you mean 'AND'?") == true)
        #expect(parseError("() ")?.offset == 1)
    }

    @Test func parenthesesMustBalance() {
        let open = parseError("(intReq > 0")
        #expect(open?.offset == 11)
        #expect(open?.message == "expected ')' to close the '(' at character 1, found the end of the query")
        let extra = parseError("a == 1)")
        #expect(extra?.offset == 6)
        #expect(extra?.message.hasSuffix("this ')' has no matching '('") == true)
        #expect(parseError("((a == 1)")?.offset == 9)
    }

    /// A `(` may open an arithmetic operand as well as a predicate.
    @Test func parenthesisedExpressionsOnTheLeft() throws {
        #expect(try canonical("(a + b) * 2 > 3") == "(a + b) * 2 > 3")
        #expect(try canonical("((a + b)) > 3 AND (c) == 1") == "a + b > 3 AND c == 1")
        #expect(try canonical("((a + b) > 3)") == "a + b > 3")
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "(", count: 150) + "a == 1" + String(repeating: ")", count: 150)
        if case .tooDeeplyNested? = parseError(deep) {} else { Issue.record("deep nesting should be refused") }
        let deepNot = String(repeating: "!", count: 500) + "a == 1"
        if case .tooDeeplyNested? = parseError(deepNot) {} else { Issue.record("deep NOT chains should be refused") }
        let fine = String(repeating: "(", count: 60) + "a == 1" + String(repeating: ")", count: 60)
        #expect(throws: Never.self) { try Query.parse(fine) }
    }

    @Test func emptyQueries() {
        #expect(parseError("")?.message == "expected a predicate, such as name == 'x' or TRUEPREDICATE, found the end of the query")
        #expect(parseError("  \n ")?.offset == 4)
    }
}
