import RealmFormat
import RealmInterchange
import RealmQuery

/// The values of a new embedded object as a user writes them: `{ street: "1 Main St", city:
/// "Oslo", zip: 1234 }`, each value a query-language literal (`=` works as well as `:`).
/// Properties not given get Realm's defaults, as with `create`.
struct EmbeddedObjectLiteral {
    let values: [(name: String, value: RealmValue)]

    static let usage = "{ PROPERTY: VALUE, ... }, e.g. { street: \"1 Main St\", city: \"Oslo\" }"

    /// Whether `text` is written as an object literal rather than a path or a scalar.
    static func isLiteral(_ text: String) -> Bool {
        text.trimmingWhitespace().hasPrefix("{")
    }

    init(_ text: String, for table: Table) throws(BrowserError) {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count >= 2 else {
            throw .invalidValue("an embedded \(table.displayName) is written as " + EmbeddedObjectLiteral.usage)
        }
        let body = String(trimmed.dropFirst().dropLast())
        var values: [(name: String, value: RealmValue)] = []
        for member in CreateCommand.assignments(body) {
            guard let separator = EmbeddedObjectLiteral.separator(in: member) else {
                throw .invalidValue("'\(member)' is not PROPERTY: VALUE; an embedded \(table.displayName) is written as " + EmbeddedObjectLiteral.usage)
            }
            let name = String(member[..<separator]).trimmingWhitespace()
            let valueText = String(member[member.index(after: separator)...]).trimmingWhitespace()
            guard let column = table.column(named: name) else { throw .unknownProperty(className: table.displayName, name: name) }
            guard column.collection == nil, !column.isLink else {
                throw .invalidValue("\(table.displayName).\(name) is a \(column.collection.map { "\($0)" } ?? "link"); set it after creating the object")
            }
            guard !values.contains(where: { $0.name == name }) else { throw .invalidValue("\(name) is given twice") }
            values.append((name, try ValueCoercion.value(typed: valueText, for: column, className: table.displayName)))
        }
        self.values = values
    }

    /// The values by the columns of `table` as the editor's file has them.
    func columns(in table: Table, path: String) throws(RealmFormatError) -> [(column: Column, value: RealmValue)] {
        var result: [(column: Column, value: RealmValue)] = []
        for (name, value) in values {
            guard let column = table.column(named: name) else {
                throw .cannotWrite(path: path, reason: "the file changed; open it again")
            }
            result.append((column, value))
        }
        return result
    }

    /// Shown in messages and in `status`.
    var description: String {
        guard !values.isEmpty else { return "{}" }
        return "{ " + values.map { "\($0.name): \(ValueFormatter().preview($0.value, link: { _, _ in "" }))" }.joined(separator: ", ") + " }"
    }

    /// The first `:` or `=` outside quotes: property names never contain either, values may
    /// (`T-5:-7`, `'a=b'`).
    private static func separator(in member: String) -> String.Index? {
        member.firstIndex { $0 == ":" || $0 == "=" || $0 == "\"" || $0 == "'" }.flatMap { index in
            member[index] == ":" || member[index] == "=" ? index : nil
        }
    }
}
