import Foundation
import RealmFormat
import TestSupport

/// Compares values read through RealmFormat with their encoding in a canonical fixture dump.
///
/// The expected side is decoded only from the dump text (README "Value encodings"), never from
/// anything RealmFormat computes, so a wrong reader cannot agree with itself. Floating-point
/// values are compared by bit pattern (so -0 and +0 differ), NaN only by being NaN because the
/// dump does not keep NaN sign or payload, and strings byte for byte (Swift's `==` would treat
/// decomposed and precomposed accents as equal).
struct DumpValueMatcher {
    let file: RealmFile

    /// Scalar column types whose values the reader can decode today.
    static let comparableScalarTypes: Set<String> = [
        "int", "bool", "float", "double", "string", "binary", "timestamp", "link",
    ]

    /// Whether the golden test compares this column's values: every collection (by element
    /// count only, elements are not readable yet) and the scalar types above.
    static func isComparable(type: String, collection: String?) -> Bool {
        collection != nil || comparableScalarTypes.contains(type)
    }

    /// Nil when `actual` equals the dump's `expected`; otherwise what differs, for the report.
    func mismatch(actual: RealmValue, expected: JSONValue, column: Column) -> String? {
        if let kind = column.collection {
            return collectionMismatch(actual: actual, expected: expected, kind: kind)
        }
        if expected == .null {
            return actual == .null ? nil : "expected null, read \(actual)"
        }
        switch (column.type, actual) {
        case let (.int, .int(value)):
            return expected.int == value ? nil : "expected \(expected), read int \(value)"
        case let (.bool, .bool(value)):
            return expected.bool == value ? nil : "expected \(expected), read bool \(value)"
        case let (.float, .float(value)):
            guard let text = expected["$float"]?.string, let wanted = DumpValueMatcher.float(fromDumpText: text) else {
                return "unreadable $float encoding \(expected)"
            }
            if wanted.isNaN { return value.isNaN ? nil : "expected nan, read \(value)" }
            return value.bitPattern == wanted.bitPattern
                ? nil : "expected float \(text) (bits \(hex(wanted.bitPattern))), read \(value) (bits \(hex(value.bitPattern)))"
        case let (.double, .double(value)):
            guard let text = expected["$double"]?.string, let wanted = DumpValueMatcher.double(fromDumpText: text) else {
                return "unreadable $double encoding \(expected)"
            }
            if wanted.isNaN { return value.isNaN ? nil : "expected nan, read \(value)" }
            return value.bitPattern == wanted.bitPattern
                ? nil : "expected double \(text) (bits \(hex(wanted.bitPattern))), read \(value) (bits \(hex(value.bitPattern)))"
        case let (.string, .string(value)):
            guard let wanted = expected.string else { return "expected \(expected), read a string" }
            return value.utf8.elementsEqual(wanted.utf8)
                ? nil : "expected string \(wanted.debugDescription), read \(value.debugDescription)"
        case let (.binary, .binary(value)):
            guard let text = expected["$binary"]?.string, let wanted = Data(base64Encoded: text) else {
                return "unreadable $binary encoding \(expected)"
            }
            return value.elementsEqual(wanted)
                ? nil : "expected \(wanted.count) bytes \(text.prefix(40)), read \(value.count) bytes"
        case let (.timestamp, .timestamp(value)):
            guard let parts = expected["$date"]?.array, parts.count == 2,
                  let seconds = parts[0].int, let nanoseconds = parts[1].int else {
                return "unreadable $date encoding \(expected)"
            }
            return value.seconds == seconds && Int64(value.nanoseconds) == nanoseconds
                ? nil : "expected date [\(seconds), \(nanoseconds)], read [\(value.seconds), \(value.nanoseconds)]"
        case let (.link, .link(table, key)):
            guard let parts = expected["$link"]?.array, parts.count == 2,
                  let targetName = parts[0].string, let targetKey = parts[1].int else {
                return "unreadable $link encoding \(expected)"
            }
            let readName = file.table(withKey: table)?.name
            return readName == targetName && key == targetKey
                ? nil
                : "expected link [\(targetName), \(targetKey)], read link to table key \(table)"
                    + " (\(readName ?? "no such table")) object \(key)"
        default:
            return "expected \(expected) for a \(column.type) column, read \(actual)"
        }
    }

    private func collectionMismatch(actual: RealmValue, expected: JSONValue, kind: CollectionKind) -> String? {
        guard case let .collection(summary) = actual else {
            return "expected a \(kind), read \(actual)"
        }
        let wantedCount: Int
        if let elements = expected.array {
            wantedCount = elements.count
        } else if let entries = expected["$dict"]?.array {
            wantedCount = entries.count
        } else {
            return "unreadable collection encoding \(expected)"
        }
        guard summary.kind == kind else { return "expected a \(kind), read a \(summary.kind)" }
        return summary.elementCount == wantedCount
            ? nil : "expected \(wantedCount) elements, read \(summary.elementCount)"
    }

    /// Decodes the dump's `%.9g` text, including its spellings of non-finite values and -0.
    static func float(fromDumpText text: String) -> Float? {
        switch text {
        case "nan", "-nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        case "-0": return -0.0
        default: return Float(text)
        }
    }

    /// Decodes the dump's `%.17g` text, including its spellings of non-finite values and -0.
    static func double(fromDumpText text: String) -> Double? {
        switch text {
        case "nan", "-nan": return .nan
        case "inf": return .infinity
        case "-inf": return -.infinity
        case "-0": return -0.0
        default: return Double(text)
        }
    }

    private func hex<T: BinaryInteger>(_ value: T) -> String { "0x" + String(value, radix: 16) }
}
