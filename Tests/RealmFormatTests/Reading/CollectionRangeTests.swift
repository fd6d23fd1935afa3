import RealmFormat
import TestSupport
import Testing

/// `CollectionReader.elements(of:in:)` and `entries(of:in:)` (serve's pages of elements) give
/// exactly the slice of the whole read and the whole read's count, for every list, set and
/// dictionary of the fixtures, nested ones in Mixed included, at ranges before, across and
/// after leaf boundaries (alltypes' 2000-element list spans several leaves).
@Suite("Collection ranges", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CollectionRangeTests {
    static let ranges = [0..<0, 0..<1, 0..<500, 1..<3, 250..<750, 999..<1001, 1000..<1500, 1500..<2500, 1999..<2000, 5000..<5500]

    @Test(arguments: ["alltypes", "demo", "history", "tasks"])
    func rangesAreSlicesOfTheWholeRead(fixture: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(fixture))
        let reader = CollectionReader(file: file)
        var checked = 0
        var longest = 0
        func check(_ value: RealmValue, depth: Int) throws {
            guard case let .collection(summary) = value, depth < 4 else { return }
            checked += 1
            if summary.kind == .dictionary {
                let all = try reader.entries(of: summary)
                longest = max(longest, all.count)
                for range in Self.ranges {
                    let part = try reader.entries(of: summary, in: range)
                    let expected = all[min(range.lowerBound, all.count)..<min(range.upperBound, all.count)]
                    #expect(part.count == all.count)
                    #expect(part.entries.map(\.key) == expected.map(\.key))
                    #expect(part.entries.map { Self.key($0.value) } == expected.map { Self.key($0.value) })
                }
                for entry in all { try check(entry.value, depth: depth + 1) }
            } else {
                let all = try reader.elements(of: summary)
                longest = max(longest, all.count)
                for range in Self.ranges {
                    let part = try reader.elements(of: summary, in: range)
                    #expect(part.count == all.count)
                    #expect(part.values.map(Self.key) == all[min(range.lowerBound, all.count)..<min(range.upperBound, all.count)].map(Self.key))
                }
                for element in all { try check(element, depth: depth + 1) }
            }
        }
        for table in file.tables {
            let columns = table.columns.filter { $0.collection != nil || $0.type == .mixed }
            guard !columns.isEmpty else { continue }
            try table.objects.forEachLeaf { leaf in
                for column in columns {
                    let values = try ColumnLeafReader(leaf: leaf, column: column)
                    for row in 0..<leaf.count { try check(try values.value(at: row), depth: 0) }
                }
            }
        }
        #expect(checked > 0)
        if fixture == "alltypes" { #expect(longest >= 2000) }
    }

    /// A value compared by its bits where `==` cannot (NaN is not equal to itself).
    static func key(_ value: RealmValue) -> String {
        switch value {
        case let .double(number): return "double \(number.bitPattern)"
        case let .float(number): return "float \(number.bitPattern)"
        default: return String(reflecting: value)
        }
    }
}
