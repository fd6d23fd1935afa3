@testable import RealmQuery
import Testing

@Suite("Printing")
struct PrinterTests {
    /// Queries covering every construct, each printed in canonical form.
    static let canonicalForms: [(String, String)] = [
        ("name BEGINSWITH[c] 'b' SORT(name ASC)", "name BEGINSWITH[c] 'b' SORT(name ASC)"),
        ("a = 1 && b <> 2 || !c =< 3", "a == 1 AND b != 2 OR NOT c <= 3"),
        ("x == \"it's\"", "x == 'it\\'s'"),
        ("x == 'tab\\there\\u0001'", "x == 'tab\\there\\u0001'"),
        ("created > T1425211200:0", "created > T1425211200:0"),
        ("created < 2015-03-01@12:00:00", "created < T1425211200:0"),
        ("b == B64\"SGVsbG8=\"", "b == B64\"SGVsbG8=\""),
        ("u == uuid(137DECC8-B300-4954-A233-F89909F4FD89)", "u == uuid(137decc8-b300-4954-a233-f89909f4fd89)"),
        ("x == 1.5f OR x == -inf OR x == NaN OR x == 0x10", "x == 1.5f OR x == -inf OR x == NaN OR x == 0x10"),
        ("first\\ name == 'x'", "first\\ name == 'x'"),
        ("some tags == 'a'", "ANY tags == 'a'"),
        ("d['k'][0].x[*] == 1", "d['k'][0].x[*] == 1"),
        ("@links.@count == 0 AND @links.A.b.@size > 1", "@links.@count == 0 AND @links.A.b.@size > 1"),
        ("arrayReference.@avg.integerValue < 3000000", "arrayReference.@avg.integerValue < 3000000"),
        ("SUBQUERY(t, $t, $t.done == true AND $t.n BEGINSWITH 'B').@count > 0",
         "SUBQUERY(t, $t, $t.done == true AND $t.n BEGINSWITH 'B').@count > 0"),
        ("NOT (a == 1 OR b == 2) AND (c == 3 OR d == 4)", "NOT (a == 1 OR b == 2) AND (c == 3 OR d == 4)"),
        ("(a + b) * (c - d) / 2 >= e", "(a + b) * (c - d) / 2 >= e"),
        ("TRUEPREDICATE DISTINCT(a, b.c) LIMIT(5)", "TRUEPREDICATE DISTINCT(a, b.c) LIMIT(5)"),
    ]

    @Test func canonicalFormsReadBackToTheSameTree() throws {
        for (text, expected) in Self.canonicalForms {
            let printed = try canonical(text)
            #expect(printed == expected, "\(text)")
            #expect(try canonical(printed) == printed, "\(printed) is not stable")
        }
    }

    /// Printing and reparsing preserves the structure, not just the text.
    @Test func roundTripPreservesStructure() throws {
        for (text, _) in Self.canonicalForms {
            let original = try Query.parse(text)
            let reparsed = try Query.parse(original.description)
            #expect(Shape(original.predicate) == Shape(reparsed.predicate), "\(text)")
        }
    }

    /// The tree without source ranges, for comparing two parses of different texts.
    struct Shape: Equatable {
        let text: String
        let children: [Shape]

        init(_ predicate: Predicate) {
            switch predicate.kind {
            case let .and(operands): text = "AND"; children = operands.map(Shape.init)
            case let .or(operands): text = "OR"; children = operands.map(Shape.init)
            case let .not(operand): text = "NOT"; children = [Shape(operand)]
            default: text = predicate.description; children = []
            }
        }
    }

    @Test func literalDescriptions() {
        #expect(Literal.objectId([UInt8](repeating: 0xAB, count: 12)).description == "oid(abababababababababababab)")
        #expect(Literal.object(className: "A", primaryKey: .string("k")).description == "obj('A', 'k')")
        #expect(Literal.binary([0xFF, 0x00, 0x10, 0x20]).description == "B64\"/wAQIA==\"")
        #expect(Literal.null.description == "null")
    }
}
