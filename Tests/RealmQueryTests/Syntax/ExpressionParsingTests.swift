@testable import RealmQuery
import Testing

@Suite("Operands")
struct ExpressionParsingTests {
    func pathExpression(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PathExpression? {
        guard case let .path(path)? = try leftOperand(text + " == 1", sourceLocation: sourceLocation) else {
            Issue.record("'\(text)' is not a key path operand", sourceLocation: sourceLocation)
            return nil
        }
        return path
    }

    func componentKinds(_ text: String) throws -> [KeyPathComponent.Kind]? {
        try pathExpression(text)?.path.components.map(\.kind)
    }

    @Test func keyPathsThroughLinksAndEmbeddedObjects() throws {
        #expect(try componentKinds("category.name") == [.property("category"), .property("name")])
        #expect(try componentKinds("a.b.c.d") == [.property("a"), .property("b"), .property("c"), .property("d")])
        let path = try pathExpression("owner.banks")?.path
        #expect(path?.range == SourceRange(start: 0, end: 11))
        #expect(path?.components.map(\.range) == [SourceRange(start: 0, end: 5), SourceRange(start: 6, end: 11)])
        // Words that are operators elsewhere are names here, as in Realm.
        #expect(try componentKinds("sort.in.like") == [.property("sort"), .property("in"), .property("like")])
    }

    @Test func backlinks() throws {
        #expect(try componentKinds("@links.TaskList.tasks") == [.backlinks(className: "TaskList", property: "tasks")])
        #expect(try componentKinds("@links.Specimen.category.latitude")
            == [.backlinks(className: "Specimen", property: "category"), .property("latitude")])
        let count = try pathExpression("@links.@count")
        #expect(count?.path.components.map(\.kind) == [.allBacklinks])
        #expect(count?.operation == .count)
        #expect(try pathExpression("@links.AllTypes.targetList.@count")?.operation == .count)
        #expect(parseError("@links.Specimen.@count > 1")?.message == "write @links.Specimen.property, naming the property of Specimen that links here")
    }

    @Test func dictionariesAndSubscripts() throws {
        #expect(try pathExpression("intDict['k0']")?.path.components.first?.subscripts == [.key("k0")])
        #expect(try pathExpression("intDict[\"k 0\"]")?.path.components.first?.subscripts == [.key("k 0")])
        #expect(try componentKinds("intDict.@values") == [.property("intDict"), .dictionaryValues])
        #expect(try componentKinds("intDict.@keys") == [.property("intDict"), .dictionaryKeys])
        #expect(try componentKinds("targetDict.@values.value") == [.property("targetDict"), .dictionaryValues, .property("value")])
        #expect(try pathExpression("list[3]")?.path.components.first?.subscripts == [.index(3)])
        #expect(try pathExpression("list[$1]")?.path.components.first?.subscripts == [.argument(1)])
        #expect(try pathExpression("list[FIRST]")?.path.components.first?.subscripts == [.first])
        #expect(try pathExpression("list[last]")?.path.components.first?.subscripts == [.last])
        #expect(try pathExpression("list[SIZE]")?.path.components.first?.subscripts == [.size])
        #expect(try pathExpression("value[*][0]")?.path.components.first?.subscripts == [.wildcard, .index(0)])
        #expect(try pathExpression("a[0].b")?.path.components.map(\.range) == [SourceRange(start: 0, end: 4), SourceRange(start: 5, end: 6)])
        #expect(parseError("list[-1] == 1")?.offset == 5)
        #expect(parseError("list[1.5] == 1")?.offset == 5)
        #expect(parseError("list[x] == 1")?.offset == 5)
        #expect(parseError("list[0 == 1")?.message == "expected ']' to close the '[' at character 5, found '=='")
    }

