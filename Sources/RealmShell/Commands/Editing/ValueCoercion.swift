import RealmFormat
import RealmInterchange
import RealmQuery

/// Fits a value typed by a user to a property's type (an integer into a double property, a
/// string into binary data), or says why it does not fit.
enum ValueCoercion {
    /// A value as the user typed it (`set`, `update`, `create`, embedded literals), read for the
    /// property it goes to. A decimal128 property reads the digits themselves: going through a
    /// double would lose 1.5's exactness and every digit past the 17th. Errors quote the text
    /// as typed, not a double it was rounded to.
    static func value(typed text: String, for column: Column, className: String) throws(BrowserError) -> RealmValue {
        if column.type == .decimal128, let decimal = ScalarTextParser.decimal(text) { return .decimal(decimal) }
        let literal: RealmValue
        do { literal = try QueryArguments.value(of: text) } catch { throw .invalidLiteral(error.annotated(query: text)) }
        let value = try value(literal, for: column, className: className, typed: text)
        if let excess = RealmLimits.excess(of: value) { throw .invalidValue("\(className).\(column.name): \(excess)") }
        return value
    }

    static func value(_ value: RealmValue, for column: Column, className: String, typed: String? = nil) throws(BrowserError) -> RealmValue {
        let place = "\(className).\(column.name)"
        if value == .null {
            guard column.isNullable || column.type == .mixed else {
                if column.collection != nil {
                    throw .invalidValue("the elements of \(place) are required (not optional); they cannot be null")
                }
                throw .invalidValue("\(place) is required (not optional); it cannot be null")
            }
            return .null
        }
        switch (column.type, value) {
        case (.mixed, _): return value
        case (.int, .int), (.bool, .bool), (.string, .string), (.binary, .binary), (.timestamp, .timestamp),
             (.objectId, .objectId), (.uuid, .uuid), (.double, .double), (.decimal128, .decimal):
            return value
        case let (.double, .int(number)): return .double(Double(number))
        case let (.float, .int(number)): return .float(Float(number))
        case let (.float, .double(number)):
            // Rounding is fine; a finite number becoming infinity is not.
            guard !number.isFinite || Float(number).isFinite else {
                throw .invalidValue("\(place) is a float property; \(typed ?? "\(number)") is beyond its range (about ±3.4e38)")
            }
            return .float(Float(number))
        case let (.binary, .string(text)): return .binary(Array(text.utf8))
        case let (.decimal128, .int(number)):
            let magnitude = UInt64(number.magnitude)
            return .decimal(Decimal128(high: 0x3040_0000_0000_0000 | (number < 0 ? 1 << 63 : 0), low: magnitude))
        default:
            let typeName = SchemaVocabulary.userTypeName(column.type)
            let article = ["int", "objectId"].contains(typeName) ? "an" : "a"
            let kind = column.collection.map { "a \($0) of \(typeName) values" } ?? "\(article) \(typeName) property"
            throw .invalidValue("\(place) is \(kind); \(typed ?? ValueFormatter().detail(value, link: { _, _ in "" })) does not fit")
        }
    }
}
