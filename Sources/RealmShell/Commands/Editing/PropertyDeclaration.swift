import RealmFormat

/// One property of `add class` / `add property`: `NAME TYPE [primary]`, where TYPE is a value
/// type (`int`, `string`, ...) or a class name (a link), `?` makes it optional (for
/// collections: optional elements), and a suffix makes a collection as in Realm's JavaScript
/// schema shorthand: `[]` list, `<>` set, `{}` dictionary. `Specimen` and `Specimen?` are both a
/// link (links are always optional); `Specimen[]` is a list of links.
struct PropertyDeclaration {
    let name: String
    /// As typed, for messages and `status`.
    let typeText: String
    /// A value type, or nil for a link to `baseName`.
    let valueType: ColumnType?
    let baseName: String
    let isOptional: Bool
    let collection: CollectionKind?
    let isPrimary: Bool

    static let valueTypes: [String: ColumnType] = [
        "int": .int, "bool": .bool, "float": .float, "double": .double, "string": .string, "data": .binary,
        "binary": .binary, "date": .timestamp, "timestamp": .timestamp, "decimal128": .decimal128, "decimal": .decimal128,
        "objectid": .objectId, "uuid": .uuid, "mixed": .mixed,
    ]

    static let typeHelp = "types: int bool float double string data date decimal128 objectId uuid mixed, or a class name (a link); "
        + "'?' makes one optional; a suffix [] <> {} makes a list, set or dictionary"

    /// Parses `NAME TYPE` (and, where allowed, `primary`).
    init(words: [String], allowPrimary: Bool, usage: String) throws(BrowserError) {
        guard words.count == 2 || (allowPrimary && words.count == 3) else { throw .usage(usage) }
        if words.count == 3 {
            guard words[2].lowercased() == "primary" else { throw .usage(usage) }
        }
        name = words[0]
        typeText = words[1]
        isPrimary = words.count == 3
        var text = words[1]
        var collection: CollectionKind?
        for (suffix, kind) in [("[]", CollectionKind.list), ("<>", .set), ("{}", .dictionary)] where text.hasSuffix(suffix) {
            collection = kind
            text.removeLast(2)
        }
        self.collection = collection
        isOptional = text.hasSuffix("?")
        if isOptional { text.removeLast() }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw .invalidValue("cannot read the type '\(words[1])' of \(name); " + PropertyDeclaration.typeHelp)
        }
        valueType = PropertyDeclaration.valueTypes[text.lowercased()]
        baseName = text
    }

    /// The column to stage, with a link's target resolved among the file's classes, the classes
    /// added earlier in the transaction and `ownClass` (a class linking to itself).
    func column(editor: FileEditor, catalog: Catalog, ownClass: String?) throws(BrowserError) -> NewColumn {
        if let valueType {
            let nullable = isOptional || valueType == .mixed
            return NewColumn(name: name, type: valueType, isNullable: nullable, collection: collection)
        }
        let tableName = Table.classPrefix + baseName
        let key: Int
        if baseName == ownClass {
            key = Int(editor.nextTableKey)
        } else if let existing = editor.tableKey(forTable: tableName) {
            key = existing
        } else {
            let classes = catalog.file.classTables.compactMap(\.className)
            throw .unknownClass(baseName, suggestion: Suggestion.closest(to: baseName, among: classes))
        }
        return NewColumn(name: name, type: .link, isNullable: isOptional || collection == nil, collection: collection, targetTable: key)
    }
}
