import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import TestSupport
import Testing

/// Realm's rules for dictionary keys an object lacks, links held in Mixed values, sums and
/// averages of Mixed values, and Mixed comparisons, each shown from both sides on AllTypes
/// objects of a copy of alltypes.realm that the tool's editor gave exactly the values a rule
/// needs. Queries are limited to those objects (`_id IN {...}`), so what they must return is
/// known from the edits.
@Suite("Mixed values and dictionaries: Realm's rules from both sides", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct MixedRulesTests {
    final class Data {
        let fixture: EditedFixture
        /// Object keys and `_id`s of the AllTypes objects the edits use, in key order.
        let keys: [Int64]
        let ids: [Int64: String]
        let targets: [JSONValue]
        let allTypes: [JSONValue]

        init() throws {
            let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes"))
            let tables = try #require(dump["tables"]?.array)
            allTypes = try #require(tables.first { $0["class"]?.string == "AllTypes" }?["objects"]?.array)
            targets = try #require(tables.first { $0["class"]?.string == "Target" }?["objects"]?.array)
            var ids: [Int64: String] = [:]
            for object in allTypes.prefix(24) {
                ids[try #require(object["_key"]?.int)] = try #require(object["_id"]?.string)
            }
            self.ids = ids
            keys = ids.keys.sorted()
            fixture = try EditedFixture("alltypes")
        }

        /// `_id IN {...}` for the objects at `positions` of `keys`.
        func within(_ positions: [Int]) -> String {
            "_id IN {" + positions.map { "'\(ids[keys[$0]] ?? "")'" }.joined(separator: ", ") + "}"
        }

        func key(_ position: Int) -> Int64 { keys[position] }

        func target(_ key: Int64) throws -> JSONValue {
            try #require(targets.first { $0["_key"]?.int == key })
        }
    }

    static let decimalThree = Decimal128(high: 0x3040_0000_0000_0000, low: 3)
    static let decimalOneAndHalf = Decimal128(high: 0x303E_0000_0000_0000, low: 15)
    static let decimalNaN = Decimal128(high: 0x7C00_0000_0000_0000, low: 0)

    @Test("a key a non-empty dictionary lacks is one null value; in an empty or never-created dictionary it is no value")
    func missingDictionaryKeys() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        var created: Int64 = -1
        try data.fixture.edit { editor, fixture in
            let table = try fixture.table("AllTypes")
            for property in ["stringOptDict", "mixedDict"] {
                let column = try fixture.column("AllTypes", property)
                let contents: [(Int, [String], [RealmValue])] = [
                    (0, [], []), (1, ["a"], [.string("x")]), (2, ["q"], [.null]), (3, ["q"], [.string("v")]),
                ]
                for (position, keys, values) in contents {
                    _ = try editor.edit(.replaceEntries(keys: keys, values: values), column: column, table: table, key: data.key(position))
                }
            }
            // A new object whose dictionaries were never created.
            created = try editor.create(in: table, values: [(try fixture.column("AllTypes", "_id"), .string("never-created"))])
        }
        let subset = data.within([0, 1, 2, 3]).dropLast() + ", 'never-created'}"
        for property in ["stringOptDict", "mixedDict"] {
            func run(_ condition: String) throws -> [Int64] { try data.fixture.keys("(\(condition)) AND \(subset)", on: "AllTypes") }
            #expect(try run("\(property)['q'] == nil") == [data.key(1), data.key(2)], "\(property): the missing key of a non-empty dictionary, and a null value")
            #expect(try run("\(property)['q'] != nil") == [data.key(3)], "\(property): only a value that is there")
            #expect(try run("NOT (\(property)['q'] == nil)") == [data.key(0), data.key(3), created], "\(property): no value is not null")
            #expect(try run("\(property)['q'] == nil OR \(property)['q'] != nil") == [data.key(1), data.key(2), data.key(3)])
            // Only at the end of the path: a key that goes on into a missing key is no value.
            #expect(try run("\(property)['a'] == 'x'") == [data.key(1)])
        }
        #expect(try data.fixture.keys("mixedDict['q']['deeper'] == nil AND \(subset)", on: "AllTypes").isEmpty)
    }

    @Test("a missing key in a dictionary nested in a Mixed value: null when the dictionary has entries, no value when empty")
    func missingKeysInNestedDictionaries() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        var nonEmpty: [Int64] = []
        var empty: [Int64] = []
        for object in data.allTypes {
            guard let entries = object["mixedValue"]?["$dict"]?.array, let key = object["_key"]?.int else { continue }
            if entries.isEmpty { empty.append(key) } else { nonEmpty.append(key) }
        }
        #expect(!nonEmpty.isEmpty && !empty.isEmpty)
        #expect(try data.fixture.keys("mixedValue['no such key'] == nil", on: "AllTypes") == nonEmpty)
        #expect(try data.fixture.keys("mixedValue['no such key'] != nil", on: "AllTypes").isEmpty)
        let negated = Set(try data.fixture.keys("NOT (mixedValue['no such key'] == nil)", on: "AllTypes"))
        #expect(negated.isSuperset(of: empty) && negated.isDisjoint(with: nonEmpty))
    }

    @Test("a string subscript on a Mixed link reads the linked object's property and goes on from it; a class without it gives no value")
    func linksInMixedValues() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        let viaTarget = data.key(5), viaObject = data.key(6), linked = data.key(7)
        let target3 = try data.target(3), target2 = try data.target(2)
        try data.fixture.edit { editor, fixture in
            let table = try fixture.table("AllTypes")
            let targets = try fixture.table("Target")
            let mixed = try fixture.column("AllTypes", "mixedValue")
            try editor.set(.typedLink(table: targets.key, key: 3), column: mixed, table: table, key: viaTarget)
            try editor.set(.typedLink(table: table.key, key: linked), column: mixed, table: table, key: viaObject)
            _ = try editor.setLink(to: 2, column: try fixture.column("AllTypes", "target"), table: table, key: linked)
        }
        let subset = data.within([5, 6])
        func run(_ condition: String) throws -> [Int64] { try data.fixture.keys("(\(condition)) AND \(subset)", on: "AllTypes") }
        let name3 = try #require(target3["name"]?.string), value2 = try #require(target2["value"]?.int)
        #expect(try run("mixedValue['name'] == '\(name3)'") == [viaTarget])
        // AllTypes has no `name`: no value, so neither == nil nor != nil.
        #expect(try run("mixedValue['name'] == nil").isEmpty)
        #expect(try run("mixedValue['name'] != nil") == [viaTarget])
        #expect(try run("NOT (mixedValue['name'] == nil)") == [viaTarget, viaObject])
        // Through the linked AllTypes object's own link, to Target 2.
        #expect(try run("mixedValue['target']['value'] == \(value2)") == [viaObject])
        #expect(try run("mixedValue['target']['name'] == '\(try #require(target2["name"]?.string))'") == [viaObject])
        #expect(try run("mixedValue['target']['value'] == \(value2 + 1)").isEmpty)
    }

    @Test("@sum and @avg of Mixed values add numbers as Decimal128 and skip the rest")
    func mixedSums() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        let lists: [Int: [RealmValue]] = [
            8: [.double(0.1), .double(0.2)],
            9: [.string("a"), .bool(true), .null],
            10: [.int(1), .float(2.5), .decimal(MixedRulesTests.decimalThree)],
            11: [.double(.nan), .int(1)],
            12: [.decimal(MixedRulesTests.decimalNaN), .int(2)],
            13: [],
        ]
        try data.fixture.edit { editor, fixture in
            let table = try fixture.table("AllTypes")
            let list = try fixture.column("AllTypes", "mixedList")
            for (position, values) in lists {
                _ = try editor.edit(.replaceAll(values), column: list, table: table, key: data.key(position))
            }
            _ = try editor.edit(.replaceEntries(keys: ["a", "b"], values: [.double(0.1), .double(0.2)]),
                                column: try fixture.column("AllTypes", "mixedDict"), table: table, key: data.key(8))
        }
        let subset = data.within(Array(lists.keys).sorted())
        func run(_ condition: String) throws -> [Int64] { try data.fixture.keys("(\(condition)) AND \(subset)", on: "AllTypes") }
        // In Decimal128 0.1 + 0.2 is 0.3; in Double it would be 0.30000000000000004.
        #expect(try run("mixedList.@sum == 0.3") == [data.key(8)])
        #expect(try run("mixedDict.@sum == 0.3") == [data.key(8)])
        #expect(try run("mixedList.@sum > 0.3 AND mixedList.@sum < 1").isEmpty)
        // Nothing numeric: a sum of 0, no average.
        #expect(try run("mixedList.@sum == 0") == [data.key(9), data.key(13)])
        #expect(try run("mixedList.@avg == nil") == [data.key(9), data.key(13)])
        // int, float and decimal add up; the average keeps 34 digits (6.5 / 3).
        #expect(try run("mixedList.@sum == 6.5") == [data.key(10)])
        #expect(try run("mixedList.@avg > 2.1666666666666666 AND mixedList.@avg < 2.1666666666666667") == [data.key(10)])
        // A double NaN makes the sum NaN, below every number; a decimal NaN is skipped.
        #expect(try run("mixedList.@sum < -1000000") == [data.key(11)])
        #expect(try run("mixedList.@sum == 2 AND mixedList.@avg == 2") == [data.key(12)])
    }

    @Test("a Mixed value equals a list element of another numeric type, a link to the same object, a collection of the same kind")
    func mixedComparisons() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        let pairs: [Int: (RealmValue, RealmValue)] = [
            14: (.double(1.0), .int(1)),
            15: (.string("abc"), .binary(Array("abc".utf8))),
            16: (.decimal(MixedRulesTests.decimalOneAndHalf), .float(1.5)),
            17: (.int(2), .string("2")),
        ]
        var targetKey: UInt32 = 0
        try data.fixture.edit { editor, fixture in
            let table = try fixture.table("AllTypes")
            targetKey = try fixture.table("Target").key
            let list = try fixture.column("AllTypes", "mixedList"), value = try fixture.column("AllTypes", "mixedValue")
            for (position, (element, mixed)) in pairs {
                _ = try editor.edit(.replaceAll([element]), column: list, table: table, key: data.key(position))
                try editor.set(mixed, column: value, table: table, key: data.key(position))
            }
            for (position, target) in [(18, Int64(3)), (19, 4)] {
                _ = try editor.edit(.replaceAll([.typedLink(table: targetKey, key: target)]), column: list, table: table, key: data.key(position))
                try editor.set(.typedLink(table: targetKey, key: 3), column: value, table: table, key: data.key(position))
            }
        }
        let subset = data.within(Array(14...19))
        #expect(try data.fixture.keys("mixedList[LAST] == mixedValue AND \(subset)", on: "AllTypes") == [data.key(14), data.key(16), data.key(18)])
        #expect(try data.fixture.keys("mixedValue != mixedList[0] AND \(subset)", on: "AllTypes") == [data.key(15), data.key(17), data.key(19)])
        // Two nested collections of one kind are equal whatever they hold (the fixture has
        // lists ending in a dictionary beside Mixed dictionaries, empty or not).
        let sameKind = data.allTypes.compactMap { object -> Int64? in
            guard let last = object["mixedList"]?.array?.last, let value = object["mixedValue"] else { return nil }
            let bothDictionaries = last["$dict"] != nil && value["$dict"] != nil
            let bothLists = last.array != nil && value.array != nil
            return bothDictionaries || bothLists ? object["_key"]?.int : nil
        }
        #expect(!sameKind.isEmpty)
        let untouched = data.keys[14...19].map { "'\(data.ids[$0] ?? "")'" }.joined(separator: ", ")
        #expect(try data.fixture.keys("mixedList[LAST] == mixedValue AND mixedValue.@type == 'collection' AND NOT _id IN {\(untouched)}",
                                      on: "AllTypes") == sameKind.filter { !data.keys[14...19].contains($0) })
    }

    @Test("two collections, or two paths that each reach several values, are not compared; nor a list of links with nil")
    func refusedCollectionComparisons() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        for query in ["mixedList[0] == mixedList[1]", "mixedList[0] < mixedList[LAST]", "intDict['a'] == intDict['b']",
                      "intList == intSet", "targetList.value == intList", "ANY targetList.value == addressList.zip",
                      "targetList == nil", "nil == targetSet"] {
            let refusal = try data.fixture.refusal(query, on: "AllTypes")
            #expect(refusal?.contains("compare") == true, "\(query) must be refused as a comparison of collections: \(refusal ?? "accepted")")
        }
        // One side a single value: fine.
        for query in ["mixedValue == mixedList[0]", "intReq IN intList", "mixedList.@count == intList.@count",
                      "target == nil", "targetList.@count == 0", "mixedList[0] == intReq"] {
            #expect(try data.fixture.refusal(query, on: "AllTypes") == nil, "\(query) must be accepted")
        }
    }
}
