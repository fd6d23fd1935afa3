import RealmFormat
import Testing

/// Checks every backlink column of a file against the forward links, read independently of the
/// editor: for each link occurrence (single links, lists, sets and dictionaries of links, links
/// in Mixed values at any depth) the target holds one backlink from the origin, and nothing else.
public enum BacklinkAudit {
    struct Origin: Hashable {
        let table: UInt32
        let column: Int64
        let target: Int64
    }

    /// Problems found (empty when every backlink matches).
    public static func problems(in path: String) throws -> [String] {
        let file = try RealmFile(path: path)
        let collections = CollectionReader(file: file)
        // (origin table, origin column, target table, target key) -> origin keys.
        var forward: [Origin: [UInt32: [Int64]]] = [:]
        var problems: [String] = []
        for table in file.tables {
            for column in table.columns where column.isLink || column.type == .mixed {
                try table.objects.forEachLeaf { leaf in
                    let reader = try ColumnLeafReader(leaf: leaf, column: column)
                    for row in 0..<leaf.count {
                        let origin = try leaf.key(at: row)
                        for (targetTable, targetKey) in try links(in: try reader.value(at: row), column: column, collections: collections) {
                            forward[Origin(table: table.key, column: column.key.rawValue, target: targetKey), default: [:]][targetTable, default: []].append(origin)
                        }
                    }
                }
            }
        }
        for table in file.tables {
            for backlinks in table.backlinkColumns {
                guard let originTable = backlinks.targetTableKey, let originColumn = backlinks.oppositeColumnKey else {
                    problems.append("\(table.name): a backlink column without origin")
                    continue
                }
                try table.objects.forEachLeaf { leaf in
                    let reader = try ColumnLeafReader(leaf: leaf, column: backlinks)
                    for row in 0..<leaf.count {
                        let key = try leaf.key(at: row)
                        let origin = Origin(table: originTable, column: originColumn.rawValue, target: key)
                        let expected = (forward[origin]?[table.key] ?? []).sorted()
                        let actual = try reader.backlinks(at: row).sorted()
                        if expected != actual {
                            problems.append("\(table.name) key \(key): backlinks \(actual), links from \(expected)")
                        }
                    }
                }
            }
        }
        for (origin, byTable) in forward {
            for (targetTable, origins) in byTable {
                let target = file.table(withKey: targetTable)
                guard try exists(origin.target, in: target) else {
                    problems.append("links from \(origins) point at a missing object \(target?.name ?? "?") key \(origin.target)")
                    continue
                }
                if target?.backlinkColumns.contains(where: { $0.targetTableKey == origin.table && $0.oppositeColumnKey?.rawValue == origin.column }) != true {
                    problems.append("links from \(origins) to \(target?.name ?? "?") key \(origin.target) have no backlink column")
                }
            }
        }
        return problems
    }

    private static func exists(_ key: Int64, in table: Table?) throws -> Bool {
        guard let table else { return false }
        return try table.objects.find(key: key) != nil
    }

    private static func links(in value: RealmValue, column: Column, collections: CollectionReader) throws -> [(UInt32, Int64)] {
        switch value {
        case let .link(table, key), let .typedLink(table, key):
            return [(column.type == .mixed ? table : column.targetTableKey ?? table, key)]
        case let .collection(collection):
            var result: [(UInt32, Int64)] = []
            let elements = collection.kind == .dictionary ? try collections.entries(of: collection).map(\.value)
                : try collections.elements(of: collection)
            for element in elements { result += try links(in: element, column: column, collections: collections) }
            return result
        default:
            return []
        }
    }
}
