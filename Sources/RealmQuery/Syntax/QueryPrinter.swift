import RealmFormat

/// Prints the AST back as query text, in a canonical form that parses to the same tree:
/// keywords in capitals, single-quoted strings, timestamps as `T<seconds>:<nanos>`, and
/// parentheses only where precedence needs them.
///
/// Useful to see how a query was understood (`NOT a AND b` is `(NOT a) AND b`), in logs and
/// in tests that check the parser by round trip.
enum QueryPrinter {
    static func print(_ query: Query) -> String {
        ([print(query.predicate)] + query.descriptors.map(print)).joined(separator: " ")
    }

    // MARK: Predicates

    private static func precedence(_ predicate: Predicate) -> Int {
        switch predicate.kind {
        case .or: return 1
        case .and: return 2
        case .not: return 3
        case .constant, .comparison, .between: return 4
        }
    }

    private static func print(_ predicate: Predicate, needing minimum: Int) -> String {
        let text = print(predicate)
        return precedence(predicate) < minimum ? "(\(text))" : text
    }

    static func print(_ predicate: Predicate) -> String {
        switch predicate.kind {
        case let .constant(value):
            return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case let .not(operand):
            return "NOT " + print(operand, needing: 3)
        case let .and(operands):
            return operands.map { print($0, needing: 3) }.joined(separator: " AND ")
        case let .or(operands):
            return operands.map { print($0, needing: 2) }.joined(separator: " OR ")
        case let .comparison(comparison):
            return print(comparison.left) + " " + comparison.op.rawValue + comparison.options.bracketed + " " + print(comparison.right)
        case let .between(between):
            return print(between.value) + " BETWEEN {" + print(between.lower) + ", " + print(between.upper) + "}"
        }
    }

    // MARK: Expressions

    static func print(_ expression: Expression) -> String {
        switch expression.kind {
        case let .literal(literal):
            return print(literal)
        case let .argument(argument):
            return (argument.quantifier.map { $0.rawValue + " " } ?? "") + "$\(argument.index)"
        case let .path(pathExpression):
            return (pathExpression.quantifier.map { $0.rawValue + " " } ?? "") + print(pathExpression.path)
                + (pathExpression.operation.map { "." + $0.rawValue } ?? "")
        case let .aggregate(aggregate):
            return print(aggregate.path) + "." + aggregate.function.rawValue + (aggregate.property.map { "." + name($0) } ?? "")
        case let .list(list):
            return (list.quantifier.map { $0.rawValue + " " } ?? "") + "{" + list.elements.map(print).joined(separator: ", ") + "}"
        case let .subqueryCount(subquery):
            return "SUBQUERY(" + print(subquery.collection) + ", " + name(subquery.variable) + ", " + print(subquery.predicate) + ").@count"
        case let .arithmetic(op, left, right):
            return operand(left, of: op, isRight: false) + " " + op.rawValue + " " + operand(right, of: op, isRight: true)
        }
    }

    /// Left-associative: a right operand of equal precedence needs parentheses (`a - (b - c)`).
    private static func operand(_ expression: Expression, of op: ArithmeticOperator, isRight: Bool) -> String {
        let text = print(expression)
        guard case let .arithmetic(inner, _, _) = expression.kind else { return text }
        let needsParentheses = inner.precedence < op.precedence || (isRight && inner.precedence == op.precedence)
        return needsParentheses ? "(\(text))" : text
    }

    static func print(_ path: KeyPath) -> String {
        path.components.map { component in
            let head: String
            switch component.kind {
            case let .property(property): head = name(property)
            case let .backlinks(className, property): head = "@links.\(name(className)).\(name(property))"
            case .allBacklinks: head = "@links"
            case .dictionaryKeys: head = "@keys"
            case .dictionaryValues: head = "@values"
            }
            return head + component.subscripts.map(print).joined()
        }.joined(separator: ".")
    }

    private static func print(_ subscriptValue: Subscript) -> String {
        switch subscriptValue {
        case let .index(position): return "[\(position)]"
        case let .key(key): return "[\(quoted(key))]"
        case let .argument(argument): return "[$\(argument)]"
        case .first: return "[FIRST]"
        case .last: return "[LAST]"
        case .size: return "[SIZE]"
        case .wildcard: return "[*]"
        }
    }

    /// A property name, with whitespace escaped as the lexer reads it back.
    private static func name(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case " ": result += "\\ "
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.append(character)
            }
        }
        return result
    }

    // MARK: Literals

    static func print(_ literal: Literal) -> String {
        switch literal {
        case .null: return "null"
        case let .bool(value): return value ? "true" : "false"
        case let .number(number): return number.text + (number.hasFloatSuffix ? "f" : "")
        case let .string(text): return quoted(text)
        case let .binary(bytes): return "B64\"" + Base64.encode(bytes) + "\""
        case let .timestamp(timestamp): return timestamp.description
        case let .objectId(bytes): return "oid(" + hex(bytes) + ")"
        case let .uuid(bytes):
            let digits = Array(hex(bytes))
            var groups: [String] = []
            var start = 0
            for length in [8, 4, 4, 4, 12] where start + length <= digits.count {
                groups.append(String(digits[start..<start + length]))
                start += length
            }
            return "uuid(" + groups.joined(separator: "-") + ")"
        case let .objectLink(key): return "O\(key)"
        case let .typedLink(table, key): return "L\(table):\(key)"
        case let .object(className, primaryKey): return "obj(\(quoted(className)), \(print(primaryKey)))"
        }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }

    /// Single-quoted, with the escapes the lexer understands.
    static func quoted(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let digits = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }

    // MARK: Descriptors

    static func print(_ descriptor: Descriptor) -> String {
        switch descriptor.kind {
        case let .sort(keys):
            return "SORT(" + keys.map { print($0.path) + ($0.ascending ? " ASC" : " DESC") }.joined(separator: ", ") + ")"
        case let .distinct(paths):
            return "DISTINCT(" + paths.map(print).joined(separator: ", ") + ")"
        case let .limit(count):
            return "LIMIT(\(count))"
        }
    }
}

extension Query: CustomStringConvertible {
    public var description: String { QueryPrinter.print(self) }
}

extension Predicate: CustomStringConvertible {
    public var description: String { QueryPrinter.print(self) }
}

extension Expression: CustomStringConvertible {
    public var description: String { QueryPrinter.print(self) }
}

extension KeyPath: CustomStringConvertible {
    public var description: String { QueryPrinter.print(self) }
}

extension Literal: CustomStringConvertible {
    public var description: String { QueryPrinter.print(self) }
}

extension Descriptor: CustomStringConvertible {
    public var description: String { QueryPrinter.print(self) }
}
