import Foundation
import RealmFormat
@testable import RealmQuery
import TestSupport
import Testing

/// DISTINCT on one property keeps the first object (in key order) of each value. The engine's
/// typed path (`DistinctFilter`: `quickHash` and `same` on collected values) is checked against
/// the general rule's key (`DistinctKey`, made from each value decoded on its own) for every
/// scalar property of the fixtures: null, -0 and 0, NaN, equal strings of different storage,
/// dates with nanoseconds.
@Suite("DISTINCT by the typed path and by the general key", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DistinctTests {
    @Test(arguments: ["alltypes", "big", "species", "tasks", "history"])
    func everyScalarProperty(file name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(name))
        let engine = QueryEngine(file: file)
        var checked = 0
        for table in file.classTables where table.kind != .embedded {
            for column in table.columns where column.collection == nil && !column.isLink && !column.isBacklink
                && column.type != .mixed && column.type != .typedLink && column.type != .binary {
                var expected: [Int64] = []
                var seen = Set<DistinctKey>()
                try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                    let reader = try ColumnLeafReader(leaf: leaf, column: column)
                    for row in 0..<leaf.count where seen.insert(DistinctKey(try reader.value(at: row))).inserted {
                        expected.append(try leaf.key(at: row))
                    }
                }
                let query = "TRUEPREDICATE DISTINCT(\(column.name))"
                let found = try engine.run(query, on: table)
                #expect(found == expected, "\(name) \(table.className).\(column.name): \(found.count) kept, \(expected.count) by the general key")
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
