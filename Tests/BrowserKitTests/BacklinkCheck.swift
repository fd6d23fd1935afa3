import BrowserKit
import RealmFormat
import Testing
import TestSupport

/// Backlink columns checked against the forward links of a dump.
enum BacklinkCheck {
    /// Each backlink column of `targetName` holds, for every object, exactly the origins whose
    /// property (anywhere inside it, nested Mixed collections included) links to the object.
    static func verify(_ path: String, into targetName: String) throws {
        let file = try RealmFile(path: path)
        let target = try #require(file.table(named: targetName))
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path)
        try session.execute("dump")
        let dump = try JSONParser.parse(output.text)
        let tables = try #require(dump["tables"]?.array)
        for backlinks in target.backlinkColumns {
            let origin = try #require(backlinks.targetTableKey.flatMap { file.table(withKey: $0) })
            let originColumn = try #require(origin.allColumns.first { $0.key == backlinks.oppositeColumnKey })
            let objects = try #require(tables.first { $0["name"]?.string == origin.name }?["objects"]?.array)
            var expected: [Int64: [Int64]] = [:]
            for object in objects {
                let originKey = try #require(object["_key"]?.int)
                for key in links(in: try #require(object[originColumn.name]), to: targetName) {
                    expected[key, default: []].append(originKey)
                }
            }
            try target.objects.forEachLeaf { leaf in
                let reader = try ColumnLeafReader(leaf: leaf, column: backlinks)
                for row in 0..<leaf.count {
                    let key = try leaf.key(at: row)
                    #expect(try reader.backlinks(at: row).sorted() == (expected[key] ?? []).sorted(),
                            "\(targetName) key \(key) from \(origin.displayName).\(originColumn.name)")
                }
            }
        }
    }

    private static func links(in value: JSONValue, to table: String) -> [Int64] {
        if let parts = value["$link"]?.array, parts.count == 2, parts[0].string == table, let key = parts[1].int { return [key] }
        switch value {
        case let .array(elements): return elements.flatMap { links(in: $0, to: table) }
        case let .object(members): return members.flatMap { links(in: $0.value, to: table) }
        default: return []
        }
    }
}
