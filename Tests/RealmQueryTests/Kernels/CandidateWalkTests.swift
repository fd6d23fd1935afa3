import Foundation
import RealmFormat
@testable import RealmQuery
import TestSupport
import Testing

/// `TableScan.run(candidates:)` (index lookups, values gathered through links for SORT) stays
/// on the leaf in hand while the candidates are inside its key range and descends from the
/// root only to leave it. Checked against the keys a plain leaf walk reads, on every table of
/// the fixtures: every existing key is found on its own row, and keys between and around them
/// (the gaps deleted objects left, keys past the last) find nothing.
@Suite("Candidates found leaf by leaf", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CandidateWalkTests {
    @Test(arguments: ["alltypes", "big", "demo", "history", "species", "tasks"])
    func everyKeyAndNoGap(file name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(name))
        var tablesWithGaps = 0
        for table in file.tables {
            var existing: [Int64] = []
            try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                let keys = try leaf.keyScan()
                for row in 0..<keys.count { existing.append(keys[row]) }
            }
            let present = Set(existing)
            if let first = existing.first, let last = existing.last, last - first != Int64(existing.count - 1) { tablesWithGaps += 1 }
            // The keys, the ones just beside each (gaps where they are not present) and beyond.
            var candidates = Set(existing)
            for key in existing { candidates.insert(key + 1); if key > 0 { candidates.insert(key - 1) } }
            candidates.insert((existing.last ?? 0) + 1000)
            let sorted = candidates.sorted()
            var found: [Int64] = []
            try TableScan(table: table, kernel: ConstantKernel(true)).run(candidates: sorted) { leafKeys, rows, _ in
                rows.forEachSelected { row in found.append(leafKeys[row]) }
            }
            #expect(found == existing, "\(name) \(table.className): \(found.count) found, \(existing.count) exist")
            #expect(sorted.filter(present.contains) == existing)
        }
        if name == "history" { #expect(tablesWithGaps > 0, "history.realm has tables whose objects were deleted") }
    }
}
