import RealmFormat

/// Finds classes and objects in an open file the way users name them.
///
/// Users say `Specimen`, not `class_Specimen`, and address objects by position, object key or
/// primary key; this is the one place that turns those names into tables and rows.
public struct Catalog {
    public let file: RealmFile

    public init(file: RealmFile) {
        self.file = file
    }

    /// A class by its name, or an internal table by its raw name (`metadata`).
    public func table(named name: String) throws(BrowserError) -> Table {
        if let table = file.tables.first(where: { $0.className == name }) ?? file.table(named: name) {
            return table
        }
        let candidates = file.tables.map(\.displayName)
        throw .unknownClass(name, suggestion: Suggestion.closest(to: name, among: candidates))
    }

    /// An object located by its position, 0-based in key order.
    public func object(in table: Table, position: Int) throws(BrowserError) -> ObjectHandle {
        let found: (leaf: ClusterLeaf, row: Int)?
        found = try readingFile { () throws(RealmFormatError) in try table.objects.leaf(atPosition: position) }
        guard let found else {
            throw .positionOutOfRange(className: table.displayName, position: position, count: table.objects.count)
        }
        return ObjectHandle(table: table, leaf: found.leaf, row: found.row, position: position)
    }

    /// An object located by its object key (what links store).
    public func object(in table: Table, key: Int64) throws(BrowserError) -> ObjectHandle? {
        do {
            guard let (leaf, row, position) = try table.objects.findCountingPosition(key: key) else { return nil }
            return ObjectHandle(table: table, leaf: leaf, row: row, position: position)
        } catch {
            throw .file(error)
        }
    }

    /// An object located by the value of its primary key.
    public func object(in table: Table, primaryKey value: RealmValue) throws(BrowserError) -> ObjectHandle? {
        guard let column = table.primaryKey else {
            throw .invalidAddress(table.displayName, reason: "\(table.displayName) has no primary key; use a position like \(table.displayName)[0] or an object key like \(table.displayName)[_key = 0]")
        }
        var found: ObjectHandle?
        var first = 0
        do {
            try table.objects.forEachLeaf { leaf in
                guard found == nil else { return }
                let reader = try ColumnLeafReader(leaf: leaf, column: column)
                for row in 0..<leaf.count where try reader.value(at: row) == value {
                    found = ObjectHandle(table: table, leaf: leaf, row: row, position: first + row)
                    return
                }
                first += leaf.count
            }
        } catch let error as RealmFormatError {
            throw .file(error)
        } catch {
            throw .file(.cannotOpen(path: file.path, reason: "\(error)"))
        }
        return found
    }

    /// The object an address names (position, object key or primary key).
    public func object(at address: ObjectAddress, in table: Table) throws(BrowserError) -> ObjectHandle {
        let name = table.displayName
        switch address.selector {
        case let .position(position):
            let count = table.objects.count
            guard position >= -count, position < count else {
                // Name the position as the user wrote it, not the one counted from the end.
                throw .positionOutOfRange(className: name, position: position, count: count)
            }
            return try object(in: table, position: position < 0 ? count + position : position)
        case let .key(key):
            guard let found = try object(in: table, key: key) else {
                throw .noSuchObject(className: name, address: "object key \(key)")
            }
            return found
        case let .primaryKey(property, literal):
            let text = "\(name)[\(property) = \(literal)]"
            guard let column = table.column(named: property) else {
                throw .unknownProperty(className: name, name: property)
            }
            guard column.isPrimaryKey else {
                let hint = table.primaryKey.map { "its primary key is '\($0.name)'" } ?? "it has no primary key"
                throw .invalidAddress(text, reason: "'\(property)' is not the primary key of \(name); \(hint)")
            }
            let value = try ObjectAddress.value(of: literal, for: column, in: text)
            guard let found = try object(in: table, primaryKey: value) else {
                throw .noSuchObject(className: name, address: "\(property) = \(literal)")
            }
            return found
        }
    }

    /// `Category[2] "Birds"`: where a link leads, with a label people recognise.
    public func linkLabel(table tableKey: UInt32, key: Int64) -> String {
        guard let table = file.table(withKey: tableKey) else { return "<link to missing table \(tableKey), key \(key)>" }
        guard let object = try? object(in: table, key: key) else { return "\(table.displayName)[_key = \(key)] (missing)" }
        let address = "\(table.displayName)[\(object.position)]"
        guard let labelColumn = table.primaryKey ?? table.columns.first(where: { $0.type == .string && $0.collection == nil }),
              let value = try? object.value(of: labelColumn) else {
            return address
        }
        return address + " " + ValueFormatter().preview(value, link: { _, _ in "" })
    }
}
