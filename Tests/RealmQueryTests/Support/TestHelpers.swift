@testable import RealmQuery
import Testing

/// The token kinds of `text`, without the final `.end`.
func tokenKinds(_ text: String) throws -> [Token.Kind] {
    Array(try Lexer.tokenize(text).dropLast().map(\.kind))
}

/// The single token of `text` (fails the test when there is not exactly one).
func singleToken(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Token.Kind? {
    let kinds = try tokenKinds(text)
    #expect(kinds.count == 1, "\(text) gave \(kinds)", sourceLocation: sourceLocation)
    return kinds.first
}

/// The error parsing `text` throws, or nil (recording a failure) when it parses.
func parseError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> QueryParseError? {
    do {
        let query = try Query.parse(text)
        Issue.record("expected '\(text)' to be rejected, but it parsed as \(query)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The canonical printed form of `text`'s parse.
func canonical(_ text: String) throws -> String {
    try Query.parse(text).description
}

/// The predicate of `text`.
func predicate(_ text: String) throws -> Predicate {
    try Query.parse(text).predicate
}

/// The comparison `text` consists of (nil, recording a failure, when it is something else).
func comparison(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Comparison? {
    guard case let .comparison(comparison) = try predicate(text).kind else {
        Issue.record("'\(text)' is not a single comparison", sourceLocation: sourceLocation)
        return nil
    }
    return comparison
}

/// The left operand of the comparison `text`.
func leftOperand(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Expression.Kind? {
    try comparison(text, sourceLocation: sourceLocation)?.left.kind
}

/// The right operand of the comparison `text`.
func rightOperand(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Expression.Kind? {
    try comparison(text, sourceLocation: sourceLocation)?.right.kind
}

/// The literal on the right of `x == <literal>`.
func literal(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Literal? {
    guard case let .literal(literal)? = try rightOperand("x == " + text, sourceLocation: sourceLocation) else {
        Issue.record("'\(text)' is not a literal", sourceLocation: sourceLocation)
        return nil
    }
    return literal
}

/// A key path of plain property names, with `range` ignored by comparing descriptions.
func pathText(_ expression: Expression.Kind?) -> String? {
    guard case let .path(path)? = expression else { return nil }
    return path.path.description
}
