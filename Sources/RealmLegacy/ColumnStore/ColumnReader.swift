import RealmFormat

/// Reads one public column of a format 5-9 table row after row, as the values Realm's upgrade
/// makes of it (L§5, L§8, L§15): enumerated strings as strings, row-index links as links to
/// the object with that key, link lists and lists of primitives (subtables) as lists, old Mixed
/// values as null. A class, kept by its table's producer and advanced in place.
final class ColumnReader {
    private enum Source {
        case values(ElementCursor)
        case enumerated(ElementCursor, keys: [RealmValue])
        case timestamps(TimestampColumn)
        case link(ElementCursor)
        case linkList(ElementCursor)
        /// A list of primitives: the subtable column's slots; the element column is `element`.
        case list(ElementCursor)
        case nulls
    }

    private let source: Source
    /// A list's element column: the single column of its subtables' spec (L§5.11).
    private let element: LegacyColumn?
    /// What a list of primitives' single column may hold (L§5.11, L§7).
    static let listElementTypes: Set<LegacyColumnType> = [.int, .bool, .float, .double, .string, .binary, .timestamp]
    private let context: String
    private let file: FileBytes
    /// For links: the target table's position among the tables written, and its row count.
    private let target: (position: UInt32, rows: Int)?
    private var row = 0

    /// Whether an enum index outside the key list reads as null (the image, which shows such
    /// damaged values as unknown) or throws (`verify`, which names it).
    private let nullsDamagedEnumIndexes: Bool

    /// `target` gives a link column's target table: its position in the image and its rows.
    init(column: LegacyColumn, table: ColumnStoreTable, target: (position: UInt32, rows: Int)?,
         nullsDamagedEnumIndexes: Bool = false) throws(RealmFormatError) {
        self.nullsDamagedEnumIndexes = nullsDamagedEnumIndexes
        context = "\(table.context) column \"\(column.name)\""
        self.target = target
        file = table.columnsNode.file
        let root = try table.root(of: column)
        var listElement: LegacyColumn?
        switch column.type {
        case .timestamp:
            source = .timestamps(try TimestampColumn(root: root, context: context))
        case .mixed:
            // L§5.12: realm-core's upgrade keeps the column and drops every value.
            source = .nulls
        case .stringEnum:
            guard let keyList = column.enumKeys else {
                throw .unexpectedNode(ref: root.ref, context: context, detail: "an enumerated column without its values")
            }
            let keys = try ElementCursor(root: keyList, kind: .string(nullable: column.isNullable), context: "\(context) values")
            source = .enumerated(try ElementCursor(root: root, kind: .integers, context: context), keys: try keys.all())
        case .link:
            source = .link(try ElementCursor(root: root, kind: .integers, context: context))
        case .linkList:
            source = .linkList(try ElementCursor(root: root, kind: .slots, context: context))
        case .table:
            guard let element = column.subspec?.publicColumns.first, column.subspec?.publicCount == 1,
                  ColumnReader.listElementTypes.contains(element.type) else {
                throw .unexpectedNode(ref: root.ref, context: context, detail: "a subtable of other than one column of values is not a list")
            }
            source = .list(try ElementCursor(root: root, kind: .slots, context: context))
            listElement = element
        default:
            source = .values(try ElementCursor(root: root, kind: try ColumnStoreTable.elementKind(of: column, context: context),
                                               context: context))
        }
        self.element = listElement
        let count = try ColumnStoreTable.elementCount(of: column, in: table.columnsNode, context: table.context)
        try root.require(count == table.rowCount, context, "\(count) values for \(table.rowCount) rows")
    }

