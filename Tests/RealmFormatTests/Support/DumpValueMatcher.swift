import Foundation
import RealmFormat
import RealmInterchange
import TestSupport

/// Compares values read through RealmFormat with their encoding in a canonical fixture dump.
///
/// Every type of the dump format is compared, including every element of every list, set and
/// dictionary (read with `CollectionReader`, recursively into collections nested in Mixed). The
/// expected side is decoded only from the dump text (README "Value encodings"), never from
/// anything RealmFormat computes, so a wrong reader cannot agree with itself: ObjectIds and
/// UUIDs are compared as bytes decoded from the dump's hex, Decimal128 by the dump's `bits`
/// against `high`/`low` (and its text against realm-core's rendering). Floating-point values
/// are compared by bit pattern (so -0 and +0 differ), NaN only by being NaN because the dump
/// does not keep NaN sign or payload, and strings byte for byte (Swift's `==` would treat
/// decomposed and precomposed accents as equal).
///
/// This overlaps with RealmShell's dump test on purpose: that one checks the JSON text
/// `dump` writes; this one checks the reader's values directly, so a reader bug cannot hide
/// behind an encoder that compensates for it, and it also runs on the rows reached through
/// `leaf(atPosition:)`/`find(key:)` (LookupTests) and on streaming-form copies.
struct DumpValueMatcher {
    let file: RealmFile
    let collections: CollectionReader
    /// Legacy dumps were made from upgraded copies, which reorder sets and dictionaries (README
    /// "Legacy files"): their elements are then matched regardless of order.
    let unorderedSetsAndDictionaries: Bool

    init(file: RealmFile, unorderedSetsAndDictionaries: Bool = false) {
        self.file = file
        collections = CollectionReader(file: file)
        self.unorderedSetsAndDictionaries = unorderedSetsAndDictionaries
    }

    /// Every type name a dump column descriptor can hold.
    static let dumpTypes: Set<String> = [
        "int", "bool", "float", "double", "string", "binary", "timestamp", "objectId", "decimal128", "uuid",
        "mixed", "link", "typedLink",
    ]

    /// Whether the golden test compares this column's values: every type the dump format knows.
    static func isComparable(type: String, collection: String?) -> Bool {
        dumpTypes.contains(type)
    }

    /// Nil when `actual` equals the dump's `expected`; otherwise what differs, for the report.
    func mismatch(actual: RealmValue, expected: JSONValue, column: Column) -> String? {
        let inMixed = column.type == .mixed
        guard let kind = column.collection else {
            return valueMismatch(actual, expected, inMixed: inMixed)
        }
        guard case let .collection(summary) = actual else {
            return "expected a \(kind), read \(describe(actual))"
        }
        guard summary.kind == kind else { return "expected a \(kind), read a \(summary.kind)" }
        return collectionMismatch(summary, expected, inMixed: inMixed, topLevel: true)
    }

