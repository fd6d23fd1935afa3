import Foundation
import RealmFormat
@testable import RealmQuery
import Testing
import TestSupport

/// `SORT(p) LIMIT(k)` on a plain number, bool, date or string keeps only the best `k` of each
/// scan run (`StreamingTop`); the answer must be the first `k` keys of `SORT(p)` without the
/// LIMIT, which sorts every match (the general path): nulls first ascending and last
/// descending, NaN after null, -0 equal to 0, strings by all their bytes (past the 16 a sort
/// entry holds), ties in scan order, on one run and on three.
///
/// On a file of our own: 20,000 objects whose values repeat (so ties decide most places) and
/// are null one time in ten, with keys as realm-core gives them (gaps between leaves).
@Suite("SORT with a small LIMIT, streamed")
struct StreamingTopTests {
    static let objects = 20_000

    final class Data {
        let directory: ScratchDirectory
        let file: RealmFile

        init() throws {
            directory = try ScratchDirectory()
            var state: UInt64 = 33
            func next() -> UInt64 {
                state &+= 1
                return ByteHash.mix(state)
            }
            func nullOr(_ value: RealmValue) -> NewValue { next() % 10 == 0 ? .scalar(.null) : .scalar(value) }
            var columns: [[NewValue]] = Array(repeating: [], count: 7)
            // Strings whose first 16 bytes tie (the whole bytes decide), one a prefix of another,
            // one with a zero byte, one long enough for the leaf's big-blob layout.
            let texts = ["", "a", "ab", "ab\u{0}", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopr", "B", "é",
                         String(repeating: "z", count: 70), "abcdefghijklmnop\u{0}"]
            let doubles: [Double] = [-1.5, -0.0, 0.0, 2.25, .nan, -.infinity, .infinity, 7]
            for _ in 0..<StreamingTopTests.objects {
                columns[0].append(nullOr(.int(Int64(next() % 50) - 25)))
                columns[1].append(.scalar(.int(Int64(bitPattern: next()))))
                columns[2].append(nullOr(.double(doubles[Int(next() % UInt64(doubles.count))])))
                columns[3].append(nullOr(.float(Float(Int(next() % 7) - 3) / 2)))
                columns[4].append(nullOr(.timestamp(Timestamp(seconds: Int64(next() % 5) - 2, nanoseconds: Int32(next() % 3) * 400_000_000))))
                columns[5].append(nullOr(.bool(next() % 2 == 0)))
                columns[6].append(nullOr(.string(texts[Int(next() % UInt64(texts.count))])))
            }
            let table = NewTable(name: "class_Reading", columns: [
                NewColumn(name: "level", type: .int, isNullable: true),
                NewColumn(name: "serial", type: .int),
                NewColumn(name: "ratio", type: .double, isNullable: true),
                NewColumn(name: "gain", type: .float, isNullable: true),
                NewColumn(name: "taken", type: .timestamp, isNullable: true),
                NewColumn(name: "valid", type: .bool, isNullable: true),
                NewColumn(name: "label", type: .string, isNullable: true),
            ], keys: (0..<Int64(StreamingTopTests.objects)).map(ObjectKeys.squeezed), values: columns, keySequence: Int64(StreamingTopTests.objects))
            let path = directory.path + "/readings.realm"
            try RealmFileWriter().write(tables: [table], to: path)
            file = try RealmFile(path: path)
        }
    }


    /// Each query sorted by `property` both ways, with the whole sort's keys (the general path).
    static func eachSortedQuery(by property: String, _ body: (Data, Table, String, [Int64]) throws -> Void) throws {
        let data = try Data()
        let table = try #require(data.file.table(named: "class_Reading"))
        for predicate in ["TRUEPREDICATE", "level > 0", "valid == true OR level == nil"] {
            for direction in ["ASC", "DESC"] {
                let sorted = "\(predicate) SORT(\(property) \(direction))"
                let whole = try QueryEngine(file: data.file).run(sorted, on: table)
                #expect(whole.count > 1000, "\(sorted)")
                try body(data, table, sorted, whole)
            }
        }
    }

    @Test(arguments: ["level", "serial", "ratio", "gain", "taken", "valid", "label"])
    func firstOfTheWholeSort(property: String) throws {
        try Self.eachSortedQuery(by: property) { data, table, sorted, whole in
            for limit in [0, 1, 3, 100, 2499] {
                let text = "\(sorted) LIMIT(\(limit))"
                #expect(try QueryEngine(file: data.file).streamsTop(try Query.parse(text), on: table), "\(text)")
                for parts in [1, 3] {
                    let top = try ParallelWork.$forcedParts.withValue(parts) { try QueryEngine(file: data.file).run(text, on: table) }
                    #expect(top == Array(whole.prefix(limit)), "\(text) on \(parts) runs")
                }
            }
        }
    }

    /// `lastKeys` keeps the heap in the reverse order, ties included: its keys are the whole
    /// sort's suffix, in the sort's order, however the scan was split.
    @Test(arguments: ["level", "serial", "ratio", "gain", "taken", "valid", "label"])
    func lastOfTheWholeSort(property: String) throws {
        try Self.eachSortedQuery(by: property) { data, table, sorted, whole in
            for count in [0, 1, 3, 100, 2499] {
                for parts in [1, 3] {
                    let last = try ParallelWork.$forcedParts.withValue(parts) {
                        try QueryEngine(file: data.file).lastKeys(count, of: try Query.parse(sorted), on: table)
                    }
                    #expect(last?.keys == Array(whole.suffix(count)), "last \(count) of \(sorted) on \(parts) runs")
                    #expect(last?.total == whole.count, "\(sorted)")
                }
            }
        }
    }

    @Test("not streamed: several keys, DISTINCT first, no LIMIT, a LIMIT of an eighth of the objects, two LIMITs")
    func otherOrderingsTakeTheGeneralPath() throws {
        let data = try Data()
        let table = try #require(data.file.table(named: "class_Reading"))
        for text in ["TRUEPREDICATE SORT(level ASC, serial ASC) LIMIT(5)", "TRUEPREDICATE DISTINCT(level) SORT(level ASC) LIMIT(5)",
                     "TRUEPREDICATE SORT(level ASC) LIMIT(\(Self.objects / 8))", "TRUEPREDICATE SORT(level ASC)",
                     "TRUEPREDICATE SORT(level ASC) LIMIT(5) LIMIT(3)"] {
            #expect(try !QueryEngine(file: data.file).streamsTop(try Query.parse(text), on: table), "\(text)")
        }
    }
}
