import RealmDemo
import RealmFormat

/// The demo database as `generate demo` built it before it streamed: every value of the three
/// classes drawn up front into column-major `NewTable`s, then written through the in-memory
/// path. Kept verbatim as the oracle the streamed files must equal byte for byte.
struct ReferenceDemoTables {
    let rows: Int
    let seed: UInt64
    let now: Int64 = DemoDatabase.seededNow

    static let class0 = 1, class1 = 2, class2 = 3

    func tables() -> [NewTable] {
        var random = SeededGenerator(seed: seed)
        let keys = (0..<Int64(rows)).map(ObjectKeys.squeezed)
        let metadata = NewTable(name: "metadata", columns: [NewColumn(name: "version", type: .int)],
                                keys: [0], values: [[.scalar(.int(0))]], keySequence: 1)
        var zero: [[NewValue]] = [[], []]
        for _ in 0..<rows {
            zero[0].append(.scalar(.int(integer(&random))))
            zero[1].append(.scalar(.string(string(&random))))
        }
        var one: [[NewValue]] = Array(repeating: [], count: 7)
        for _ in 0..<rows {
            one[0].append(.scalar(.int(integer(&random))))
            one[1].append(.scalar(.bool(random.next() & 1 == 1)))
            one[2].append(.scalar(.float(float(&random))))
            one[3].append(.scalar(.double(double(&random))))
            one[4].append(.scalar(.string(string(&random))))
            one[5].append(.scalar(.timestamp(Timestamp(seconds: now - Int64.random(in: 0..<999_999_999, using: &random), nanoseconds: 0))))
            let count = rows == 0 ? 0 : Int.random(in: 0...12, using: &random)
            one[6].append(.list((0..<count).map { _ in .link(table: UInt32(ReferenceDemoTables.class0), key: keys[Int.random(in: 0..<rows, using: &random)]) }))
        }
        var two: [[NewValue]] = Array(repeating: [], count: 3)
        for _ in 0..<rows {
            two[0].append(.scalar(.int(integer(&random))))
            two[1].append(.scalar(.bool(random.next() & 1 == 1)))
            two[2].append(.scalar(.link(table: UInt32(ReferenceDemoTables.class1), key: keys[Int.random(in: 0..<rows, using: &random)])))
        }
        let sequence = Int64(rows)
        return [
            metadata,
            NewTable(name: "class_RealmTestClass0", columns: [
                NewColumn(name: "integerValue", type: .int),
                NewColumn(name: "stringValue", type: .string, isNullable: true),
            ], keys: keys, values: zero, keySequence: sequence),
            NewTable(name: "class_RealmTestClass1", columns: [
                NewColumn(name: "integerValue", type: .int),
                NewColumn(name: "boolValue", type: .bool),
                NewColumn(name: "floatValue", type: .float),
                NewColumn(name: "doubleValue", type: .double),
                NewColumn(name: "stringValue", type: .string, isNullable: true),
                NewColumn(name: "dateValue", type: .timestamp, isNullable: true),
                NewColumn(name: "arrayReference", type: .link, collection: .list, targetTable: ReferenceDemoTables.class0),
            ], keys: keys, values: one, keySequence: sequence),
            NewTable(name: "class_RealmTestClass2", columns: [
                NewColumn(name: "integerValue", type: .int),
                NewColumn(name: "boolValue", type: .bool),
                NewColumn(name: "objectReference", type: .link, isNullable: true, targetTable: ReferenceDemoTables.class1),
            ], keys: keys, values: two, keySequence: sequence),
        ]
    }

    /// INT64_MIN, INT64_MAX or 0 with probability 1/20 each, otherwise uniform in [0, 9999999).
    private func integer(_ random: inout SeededGenerator) -> Int64 {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return .min
        case 1: return .max
        case 2: return 0
        default: return Int64.random(in: 0..<9_999_999, using: &random)
        }
    }

    private func float(_ random: inout SeededGenerator) -> Float {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return .leastNormalMagnitude
        case 1: return .greatestFiniteMagnitude
        case 2: return 0
        default: return Float(Int.random(in: 0..<9_999_999, using: &random)) / 9999
        }
    }

    private func double(_ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return .leastNormalMagnitude
        case 1: return .greatestFiniteMagnitude
        case 2: return 0
        default: return Double(Int.random(in: 0..<9_999_999, using: &random)) / 9999
        }
    }

    /// An upper-case UUID; one in a hundred padded to exactly 10,000 characters with " bla".
    private func string(_ random: inout SeededGenerator) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
        var text = ""
        for (index, character) in hex.enumerated() {
            if [8, 12, 16, 20].contains(index) { text.append("-") }
            text.append(character)
        }
        guard Int.random(in: 0..<100, using: &random) == 0 else { return text }
        let repetitions = (10_000 - text.utf8.count + 3) / 4
        return String((text + String(repeating: " bla", count: repetitions)).utf8.prefix(10_000)) ?? text
    }
}