    /// One value; `inMixed` says whether it sits in a Mixed property or collection, where ints
    /// are written as `{"$int": n}`.
    private func valueMismatch(_ actual: RealmValue, _ expected: JSONValue, inMixed: Bool) -> String? {
        let wanted = JSONText.compact(expected)
        switch actual {
        case .null:
            return expected == .null ? nil : "expected \(wanted), read null"
        case let .int(value):
            let number = inMixed ? DumpValueMatcher.tagged(expected, "$int")?.int : expected.int
            return number == value ? nil : "expected \(wanted), read \(inMixed ? "mixed " : "")int \(value)"
        case let .bool(value):
            return expected.bool == value ? nil : "expected \(wanted), read bool \(value)"
        case let .float(value):
            guard let text = DumpValueMatcher.tagged(expected, "$float")?.string,
                  let float = DumpValueMatcher.float(fromDumpText: text) else {
                return "expected \(wanted), read float \(value)"
            }
            if float.isNaN { return value.isNaN ? nil : "expected nan, read \(value)" }
            return value.bitPattern == float.bitPattern
                ? nil : "expected float \(text) (bits \(hex(float.bitPattern))), read \(value) (bits \(hex(value.bitPattern)))"
        case let .double(value):
            guard let text = DumpValueMatcher.tagged(expected, "$double")?.string,
                  let double = DumpValueMatcher.double(fromDumpText: text) else {
                return "expected \(wanted), read double \(value)"
            }
            if double.isNaN { return value.isNaN ? nil : "expected nan, read \(value)" }
            return value.bitPattern == double.bitPattern
                ? nil : "expected double \(text) (bits \(hex(double.bitPattern))), read \(value) (bits \(hex(value.bitPattern)))"
        case let .string(value):
            guard let string = expected.string else { return "expected \(wanted), read \(describe(actual))" }
            return value.utf8.elementsEqual(string.utf8) ? nil : "expected \(wanted), read \(describe(actual))"
        case let .binary(value):
            guard let text = DumpValueMatcher.tagged(expected, "$binary")?.string,
                  let bytes = Data(base64Encoded: text) else {
                return "expected \(wanted), read \(value.count) bytes of binary"
            }
            return value.elementsEqual(bytes) ? nil : "expected \(wanted), read \(value.count) other bytes"
        case let .timestamp(value):
            guard let parts = DumpValueMatcher.tagged(expected, "$date")?.array, parts.count == 2,
                  let seconds = parts[0].int, let nanoseconds = parts[1].int else {
                return "expected \(wanted), read date [\(value.seconds), \(value.nanoseconds)]"
            }
            return value.seconds == seconds && Int64(value.nanoseconds) == nanoseconds
                ? nil : "expected date [\(seconds), \(nanoseconds)], read [\(value.seconds), \(value.nanoseconds)]"
        case let .objectId(value):
            let bytes = DumpValueMatcher.tagged(expected, "$oid")?.string.flatMap { DumpValueMatcher.bytes(fromHex: $0) }
            return bytes == value.bytes && bytes?.count == 12 ? nil : "expected \(wanted), read objectId bytes \(value.bytes)"
        case let .uuid(value):
            let bytes = DumpValueMatcher.tagged(expected, "$uuid")?.string.flatMap { DumpValueMatcher.uuidBytes(fromText: $0) }
            return bytes == value.bytes ? nil : "expected \(wanted), read uuid bytes \(value.bytes)"
        case let .decimal(value):
            return decimalMismatch(value, expected)
        case let .link(table, key), let .typedLink(table, key):
            guard let parts = DumpValueMatcher.tagged(expected, "$link")?.array, parts.count == 2,
                  let targetName = parts[0].string, let targetKey = parts[1].int else {
                return "expected \(wanted), read a link to table key \(table) object \(key)"
            }
            let readName = file.table(withKey: table)?.name
            return readName == targetName && key == targetKey
                ? nil
                : "expected link [\(targetName), \(targetKey)], read link to table key \(table)"
                    + " (\(readName ?? "no such table")) object \(key)"
        case let .collection(summary):
            // A collection nested in a Mixed value: its elements are Mixed too.
            return collectionMismatch(summary, expected, inMixed: true, topLevel: false)
        }
    }

    /// `{"$decimal": text, "bits": 32 hex digits}`: the bits are the exact BID encoding, high
    /// word first; the text is realm-core's rendering.
    private func decimalMismatch(_ value: Decimal128, _ expected: JSONValue) -> String? {
        guard let members = expected.members, members.map(\.key) == ["$decimal", "bits"],
              let text = members[0].value.string, let bits = members[1].value.string, bits.utf8.count == 32,
              let high = UInt64(bits.prefix(16), radix: 16), let low = UInt64(bits.suffix(16), radix: 16) else {
            return "expected \(JSONText.compact(expected)), read decimal \(value)"
        }
        guard value.high == high, value.low == low else {
            return "expected decimal bits \(bits), read high \(hex(value.high)) low \(hex(value.low))"
        }
        return value.description == text ? nil : "decimal bits match, but it renders as \(value) instead of \(text)"
    }

