import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import TestSupport
import Testing

/// Index paths into collections nested in Mixed values, key paths through links held in Mixed
/// values, `@type` and `@size` of Mixed values, missing dictionary keys, NaN in collections and
/// DISTINCT through null links. Expected keys are counted from the fixtures' canonical dumps
/// (written through realm-core), never from our own output.
@Suite("Mixed paths and other corners", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct MixedPathTests {
    /// AllTypes objects of alltypes.json, and the query engine over alltypes.realm.
    final class AllTypes: Sendable {
        let objects: [JSONValue]
        let targets: [Int64: JSONValue]
        let file: RealmFile
        let table: Table

        init() throws {
            let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes"))
            let tables = try #require(dump["tables"]?.array)
            objects = try #require(tables.first { $0["class"]?.string == "AllTypes" }?["objects"]?.array)
            let targetObjects = try #require(tables.first { $0["class"]?.string == "Target" }?["objects"]?.array)
            targets = Dictionary(uniqueKeysWithValues: targetObjects.compactMap { object in object["_key"]?.int.map { ($0, object) } })
            file = try RealmFile(path: Fixtures.realmPath("alltypes"))
            table = try #require(file.tables.first { $0.className == "AllTypes" })
        }

        func run(_ query: String) throws(QueryError) -> [Int64] {
            try QueryEngine(file: file).run(query, on: table)
        }

        /// `query` gives `expected`, which must not be empty (a test that matches nothing
        /// proves little).
        func check(_ query: String, _ expected: [Int64], sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(!expected.isEmpty, "\(query): the dump holds no such object", sourceLocation: sourceLocation)
            #expect(try run(query) == expected, "\(query)", sourceLocation: sourceLocation)
        }

        /// Keys of the objects whose `property` value satisfies `test`, in key order.
        func keys(_ property: String, where test: (JSONValue) -> Bool) -> [Int64] {
            objects.compactMap { object in
                guard let value = object[property], test(value), let key = object["_key"]?.int else { return nil }
                return key
            }
        }

        /// The object a `{"$link": ["class_Target", key]}` value points at.
        func target(_ value: JSONValue) -> JSONValue? {
            guard let link = value["$link"]?.array, link.first?.string == "class_Target", let key = link.last?.int else { return nil }
            return targets[key]
        }
    }

    // MARK: - Reading the dump's Mixed values

    /// A nested list is a JSON array; a nested dictionary `{"$dict": [[key, value], ...]}`.
    static func list(_ value: JSONValue?) -> [JSONValue]? { value?.array }

    static func dictionary(_ value: JSONValue?) -> [(String, JSONValue)]? {
        guard let pairs = value?["$dict"]?.array else { return nil }
        return pairs.compactMap { pair in
            guard let parts = pair.array, parts.count == 2, let key = parts[0].string else { return nil }
            return (key, parts[1])
        }
    }

    static func entry(_ value: JSONValue?, _ key: String) -> JSONValue? {
        dictionary(value)?.first { $0.0 == key }?.1
    }

    /// A number of the dump (`{"$int": 3}`, `{"$double": "2.5"}`, a plain int, ...).
    static func number(_ value: JSONValue?) -> Double? {
        guard let value else { return nil }
        if case let .int(number) = value { return Double(number) }
        for tag in ["$int", "$float", "$double"] {
            if let tagged = value[tag] {
                if case let .int(number) = tagged { return Double(number) }
                if let text = tagged.string { return Double(text.replacingOccurrences(of: "inf", with: "infinity")) }
            }
        }
        return nil
    }

    // MARK: - Tests

    @Test("index, FIRST, LAST, * and keys chain into collections nested in a Mixed value")
    func nestedIndexPaths() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try AllTypes()
        try data.check("mixedValue[1] == 'nested'", data.keys("mixedValue") { Self.list($0).map { $0.count > 1 && $0[1] == .string("nested") } ?? false })
        try data.check("mixedValue[LAST][0] == true", data.keys("mixedValue") {
            Self.list(Self.list($0)?.last)?.first == .bool(true)
        })
        try data.check("mixedValue[4]['k1'] == 1", data.keys("mixedValue") {
            guard let elements = Self.list($0), elements.count > 4 else { return false }
            return Self.number(Self.entry(elements[4], "k1")) == 1
        })
        try data.check("mixedValue['list'][2][0] == 'deep'", data.keys("mixedValue") {
            guard let inner = Self.list(Self.entry($0, "list")), inner.count > 2 else { return false }
            return Self.list(inner[2])?.first == .string("deep")
        })
        // [*] reaches every element of a list and every value of a dictionary.
        try data.check("mixedValue[*] == 2.5", data.keys("mixedValue") { value in
            let elements = Self.list(value) ?? Self.dictionary(value)?.map(\.1) ?? []
            return elements.contains { Self.number($0) == 2.5 }
        })
        #expect(!(try data.run("mixedValue[*] == 2.5")).isEmpty)
    }

    @Test("a subscript that does not fit the value is no value; a key a non-empty dictionary lacks is null")
    func missingValues() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try AllTypes()
        try data.check("mixedValue[2] == nil", data.keys("mixedValue") { Self.list($0).map { $0.count > 2 && $0[2] == .null } ?? false })
        let lists = data.keys("mixedValue") { !(Self.list($0)?.isEmpty ?? true) }
        try data.check("mixedValue[FIRST] != nil OR mixedValue[FIRST] == nil", lists)
        // realm-core `Collection::get_any`: a missing key at the end of the path is one null
        // value in a non-empty dictionary, no value in an empty one.
        try data.check("intDict['no such key'] == nil", data.keys("intDict") { !(Self.dictionary($0)?.isEmpty ?? true) })
        #expect(try data.run("intDict['no such key'] != nil").isEmpty)
        // A key that holds null is a null value.
        let nullEntries = data.keys("mixedDict") { value in Self.dictionary(value)?.contains { $0.0 == "null" && $0.1 == .null } ?? false }
        #expect(!nullEntries.isEmpty)
        try data.check("mixedDict['null'] == nil", nullEntries)
    }

    @Test("a key path continues through a link held in a Mixed value")
    func linksInMixed() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try AllTypes()
        let expected = data.keys("mixedDict") { value in
            guard let link = Self.entry(value, "link"), let target = data.target(link) else { return false }
            return (target["value"]?.int ?? 0) < 3
        }
        #expect(!expected.isEmpty)
        try data.check("mixedDict['link'].value < 3", expected)
        // A property no linked class has matches nothing; it is not an error.
        #expect(try data.run("mixedValue.noSuchProperty == nil").isEmpty)
    }

    @Test("@type names groups (numeric, collection, object) and refuses unknown names where they stand")
    func typeNames() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try AllTypes()
        let collections = data.keys("mixedValue") { Self.list($0) != nil || Self.dictionary($0) != nil }
        try data.check("mixedValue.@type == 'COLLECTION'", collections)
        try data.check("mixedValue.@type IN {'array', 'object'}", collections)
        let longStrings = data.keys("mixedValue") { ($0.string?.utf8.count ?? 0) > 10 }
        try data.check("mixedValue.@size > 10 AND mixedValue.@type == 'string'", longStrings)
        let query = "mixedValue.@type == 'strng'"
        do {
            _ = try data.run(query)
            Issue.record("\(query) should be rejected")
        } catch {
            #expect(error.range?.start == 20)
            #expect(error.message.contains("did you mean 'string'?"), "\(error.message)")
        }
        #expect(throws: QueryError.self) { _ = try data.run("intReq[0] == 1") }
    }

    @Test("elements of a list of doubles compare with NaN below every number; a double property does not")
    func nanInLists() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try AllTypes()
        let withNaNOrNegative = data.keys("doubleList") { value in
            (value.array ?? []).contains { element in Self.number(element).map { $0.isNaN || $0 < 0 } ?? false }
        }
        try data.check("ANY doubleList < 0", withNaNOrNegative)
        try data.check("doubleReq < -1e300", data.keys("doubleReq") { (Self.number($0) ?? 0) < -1e300 })
    }

    @Test("DISTINCT leaves out the objects whose key path meets a null link")
    func distinctThroughNullLinks() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let tables = try #require(dump["tables"]?.array)
        let specimens = try #require(tables.first { $0["class"]?.string == "Specimen" }?["objects"]?.array)
        // The first specimen of each category, in key order; none for specimens without one.
        var seen = Set<Int64>()
        var expected: [Int64] = []
        for specimen in specimens {
            guard let category = specimen["category"]?["$link"]?.array?.last?.int, let key = specimen["_key"]?.int else { continue }
            if seen.insert(category).inserted { expected.append(key) }
        }
        let file = try RealmFile(path: Fixtures.realmPath("species"))
        let table = try #require(file.tables.first { $0.className == "Specimen" })
        #expect(try QueryEngine(file: file).run("TRUEPREDICATE DISTINCT(category.name)", on: table) == expected)
        #expect(try QueryEngine(file: file).run("TRUEPREDICATE DISTINCT(category)", on: table).count == expected.count + 1)
    }
}
