import RealmFormat

/// The checks of L§14 on a format 5-9 file, all of them: every table's spec and columns array,
/// every value of every column against the row count, link targets, enum indexes, B+tree
/// totals, and the backlink columns against the links they mirror. A problem stops only the
/// column (or table) it is in; the report names table, column and offset.
struct ColumnStoreVerifier {
    let bytes: FileBytes
    let top: GroupTop
    private(set) var problems: [VerificationProblem] = []
    private(set) var objects = 0
    private(set) var tableCount = 0

    /// Links per (origin table, origin column), counted from both ends: per target row the
    /// number of links and the sum of their origin rows.
    private struct Tally {
        var counts: [Int]
        var origins: [Int64]

        init(rows: Int) {
            counts = [Int](repeating: 0, count: rows)
            origins = [Int64](repeating: 0, count: rows)
        }

        mutating func add(origin: Int64, target: Int) {
            guard target >= 0, target < counts.count else { return }
            counts[target] += 1
            origins[target] &+= origin
        }
    }

    private struct LinkColumn: Hashable {
        let table: Int
        let column: Int
    }

    init(bytes: FileBytes, top: GroupTop) {
        self.bytes = bytes
        self.top = top
    }

    mutating func run() {
        let tables = readTables()
        tableCount = tables.count
        var forward: [LinkColumn: Tally] = [:]
        var backward: [LinkColumn: Tally] = [:]
        for case let table? in tables {
            objects += table.rowCount
            for column in table.spec.publicColumns {
                checkValues(of: column, in: table, tables: tables, forward: &forward)
            }
            for column in table.spec.columns where column.type == .backlink {
                checkBacklinks(column, in: table, tables: tables, backward: &backward)
            }
        }
        for (link, tally) in forward.sorted(by: { ($0.key.table, $0.key.column) < ($1.key.table, $1.key.column) }) {
            guard let table = tables[link.table], let other = backward[link] else {
                let name = tables[link.table]?.name
                problems.append(VerificationProblem(.backlinks, table: name, column: columnName(link, tables),
                                                    "the link column has no backlink column in its target table"))
                continue
            }
            for row in tally.counts.indices where tally.counts[row] != other.counts[row] || tally.origins[row] != other.origins[row] {
                problems.append(VerificationProblem(.backlinks, table: table.name, column: columnName(link, tables),
                                                    "links to target row \(row) (\(tally.counts[row])) do not match its backlinks (\(other.counts[row]))"))
            }
        }
        checkPrimaryKeys(tables)
    }

    /// Each table's top, spec and columns array; nil where they do not read (reported).
    private mutating func readTables() -> [ColumnStoreTable?] {
        let names: BlobLeaf
        do throws(RealmFormatError) {
            names = try BlobLeaf(node: top.tableNamesNode, isString: true)
            try top.tablesNode.require(top.tablesNode.hasRefs && top.tablesNode.size == names.count, "table list",
                                       "\(top.tablesNode.size) tables for \(names.count) names")
        } catch {
            report(.schema, error)
            return []
        }
        var tables: [ColumnStoreTable?] = []
        for index in 0..<names.count {
            let name = (try? names.element(index).string) ?? "table \(index)"
            do throws(RealmFormatError) {
                guard case let .ref(raw) = try top.tablesNode.slot(index) else {
                    throw .unexpectedNode(ref: top.tablesNode.ref, context: "table list", detail: "entry \(index) is not a table")
                }
                let node = try bytes.node(at: raw, context: "table \"\(name)\"")
                tables.append(try ColumnStoreTable(index: index, name: name, top: node, tableCount: names.count))
            } catch {
                report(.schema, error, table: name)
                tables.append(nil)
            }
        }
        return tables
    }

    /// Reads every value of a public column (L§5), tallying its links.
    private mutating func checkValues(of column: LegacyColumn, in table: ColumnStoreTable, tables: [ColumnStoreTable?],
                                      forward: inout [LinkColumn: Tally]) {
        var target: (position: UInt32, rows: Int)?
        if let index = column.target {
            guard let targetTable = tables[index] else { return }
            target = (UInt32(index), targetTable.rowCount)
        }
        var tally = target.map { Tally(rows: $0.rows) }
        var row = 0
        do throws(RealmFormatError) {
            let reader = try ColumnReader(column: column, table: table, target: target)
            while row < table.rowCount {
                let value = try reader.next()
                for key in TableLinks.keys(value) { tally?.add(origin: Int64(row), target: Int(key)) }
                row += 1
            }
            try reader.finish()
        } catch {
            report(.values, error, table: table.name, column: column.name, row: row < table.rowCount ? row : nil)
            return
        }
        if let tally { forward[LinkColumn(table: table.index, column: column.index)] = tally }
    }