    /// The value of the next row.
    func next() throws(RealmFormatError) -> NewValue {
        defer { row += 1 }
        switch source {
        case let .values(cursor):
            return .scalar(try cursor.next())
        case let .enumerated(cursor, keys):
            // L§5.5: the value is keys[index]; an index outside the list is damage.
            guard let index = try cursor.nextInteger(), index >= 0, index < Int64(keys.count) else {
                if nullsDamagedEnumIndexes { return .scalar(.null) }
                throw .unexpectedNode(ref: 0, context: context, detail: "row \(row) names no value of the \(keys.count) enumerated ones")
            }
            return .scalar(keys[Int(index)])
        case let .timestamps(column):
            return .scalar(try column.next())
        case let .link(cursor):
            // L§5.8: target row + 1, 0 for null.
            let stored = try cursor.nextInteger() ?? 0
            return stored == 0 ? .scalar(.null) : .scalar(try link(to: stored &- 1))
        case let .linkList(cursor):
            // L§5.9: 0 is an empty list, else a ref to an integer B+tree of target rows.
            guard let raw = try cursor.nextInteger(), raw != 0 else { return .list([]) }
            let rows = try integers(of: try node(raw, "link list"))
            var links: [RealmValue] = []
            links.reserveCapacity(rows.count)
            for targetRow in rows { links.append(try link(to: targetRow)) }
            return .list(links)
        case let .list(cursor):
            // L§5.11: 0 is an empty subtable (or, nullable in format 8, a null one: an empty list).
            guard let raw = try cursor.nextInteger(), raw != 0, let element else { return .list([]) }
            return .list(try elements(of: element, columns: try node(raw, "subtable")))
        case .nulls:
            return .scalar(.null)
        }
    }

    /// Throws when the column's trees hold more than the table's rows (after the last `next`).
    func finish() throws(RealmFormatError) {
        switch source {
        case let .values(cursor), let .enumerated(cursor, _), let .link(cursor), let .linkList(cursor), let .list(cursor):
            try cursor.requireExhausted()
        case let .timestamps(column):
            try column.requireExhausted()
        case .nulls:
            break
        }
    }

    /// A link to target row `targetRow`, which must exist (Realm's upgrade gives it key = row).
    private func link(to targetRow: Int64) throws(RealmFormatError) -> RealmValue {
        guard let target, targetRow >= 0, targetRow < Int64(target.rows) else {
            throw .unexpectedNode(ref: 0, context: context, detail: "row \(row) links to row \(targetRow) of a table of \(target?.rows ?? 0) rows")
        }
        return .link(table: target.position, key: targetRow)
    }

    private func node(_ raw: Int64, _ what: String) throws(RealmFormatError) -> Node {
        try file.node(at: raw, context: "\(context) row \(row) \(what)")
    }

    /// The integers of a B+tree (a link list's rows): a single leaf, as nearly every list is,
    /// read straight from its node.
    private func integers(of root: Node) throws(RealmFormatError) -> [Int64] {
        if !root.isInner && !root.hasRefs && root.widthType == .bits {
            var values: [Int64] = []
            values.reserveCapacity(root.size)
            for index in 0..<root.size { values.append(try root.int(index)) }
            return values
        }
        let cursor = try ElementCursor(root: root, kind: .integers, context: "\(context) row \(row) link list")
        var values: [Int64] = []
        values.reserveCapacity(min(cursor.remaining, ElementCursor.reservationLimit))
        while cursor.remaining > 0 { values.append(try cursor.nextInteger() ?? -1) }
        return values
    }

    /// The elements of one list of primitives: the values of its subtable's single column,
    /// `columns` being the subtable's columns array (L§3.4 layout, L§5.11).
    private func elements(of element: LegacyColumn, columns: Node) throws(RealmFormatError) -> [RealmValue] {
        let where_ = "\(context) row \(row) list"
        try columns.require(columns.hasRefs, where_, "a subtable's columns array holds refs")
        let root = try ColumnStoreTable.root(of: element, in: columns, context: where_)
        if element.type == .timestamp {
            return try TimestampColumn(root: root, context: where_).all()
        }
        let cursor = try ElementCursor(root: root, kind: try ColumnStoreTable.elementKind(of: element, context: where_), context: where_)
        return try cursor.all()
    }
}
