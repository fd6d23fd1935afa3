import RealmFormat

/// Turns query literals into values of the file's types.
enum LiteralValues {
    /// `literal` as a value; `hint` is the type of what it is compared with, if known.
    static func value(of literal: Literal, range: SourceRange, hint: ColumnType? = nil) throws(QueryError) -> RealmValue {
        switch literal {
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .number(number):
            return numericValue(number, hint: hint)
        case let .string(text): return .string(text)
        case let .binary(bytes): return .binary(bytes)
        case let .timestamp(time): return .timestamp(Timestamp(seconds: time.seconds, nanoseconds: time.nanoseconds))
        case let .objectId(bytes):
            guard let id = ObjectId(bytes: bytes) else { throw .invalid(message: "an ObjectId has 12 bytes", range: range) }
            return .objectId(id)
        case let .uuid(bytes):
            guard let uuid = RealmUUID(bytes: bytes) else { throw .invalid(message: "a UUID has 16 bytes", range: range) }
            return .uuid(uuid)
        case .objectLink, .typedLink, .object:
            throw .invalid(message: "object literals are not supported in this browser's queries", range: range)
        }
    }

    /// Realm reads a number literal in the type of the property it is compared with, where
    /// that type is float or decimal: `floatReq == 0.1` matches the stored float 0.1
    /// (0.100000001), which as a double differs from the double 0.1, and
    /// `floatReq > 0.1` leaves it out (oracle); `decimalReq == 0.1` means exactly one tenth,
    /// and integers past 64 bits are still decimals. Only numbers with a fraction or an
    /// exponent (and `inf`, `nan`) become floats: integers stay ints, so `doubleReq < 0`
    /// compares an int with doubles (see `NumericMode`). Everything else reads as an int
    /// (integers that fit) or a double. The literal is read from its text, so a float is
    /// rounded once, from the decimal digits, as `strtof` does.
    private static func numericValue(_ number: NumericLiteral, hint: ColumnType?) -> RealmValue {
        let isInteger = number.form == .integer || number.form == .hexadecimal
        switch hint {
        case .float? where !isInteger:
            if number.form == .fractional, let float = Float(number.text) { return .float(float) }
            return .float(Float(number.doubleValue))
        case .decimal128? where number.form != .hexadecimal:
            if let decimal = DecimalConversion.decimal(fromText: number.text) { return .decimal(decimal) }
        default:
            break
        }
        if let integer = number.integerValue, isInteger { return .int(integer) }
        return .double(number.doubleValue)
    }

    /// The type name Realm uses for a literal in "unsupported comparison" messages.
    static func typeName(of value: RealmValue) -> String {
        switch value {
        case .null: return "null"
        case let .collection(collection): return collection.kind == .dictionary ? "dictionary" : "list"
        default: return columnType(of: value).map(QueryTypeNames.name(of:)) ?? "null"
        }
    }

    /// The column type a single value belongs to (nil for null and collections).
    static func columnType(of value: RealmValue) -> ColumnType? {
        switch value {
        case .null, .collection: return nil
        case .int: return .int
        case .bool: return .bool
        case .float: return .float
        case .double: return .double
        case .string: return .string
        case .binary: return .binary
        case .timestamp: return .timestamp
        case .objectId: return .objectId
        case .uuid: return .uuid
        case .decimal: return .decimal128
        case .link, .typedLink: return .link
        }
    }

    /// Whether a value of `valueType` can be compared with a constant of `constant`'s type.
    static func isComparable(_ type: ColumnType, with constant: RealmValue) -> Bool {
        if constant == .null || type == .mixed { return true }
        let numeric: Set<ColumnType> = [.int, .float, .double, .decimal128]
        switch constant {
        case .int, .float, .double, .decimal: return numeric.contains(type)
        case .string: return type == .string || type == .binary
        case .binary: return type == .binary || type == .string
        case .bool: return type == .bool
        case .timestamp: return type == .timestamp
        case .objectId: return type == .objectId
        case .uuid: return type == .uuid
        default: return false
        }
    }
}
