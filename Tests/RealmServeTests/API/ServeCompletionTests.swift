@testable import RealmServe
@testable import RealmShell
@testable import RealmInterchange
import Testing
import TestSupport

/// `/api/complete` in process: the REPL's completer for the line `find CLASS TEXT`, its
/// candidates checked against the fixture's schema in its JSON dump.
@Suite("serve: completion", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeCompletionTests {
    static func api(_ name: String) throws -> ServeAPI {
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath(name))
        return ServeAPI(session: session)
    }

    static func answer(_ api: ServeAPI, _ arguments: [String: String]) throws -> (status: Int, body: JSONValue) {
        var request = HTTPRequest(method: "GET", path: "/api/complete")
        request.arguments = arguments
        let response = api.complete(request)
        return (response.status, try JSONParser.parse(response.body))
    }

    static func candidates(_ body: JSONValue) -> [String] {
        guard case let .array(items)? = body["candidates"] else { return [] }
        return items.compactMap(\.string)
    }

    /// The class's properties, in the dump's order.
    static func properties(_ fixture: String, _ className: String) throws -> [String] {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        guard case let .array(tables)? = dump["tables"],
              let table = tables.first(where: { $0["class"]?.string == className }),
              case let .array(columns)? = table["columns"] else { return [] }
        return columns.compactMap { $0["name"]?.string }
    }

    @Test("properties, key paths through a link, operators by type, class names without a class")
    func candidates() throws {
        guard Fixtures.requirePresent() else { return }
        let api = try Self.api("species")
        let specimen = try Self.properties("species", "Specimen")
        let category = try Self.properties("species", "Category")
        let start = try Self.answer(api, ["class": "Specimen", "q": "lat"])
        #expect(start.status == 200)
        #expect(start.body["word"]?.string == "lat")
        #expect(Self.candidates(start.body) == specimen.filter { $0.hasPrefix("lat") })
        let all = Self.candidates(try Self.answer(api, ["class": "Specimen", "q": ""]).body)
        #expect(Set(specimen).isSubset(of: Set(all)))
        let path = try Self.answer(api, ["class": "Specimen", "q": "category.n"])
        #expect(path.body["word"]?.string == "category.n")
        #expect(Self.candidates(path.body) == category.filter { $0.hasPrefix("n") }.map { "category." + $0 })
        let operators = Set(Self.candidates(try Self.answer(api, ["class": "Specimen", "q": "latitude "]).body))
        #expect(operators.isSuperset(of: ["==", "<", "BETWEEN"]) && !operators.contains("BEGINSWITH"))
        let strings = Set(Self.candidates(try Self.answer(api, ["class": "Specimen", "q": "name "]).body))
        #expect(strings.isSuperset(of: ["BEGINSWITH", "CONTAINS", "LIKE"]))
        let classes = Self.candidates(try Self.answer(api, ["q": "C"]).body)
        #expect(classes == ["Category"])
    }

    @Test("refused: an unknown class, a second line, a query past the limit")
    func refusals() throws {
        guard Fixtures.requirePresent() else { return }
        let api = try Self.api("species")
        #expect(try Self.answer(api, ["class": "Nothing", "q": "a"]).status == 404)
        #expect(try Self.answer(api, ["class": "Specimen", "q": "a\nb"]).status == 400)
        #expect(try Self.answer(api, ["class": "Specimen", "q": String(repeating: "a", count: ServeAPI.queryLimit + 1)]).status == 414)
    }
}
