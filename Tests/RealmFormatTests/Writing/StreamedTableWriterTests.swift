import Foundation
import RealmFormat
import Testing
import TestSupport

/// Tables whose objects are produced a leaf at a time while they are written, with backlink
/// entries gathered beforehand in a `BacklinkIndex`, write the same bytes as the same tables
/// held whole in `NewTable`s.
@Suite("Streamed table writer")
struct StreamedTableWriterTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("StreamedTableWriterTests-\(UUID().uuidString)-\(name)").path
    }

    @Test func backlinkIndexKeepsLinkOrderAndRepeats() throws {
        let links: [(origin: Int64, target: Int)] = [(10, 2), (11, 0), (12, 2), (12, 2), (13, 7), (14, -1), (15, 3)]
        var counter = BacklinkIndex.Counter(targetCount: 4)
        for link in links { counter.count(target: link.target) }
        var filler = counter.filling(originTable: 5, originColumn: 1, targetTable: 6)
        for link in links { filler.add(origin: link.origin, target: link.target) }
        let index = try filler.index()
        #expect(index.targetCount == 4)
        #expect((index.originTable, index.originColumn, index.targetTable) == (5, 1, 6))
        #expect(try (0..<5).map { try Array(index.origins(ofTarget: $0)) } == [[11], [], [10, 12, 12], [15], []])
        let none = BacklinkIndex(originTable: 0, originColumn: 0, targetTable: 1, targetCount: 3)
        #expect(try none.targetCount == 3 && (0..<3).allSatisfy { try none.origins(ofTarget: $0).isEmpty })
    }

    @Test func backlinkIndexRefusesPassesThatDisagree() {
        var counter = BacklinkIndex.Counter(targetCount: 2)
        counter.count(target: 0)
        counter.count(target: 1)
        var fewer = counter.filling(originTable: 1, originColumn: 0, targetTable: 0)
        fewer.add(origin: 1, target: 0)
        #expect(throws: RealmFormatError.self) { try fewer.index() }
        var moved = counter.filling(originTable: 1, originColumn: 0, targetTable: 0)
        moved.add(origin: 1, target: 0)
        moved.add(origin: 2, target: 0)
        #expect(throws: RealmFormatError.self) { try moved.index() }
    }

    /// Targets: `name` (indexed). Origins: a list of links, a single link and a Mixed value that
    /// is sometimes a link, so every kind of backlink column is written from an index.
    static let targetCount = 600, originCount = 700

    static func targetName(_ row: Int) -> NewValue {
        .scalar(.string(row % 50 == 0 ? String(repeating: "long name \(row) ", count: 8) : "t\(row % 97)"))
    }

    static func listTargets(_ row: Int) -> [Int] { (0..<(row % 4)).map { (row * 7 + $0 * 131) % targetCount } }
    static func singleTarget(_ row: Int) -> Int? { row % 3 == 0 ? nil : (row * 13) % targetCount }
    static func mixedTarget(_ row: Int) -> Int? { row % 5 == 0 ? (row * 3) % targetCount : nil }

    static func originValues(_ row: Int) -> [NewValue] {
        let key = { (target: Int) in ObjectKeys.squeezed(Int64(target)) }
        return [
            .scalar(.int(Int64(row * row) - 5000)),
            .list(listTargets(row).map { .link(table: 0, key: key($0)) }),
            .scalar(singleTarget(row).map { .link(table: 0, key: key($0)) } ?? .null),
            .scalar(mixedTarget(row).map { .typedLink(table: 0, key: key($0)) } ?? .int(Int64(row))),
        ]
    }

    static let targetColumns = [NewColumn(name: "name", type: .string, isIndexed: true)]
    static let originColumns = [
        NewColumn(name: "value", type: .int),
        NewColumn(name: "all", type: .link, collection: .list, targetTable: 0),
        NewColumn(name: "best", type: .link, isNullable: true, targetTable: 0),
        NewColumn(name: "any", type: .mixed, isNullable: true),
    ]

    static func keys(_ range: Range<Int>) -> [Int64] { range.map { ObjectKeys.squeezed(Int64($0)) } }

    static func newTables() -> [NewTable] {
        let origins = (0..<originCount).map(originValues)
        return [
            NewTable(name: "class_Target", columns: targetColumns, keys: keys(0..<targetCount),
                     values: [(0..<targetCount).map(targetName)], keySequence: Int64(targetCount)),
            NewTable(name: "class_Origin", columns: originColumns, keys: keys(0..<originCount),
                     values: originColumns.indices.map { column in origins.map { $0[column] } }, keySequence: Int64(originCount)),
        ]
    }

    /// The same tables produced on demand, and their backlinks counted and filled from the
    /// same formulas.
    static func streamedTables() throws -> (tables: [StreamedTable], backlinks: [BacklinkIndex]) {
        let tables = [
            StreamedTable(name: "class_Target", columns: targetColumns, count: targetCount, keySequence: Int64(targetCount)) { range in
                StreamedRows(keys: keys(range), values: [range.map(targetName)[...]])
            },
            StreamedTable(name: "class_Origin", columns: originColumns, count: originCount, keySequence: Int64(originCount),
                          mixedLinkTargets: [3: [0]]) { range in
                let rows = range.map(originValues)
                return StreamedRows(keys: keys(range), values: originColumns.indices.map { column in rows.map { $0[column] }[...] })
            },
        ]
        let linkSets: [(column: Int, targets: (Int) -> [Int])] = [
            (1, listTargets), (2, { singleTarget($0).map { [$0] } ?? [] }), (3, { mixedTarget($0).map { [$0] } ?? [] }),
        ]
        var backlinks: [BacklinkIndex] = []
        for links in linkSets {
            var counter = BacklinkIndex.Counter(targetCount: targetCount)
            for row in 0..<originCount { for target in links.targets(row) { counter.count(target: target) } }
            var filler = counter.filling(originTable: 1, originColumn: links.column, targetTable: 0)
            for row in 0..<originCount {
                for target in links.targets(row) { filler.add(origin: ObjectKeys.squeezed(Int64(row)), target: target) }
            }
            backlinks.append(try filler.index())
        }
        return (tables, backlinks)
    }

    @Test func streamedTablesWriteTheBytesOfNewTables() throws {
        let whole = temporaryPath("whole.realm")
        let streamed = temporaryPath("streamed.realm")
        defer {
            try? FileManager.default.removeItem(atPath: whole)
            try? FileManager.default.removeItem(atPath: streamed)
        }
        try RealmFileWriter().write(tables: StreamedTableWriterTests.newTables(), to: whole)
        let contents = try StreamedTableWriterTests.streamedTables()
        var reported: [Int] = []
        try RealmFileWriter().write(streamedTables: contents.tables, backlinks: contents.backlinks, to: streamed) { reported.append($0) }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: streamed)))
        #expect(bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole))))
        _ = try SpaceAccounting.verify(bytes)
        // Progress per leaf: 256, 512, 600 target objects, then the origins after them.
        #expect(reported == [256, 512, 600, 856, 1112, 1300])

        let file = try RealmFile(path: streamed)
        let target = try #require(file.table(named: "class_Target"))
        #expect(target.backlinkColumns.count == 3)
        var linksTo42 = 0
        for row in 0..<StreamedTableWriterTests.originCount {
            linksTo42 += StreamedTableWriterTests.listTargets(row).filter { $0 == 42 }.count
        }
        let list = try #require(target.backlinkColumns.first)
        let (leaf, row) = try #require(try target.objects.leaf(atPosition: 42))
        #expect(try ColumnLeafReader(leaf: leaf, column: list).backlinks(at: row).count == linksTo42)
    }

    @Test func missingBacklinksAndBadProducersAreRefused() throws {
        let path = temporaryPath("refused.realm")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let contents = try StreamedTableWriterTests.streamedTables()
        #expect(throws: RealmFormatError.self) {
            try RealmFileWriter().write(streamedTables: contents.tables, backlinks: Array(contents.backlinks.dropLast()), to: path)
        }
        var short = try StreamedTableWriterTests.streamedTables().tables
        short[0].rows = { range in StreamedRows(keys: StreamedTableWriterTests.keys(range).dropLast(), values: [[]]) }
        #expect(throws: RealmFormatError.self) {
            try RealmFileWriter().write(streamedTables: short, backlinks: contents.backlinks, to: path)
        }
        // Nothing is left behind: not the file, not its temporary.
        #expect(!FileManager.default.fileExists(atPath: path))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        #expect(!siblings.contains { $0.hasPrefix((path as NSString).lastPathComponent) })
    }
}
