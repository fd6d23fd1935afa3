/// An open, read-only Realm file: header, top array and tables of the current version.
///
/// Opening validates the header and the top array and decodes every table's schema, which is
/// small; objects are only read when asked for. All reads are bounds-checked against the mapping.
public final class RealmFile: Sendable {
    public let path: String
    public let mapped: MappedFile
    public let header: FileHeader
    /// Nil for a brand-new file that has never been committed to.
    public let top: GroupTop?
    /// Tables in the file's order, removed slots skipped.
    public let tables: [Table]

    public var fileSize: Int { mapped.bytes.count }
    public var fileFormat: Int { header.fileFormat }

    public convenience init(path: String) throws(RealmFormatError) {
        try self.init(mapped: try MappedFile(path: path))
    }

    public init(mapped: MappedFile) throws(RealmFormatError) {
        path = mapped.path
        self.mapped = mapped
        let file = mapped.bytes
        header = try FileHeader(file: file)
        guard header.topRef != 0 else {
            top = nil
            tables = []
            return
        }
        let top = try GroupTop(ref: header.topRef, file: file)
        self.top = top
        let names = try BlobLeaf(node: top.tableNamesNode, isString: true)
        let tableRefs = top.tablesNode
        try tableRefs.require(tableRefs.hasRefs && tableRefs.size == names.count, "table list",
                              "\(tableRefs.size) tables for \(names.count) names")
        var tables: [Table] = []
        for slot in 0..<tableRefs.size {
            guard case let .ref(raw) = try tableRefs.slot(slot) else { continue }
            let name = try names.element(slot).string ?? ""
            let tableTop = try file.node(at: raw, context: "table \"\(name)\"")
            tables.append(try Table(name: name, slot: slot, top: tableTop, file: file, format: header.fileFormat))
        }
        self.tables = tables
    }

    public func table(named name: String) -> Table? {
        tables.first { $0.name == name }
    }

    /// Finds a table by TableKey, the way links refer to their targets.
    public func table(withKey key: UInt32) -> Table? {
        tables.first { $0.key == key }
    }

    /// Tables of the user's schema (`class_` prefix), in file order.
    public var classTables: [Table] { tables.filter { $0.className != nil } }
}
