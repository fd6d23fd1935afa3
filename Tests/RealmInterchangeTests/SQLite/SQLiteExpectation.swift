import Foundation
import RealmInterchange
import TestSupport

/// docs/sqlite-export.md as the tests read it, written apart from the exporter: whether a value
/// SQLite gives back is what the mapping makes of a value of the fixture's canonical JSON (the
/// dump realm-core itself wrote). Each check returns nil, or what differs.
enum SQLiteExpectation {
    typealias Cell = SQLiteFile.Cell

    /// The SQLite table of a raw table name: the class name, or the raw name of a non-class table.
    static func tableName(_ raw: String) -> String {
        raw.hasPrefix("class_") ? String(raw.dropFirst("class_".count)) : raw
    }

    /// The declared type of a column holding values of canonical type `type`.
    static func declaredType(_ type: String) -> String {
        switch type {
        case "int", "bool", "link": return "INTEGER"
        case "float", "double": return "REAL"
        case "binary": return "BLOB"
        case "mixed", "typedLink": return ""
        default: return "TEXT"
        }
    }

    /// A typed (not Mixed) value: `cell` holds canonical `value` of type `type`.
    static func mismatch(_ cell: Cell, _ value: JSONValue, type: String) -> String? {
        if value == .null { return cell == .null ? nil : "expected NULL, found \(cell)" }
        let expected: Cell
        switch type {
        case "int":
            guard let number = value.int else { return "fixture value \(value) is not an int" }
            expected = .integer(number)
        case "bool":
            guard let flag = value.bool else { return "fixture value \(value) is not a bool" }
            expected = .integer(flag ? 1 : 0)
        case "float":
            guard let text = value["$float"]?.string, let number = Float(text) else { return "fixture value \(value) is not a float" }
            expected = real(Double(number))
        case "double":
            guard let text = value["$double"]?.string, let number = Double(text) else { return "fixture value \(value) is not a double" }
            expected = real(number)
        case "string":
            guard let text = value.string else { return "fixture value \(value) is not a string" }
            expected = .text(text)
        case "binary":
            guard let text = value["$binary"]?.string, let bytes = Data(base64Encoded: text) else { return "fixture value \(value) is not binary" }
            expected = .blob([UInt8](bytes))
        case "timestamp":
            guard let parts = value["$date"]?.array, parts.count == 2, let seconds = parts[0].int, let nanoseconds = parts[1].int else {
                return "fixture value \(value) is not a date"
            }
            return dateMismatch(cell, seconds: seconds, nanoseconds: nanoseconds)
        case "objectId":
            expected = .text(value["$oid"]?.string ?? "?")
        case "uuid":
            expected = .text(value["$uuid"]?.string ?? "?")
        case "decimal128":
            expected = .text(value["$decimal"]?.string ?? "?")
        case "link":
            guard let key = value.linkedKey else { return "fixture value \(value) is not a link" }
            expected = .integer(key)
        default:
            return "no typed mapping for \(type)"
        }
        return cell == expected ? nil : "expected \(expected), found \(cell)"
    }

    /// A Mixed value: `cell` and `typeCell` (its `_type` column) hold canonical `value`.
    static func mixedMismatch(_ cell: Cell, type typeCell: Cell, _ value: JSONValue) -> String? {
        let (type, typed): (String?, String?)
        switch value {
        case .null: (type, typed) = (nil, nil)
        case .bool: (type, typed) = ("bool", "bool")
        case .string: (type, typed) = ("string", "string")
        case .array:
            return nestedMismatch(cell, typeCell, "list", value)
        default:
            if value["$int"] != nil { return typeMismatch(typeCell, "int") ?? mismatch(cell, value["$int"] ?? .null, type: "int") }
            if value["$dict"] != nil { return nestedMismatch(cell, typeCell, "dictionary", value) }
            if let link = value["$link"]?.array, link.count == 2, let raw = link[0].string {
                return typeMismatch(typeCell, "link:" + tableName(raw)) ?? mismatch(cell, value, type: "link")
            }
            let tags = ["$float": ("float", "float"), "$double": ("double", "double"), "$binary": ("data", "binary"),
                        "$date": ("date", "timestamp"), "$oid": ("objectId", "objectId"), "$decimal": ("decimal128", "decimal128"),
                        "$uuid": ("uuid", "uuid")]
            guard let tag = value.members?.first?.key, let names = tags[tag] else { return "unknown mixed value \(value)" }
            (type, typed) = names
        }
        if let problem = typeMismatch(typeCell, type) { return problem }
        return mismatch(cell, value, type: typed ?? "null")
    }

    private static func typeMismatch(_ cell: Cell, _ type: String?) -> String? {
        let expected: Cell = type.map { .text($0) } ?? .null
        return cell == expected ? nil : "type column: expected \(expected), found \(cell)"
    }

