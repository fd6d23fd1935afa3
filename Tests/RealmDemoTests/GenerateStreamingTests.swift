import Foundation
@testable import RealmDemo
import RealmFormat
import Testing
import TestSupport

/// The demo database (what `generate demo` writes) is produced a leaf at a time while it is
/// written; the file must be the very one the in-memory recipe (`ReferenceDemoTables`) writes,
/// byte for byte.
@Suite("Generate demo, streamed")
struct GenerateStreamingTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("GenerateStreamingTests-\(UUID().uuidString)-\(name)").path
    }

    /// 0 and 1 object, one leaf short of full, several leaves under one inner node, and (65,793
    /// objects = 257 leaves) a tree with two levels of inner nodes.
    @Test(arguments: [0, 1, 255, 300, 2000, 65_793])
    func writesTheBytesOfTheInMemoryRecipe(rows: Int) throws {
        let streamed = temporaryPath("streamed.realm")
        let reference = temporaryPath("reference.realm")
        defer {
            try? FileManager.default.removeItem(atPath: streamed)
            try? FileManager.default.removeItem(atPath: reference)
        }
        // As `generate demo FILE --rows N --seed 11` writes it.
        let contents = try DemoDatabase(rows: rows, seed: 11, now: DemoDatabase.seededNow).contents()
        try RealmFileWriter().write(streamedTables: contents.tables, backlinks: contents.backlinks, to: streamed)
        try RealmFileWriter().write(tables: ReferenceDemoTables(rows: rows, seed: 11).tables(), to: reference)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: streamed)))
        #expect(bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: reference))))
        let report = try SpaceAccounting.verify(bytes)
        #expect(report.fileFormat == 24)

        let file = try RealmFile(path: streamed)
        for name in ["class_RealmTestClass0", "class_RealmTestClass1", "class_RealmTestClass2"] {
            #expect(try #require(file.table(named: name)).objects.count == rows)
        }
        var leaves = 0
        try #require(file.table(named: "class_RealmTestClass1")).objects.forEachLeaf { _ in leaves += 1 }
        #expect(leaves == max(1, (rows + 255) / 256))
        // The cluster root of RealmTestClass1 (table 2): a leaf up to 256 objects, else an inner
        // node whose depth (slot 1) counts the inner levels.
        let top = try element(Int(bytes[23] & 1), ofHeaderIn: bytes)
        let tableList = try element(1, of: top, in: bytes)
        let tableTop = try element(2, of: tableList, in: bytes)
        let root = try element(2, of: tableTop, in: bytes)
        let isInner = bytes[Int(root) + 4] & 0x80 != 0
        #expect(isInner == (rows > 256))
        if isInner { #expect(try element(1, of: root, in: bytes) >> 1 == (rows > 256 * 256 ? 2 : 1)) }
    }

    /// The top ref in header slot `slot`.
    private func element(_ slot: Int, ofHeaderIn bytes: [UInt8]) throws -> Int64 {
        (0..<8).reduce(Int64(0)) { $0 | Int64(bytes[slot * 8 + $1]) << (8 * $1) }
    }

    /// Element `index` of the node at `ref` (byte-wide or wider elements, as refs are).
    private func element(_ index: Int, of ref: Int64, in bytes: [UInt8]) throws -> Int64 {
        let start = Int(ref)
        let width = (1 << Int(bytes[start + 4] & 0x07)) >> 1
        let size = Int(bytes[start + 5]) << 16 | Int(bytes[start + 6]) << 8 | Int(bytes[start + 7])
        try #require(width >= 8 && index < size)
        let offset = start + 8 + index * width / 8
        let value = (0..<(width / 8)).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        let shift = UInt64(64 - width)
        return Int64(bitPattern: value << shift) >> shift
    }

    /// The tables draw from one random sequence: asking for a class's objects out of turn is an
    /// error, never other values written silently.
    @Test func producersOutOfTurnThrow() throws {
        let contents = try DemoDatabase(rows: 300, seed: 5, now: DemoDatabase.seededNow).contents()
        #expect(contents.tables.map(\.count) == [1, 300, 300, 300])
        #expect(throws: RealmFormatError.self) { _ = try contents.tables[2].rows(0..<256) }
        let first = try contents.tables[1].rows(0..<256)
        #expect(first.keys == (0..<256).map { Int64($0) })
        #expect(throws: RealmFormatError.self) { _ = try contents.tables[1].rows(0..<44) }
        let rest = try contents.tables[1].rows(256..<300)
        #expect(rest.keys.first == 65_536)
        #expect(rest.values.count == 2)
    }

    /// The entries kept in a temporary file (`SpilledBacklinks`) are the in-memory index's,
    /// target by target in link order, whatever the bucket and chunk sizes: buckets of one
    /// target, chunks of one entry, buckets and chunks that end mid-way, one bucket for all.
    @Test(arguments: [(1, 1), (7, 3), (64, 16), (65_536, 4096)])
    func spilledEntriesAreTheInMemoryOnes(bucketSize: Int, chunkEntries: Int) throws {
        let rows = 700
        let spilled = try DemoBacklinks.indexes(seed: 3, rows: rows, bucketSize: bucketSize, chunkEntries: chunkEntries)
        let held = try DemoBacklinks.inMemoryIndexes(seed: 3, rows: rows)
        #expect(spilled.count == 2 && held.count == 2)
        var entries = 0
        for (index, match) in zip(spilled, held) {
            #expect(index.originTable == match.originTable && index.originColumn == match.originColumn && index.targetTable == match.targetTable)
            #expect(index.targetCount == rows && match.targetCount == rows)
            for row in -1...rows {
                let origins = try Array(index.origins(ofTarget: row))
                #expect(origins == Array(try match.origins(ofTarget: row)), "target \(row)")
                entries += origins.count
            }
        }
        #expect(entries > rows)
    }

    /// The backlink entries gathered by replaying the sequence are the links the objects hold.
    @Test func backlinksAreTheLinksOfTheObjects() throws {
        let rows = 700
        let contents = try DemoDatabase(rows: rows, seed: 3, now: DemoDatabase.seededNow).contents()
        let reference = ReferenceDemoTables(rows: rows, seed: 3).tables()
        let expected = try BacklinkIndex.indexes(of: reference)
        #expect(contents.backlinks.count == 2)
        for index in contents.backlinks {
            let match = try #require(expected.first {
                $0.originTable == index.originTable && $0.originColumn == index.originColumn && $0.targetTable == index.targetTable
            })
            #expect(index.targetCount == rows)
            for row in 0..<rows {
                #expect(try Array(index.origins(ofTarget: row)) == Array(match.origins(ofTarget: row)))
            }
        }
        let listEntries = try #require(contents.backlinks.first { $0.targetTable == 1 })
        let links = reference[2].values[6].reduce(0) { total, value in
            if case let .list(elements) = value { return total + elements.count } else { return total }
        }
        #expect(try (0..<rows).reduce(0) { try $0 + listEntries.origins(ofTarget: $1).count } == links)
    }
}
