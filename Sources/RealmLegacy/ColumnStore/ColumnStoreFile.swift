import RealmFormat

/// The group of a format 5-9 file (L§2): the top array of the main document, a tables node of
/// refs only (no free slots, no table keys: a table is its index), and each table's spec and
/// columns.
struct ColumnStoreFile: Sendable {
    let format: Int
    let top: GroupTop
    let tables: [ColumnStoreTable]

    init(bytes: FileBytes, header: FileHeader) throws(RealmFormatError) {
        format = header.fileFormat
        top = try GroupTop(ref: header.topRef, file: bytes)
        let names = try BlobLeaf(node: top.tableNamesNode, isString: true)
        let refs = top.tablesNode
        try refs.require(refs.hasRefs && refs.size == names.count, "table list", "\(refs.size) tables for \(names.count) names")
        var tables: [ColumnStoreTable] = []
        for index in 0..<refs.size {
            let name = try names.element(index).string ?? ""
            // L§2.3: removing a table erases its entry, so every entry is a table.
            guard case let .ref(raw) = try refs.slot(index) else {
                throw .unexpectedNode(ref: refs.ref, context: "table list", detail: "entry \(index) (\"\(name)\") is not a table")
            }
            let top = try bytes.node(at: raw, context: "table \"\(name)\"")
            tables.append(try ColumnStoreTable(index: index, name: name, top: top, tableCount: refs.size))
        }
        self.tables = tables
    }
}