    /// A collection nested in a Mixed value: JSON text SQLite's JSON functions read (checked
    /// by the caller), holding `export json`'s Mixed JSON with links as object keys.
    private static func nestedMismatch(_ cell: Cell, _ typeCell: Cell, _ type: String, _ value: JSONValue) -> String? {
        if let problem = typeMismatch(typeCell, type) { return problem }
        guard let text = cell.string else { return "expected JSON text, found \(cell)" }
        guard let parsed = try? JSONParser.parse(Array(text.utf8)) else { return "not JSON: \(text.prefix(200))" }
        return nestedJSONMismatch(parsed, value).map { "\($0) in \(text.prefix(300))" }
    }

    static func nestedJSONMismatch(_ actual: JSONValue, _ canonical: JSONValue) -> String? {
        func differ() -> String { "\(JSONText.compact(actual)) for \(JSONText.compact(canonical))" }
        switch canonical {
        case .null, .bool, .string:
            return actual == canonical ? nil : differ()
        case let .array(elements):
            guard let found = actual.array, found.count == elements.count else { return differ() }
            return zip(found, elements).lazy.compactMap { nestedJSONMismatch($0, $1) }.first
        default:
            break
        }
        if let number = canonical["$int"] { return actual == number ? nil : differ() }
        if let entries = canonical["$dict"]?.array {
            guard let members = actual.members, members.count == entries.count else { return differ() }
            for (member, entry) in zip(members, entries) {
                guard let pair = entry.array, pair.count == 2, member.key == pair[0].string else { return differ() }
                if let problem = nestedJSONMismatch(member.value, pair[1]) { return problem }
            }
            return nil
        }
        if let text = canonical["$double"]?.string, let number = Double(text) {
            if number.isFinite {
                guard case let .double(found) = actual, found.bitPattern == number.bitPattern else { return differ() }
                return nil
            }
            let spelled = number.isNaN ? "nan" : number < 0 ? "-inf" : "inf"
            return actual["$double"]?.string == spelled ? nil : differ()
        }
        if let text = canonical["$float"]?.string, let number = Float(text) {
            guard let found = actual["$float"]?.string.flatMap(Float.init) else { return differ() }
            return found.bitPattern == number.bitPattern || (found.isNaN && number.isNaN) ? nil : differ()
        }
        if let parts = canonical["$date"]?.array, parts.count == 2, let seconds = parts[0].int, let nanoseconds = parts[1].int {
            guard let text = actual["$date"]?.string else { return differ() }
            return dateMismatch(.text(text), seconds: seconds, nanoseconds: nanoseconds)
        }
        if let link = canonical["$link"]?.array, link.count == 2, let raw = link[0].string {
            return actual == .object([JSONValue.Member(key: "$link", value: .array([.string(tableName(raw)), link[1]]))]) ? nil : differ()
        }
        if let decimal = canonical["$decimal"] {
            return actual == .object([JSONValue.Member(key: "$decimal", value: decimal)]) ? nil : differ()
        }
        // $binary, $oid, $uuid: the same one-member object.
        return actual == canonical ? nil : differ()
    }

    /// How a float or double is stored: REAL, but NaN and -0.0 as text.
    static func real(_ number: Double) -> Cell {
        if number.isNaN { return .text("NaN") }
        if number == 0 && number.sign == .minus { return .text("-0x0p+0") }
        return .real(number)
    }

    // MARK: - Dates

    /// A date: `YYYY-MM-DDTHH:MM:SS.fffffffffZ` in UTC (more year digits and a sign outside
    /// 0000-9999), read back here into seconds and nanoseconds as Realm keeps them (both
    /// negative or zero before 1970).
    static func dateMismatch(_ cell: Cell, seconds: Int64, nanoseconds: Int64) -> String? {
        guard let text = cell.string else { return "expected a date's text, found \(cell)" }
        guard let instant = instant(of: text) else { return "not an ISO 8601 date with nine fraction digits: \(text)" }
        let expected = Int128(seconds) * 1_000_000_000 + Int128(nanoseconds)
        return instant == expected ? nil : "\(text) is not (\(seconds) s, \(nanoseconds) ns)"
    }

    /// Nanoseconds since 1970 of a date's text (days from the civil date, proleptic Gregorian).
    static func instant(of text: String) -> Int128? {
        var rest = Substring(text)
        var negativeYear = false
        if rest.first == "-" {
            negativeYear = true
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: "T")
        guard parts.count == 2, parts[1].hasSuffix("Z") else { return nil }
        let date = parts[0].split(separator: "-")
        let time = parts[1].dropLast().split(separator: ":")
        guard date.count == 3, date[0].count >= 4, time.count == 3, time[2].count == 12, time[2].dropFirst(2).first == "." else { return nil }
        guard let yearDigits = Int64(date[0]), let month = Int64(date[1]), let day = Int64(date[2]),
              let hour = Int64(time[0]), let minute = Int64(time[1]), let second = Int64(time[2].prefix(2)),
              let fraction = Int64(time[2].dropFirst(3)) else { return nil }
        let year = negativeYear ? -yearDigits : yearDigits
        // Days from 0000-03-01 in 400-year eras, then back to 1970-01-01.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = Int128(era) * 146_097 + Int128(dayOfEra) - 719_468
        return (days * 86_400 + Int128(hour * 3600 + minute * 60 + second)) * 1_000_000_000 + Int128(fraction)
    }
}
