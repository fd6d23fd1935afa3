import RealmFormat

/// Fits a value typed by a user to a property's type (an integer into a double property, a
/// string into binary data), or says why it does not fit.
enum ValueCoercion {
    static func value(_ value: RealmValue, for column: Column, className: String) throws(BrowserError) -> RealmValue {
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
        case let (.float, .double(number)): return .float(Float(number))
        case let (.binary, .string(text)): return .binary(Array(text.utf8))
        case let (.decimal128, .int(number)):
            let magnitude = UInt64(number.magnitude)
            return .decimal(Decimal128(high: 0x3040_0000_0000_0000 | (number < 0 ? 1 << 63 : 0), low: magnitude))
        default:
            let typeName = SchemaCommand.userTypeName(column.type)
            let kind = column.collection.map { "\($0) of \(typeName) values" } ?? "\(typeName) property"
            throw .invalidValue("\(place) is a \(kind); \(ValueFormatter().detail(value, link: { _, _ in "" })) does not fit")
        }
    }
}