    @Test func sizeAndTypeOperations() throws {
        #expect(try pathExpression("tags.@count")?.operation == .count)
        #expect(try pathExpression("stringReq.@size")?.operation == .size)
        #expect(try pathExpression("mixedValue.@type")?.operation == .type)
        let mixed = try pathExpression("ANY mixedDict.@values.@type")
        #expect(mixed?.quantifier == .anyMatch)
        #expect(mixed?.path.components.map(\.kind) == [.property("mixedDict"), .dictionaryValues])
        #expect(mixed?.operation == .type)
        #expect(parseError("tags.@count.x == 1")?.offset == 11)
        #expect(parseError("@count == 1")?.message == "'@count' must follow a key path, as in list.@count")
    }

    @Test func aggregates() throws {
        for function in AggregateFunction.allCases {
            guard case let .aggregate(aggregate)? = try leftOperand("intList.\(function.rawValue) > 1") else {
                Issue.record("\(function) did not parse as an aggregate")
                continue
            }
            #expect(aggregate.function == function)
            #expect(aggregate.property == nil)
            #expect(aggregate.path.description == "intList")
        }
        guard case let .aggregate(linked)? = try leftOperand("arrayReference.@sum.integerValue > 50000000") else {
            Issue.record("expected an aggregate")
            return
        }
        #expect(linked.property == "integerValue")
        #expect(try comparison("arrayReference.@sum.integerValue > 5")?.left.range == SourceRange(start: 0, end: 32))
        #expect(parseError("a.@max. > 1")?.offset == 8)
        #expect(parseError("ANY items.@max > 3")?.offset == 0)
    }

