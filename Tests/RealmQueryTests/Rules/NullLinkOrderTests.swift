import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import TestSupport
import Testing

/// SORT and DISTINCT through a link that is null (realm-core `BaseDescriptor::Sorter`): for
/// each sort key, an object whose path meets a null link goes after the others when the key is
/// ascending and before them when descending; two such objects tie and the next key decides. A
/// null *value* at the end of the path is another thing: it sorts as the smallest value. DISTINCT
/// drops the objects whose path meets a null link.
///
/// On a copy of species.realm changed with the tool's editor: Category gets an optional int
/// `rank` (2, 1, null, 3, null for its five objects), and a second specimen loses its category,
/// so both rules meet in one sort. Each query runs through all three sorting paths (radix sort
/// of numbers, the comparison sort of strings, top-k under a small LIMIT, several keys) and the
/// expected order comes from the rule applied to the fixture's dump plus those edits.
@Suite("SORT and DISTINCT through null links", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct NullLinkOrderTests {
    /// One specimen as the test knows it: from species.json, with the edits applied.
    struct Specimen {
        let key: Int64
        let name: String
        let created: Int64
        /// The category's key, nil for a null link.
        let category: Int64?
    }

    /// A sort key's value for one specimen: the path met a null link, or a value (nil: null).
    enum KeyValue {
        case brokenLink
        case value((any Comparable)?)
    }

    static let ranks: [Int64: Int64?] = [0: 2, 1: 1, 2: nil, 3: 3, 4: nil]

    final class Data {
        let fixture: EditedFixture
        let specimens: [Specimen]
        let categoryNames: [Int64: String]

        init() throws {
            let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
            let tables = try #require(dump["tables"]?.array)
            let categories = try #require(tables.first { $0["class"]?.string == "Category" }?["objects"]?.array)
            categoryNames = Dictionary(uniqueKeysWithValues: categories.compactMap { object in
                object["_key"]?.int.flatMap { key in object["name"]?.string.map { (key, $0) } }
            })
            let objects = try #require(tables.first { $0["class"]?.string == "Specimen" }?["objects"]?.array)
            var read: [Specimen] = []
            for object in objects {
                let key = try #require(object["_key"]?.int)
                let created = try #require(object["created"]?["$date"]?.array?.first?.int)
                read.append(Specimen(key: key, name: try #require(object["name"]?.string), created: created,
                                     category: object["category"]?["$link"]?.array?.last?.int))
            }
            // The fixture has one specimen without a category; a second one loses it here.
            #expect(read.filter { $0.category == nil }.count == 1)
            let unlinked = try #require(read.first { $0.category != nil && $0.key > 10 })
            specimens = read.map { $0.key == unlinked.key ? Specimen(key: $0.key, name: $0.name, created: $0.created, category: nil) : $0 }

            fixture = try EditedFixture("species")
            try fixture.edit { editor, _ in
                try editor.addProperty(NewColumn(name: "rank", type: .int, isNullable: true), toTable: "class_Category")
            }
            try fixture.edit { editor, fixture in
                let categoryTable = try fixture.table("Category")
                let rank = try fixture.column("Category", "rank")
                for (key, value) in NullLinkOrderTests.ranks {
                    try editor.set(value.map { .int($0) } ?? .null, column: rank, table: categoryTable, key: key)
                }
                _ = try editor.setLink(to: nil, column: try fixture.column("Specimen", "category"),
                                       table: try fixture.table("Specimen"), key: unlinked.key)
            }
        }

        func value(_ path: String, of specimen: Specimen) -> KeyValue {
            switch path {
            case "name": return .value(specimen.name)
            case "created": return .value(specimen.created)
            case "category.name":
                guard let category = specimen.category else { return .brokenLink }
                return .value(categoryNames[category])
            case "category.rank":
                guard let category = specimen.category else { return .brokenLink }
                return .value(NullLinkOrderTests.ranks[category] ?? nil)
            default:
                Issue.record("no reference value for \(path)")
                return .brokenLink
            }
        }

        /// The rule, written out: per key, null links after everything ascending and before
        /// everything descending, null values smallest; ties keep key order.
        func sorted(by keys: [(String, Bool)]) -> [Int64] {
            specimens.sorted { a, b in
                for (path, ascending) in keys {
                    switch (value(path, of: a), value(path, of: b)) {
                    case (.brokenLink, .brokenLink): continue
                    case (.brokenLink, .value): return !ascending
                    case (.value, .brokenLink): return ascending
                    case let (.value(x), .value(y)):
                        let order = NullLinkOrderTests.order(x, y)
                        if order != 0 { return ascending ? order < 0 : order > 0 }
                    }
                }
                return a.key < b.key
            }.map(\.key)
        }
    }

    static func order(_ x: (any Comparable)?, _ y: (any Comparable)?) -> Int {
        switch (x, y) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case let (a as Int64, b as Int64): return a < b ? -1 : (a > b ? 1 : 0)
        case let (a as String, b as String): return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : (a == b ? 0 : 1)
        default: return 0
        }
    }

    @Test("a null link sorts after every value ascending and before every value descending; a null value sorts first",
          arguments: ["category.name", "category.rank"])
    func oneKey(path: String) throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        for ascending in [true, false] {
            let expected = data.sorted(by: [(path, ascending)])
            let direction = ascending ? "ASC" : "DESC"
            #expect(try data.fixture.keys("TRUEPREDICATE SORT(\(path) \(direction))", on: "Specimen") == expected)
            // A small LIMIT takes the top-k path instead of the whole sort.
            #expect(try data.fixture.keys("TRUEPREDICATE SORT(\(path) \(direction)) LIMIT(3)", on: "Specimen") == Array(expected.prefix(3)))
            let unlinked = data.specimens.filter { $0.category == nil }.map(\.key)
            let ends = ascending ? Array(expected.suffix(unlinked.count)) : Array(expected.prefix(unlinked.count))
            #expect(ends == unlinked, "\(path) \(direction): the objects without a category close an ascending sort and open a descending one")
        }
        // Both sides of the other rule: a null rank (Flora, Arachnids) is the smallest value.
        let ranked = data.sorted(by: [("category.rank", true)])
        let firstRanked = try #require(data.specimens.first { $0.key == ranked[0] })
        #expect(firstRanked.category.map { NullLinkOrderTests.ranks[$0] ?? nil } == .some(nil))
    }

    @Test("objects that both meet a null link tie on that key and the next key decides")
    func severalKeys() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        for keys in [[("category.rank", true), ("name", false)], [("category.name", false), ("created", true)],
                     [("category.rank", false), ("category.name", true), ("name", true)]] {
            let clause = keys.map { "\($0.0) \($0.1 ? "ASC" : "DESC")" }.joined(separator: ", ")
            let expected = data.sorted(by: keys)
            #expect(try data.fixture.keys("TRUEPREDICATE SORT(\(clause))", on: "Specimen") == expected, "\(clause)")
            #expect(try data.fixture.keys("TRUEPREDICATE SORT(\(clause)) LIMIT(4)", on: "Specimen") == Array(expected.prefix(4)), "\(clause)")
        }
    }

    @Test("DISTINCT drops the objects whose key path meets a null link; null values are one value")
    func distinct() throws {
        guard Fixtures.requirePresent() else { return }
        let data = try Data()
        var seen: [Int64?] = []
        var expected: [Int64] = []
        for specimen in data.specimens {
            guard let category = specimen.category else { continue }
            let rank = NullLinkOrderTests.ranks[category] ?? nil
            if !seen.contains(rank) {
                seen.append(rank)
                expected.append(specimen.key)
            }
        }
        #expect(expected.count == 4, "three ranks and null")
        #expect(try data.fixture.keys("TRUEPREDICATE DISTINCT(category.rank)", on: "Specimen") == expected)
        let sortedFirst = data.sorted(by: [("category.rank", true)])
        var seenSorted: [Int64?] = []
        let expectedSorted = sortedFirst.filter { key in
            guard let category = data.specimens.first(where: { $0.key == key })?.category else { return false }
            let rank = NullLinkOrderTests.ranks[category] ?? nil
            if seenSorted.contains(rank) { return false }
            seenSorted.append(rank)
            return true
        }
        #expect(try data.fixture.keys("TRUEPREDICATE SORT(category.rank ASC) DISTINCT(category.rank)", on: "Specimen") == expectedSorted)
    }
}
