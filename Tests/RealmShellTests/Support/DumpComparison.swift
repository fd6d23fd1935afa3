import RealmInterchange
import TestSupport

/// Compares two parsed canonical dumps and names the first difference by table, object and
/// member, so a failing golden test says where it went wrong instead of printing megabytes.
///
/// Comparison is strict: member order counts, integers are exact, and strings are compared
/// byte for byte (Swift's `String ==`, and so `JSONValue ==`, treats a decomposed accent as
/// equal to the precomposed one, and alltypes.json holds both spellings on purpose).
///
/// The legacy mode does what `../shared/tools/compare-dump --legacy` does for realm-core's
/// upgrade-test files, whose dumps were made from upgraded copies (fixtures README, "Legacy
/// files"): it ignores `file_format`/`upgraded_from` at the top (the caller checks those
/// against the file header) and the `indexed` flag of column descriptors, and compares the
/// contents of set and dictionary columns regardless of order. Everything else stays exact.
enum DumpComparison {
    /// Nil if the dumps are equal; otherwise the path of the first difference and both values.
    static func firstDifference(expected: JSONValue, actual: JSONValue, legacy: Bool = false) -> String? {
        guard legacy else { return difference(expected, actual, path: "dump") }
        return difference(legacyForm(of: expected, columnsFrom: expected),
                          legacyForm(of: actual, columnsFrom: expected), path: "dump")
    }

    /// Strict structural comparison; the report starts with `path`.
    static func difference(_ expected: JSONValue, _ actual: JSONValue, path: String) -> String? {
        guard let found = mismatch(expected, actual) else { return nil }
        return path + found.reversedPath.reversed().joined() + ": " + found.message
    }

    /// Where two values differ; the path is collected on the way back up, so that comparing
    /// equal documents (47 MB for big.json) builds no path strings at all.
    private struct Mismatch {
        var reversedPath: [String]
        let message: String
    }

    private static func mismatch(_ expected: JSONValue, _ actual: JSONValue) -> Mismatch? {
        switch (expected, actual) {
        case let (.object(wanted), .object(found)):
            guard wanted.map(\.key).elementsEqual(found.map(\.key), by: sameBytes) else {
                return Mismatch(reversedPath: [], message: "members \(found.map(\.key)), expected \(wanted.map(\.key))")
            }
            for (member, other) in zip(wanted, found) {
                if var inner = mismatch(member.value, other.value) {
                    inner.reversedPath.append(".\(member.key)")
                    return inner
                }
            }
            return nil
        case let (.array(wanted), .array(found)):
            for index in 0..<min(wanted.count, found.count) {
                if var inner = mismatch(wanted[index], found[index]) {
                    inner.reversedPath.append("[\(index)\(label(of: wanted[index]))]")
                    return inner
                }
            }
            guard wanted.count == found.count else {
                return Mismatch(reversedPath: [], message: "\(found.count) elements, expected \(wanted.count)")
            }
            return nil
        case let (.string(wanted), .string(found)):
            return sameBytes(wanted, found) ? nil : values(expected, actual)
        case let (.double(wanted), .double(found)):
            return wanted.bitPattern == found.bitPattern ? nil : values(expected, actual)
        default:
            // Scalars (int, bool, null) and mismatched kinds: plain equality is exact here.
            return expected == actual ? nil : values(expected, actual)
        }
    }

    /// Table entries are named by `name`, objects by `_key`, so a path reads
    /// `dump.tables[1 "class_AllTypes"].objects[17 _key=17].intList[3]`.
    private static func label(of element: JSONValue) -> String {
        if case let .string(name)? = element["name"], element["objects"] != nil { return " \"\(name)\"" }
        if case let .int(key)? = element["_key"] { return " _key=\(key)" }
        return ""
    }

    private static func values(_ expected: JSONValue, _ actual: JSONValue) -> Mismatch {
        Mismatch(reversedPath: [], message: "\(JSONText.compact(actual)), expected \(JSONText.compact(expected))")
    }

    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }

    // MARK: - Legacy form

    /// `dump` without the top-level format members, with `indexed` dropped from every column
    /// descriptor and with the values of set and dictionary columns (as `expected` declares
    /// them) put in a canonical order.
    private static func legacyForm(of dump: JSONValue, columnsFrom expected: JSONValue) -> JSONValue {
        guard case let .object(members) = dump else { return dump }
        let expectedTables = expected["tables"]?.array ?? []
        return .object(members.compactMap { member in
            switch member.key {
            case "file_format", "upgraded_from":
                return nil
            case "tables":
                guard case let .array(tables) = member.value else { return member }
                let converted = tables.enumerated().map { index, table in
                    legacyForm(ofTable: table, expected: index < expectedTables.count ? expectedTables[index] : table)
                }
                return JSONValue.Member(key: member.key, value: .array(converted))
            default:
                return member
            }
        })
    }

    private static func legacyForm(ofTable table: JSONValue, expected: JSONValue) -> JSONValue {
        guard case let .object(members) = table else { return table }
        let unorderedColumns = Set((expected["columns"]?.array ?? []).compactMap { column -> String? in
            guard let collection = column["collection"]?.string, collection == "set" || collection == "dictionary" else {
                return nil
            }
            return column["name"]?.string
        })
        return .object(members.map { member in
            switch (member.key, member.value) {
            case let ("columns", .array(columns)):
                return JSONValue.Member(key: member.key, value: .array(columns.map(withoutIndexFlag)))
            case let ("objects", .array(objects)):
                let converted = objects.map { object -> JSONValue in
                    guard case let .object(values) = object else { return object }
                    return .object(values.map { value in
                        unorderedColumns.contains(value.key)
                            ? JSONValue.Member(key: value.key, value: unordered(value.value)) : value
                    })
                }
                return JSONValue.Member(key: member.key, value: .array(converted))
            default:
                return member
            }
        })
    }

    private static func withoutIndexFlag(_ column: JSONValue) -> JSONValue {
        guard case let .object(members) = column else { return column }
        return .object(members.filter { $0.key != "indexed" })
    }

    /// compare-dump's `unordered`: arrays sorted, `$dict` entries sorted, recursively (keys
    /// stay with their values); sorted by canonical text, compared as bytes.
    static func unordered(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .array(elements):
            return .array(sortedCanonically(elements.map(unordered)))
        case .object where value["$dict"] != nil:
            let entries = (value["$dict"]?.array ?? []).map { entry -> JSONValue in
                guard case let .array(pair) = entry, pair.count == 2 else { return entry }
                return .array([pair[0], unordered(pair[1])])
            }
            return .object([JSONValue.Member(key: "$dict", value: .array(sortedCanonically(entries)))])
        default:
            return value
        }
    }

    private static func sortedCanonically(_ values: [JSONValue]) -> [JSONValue] {
        values.map { (text: Array(JSONText.canonical($0).utf8), value: $0) }
            .sorted { $0.text.lexicographicallyPrecedes($1.text) }
            .map(\.value)
    }
}