    @Test func quantifiers() throws {
        #expect(try pathExpression("ANY tasks.isCompleted")?.quantifier == .anyMatch)
        #expect(try pathExpression("SOME tasks.isCompleted")?.quantifier == .anyMatch)
        #expect(try pathExpression("all banks.status")?.quantifier == .allMatch)
        #expect(try pathExpression("NONE tasks.isCompleted")?.quantifier == .noneMatch)
        #expect(try pathExpression("tasks.isCompleted")?.quantifier == nil)
        #expect(try pathExpression("ANY @links.Person.banks.name")?.path.components.first?.kind == .backlinks(className: "Person", property: "banks"))
        #expect(try rightOperand("a == ANY {1, 2}") == .list(ListExpression(quantifier: .anyMatch, elements: [
            Expression(.literal(.number(NumericLiteral(text: "1", form: .integer))), range: SourceRange(start: 10, end: 11)),
            Expression(.literal(.number(NumericLiteral(text: "2", form: .integer))), range: SourceRange(start: 13, end: 14)),
        ])))
        #expect(try rightOperand("a == ALL $0") == .argument(ArgumentReference(index: 0, quantifier: .allMatch)))
        #expect(try comparison("ANY tags == 'x'")?.left.range == SourceRange(start: 0, end: 8))
        #expect(parseError("ANY == 1")?.message == "expected a key path, a list or an argument after ANY, found '=='")
        let capitalised = parseError("Any tasks.isCompleted == false")
        #expect(capitalised?.offset == 4)
        #expect(capitalised?.message == "expected an operator after 'Any', found 'tasks'; 'Any' is a name here: Realm reads the keyword only as 'ANY' or 'any'")
    }

    @Test func lists() throws {
        #expect(try canonical("a IN {'green', \"GREEN\", 'blå'}") == "a IN {'green', 'GREEN', 'blå'}")
        #expect(try canonical("a IN {$0, null, true, 1.5, oid(800000000000000000000000)}") == "a IN {$0, null, true, 1.5, oid(800000000000000000000000)}")
        #expect(parseError("a IN {1, b}")?.message == "a list holds only constants and $n arguments, not properties such as 'b'")
        #expect(parseError("a IN {1, }")?.offset == 9)
        #expect(parseError("a IN {1 2}")?.message == "expected ',' or '}' in the list opened at character 6, found '2'")
        #expect(parseError("a IN {1, 2")?.offset == 10)
    }

    @Test func subqueries() throws {
        guard case let .subqueryCount(subquery)? = try leftOperand("SUBQUERY(addressList, $a, $a.zip < 20000).@count > 0") else {
            Issue.record("expected a subquery")
            return
        }
        #expect(subquery.collection.description == "addressList")
        #expect(subquery.variable == "$a")
        #expect(subquery.variableRange == SourceRange(start: 22, end: 24))
        guard case let .comparison(inner) = subquery.predicate.kind, case let .path(innerPath) = inner.left.kind else {
            Issue.record("expected a comparison inside the subquery")
            return
        }
        #expect(innerPath.path.variable == "$a")
        #expect(innerPath.path.components.map(\.kind) == [.property("$a"), .property("zip")])
        #expect(try canonical("subquery(@links.Specimen.category, $s, $s.latitude < 0 AND $s.x == 1).@size > 2")
            == "SUBQUERY(@links.Specimen.category, $s, $s.latitude < 0 AND $s.x == 1).@count > 2")
        #expect(parseError("SUBQUERY(items, x, x.a > 1).@count > 0")?.offset == 16)
        #expect(parseError("SUBQUERY(items, $x, $x.a > 1) > 0")?.offset == 30)
        #expect(parseError("SUBQUERY(items, $x, $x.a > 1).@max > 0")?.offset == 29)
        #expect(parseError("SUBQUERY(items.@count, $x, $x.a > 1).@count > 0")?.offset == 15)
        #expect(parseError("SUBQUERY(items, $x, $x.a > 1 AND b.@count > 0")?.offset == 45)
    }

    @Test func arithmeticFollowsUsualPrecedence() throws {
        guard case let .arithmetic(op, left, right)? = try leftOperand("a + b * 2 > 3") else {
            Issue.record("expected arithmetic")
            return
        }
        #expect(op == .add)
        #expect(pathText(left.kind) == "a")
        if case .arithmetic(.multiply, _, _) = right.kind {} else { Issue.record("* should bind tighter than +") }
        #expect(try canonical("a - b - c == 0") == "a - b - c == 0")
        #expect(try canonical("a - (b - c) == 0") == "a - (b - c) == 0")
        #expect(try canonical("a / (b * c) == 0") == "a / (b * c) == 0")
        #expect(try canonical("a -1 == 0") == "a - 1 == 0")
        #expect(try canonical("a - -1 == 0") == "a - -1 == 0")
        #expect(try canonical("2 * $0 < price") == "2 * $0 < price")
        #expect(parseError("a == - 1")?.message == "expected a value, found '-'; write a signed number without a space, as in -5")
    }

    @Test func argumentsAnywhereAValueGoes() throws {
        #expect(try rightOperand("name == $0") == .argument(ArgumentReference(index: 0)))
        #expect(try leftOperand("$3 == name") == .argument(ArgumentReference(index: 3)))
    }

    @Test func literals() throws {
        #expect(try literal("null") == .null)
        #expect(try literal("nil") == .null)
        #expect(try literal("true") == .bool(true))
        #expect(try literal("FALSE") == .bool(false))
        #expect(try literal("'x'") == .string("x"))
        #expect(try literal("B64\"AAE=\"") == .binary([0, 1]))
        #expect(try literal("O5") == .objectLink(objectKey: 5))
        #expect(try literal("L1:2") == .typedLink(tableKey: 1, objectKey: 2))
        #expect(try literal("obj('Person', 'alice')") == .object(className: "Person", primaryKey: .string("alice")))
        #expect(try literal("OBJ(\"Item\", 42)") == .object(className: "Item", primaryKey: .number(NumericLiteral(text: "42", form: .integer))))
        #expect(parseError("x == obj(Person, 1)")?.offset == 9)
        #expect(parseError("x == obj('Person' 1)")?.offset == 18)
        #expect(parseError("x == obj('Person', 1.5)")?.offset == 19)
        // A reserved word cannot name a property.
        #expect(parseError("x.none == 1")?.message == "expected a property name, found 'none'; 'none' is a reserved word and cannot name a property")
    }
}
