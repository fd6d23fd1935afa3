import RealmFormat
import RealmInterchange
import TestSupport
import Testing

/// Random access into cluster trees: `leaf(atPosition:)` (what `Specimen[3]` uses) and
/// `find(key:)` (what following a link uses) must agree with the dump's key order.
///
/// Sampled positions are the first, the middle, the last and every 997th (a prime, so the samples
/// hit different rows of different leaves), which crosses leaf and inner-node boundaries in
/// demo.realm (explicit inner keys), history.realm (irregular splits) and big.realm (compact).
@Suite("Position and key lookups", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct LookupTests {
    @Test("leaf(atPosition:) and find(key:) agree with the dump", arguments: Fixtures.goldenNames)
    func lookupsMatchDump(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        let file = try RealmFile(path: Fixtures.realmPath(fixture))
        let tableDumps = try #require(dump["tables"]?.array)
        try #require(file.tables.count == tableDumps.count)

        var comparison = GoldenComparison(fixture: fixture, file: file)
        var lookups = 0
        var expectedLookups = 0
        for (table, tableDump) in zip(file.tables, tableDumps) {
            let objects = try #require(tableDump["objects"]?.array)
            let keys = objects.map { $0["_key"]?.int ?? Int64.min }
            try #require(table.objects.count == keys.count, "\(fixture): \(table.name) count")
            let positions = LookupTests.samplePositions(count: keys.count)
            expectedLookups += positions.count
            let columns = table.columns
            let memberNames = ["_key"] + columns.map(\.name)
            let comparable = columns.map {
                DumpValueMatcher.isComparable(type: $0.type.description, collection: $0.collection?.rawValue)
            }
            for position in positions {
                let context = "\(fixture): \(table.name)[\(position)]"
                let byPosition = try #require(try table.objects.leaf(atPosition: position), "\(context): no leaf")
                #expect(byPosition.leaf.firstPosition.map { $0 + byPosition.row } == position, "\(context)")
                #expect(try byPosition.leaf.key(at: byPosition.row) == keys[position], "\(context): key")

                let byKey = try #require(try table.objects.find(key: keys[position]),
                                         "\(context): key \(keys[position]) not found")
                #expect(try byKey.leaf.key(at: byKey.row) == keys[position], "\(context): found key")
                #expect(byKey.leaf.firstPosition == nil, "\(context): find(key:) counts no position")
                let counted = try #require(try table.objects.findCountingPosition(key: keys[position]), "\(context): counting")
                #expect(counted.position == position, "\(context): position of the found key")
                #expect(counted.leaf.nodeRef == byKey.leaf.nodeRef && counted.row == byKey.row, "\(context): the same object both ways")

                // The row that find(key:) lands on must hold that object's values.
                let readers = try columns.map { try ColumnLeafReader(leaf: byKey.leaf, column: $0) }
                try comparison.compareObject(at: byKey.row, of: byKey.leaf, readers: readers, comparable: comparable,
                                             dump: objects[position], expectedMemberNames: memberNames, context: context)

                // A key in a gap between two existing keys must not be found.
                if position + 1 < keys.count, keys[position] + 1 < keys[position + 1] {
                    #expect(try table.objects.find(key: keys[position] + 1) == nil, "\(context): gap key found")
                }
                lookups += 1
            }
            #expect(try table.objects.leaf(atPosition: keys.count) == nil, "\(fixture): \(table.name) past the end")
            #expect(try table.objects.leaf(atPosition: -1) == nil, "\(fixture): \(table.name) negative position")
            #expect(try table.objects.find(key: -1) == nil, "\(fixture): \(table.name) key -1")
            if let last = keys.last {
                #expect(try table.objects.find(key: last + 1) == nil, "\(fixture): \(table.name) key after the last")
            }
        }
        #expect(lookups > 0)
        #expect(lookups == expectedLookups)
        #expect(comparison.keysCompared == expectedLookups)
        #expect(comparison.mismatches == 0)
    }

    /// First, middle, last and every 997th position, without duplicates, in ascending order.
    static func samplePositions(count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let positions = Set(Array(stride(from: 0, to: count, by: 997)) + [count / 2, count - 1])
        return positions.sorted()
    }
}
