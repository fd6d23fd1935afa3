import RealmFormat
import RealmInterchange

/// Which values convert to which type for `change type`, and how. A conversion never loses
/// information silently: numbers convert where the new type holds the same number (an int
/// beyond 2^53 does not become a double; 2.5 does not become an int), every scalar becomes the
/// string `show` prints for it (numbers in Swift's shortest round-trip form, dates in ISO 8601
/// UTC, ids in lower-case hex), and strings become numbers, bools, dates, ids or decimals only
/// where the whole string reads as one (the text `show` prints reads back). A value that does
/// not convert blocks the change; null stays null (the property keeps its optionality).
enum TypeConversions {
    /// The types a property of type `from` can become, as `change type` names them.
    static func targets(from type: ColumnType) -> [ColumnType] {
        switch type {
        case .int: return [.double, .float, .decimal128, .bool, .string]
        case .float: return [.double, .int, .string]
        case .double: return [.int, .float, .string]
        case .bool: return [.int, .string]
        case .decimal128, .timestamp, .objectId, .uuid: return [.string]
        case .binary: return [.string]
        case .string: return [.int, .double, .float, .decimal128, .bool, .timestamp, .objectId, .uuid, .binary]
        default: return []
        }
    }

    /// The conversion of values of `from` to `to`; nil when Realm types do not convert that way.
    static func conversion(from: ColumnType, to: ColumnType, isNullable: Bool) -> ValueConversion? {
        guard targets(from: from).contains(to) else { return nil }
        return ValueConversion(to: to, isNullable: isNullable) { value in
            value == .null ? .null : convert(value, to: to)
        }
    }

    /// One non-null value as a value of `type`, or nil.
    static func convert(_ value: RealmValue, to type: ColumnType) -> RealmValue? {
        if type == .string { return text(of: value).map(RealmValue.string) }
        switch (value, type) {
        case let (.int(number), .double): return Double(exactly: number).map(RealmValue.double)
        case let (.int(number), .float): return Float(exactly: number).map(RealmValue.float)
        case let (.int(number), .decimal128): return ScalarTextParser.decimal(String(number)).map(RealmValue.decimal)
        case let (.int(number), .bool): return number == 0 || number == 1 ? .bool(number == 1) : nil
        case let (.bool(flag), .int): return .int(flag ? 1 : 0)
        case let (.double(number), .int): return Int64(exactly: number).map(RealmValue.int)
        case let (.float(number), .int): return Int64(exactly: number).map(RealmValue.int)
        case let (.float(number), .double): return .double(Double(number))
        case let (.double(number), .float):
            if number.isNaN { return .float(.nan) }
            return Float(exactly: number).map(RealmValue.float)
        case let (.string(text), _): return parse(text, as: type)
        default: return nil
        }
    }

    /// The string a value becomes: what `show` prints for it.
    static func text(of value: RealmValue) -> String? {
        switch value {
        case let .int(number): return String(number)
        case let .bool(flag): return flag ? "true" : "false"
        case let .float(number): return NumberText.text(of: number)
        case let .double(number): return NumberText.text(of: number)
        case let .decimal(decimal): return decimal.description
        case let .timestamp(timestamp): return TimestampFormatter.iso8601(timestamp)
        case let .objectId(id): return id.description
        case let .uuid(uuid): return uuid.description
        case let .binary(bytes): return String(validating: bytes, as: UTF8.self)
        default: return nil
        }
    }

    /// A whole string read as a value of `type`, or nil.
    static func parse(_ text: String, as type: ColumnType) -> RealmValue? {
        switch type {
        case .int: return Int64(text).map(RealmValue.int)
        case .double: return number(text).map(RealmValue.double)
        case .float:
            guard let number = number(text) else { return nil }
            let float = Float(number)
            return float.isFinite || !number.isFinite ? .float(float) : nil
        case .decimal128: return ScalarTextParser.decimal(text).map(RealmValue.decimal)
        case .bool: return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case .timestamp: return ScalarTextParser.timestamp(text).map(RealmValue.timestamp)
        case .objectId: return ScalarTextParser.objectId(text).map(RealmValue.objectId)
        case .uuid: return ScalarTextParser.uuid(text).map(RealmValue.uuid)
        case .binary: return .binary(Array(text.utf8))
        default: return nil
        }
    }

    /// A decimal number as `NumberText` writes them (and `nan`, `inf`, `-inf`), not hex floats.
    private static func number(_ text: String) -> Double? {
        guard !text.isEmpty, !text.contains(where: { $0 == "x" || $0 == "X" || $0.isWhitespace }) else { return nil }
        return Double(text)
    }
}
