import RealmFormat
import RealmInterchange

/// How a user names one object: `Specimen[3]`, `Specimen[-1]`, `Specimen[_key = 65536]`,
/// `Item[id = 42]` or `BankInfo[bank_accno = "NL91..."]`.
///
/// Positions are what people see in listings; object keys are what links store and stay stable
/// when other objects are deleted; primary keys are what the app itself uses.
public struct ObjectAddress: Equatable {
    public enum Selector: Equatable {
        /// 0-based position in key order; negative counts from the end.
        case position(Int)
        case key(Int64)
        case primaryKey(property: String, literal: String)
    }

    public let className: String
    public let selector: Selector

    public init(className: String, selector: Selector) {
        self.className = className
        self.selector = selector
    }

    /// The property name that selects by object key.
    public static let keyProperty = "_key"

    /// Parses `Name[...]`; returns nil when `text` has no brackets (a plain class name).
    public static func parse(_ text: String) throws(BrowserError) -> ObjectAddress? {
        guard let open = text.firstIndex(of: "[") else { return nil }
        guard text.hasSuffix("]") else {
            throw .invalidAddress(text, reason: "missing the closing ']'")
        }
        let name = String(text[..<open]).trimmingWhitespace()
        guard !name.isEmpty else { throw .invalidAddress(text, reason: "the class name is missing before '['") }
        let inner = String(text[text.index(after: open)..<text.index(before: text.endIndex)]).trimmingWhitespace()
        if let position = Int(inner) {
            return ObjectAddress(className: name, selector: .position(position))
        }
        guard let equals = inner.firstIndex(of: "=") else {
            throw .invalidAddress(text, reason: "write a position like \(name)[0], an object key like \(name)[_key = 65536] or a primary key like \(name)[id = 42]")
        }
        let property = String(inner[..<equals]).trimmingWhitespace()
        var literal = String(inner[inner.index(after: equals)...]).trimmingWhitespace()
        if literal.hasPrefix("=") { literal = String(literal.dropFirst()).trimmingWhitespace() }
        guard !property.isEmpty, !literal.isEmpty else {
            throw .invalidAddress(text, reason: "expected PROPERTY = VALUE inside the brackets")
        }
        if property == keyProperty {
            guard let key = Int64(literal) else {
                throw .invalidAddress(text, reason: "an object key is an integer, not '\(literal)'")
            }
            return ObjectAddress(className: name, selector: .key(key))
        }
        return ObjectAddress(className: name, selector: .primaryKey(property: property, literal: literal))
    }

    /// Converts a primary-key literal to a value of the column's type.
    static func value(of literal: String, for column: Column, in text: String) throws(BrowserError) -> RealmValue {
        if literal == "null" && column.isNullable { return .null }
        switch column.type {
        case .int:
            guard let number = Int64(literal) else {
                throw .invalidAddress(text, reason: "\(column.name) is an int primary key, and '\(literal)' is not an integer")
            }
            return .int(number)
        case .string:
            return .string(unquoted(literal))
        default:
            throw .invalidAddress(text, reason: "looking up \(column.type) primary keys is not supported yet; use a position or _key")
        }
    }

    static func unquoted(_ literal: String) -> String {
        guard literal.count >= 2, let first = literal.first, first == "\"" || first == "'", literal.last == first else {
            return literal
        }
        return String(literal.dropFirst().dropLast())
    }
}
