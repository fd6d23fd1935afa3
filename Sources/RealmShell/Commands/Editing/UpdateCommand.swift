import RealmFormat
import RealmInterchange
import RealmQuery

/// `update CLASS QUERY SET PROPERTY = VALUE`: the same change for every object a query finds.
enum UpdateCommand {
    static let usage = "update CLASS QUERY SET PROPERTY = VALUE"

    static let spec = CommandSpec(
        name: "update", aliases: [], arguments: "CLASS QUERY SET PROPERTY = VALUE",
        summary: "set a property on every object matching a query, e.g. update Task isCompleted == false SET isCompleted = true; also lists, sets, dictionaries ({\"a\", \"b\"}, {\"k\": 1}) and links (Category[1])",
        access: .newestVersion, completion: .query(allowsSet: true),
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let catalog = try session.requireCatalog()
        let (className, rest) = StatementSplitter.command(in: arguments)
        guard let setRange = rest.ranges(of: " SET ").last ?? rest.ranges(of: " set ").last else { throw .usage(usage) }
        let query = String(rest[..<setRange.lowerBound])
        let assignment = String(rest[setRange.upperBound...])
        guard let equals = SetCommand.splitPoint(assignment) else { throw .usage(usage) }
        let property = String(assignment[..<equals]).trimmingWhitespace()
        let valueText = String(assignment[assignment.index(after: equals)...]).trimmingWhitespace()
        let table = try catalog.table(named: className)
        guard let column = table.column(named: property) else { throw .unknownProperty(className: table.displayName, name: property) }
        let value = try AssignedValue.parse(valueText, column: column, table: table, session: session)
        let keys = try QueryRunner.run(query, on: table, catalog: catalog)
        guard !keys.isEmpty else {
            session.confirm("no \(table.displayName) object matches; nothing to change")
            return
        }
        let description = "\(table.displayName).\(property) = \(value.shown(session: session)) on \(keys.count) object\(keys.count == 1 ? "" : "s") matching \(query)"
        try Transaction.change(session: session, description: description) { editor throws(RealmFormatError) in
            guard let editTable = editor.file.table(named: table.name), let editColumn = editTable.column(named: property) else {
                throw RealmFormatError.cannotWrite(path: editor.path, reason: "the file changed; open it again")
            }
            try editor.stagingAll { () throws(RealmFormatError) in
                for key in keys { try value.stage(in: editor, column: editColumn, table: editTable, key: key) }
            }
        }
    }
}
