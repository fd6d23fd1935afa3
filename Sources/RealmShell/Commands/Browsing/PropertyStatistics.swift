import RealmFormat
import RealmInterchange

/// Summary statistics of one property, accumulated leaf by leaf from the column's node read in
/// place (integers, floats, dates and string bytes without building values per row). Public
/// for serve's charts, which add the rows of a query's objects one by one (`add(_:row:)`).
public final class PropertyStatistics {
    public let column: Column
    // The counters below change for every row (10,000,000 for a chart), and one statistics
    // object is only ever filled by one thread, so the run-time exclusivity checks are dropped
    // (they were 40% of a chart of integers, perf).
    /// Objects with a value (not null).
    @exclusivity(unchecked) public private(set) var count = 0
    @exclusivity(unchecked) public private(set) var nulls = 0
    // Integers: exact, whatever the sum.
    @exclusivity(unchecked) public private(set) var integerMinimum: Int64?
    @exclusivity(unchecked) public private(set) var integerMaximum: Int64?
    @exclusivity(unchecked) public private(set) var integerSum: Int128 = 0
    // Floats and doubles; NaN is counted apart and left out, as Realm's aggregates do.
    @exclusivity(unchecked) public private(set) var realMinimum: Double?
    @exclusivity(unchecked) public private(set) var realMaximum: Double?
    @exclusivity(unchecked) public private(set) var realSum = 0.0
    @exclusivity(unchecked) public private(set) var realCount = 0
    @exclusivity(unchecked) public private(set) var nans = 0
    @exclusivity(unchecked) public private(set) var trues = 0
    @exclusivity(unchecked) public private(set) var falses = 0
    // Dates, the average exact in nanoseconds.
    @exclusivity(unchecked) public private(set) var dateMinimum: Timestamp?
    @exclusivity(unchecked) public private(set) var dateMaximum: Timestamp?
    @exclusivity(unchecked) public private(set) var dateTotal: Int128 = 0
    /// How often each value occurs (strings and binaries by their bytes, others by their text).
    private let frequencies = ValueTally()
    /// At most this many values are counted in `frequencies` (nil: every one, as `stats` does).
    /// Past it the counts become a Misra-Gries summary: every value seen more often than once
    /// in `capacity + 1` stays among them, its count a lower bound until `recount` makes it exact.
    public let frequencyCapacity: Int?
    /// Whether more distinct values came than `frequencyCapacity` (then `distinct` is unknown).
    public private(set) var frequenciesOverflowed = false
    /// Whether `recount` has started (and set the counts to 0).
    private var recounting = false
    /// Collections: how many objects have each length.
    public private(set) var lengths: [Int: Int] = [:]
    /// Mixed: how many values of each type.
    public private(set) var types: [String: Int] = [:]

    public init(column: Column, frequencyCapacity: Int? = nil) {
        self.column = column
        self.frequencyCapacity = frequencyCapacity
    }

    /// Adds every row of one leaf.
    public func add(_ values: LeafValues, rows: Int) throws(RealmFormatError) {
        guard frequencyCapacity == nil, column.collection == nil, column.type == .string || column.type == .binary else {
            for row in 0..<rows { try add(values, row: row) }
            return
        }
        // Every distinct value counted: the leaf's values go to the tally together (its
        // `add(all:)` overlaps their cache misses); a value in chunks goes on its own.
        leafBytes.removeAll(keepingCapacity: true)
        for row in 0..<rows {
            switch try values.mappedBytes(at: row) {
            case .null: nulls += 1
            case let .bytes(bytes):
                count += 1
                leafBytes.append(bytes)
            case .chunked: try add(values, row: row)
            }
        }
        frequencies.add(all: leafBytes)
    }

    /// One leaf's string bytes, in the mapping, for `add(_:rows:)`.
    private var leafBytes: [UnsafeRawBufferPointer] = []

