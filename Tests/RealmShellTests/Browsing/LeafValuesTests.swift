import Foundation
import RealmFormat
import RealmShell
import Testing
import TestSupport

/// `LeafValues` reads numbers, bools and dates from the leaf's layout in place; the column's
/// `ColumnLeafReader` reads them through its decoded leaf. Both must give every value of every
/// scalar column of the fixtures (current and legacy formats, nulls included) the same way.
@Suite("Leaf values read in place", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct LeafValuesTests {
    /// Current formats and two legacy ones (converted on opening).
    static let fixtures = ["alltypes", "big", "demo", "history", "species", "tasks",
                           "legacy/test_upgrade_database_1000_22", "legacy/test_upgrade_database_1000_23"]

    @Test(arguments: LeafValuesTests.fixtures)
    func sameAsTheReader(file name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(name))
        var values = 0
        var nulls = 0
        for table in file.tables {
            for column in table.columns where column.collection == nil && [.int, .bool, .float, .double, .timestamp].contains(column.type) {
                try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                    let inPlace = try LeafValues(leaf: leaf, column: column)
                    let reader = try ColumnLeafReader(leaf: leaf, column: column)
                    for row in 0..<leaf.count {
                        switch column.type {
                        case .int, .bool:
                            let value = try inPlace.integer(at: row)
                            #expect(value == (try reader.integer(at: row)), "\(name) \(table.className).\(column.name) row \(row)")
                            if value == nil { nulls += 1 }
                        case .float, .double:
                            let value = try inPlace.floatingPoint(at: row)
                            let expected = try reader.floatingPoint(at: row)
                            #expect(value?.bitPattern == expected?.bitPattern, "\(name) \(table.className).\(column.name) row \(row)")
                            if value == nil { nulls += 1 }
                        default:
                            let value = try inPlace.timestamp(at: row)
                            #expect(value == (try reader.timestamp(at: row)), "\(name) \(table.className).\(column.name) row \(row)")
                            if value == nil { nulls += 1 }
                        }
                        #expect(Self.same(try inPlace.value(at: row), try reader.value(at: row)), "\(name) \(table.className).\(column.name) row \(row)")
                        values += 1
                    }
                }
            }
        }
        #expect(values > 0)
        if name == "alltypes" { #expect(nulls > 0, "alltypes has null numbers and dates") }
    }

    /// Equal values, floats and doubles by their bits (NaN is not equal to itself).
    static func same(_ left: RealmValue, _ right: RealmValue) -> Bool {
        switch (left, right) {
        case let (.float(first), .float(second)): return first.bitPattern == second.bitPattern
        case let (.double(first), .double(second)): return first.bitPattern == second.bitPattern
        default: return left == right
        }
    }

    /// Strings and binaries (short, small, big and enumerated leaves): the bytes `withBytes`
    /// lends are the reader's; every other column's `value(at:)` is the reader's value, and a
    /// list's, set's or dictionary's `collectionSize(at:)` the reader's length.
    @Test(arguments: LeafValuesTests.fixtures)
    func bytesAndValuesAsTheReader(file name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(name))
        var strings = 0
        var nulls = 0
        var collections = 0
        for table in file.tables {
            for column in table.columns where column.type != .backlink {
                try table.objects.forEachLeafTyped { leaf throws(RealmFormatError) in
                    let inPlace = try LeafValues(leaf: leaf, column: column)
                    let reader = try ColumnLeafReader(leaf: leaf, column: column)
                    for row in 0..<leaf.count {
                        let place = "\(name) \(table.className).\(column.name) row \(row)"
                        #expect(Self.same(try inPlace.value(at: row), try reader.value(at: row)), "\(place)")
                        if column.collection != nil {
                            let size = try inPlace.collectionSize(at: row)
                            #expect(size == (try reader.value(at: row) == .null ? nil : try reader.collectionSize(at: row)), "\(place)")
                            if (size ?? 0) > 0 { collections += 1 }
                        }
                        guard column.collection == nil, column.type == .string || column.type == .binary else { continue }
                        let bytes = try inPlace.withBytes(at: row) { Array($0) }
                        #expect(bytes == (try reader.blob(at: row)?.bytes), "\(place)")
                        strings += 1
                        if bytes == nil { nulls += 1 }
                    }
                }
            }
        }
        if name != "legacy/test_upgrade_database_1000_22", name != "legacy/test_upgrade_database_1000_23" { #expect(strings > 0) }
        if name == "alltypes" { #expect(nulls > 0, "alltypes has null strings and binaries") }
        if ["alltypes", "big", "demo", "tasks"].contains(name) { #expect(collections > 0, "\(name) has lists") }
    }
}