    /// A list or set (JSON array) or dictionary (`{"$dict": [[key, value], ...]}`), element by
    /// element; `topLevel` marks a column's own collection (the only ones legacy dumps reorder).
    private func collectionMismatch(_ summary: CollectionSummary, _ expected: JSONValue, inMixed: Bool,
                                    topLevel: Bool) -> String? {
        let elementsInMixed = inMixed || summary.elementType == .mixed
        let unordered = topLevel && unorderedSetsAndDictionaries && summary.kind != .list
        do {
            if summary.kind == .dictionary {
                guard let pairs = DumpValueMatcher.tagged(expected, "$dict")?.array else {
                    return "expected \(JSONText.compact(expected)), read a dictionary of \(summary.elementCount)"
                }
                let entries = try collections.entries(of: summary)
                guard entries.count == pairs.count, summary.elementCount == pairs.count else {
                    return "expected \(pairs.count) entries, read \(entries.count) (counted \(summary.elementCount))"
                }
                return sequenceMismatch(entries, pairs, unordered: unordered, what: "entry") { entry, pair in
                    guard let parts = pair.array, parts.count == 2, parts[0].string != nil else {
                        return "unreadable dictionary entry \(JSONText.compact(pair))"
                    }
                    if let problem = valueMismatch(entry.key, parts[0], inMixed: false) { return "key: \(problem)" }
                    return valueMismatch(entry.value, parts[1], inMixed: elementsInMixed).map { "[\(JSONText.compact(parts[0]))]: \($0)" }
                }
            }
            guard let wanted = expected.array else {
                return "expected \(JSONText.compact(expected)), read a \(summary.kind) of \(summary.elementCount)"
            }
            let elements = try collections.elements(of: summary)
            guard elements.count == wanted.count, summary.elementCount == wanted.count else {
                return "expected \(wanted.count) elements, read \(elements.count) (counted \(summary.elementCount))"
            }
            return sequenceMismatch(elements, wanted, unordered: unordered, what: "element") { element, value in
                valueMismatch(element, value, inMixed: elementsInMixed)
            }
        } catch {
            return "reading the \(summary.kind) at offset \(summary.rootRef ?? 0) failed: \(error)"
        }
    }

    /// In order: the first position that differs. Unordered: every expected item must match a
    /// distinct read item (greedy, which is exact because matching is an equivalence).
    private func sequenceMismatch<Item>(_ actual: [Item], _ expected: [JSONValue], unordered: Bool, what: String,
                                        _ compare: (Item, JSONValue) -> String?) -> String? {
        guard unordered else {
            for (index, (item, wanted)) in zip(actual, expected).enumerated() {
                if let problem = compare(item, wanted) { return "\(what) \(index): \(problem)" }
            }
            return nil
        }
        var unused = Array(actual.indices)
        for wanted in expected {
            guard let match = unused.firstIndex(where: { compare(actual[$0], wanted) == nil }) else {
                return "no \(what) read matches \(JSONText.compact(wanted)) (order ignored)"
            }
            unused.remove(at: match)
        }
        return nil
    }

    // MARK: - Decoding the dump's spellings

    /// The value of a one-member object `{"<name>": value}`, the dump's wrapper for typed values.
    static func tagged(_ value: JSONValue, _ name: String) -> JSONValue? {
        guard let members = value.members, members.count == 1, members[0].key == name else { return nil }
        return members[0].value
    }

    /// Lower-case hex digits (the dump never uses upper case) as bytes.
    static func bytes(fromHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func nibble(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` as its 16 bytes.
    static func uuidBytes(fromText text: String) -> [UInt8]? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return nil }
        return bytes(fromHex: groups.joined())
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

    /// A read value for a failure message, cut short (strings and blobs can be 70 KB).
    private func describe(_ value: RealmValue) -> String {
        let text: String
        switch value {
        case let .string(string): text = "string " + string.debugDescription
        case let .binary(bytes): text = "binary of \(bytes.count) bytes"
        default: text = "\(value)"
        }
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }

    private func hex<T: BinaryInteger>(_ value: T) -> String { "0x" + String(value, radix: 16) }
}
