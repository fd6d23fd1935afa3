import RealmFormat
@testable import RealmQuery
import Testing
import TestSupport

/// `@count` and `@size` of lists of ints (nullable, whose leaves keep the null value in their
/// first element), of ints and of links, read by `CollectionElements.count(root:)` from each
/// list's node without decoding it. On a file of our own: lengths 0 to 1,100 (past 1,000 a
/// list is a B+tree with an inner root), nulls among the nullable ints, and no list for some
/// objects; the expected keys come from the lengths written, the general evaluator must agree.
@Suite("List sizes read from the nodes")
struct ListSizeTests {
    static let objects = 600

    /// Object `index`'s list length: mostly short, a few long enough for an inner root.
    static func length(_ index: Int) -> Int {
        index % 50 == 7 ? 1000 + index % 101 : index % 13
    }

    @Test
    func countsAreTheLengthsWritten() throws {
        let directory = try ScratchDirectory()
        let path = directory.path + "/lists.realm"
        let targets = NewTable(name: "class_Target", columns: [NewColumn(name: "n", type: .int)],
                               keys: Array(0..<5), values: [(0..<5).map { .scalar(.int(Int64($0))) }], keySequence: 5)
        let lists = NewTable(name: "class_Holder", columns: [
            NewColumn(name: "optionalInts", type: .int, isNullable: true, collection: .list),
            NewColumn(name: "ints", type: .int, collection: .list),
            NewColumn(name: "links", type: .link, collection: .list, targetTable: 0),
        ], keys: (0..<Int64(Self.objects)).map { $0 * 3 }, values: [
            (0..<Self.objects).map { index in .list((0..<Self.length(index)).map { $0 % 3 == 1 ? .null : .int(Int64($0)) }) },
            (0..<Self.objects).map { index in .list((0..<Self.length(index)).map { .int(Int64($0 * 1000)) }) },
            (0..<Self.objects).map { index in .list((0..<Self.length(index)).map { .link(table: 0, key: Int64($0 % 5)) }) },
        ], keySequence: Int64(Self.objects * 3))
        try RealmFileWriter().write(tables: [targets, lists], to: path)
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: "class_Holder"))

        for property in ["optionalInts", "ints", "links"] {
            for (comparison, test) in [("== 0", { $0 == 0 }), ("== 12", { $0 == 12 }), ("> 10", { $0 > 10 }),
                                       ("> 1050", { $0 > 1050 }), ("BETWEEN {1, 3}", { (1...3).contains($0) })] as [(String, (Int) -> Bool)] {
                let expected = (0..<Self.objects).filter { test(Self.length($0)) }.map { Int64($0 * 3) }
                #expect(!expected.isEmpty, "\(property).@count \(comparison)")
                for size in ["@count", "@size"] {
                    let query = "\(property).\(size) \(comparison)"
                    #expect(try QueryEngine(file: file).run(query, on: table) == expected, "\(query)")
                    #expect(try QueryEngine(file: file, strategy: .general).run(query, on: table) == expected, "\(query), general")
                }
            }
        }
    }
}
