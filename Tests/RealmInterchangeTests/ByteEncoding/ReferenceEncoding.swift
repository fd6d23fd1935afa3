import RealmFormat
@testable import RealmInterchange

/// `dump` and `export` as they were written before they encoded bytes leaf by leaf: every value
/// read with `ColumnLeafReader.value(at:)` and turned into text by `CanonicalValueEncoder` and
/// `ExportValueEncoder`. Those per-value encoders remain the reference for every encoding (and
/// still encode the rare types), so the byte path must produce exactly this text.
enum ReferenceEncoding {
    /// The object lines of the dump of `table` (`        {"_key": ...}`), one per object.
    static func dumpObjectLines(of table: Table, file: RealmFile) throws -> [String] {
        let encoder = CanonicalValueEncoder(file: file)
        var lines: [String] = []
        try forEachObject(of: table, keys: nil) { readers, row, key in
            var line = "        {\"_key\": " + String(key)
            for reader in readers {
                line += ", "
                CanonicalValueEncoder.appendJSONString(reader.column.name, to: &line)
                line += ": "
                try encoder.encode(try reader.value(at: row), inMixed: reader.column.type == .mixed, into: &line)
            }
            lines.append(line + "}")
        }
        return lines
    }

    /// `export csv` of `table`, or of the objects `keys` in that order.
    static func csv(of table: Table, keys: [Int64]? = nil, file: RealmFile) throws -> String {
        let encoder = ExportValueEncoder(file: file)
        let withKey = table.primaryKey == nil
        var text = CSV.record((withKey ? ["_key"] : []) + table.columns.map(\.name)) + "\r\n"
        try forEachObject(of: table, keys: keys) { readers, row, key in
            var fields = withKey ? [String(key)] : []
            for reader in readers { fields.append(try encoder.csvField(try reader.value(at: row), column: reader.column)) }
            text += fields.joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// `export json` of `table`, or of the objects `keys` in that order.
    static func json(of table: Table, keys: [Int64]? = nil, file: RealmFile) throws -> String {
        let encoder = ExportValueEncoder(file: file)
        var text = "["
        var first = true
        try forEachObject(of: table, keys: keys) { readers, row, key in
            text += (first ? "\n" : ",\n") + "  "
            first = false
            try encoder.appendObject(table: table, readers: readers, row: row, key: key, to: &text)
        }
        return text + (first ? "]" : "\n]") + "\n"
    }

    private static func forEachObject(of table: Table, keys: [Int64]?,
                                      _ body: ([ColumnLeafReader], Int, Int64) throws -> Void) throws {
        guard let keys else {
            try table.objects.forEachLeaf { leaf in
                let readers = try table.columns.map { try ColumnLeafReader(leaf: leaf, column: $0) }
                for row in 0..<leaf.count { try body(readers, row, try leaf.key(at: row)) }
            }
            return
        }
        for key in keys {
            guard let (leaf, row) = try table.objects.find(key: key) else { continue }
            try body(try table.columns.map { try ColumnLeafReader(leaf: leaf, column: $0) }, row, key)
        }
    }
}
