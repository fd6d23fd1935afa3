import RealmFormat
import RealmInterchange
import TestSupport
import Testing

/// Walks one Realm file and its canonical dump side by side and records every difference.
///
/// It also counts what it compared, so the calling test can prove the comparison was not vacuous
/// (a reader returning zero tables or zero objects must not pass). Only the first mismatches
/// become individual issues, so a systematic decoding bug does not flood the report with
/// hundreds of thousands of lines; `mismatches` still counts them all.
struct GoldenComparison {
    let fixture: String
    let file: RealmFile
    let matcher: DumpValueMatcher
    /// Compare with a dump made from an upgraded copy (README "Legacy files"): the upgrade
    /// reorders sets and dictionaries and adds search indexes, so those are not compared.
    let isLegacy: Bool
    private(set) var keysCompared = 0
    private(set) var valuesCompared = 0
    private(set) var mismatches = 0

    static let reportedMismatchLimit = 25

    init(fixture: String, file: RealmFile, isLegacy: Bool = false) {
        self.fixture = fixture
        self.file = file
        self.isLegacy = isLegacy
        matcher = DumpValueMatcher(file: file, unorderedSetsAndDictionaries: isLegacy)
    }

    /// Table name, class, kind, primary key, count and every public column descriptor.
    func compareSchema(of table: Table, with dump: JSONValue) throws {
        let context = "\(fixture): table \(table.name)"
        #expect(dump.members?.map(\.key) == ["name", "class", "kind", "primary_key", "columns", "count", "objects"],
                "\(context): unexpected dump layout")
        #expect(table.name == dump["name"]?.string, "\(context)")
        #expect(dump.optionalString("class") == .some(table.className), "\(context): class")
        #expect(dump["kind"]?.string == table.kind.rawValue, "\(context): kind")
        #expect(dump.optionalString("primary_key") == .some(table.primaryKey?.name), "\(context): primary key")
        #expect(dump["count"]?.int == Int64(table.objects.count), "\(context): object count")
        let columnDumps = try #require(dump["columns"]?.array, "\(context): columns")
        var expected = columnDumps.map { ColumnDescriptor(dump: $0) }
        #expect(!expected.contains(nil), "\(context): unreadable column descriptor in the dump")
        var actual = table.columns.map { ColumnDescriptor(column: $0, in: file) }
        if isLegacy {
            expected = expected.map { $0?.ignoringIndex }
            actual = actual.map(\.ignoringIndex)
        }
        #expect(actual == expected, "\(context): columns")
    }

    /// Every object in key order: its key, and each comparable column's value.
    mutating func compareObjects(of table: Table, with dump: JSONValue) throws {
        let objects = try #require(dump["objects"]?.array, "\(fixture): table \(table.name) has no objects array")
        let columns = table.columns
        let expectedMemberNames = ["_key"] + columns.map(\.name)
        let comparable = columns.map {
            DumpValueMatcher.isComparable(type: $0.type.description, collection: $0.collection?.rawValue)
        }
        var position = 0
        try table.objects.forEachLeaf { leaf in
            #expect(leaf.firstPosition == position,
                    "\(fixture): \(table.name) leaf starts at position \(String(describing: leaf.firstPosition)), expected \(position)")
            let readers = try columns.map { try ColumnLeafReader(leaf: leaf, column: $0) }
            for row in 0..<leaf.count {
                defer { position += 1 }
                guard position < objects.count else { continue }
                try compareObject(at: row, of: leaf, readers: readers, comparable: comparable,
                                  dump: objects[position], expectedMemberNames: expectedMemberNames,
                                  context: "\(table.name)[\(position)]")
            }
        }
        #expect(position == objects.count, "\(fixture): \(table.name) yielded \(position) objects, the dump has \(objects.count)")
    }

    /// One object: `_key` and every comparable column, by position in the dump object.
    mutating func compareObject(at row: Int, of leaf: ClusterLeaf, readers: [ColumnLeafReader], comparable: [Bool],
                                dump: JSONValue, expectedMemberNames: [String], context: String) throws {
        guard let members = dump.members, members.map(\.key) == expectedMemberNames else {
            report("\(context): dump object members \(dump.members?.map(\.key) ?? []) are not \(expectedMemberNames)")
            return
        }
        let key = try leaf.key(at: row)
        keysCompared += 1
        if members[0].value.int != key {
            report("\(context): key \(key), dump says \(members[0].value)")
        }
        for (index, reader) in readers.enumerated() where comparable[index] {
            let actual = try reader.value(at: row)
            valuesCompared += 1
            if let problem = matcher.mismatch(actual: actual, expected: members[index + 1].value, column: reader.column) {
                report("\(context) key \(key) .\(reader.column.name): \(problem)")
            }
        }
    }

    private mutating func report(_ message: String) {
        mismatches += 1
        if mismatches <= GoldenComparison.reportedMismatchLimit {
            Issue.record(Comment(rawValue: "\(fixture): \(message)"))
        }
    }

    /// How many keys and values a complete comparison must touch, counted from the dump alone.
    static func expectedCounts(tableDumps: [JSONValue]) -> (keys: Int, values: Int) {
        var keys = 0
        var values = 0
        for tableDump in tableDumps {
            let columns = tableDump["columns"]?.array ?? []
            let comparableColumns = columns.filter { column in
                guard let type = column["type"]?.string, let collection = column.optionalString("collection") else {
                    return false
                }
                return isComparable(type: type, collection: collection)
            }.count
            let objects = tableDump["objects"]?.array?.count ?? 0
            keys += objects
            values += objects * comparableColumns
        }
        return (keys, values)
    }

    private static func isComparable(type: String, collection: String?) -> Bool {
        DumpValueMatcher.isComparable(type: type, collection: collection)
    }
}