    /// Adds one row of a leaf: numbers, bools, dates, string bytes and list lengths as
    /// `LeafValues` reads them in place, the rest as its values.
    public func add(_ values: LeafValues, row: Int) throws(RealmFormatError) {
        if column.collection != nil {
            guard let length = try values.collectionSize(at: row) else { nulls += 1; return }
            count += 1
            lengths[length, default: 0] += 1
            return
        }
        switch column.type {
        case .int:
            guard let number = try values.integer(at: row) else { nulls += 1; return }
            count += 1
            integerMinimum = min(integerMinimum ?? number, number)
            integerMaximum = max(integerMaximum ?? number, number)
            integerSum += Int128(number)
        case .bool:
            guard let flag = try values.integer(at: row) else { nulls += 1; return }
            count += 1
            if flag != 0 { trues += 1 } else { falses += 1 }
        case .float, .double:
            guard let number = try values.floatingPoint(at: row) else { nulls += 1; return }
            count += 1
            guard !number.isNaN else { nans += 1; return }
            realCount += 1
            realMinimum = min(realMinimum ?? number, number)
            realMaximum = max(realMaximum ?? number, number)
            realSum += number
        case .timestamp:
            guard let date = try values.timestamp(at: row) else { nulls += 1; return }
            count += 1
            if dateMinimum.map({ Self.order(date, $0) < 0 }) ?? true { dateMinimum = date }
            if dateMaximum.map({ Self.order(date, $0) > 0 }) ?? true { dateMaximum = date }
            dateTotal += Int128(date.seconds) * 1_000_000_000 + Int128(date.nanoseconds)
        case .string, .binary:
            guard try values.withBytes(at: row, tally) != nil else { nulls += 1; return }
            count += 1
        default:
            let value = try values.value(at: row)
            guard value != .null else { nulls += 1; return }
            count += 1
            if column.type == .mixed {
                types[Self.typeName(value), default: 0] += 1
            } else {
                Self.frequencyKey(value).withUnsafeBytes(tally)
            }
        }
    }

    /// The bytes a value is counted by in `frequencies` (strings and binaries: their own).
    static func frequencyKey(_ value: RealmValue) -> [UInt8] {
        switch value {
        case let .string(text): return Array(text.utf8)
        case let .binary(bytes): return bytes
        default: return Array((ExportValueEncoder.text(of: value) ?? "").utf8)
        }
    }

    private func tally(_ bytes: UnsafeRawBufferPointer) {
        guard let capacity = frequencyCapacity else {
            frequencies.add(bytes)
            return
        }
        if frequencies.add(bytes, insertingNew: frequencies.distinct < capacity) { return }
        // A new value with no room: it and one of every candidate cancel out (each such step
        // takes away as many counts as there are candidates, so they cost O(values) in all).
        frequenciesOverflowed = true
        frequencies.reduceCounts(by: 1)
    }

    /// How many distinct values were counted (all of them unless `frequenciesOverflowed`).
    public var distinctValues: Int { frequencies.distinct }

    /// A second pass over the same rows after an overflow: counts the remaining candidates
    /// exactly (`finishRecount` puts those counts in `frequencies`).
    public func recount(_ values: LeafValues, row: Int) throws(RealmFormatError) {
        guard frequenciesOverflowed, column.collection == nil else { return }
        if !recounting {
            frequencies.resetCounts()
            recounting = true
        }
        switch column.type {
        case .int, .bool, .float, .double, .timestamp, .mixed: return
        case .string, .binary:
            _ = try values.withBytes(at: row) { frequencies.add($0, insertingNew: false) }
        default:
            let value = try values.value(at: row)
            guard value != .null else { return }
            Self.frequencyKey(value).withUnsafeBytes { _ = frequencies.add($0, insertingNew: false) }
        }
    }

    /// The exact counts of the candidates, after `recount` has seen every row again.
    public func finishRecount() {
        guard frequenciesOverflowed else { return }
        frequencies.reduceCounts(by: 0)
        recounting = false
    }

    static func order(_ left: Timestamp, _ right: Timestamp) -> Int {
        if left.seconds != right.seconds { return left.seconds < right.seconds ? -1 : 1 }
        if left.nanoseconds != right.nanoseconds { return left.nanoseconds < right.nanoseconds ? -1 : 1 }
        return 0
    }

    static func typeName(_ value: RealmValue) -> String {
        switch value {
        case .null: return "null"
        case .int: return "int"
        case .bool: return "bool"
        case .float: return "float"
        case .double: return "double"
        case .string: return "string"
        case .binary: return "data"
        case .timestamp: return "date"
        case .objectId: return "objectId"
        case .uuid: return "uuid"
        case .decimal: return "decimal128"
        case .link, .typedLink: return "link"
        case let .collection(collection): return collection.kind.rawValue
        }
    }

    /// The average date, exact to the nanosecond (truncated).
    public var dateAverage: Timestamp? {
        guard count > 0 else { return nil }
        let average = dateTotal / Int128(count)
        return Timestamp(seconds: Int64(average / 1_000_000_000), nanoseconds: Int32(average % 1_000_000_000))
    }

    /// The most common values, most frequent first (ties in byte order of the value).
    public func mostCommon(_ limit: Int) -> [(value: [UInt8], count: Int)] {
        frequencies.mostCommon(limit)
    }
}
