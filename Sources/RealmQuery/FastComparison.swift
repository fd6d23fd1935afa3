import RealmFormat

/// `property op constant` on a column of the scanned class, evaluated on the leaf in place:
/// integers read from the bit-packed node, strings compared as bytes, no values built.
/// Chosen only where the result is exactly that of the general comparison.
struct FastComparison {
    enum Test {
        case integer(ComparisonOperator, Int64)
        case floatingPoint(ComparisonOperator, Double)
        case timestamp(ComparisonOperator, Timestamp)
        case bytes(ComparisonOperator, [UInt8])
    }

    let column: Column
    let test: Test

    /// The fast form of `path op constant`, if there is one.
    static func make(_ path: BoundPath, _ op: ComparisonOperator, _ options: StringOptions, _ constant: RealmValue) -> FastComparison? {
        guard path.origin == .root, path.steps.count == 1, case let .property(column) = path.steps[0],
              column.collection == nil, options.isEmpty else { return nil }
        let ordering: Set<ComparisonOperator> = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
        switch (column.type, constant) {
        case let (.int, .int(number)) where ordering.contains(op):
            return FastComparison(column: column, test: .integer(op, number))
        case let (.bool, .bool(flag)) where op == .equal || op == .notEqual:
            return FastComparison(column: column, test: .integer(op, flag ? 1 : 0))
        case let (.float, .int(number)) where ordering.contains(op), let (.double, .int(number)) where ordering.contains(op):
            return FastComparison(column: column, test: .floatingPoint(op, Double(number)))
        case let (.float, .double(number)) where ordering.contains(op) && !number.isNaN,
             let (.double, .double(number)) where ordering.contains(op) && !number.isNaN:
            return FastComparison(column: column, test: .floatingPoint(op, number))
        case let (.timestamp, .timestamp(time)) where ordering.contains(op):
            return FastComparison(column: column, test: .timestamp(op, time))
        case let (.string, .string(text)) where [.equal, .notEqual, .beginsWith, .endsWith, .contains].contains(op):
            return FastComparison(column: column, test: .bytes(op, Array(text.utf8)))
        default:
            return nil
        }
    }

    func matches(_ object: ObjectRef) throws(RealmFormatError) -> Bool {
        try matches(reader: try object.readers.reader(for: column), row: object.row)
    }

    func matches(reader: ColumnLeafReader, row: Int) throws(RealmFormatError) -> Bool {
        guard reader.readsInPlace else {
            // An unusual leaf layout: fall back to the value.
            return ValueComparator.matches(try reader.value(at: row), op, constant, options: [])
        }
        switch test {
        case let .integer(op, constant):
            guard let value = try reader.integer(at: row) else { return op == .notEqual }
            return FastComparison.order(value, constant, op)
        case let .floatingPoint(op, constant):
            guard let value = try reader.floatingPoint(at: row) else { return op == .notEqual }
            if value.isNaN { return op == .notEqual }
            return FastComparison.order(value, constant, op)
        case let .timestamp(op, constant):
            guard let value = try reader.timestamp(at: row) else { return op == .notEqual }
            return FastComparison.order(TimestampOrder(value), TimestampOrder(constant), op)
        case let .bytes(op, needle):
            guard let element = try reader.blob(at: row) else { return op == .notEqual }
            switch element {
            case .null: return op == .notEqual
            case let .contiguous(buffer): return FastComparison.compare(buffer, op, needle)
            case .chunked: return FastComparison.compare(element.bytes ?? [], op, needle)
            }
        }
    }

    private var op: ComparisonOperator {
        switch test {
        case let .integer(op, _), let .floatingPoint(op, _), let .timestamp(op, _), let .bytes(op, _): return op
        }
    }

    private var constant: RealmValue {
        switch test {
        case let .integer(_, number): return column.type == .bool ? .bool(number == 1) : .int(number)
        case let .floatingPoint(_, number): return .double(number)
        case let .timestamp(_, time): return .timestamp(time)
        case let .bytes(_, bytes): return .string(String(decoding: bytes, as: UTF8.self))
        }
    }

    private static func order<T: Comparable>(_ value: T, _ constant: T, _ op: ComparisonOperator) -> Bool {
        switch op {
        case .equal: return value == constant
        case .notEqual: return value != constant
        case .less: return value < constant
        case .lessOrEqual: return value <= constant
        case .greater: return value > constant
        default: return value >= constant
        }
    }

    private static func compare(_ bytes: some Collection<UInt8>, _ op: ComparisonOperator, _ needle: [UInt8]) -> Bool {
        switch op {
        case .equal: return bytes.elementsEqual(needle)
        case .notEqual: return !bytes.elementsEqual(needle)
        case .beginsWith: return bytes.starts(with: needle)
        case .endsWith: return bytes.count >= needle.count && bytes.suffix(needle.count).elementsEqual(needle)
        default: return contains(Array(bytes), needle)
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// Timestamps ordered by (seconds, nanoseconds), as Realm compares them.
struct TimestampOrder: Comparable {
    let time: Timestamp

    init(_ time: Timestamp) {
        self.time = time
    }

    static func < (lhs: TimestampOrder, rhs: TimestampOrder) -> Bool {
        (lhs.time.seconds, lhs.time.nanoseconds) < (rhs.time.seconds, rhs.time.nanoseconds)
    }
}