    /// A backlink column (L§5.10): one entry per row of its table, each a tagged origin row or
    /// a list of them, naming an origin link column that targets this table.
    private mutating func checkBacklinks(_ column: LegacyColumn, in table: ColumnStoreTable, tables: [ColumnStoreTable?],
                                         backward: inout [LinkColumn: Tally]) {
        guard let origin = column.origin else { return }
        let link = LinkColumn(table: origin.table, column: origin.column)
        guard let originTable = tables[origin.table] else { return }
        guard origin.column < originTable.spec.publicCount, originTable.spec.columns[origin.column].target == table.index else {
            problems.append(VerificationProblem(.schema, table: table.name, column: "backlinks \(column.index)",
                                                "names column \(origin.column) of \(originTable.name), which is no link to this table"))
            return
        }
        var tally = Tally(rows: table.rowCount)
        let context = "\(table.context) backlink column \(column.index)"
        do throws(RealmFormatError) {
            let entries = try ElementCursor(root: try table.root(of: column), kind: .slots, context: context)
            try table.columnsNode.require(entries.remaining == table.rowCount, context, "\(entries.remaining) entries for \(table.rowCount) rows")
            for row in 0..<table.rowCount {
                let raw = try entries.nextInteger() ?? 0
                if raw == 0 { continue }
                if raw & 1 == 1 {
                    try record(origin: raw >> 1, target: row, in: &tally, originRows: originTable.rowCount, context: context)
                    continue
                }
                let list = try ElementCursor(root: try bytes.node(at: raw, context: context), kind: .integers, context: context)
                while list.remaining > 0 {
                    try record(origin: try list.nextInteger() ?? -1, target: row, in: &tally, originRows: originTable.rowCount, context: context)
                }
            }
            try entries.requireExhausted()
        } catch {
            report(.backlinks, error, table: table.name, column: "backlinks of \(originTable.name).\(originTable.spec.columns[origin.column].name)")
            return
        }
        backward[link] = tally
    }

    private func record(origin: Int64, target: Int, in tally: inout Tally, originRows: Int, context: String) throws(RealmFormatError) {
        guard origin >= 0, origin < Int64(originRows) else {
            throw .unexpectedNode(ref: 0, context: context, detail: "row \(target) names origin row \(origin) of \(originRows)")
        }
        tally.add(origin: origin, target: target)
    }

    /// Every row of the `pk` table names a class and a property it has (L§8.4).
    private mutating func checkPrimaryKeys(_ tables: [ColumnStoreTable?]) {
        let readable = tables.compactMap { $0 }
        guard let table = readable.first(where: { $0.name == PrimaryKeyTable.name }) else { return }
        do throws(RealmFormatError) {
            let primaryKeys = try PrimaryKeyTable(tables: readable)
            for (className, property) in primaryKeys.properties.sorted(by: { $0.key < $1.key }) {
                guard let owner = readable.first(where: { $0.name == Table.classPrefix + className }) else {
                    problems.append(VerificationProblem(.metadata, table: table.name, "names class \(className), which the file does not have"))
                    continue
                }
                if !owner.spec.publicColumns.contains(where: { $0.name == property }) {
                    problems.append(VerificationProblem(.metadata, table: owner.name, column: property,
                                                        "the pk table names this primary key, which the class does not have"))
                }
            }
        } catch {
            report(.metadata, error, table: table.name)
        }
    }

    private func columnName(_ link: LinkColumn, _ tables: [ColumnStoreTable?]) -> String? {
        guard let table = tables[link.table], link.column < table.spec.columns.count else { return nil }
        return table.spec.columns[link.column].name
    }

    private mutating func report(_ check: VerificationProblem.Check, _ error: RealmFormatError, table: String? = nil,
                                 column: String? = nil, row: Int? = nil) {
        guard error != .interrupted else { return }
        problems.append(VerificationProblem(check, table: table, objectKey: row.map(Int64.init), column: column,
                                            offset: error.offset, error.problemMessage))
    }
}
