import RealmDiff
import RealmFormat
import RealmInterchange

/// Canonical JSON (as `dump` writes it) for `diff --json`, except that embedded objects are
/// written inline as `{"property": value, ...}`: the diff compares them by content, and their
/// object keys (what `dump` writes) change whenever one is replaced, so a key would not show
/// what changed.
struct DiffValueEncoder {
    let file: RealmFile
    private let canonical: CanonicalValueEncoder
    private let collections: CollectionReader

    init(file: RealmFile) {
        self.file = file
        canonical = CanonicalValueEncoder(file: file)
        collections = CollectionReader(file: file)
    }

    /// `{"_key": K, "property": value, ...}`: a whole object, as a `dump` line writes it.
    func object(_ object: DiffObject) throws(RealmFormatError) -> String {
        var text = "{\"_key\": \(object.key)"
        try appendProperties(of: object.table, leaf: object.leaf, row: object.row, into: &text, depth: 0)
        return text + "}"
    }

    func encode(_ value: RealmValue, column: Column, into text: inout String, depth: Int = 0) throws(RealmFormatError) {
        switch value {
        case let .link(tableKey, key):
            guard let target = embedded(tableKey), depth < CrossFileValueComparator.maximumDepth,
                  let found = try target.objects.find(key: key) else { break }
            text += "{"
            try appendProperties(of: target, leaf: found.leaf, row: found.row, into: &text, depth: depth + 1, first: true)
            text += "}"
            return
        case let .collection(collection):
            guard collection.elementType == .link, collection.nestingDepth == 0,
                  embedded(collection.linkTarget ?? column.targetTableKey ?? UInt32.max) != nil else { break }
            if collection.kind == .dictionary {
                text += "{\"$dict\": ["
                for (index, entry) in try collections.entries(of: collection).enumerated() {
                    text += index == 0 ? "[" : ", ["
                    try canonical.encode(entry.key, inMixed: false, into: &text)
                    text += ", "
                    try encode(entry.value, column: column, into: &text, depth: depth)
                    text += "]"
                }
                text += "]}"
            } else {
                text += "["
                for (index, element) in try collections.elements(of: collection).enumerated() {
                    if index > 0 { text += ", " }
                    try encode(element, column: column, into: &text, depth: depth)
                }
                text += "]"
            }
            return
        default:
            break
        }
        try canonical.encode(value, inMixed: column.type == .mixed, into: &text)
    }

    private func embedded(_ tableKey: UInt32) -> Table? {
        guard let table = file.table(withKey: tableKey), table.kind == .embedded else { return nil }
        return table
    }

    private func appendProperties(of table: Table, leaf: ClusterLeaf, row: Int, into text: inout String, depth: Int,
                                  first: Bool = false) throws(RealmFormatError) {
        for (index, column) in table.columns.enumerated() {
            text += index == 0 && first ? "" : ", "
            CanonicalValueEncoder.appendJSONString(column.name, to: &text)
            text += ": "
            try encode(try ColumnLeafReader(leaf: leaf, column: column).value(at: row), column: column, into: &text, depth: depth)
        }
    }
}
