import RealmFormat
import RealmInterchange
import TestSupport

/// One column exactly as the canonical dump describes it (README "Canonical dump format").
///
/// Both sides are converted into this shape so a mismatch shows every attribute of the column
/// at once instead of failing on the first differing field.
struct ColumnDescriptor: Equatable, CustomStringConvertible {
    let name: String
    let type: String
    let nullable: Bool
    let collection: String?
    /// Raw name of the link target table, nil for non-link columns.
    let target: String?
    private(set) var indexed: Bool
    let fulltext: Bool

    /// Reads a descriptor from the dump; nil if a member is missing or has the wrong JSON type.
    init?(dump: JSONValue) {
        guard let name = dump["name"]?.string, let type = dump["type"]?.string,
              let nullable = dump["nullable"]?.bool,
              let collection = dump.optionalString("collection"), let target = dump.optionalString("target"),
              let indexed = dump["indexed"]?.bool, let fulltext = dump["fulltext"]?.bool,
              dump.members?.map(\.key) == ["name", "type", "nullable", "collection", "target", "indexed", "fulltext"]
        else { return nil }
        self.name = name
        self.type = type
        self.nullable = nullable
        self.collection = collection
        self.target = target
        self.indexed = indexed
        self.fulltext = fulltext
    }

    /// Describes a column as read by RealmFormat, resolving the link target by table key.
    init(column: Column, in file: RealmFile) {
        name = column.name
        type = column.type.description
        nullable = column.isNullable
        collection = column.collection?.rawValue
        target = column.targetTableKey.map { key in file.table(withKey: key)?.name ?? "<no table with key \(key)>" }
        indexed = column.isIndexed
        fulltext = column.isFullTextIndexed
    }

    /// The same descriptor with `indexed` false, for legacy files whose dumps come from an
    /// upgraded copy (the upgrade adds search indexes to primary key columns).
    var ignoringIndex: ColumnDescriptor {
        var copy = self
        copy.indexed = false
        return copy
    }

    var description: String {
        "\(name): \(type)\(nullable ? "?" : "") collection=\(collection ?? "-") target=\(target ?? "-")"
            + " indexed=\(indexed) fulltext=\(fulltext)"
    }
}
