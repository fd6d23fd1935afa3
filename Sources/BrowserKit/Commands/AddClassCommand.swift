import RealmFormat

/// `add class NAME (PROPERTY TYPE[?] [primary], ...)`: a new class, committed like any change.
enum AddClassCommand {
    static let usage = "add class NAME (PROPERTY TYPE, ...)   types: int bool float double string data date decimal128 objectId uuid mixed; '?' makes one optional; 'primary' marks the primary key"

    static let spec = CommandSpec(
        name: "add", aliases: [], arguments: "class NAME (PROPERTY TYPE[?] [primary], ...)",
        summary: "add a class to the schema, e.g. add class Fungus (name string, spores int?, found date)",
        run: { arguments, session throws(BrowserError) in try run(arguments, session) })

    static let types: [String: ColumnType] = [
        "int": .int, "bool": .bool, "float": .float, "double": .double, "string": .string, "data": .binary,
        "binary": .binary, "date": .timestamp, "timestamp": .timestamp, "decimal128": .decimal128, "decimal": .decimal128,
        "objectid": .objectId, "uuid": .uuid, "mixed": .mixed,
    ]

    static func run(_ arguments: String, _ session: Session) throws(BrowserError) {
        let (kind, rest) = StatementSplitter.command(in: arguments)
        guard kind.lowercased() == "class", let open = rest.firstIndex(of: "("), rest.hasSuffix(")") else { throw .usage(usage) }
        let name = String(rest[..<open]).trimmingWhitespace()
        let body = String(rest[rest.index(after: open)..<rest.index(before: rest.endIndex)])
        var columns: [NewColumn] = []
        var primaryKey: String?
        for part in CreateCommand.assignments(body) {
            let words = part.split(separator: " ").map(String.init)
            guard words.count >= 2, words.count <= 3 else { throw .usage(usage) }
            var typeName = words[1].lowercased()
            let optional = typeName.hasSuffix("?")
            if optional { typeName.removeLast() }
            guard let type = types[typeName] else { throw .invalidValue("unknown type '\(words[1])'; " + usage) }
            if words.count == 3 {
                guard words[2].lowercased() == "primary" else { throw .usage(usage) }
                primaryKey = words[0]
            }
            columns.append(NewColumn(name: words[0], type: type, isNullable: optional || type == .mixed))
        }
        guard !name.isEmpty, !columns.isEmpty else { throw .usage(usage) }
        let shown = columns.map { "\($0.name) \(SchemaCommand.userTypeName($0.type))\($0.isNullable && $0.type != .mixed ? "?" : "")" }.joined(separator: ", ")
        try Transaction.change(session: session, description: "add class \(name) (\(shown))") { editor throws(RealmFormatError) in
            try editor.addClass(name, columns: columns, primaryKey: primaryKey)
        }
    }
}
