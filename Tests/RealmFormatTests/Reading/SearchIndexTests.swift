import RealmFormat
import RealmInterchange
import TestSupport
import Testing

/// Search-index lookups must find every object holding a value (candidates may include more;
/// queries re-check them). Expected holders come from the dumps.
@Suite("Search indexes", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SearchIndexTests {
    @Test("lookups find every holder of each value", arguments: [
        ("tasks", "class_BankInfo", "bank_accno"),
        ("alltypes", "class_AllTypes", "_id"),
        ("alltypes", "class_AllTypes", "indexedString"),
        ("alltypes", "class_AllTypes", "indexedInt"),
        ("history", "class_Note", "id"),
    ])
    func findsHolders(fixture: String, table tableName: String, column columnName: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(fixture))
        let table = try #require(file.table(named: tableName))
        let column = try #require(table.column(named: columnName))
        let index = try #require(try SearchIndex(column: column, file: file), "\(columnName) has an index")
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let objects = try #require(dump["tables"]?.array?.first { $0["name"]?.string == tableName }?["objects"]?.array)
        var holders: [String: (value: RealmValue, keys: [Int64])] = [:]
        for object in objects {
            let json = try #require(object[columnName])
            let value: RealmValue = try json.string.map(RealmValue.string) ?? .int(try #require(json.int))
            holders["\(value)", default: (value, [])].keys.append(try #require(object["_key"]?.int))
        }
        #expect(holders.count > 1)
        for (value, keys) in holders.values {
            let realmValue = value
            let candidates = try #require(try index.candidates(for: realmValue))
            #expect(Set(keys).isSubset(of: Set(candidates)), "\(columnName) = \(value)")
        }
        let absent = try #require(try index.candidates(for: column.type == .string ? .string("no such value ✗") : .int(-987_654_321)))
        #expect(absent.isEmpty)
    }

    @Test func keysFollowTheDocumentedLayout() {
        #expect(SearchIndex.key(Array("".utf8), at: 0) == 0x5800_0000)
        #expect(SearchIndex.key(Array("abc".utf8), at: 0) == 0x6162_6358)
        #expect(SearchIndex.key(Array("abcdef".utf8), at: 0) == 0x6162_6364)
        #expect(SearchIndex.key(Array("abcdef".utf8), at: 4) == 0x6566_5800)
    }
}
