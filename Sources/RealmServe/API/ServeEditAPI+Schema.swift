import RealmShell
import RealmInterchange

/// `POST /api/schema-change` (only with `--write`): the schema panel's rename, remove and index
/// toggle, staged in the same transaction as the page's other changes by the REPL's own
/// commands (`rename property`, `remove class`, `add index`, ...), so `status`, `commit` and
/// `rollback` treat them alike and a change from the page is exactly the command's change. Only
/// the six changes below are built, from names that are one word each: nothing in the request
/// is run as a command of its own.
extension ServeEditAPI {
    static let schemaChangeShape = "{\"change\": \"rename property|remove property|rename class|remove class|add index|remove index\", "
        + "\"class\": C, [\"property\": P,] [\"name\": NEWNAME]}"

    func schemaChange(_ request: HTTPRequest) -> HTTPResponse {
        let body: JSONValue
        do { body = try JSONParser.parse(request.body) } catch { return .error(400, "the body must be JSON: \(error)") }
        let command: String
        do throws(ServeEditRefusal) {
            command = try Self.schemaCommand(body)
        } catch {
            switch error {
            case let .badRequest(message): return .error(400, message + "; give \(Self.schemaChangeShape)")
            case let .browser(error): return ServeAPI.response(for: error)
            }
        }
        return run { () throws(BrowserError) in
            if !session.hasOpenTransaction { try session.execute("begin") }
            try session.execute(command)
        }
    }

    /// The REPL command the body asks for. The class is looked up by the command itself, as
    /// the staged changes leave it (a class renamed on the page is found by its new name).
    static func schemaCommand(_ body: JSONValue) throws(ServeEditRefusal) -> String {
        let className = try name(body["class"], "class")
        switch body["change"]?.string {
        case "rename property"?: return "rename property \(className).\(try name(body["property"], "property")) \(try name(body["name"], "name"))"
        case "remove property"?: return "remove property \(className).\(try name(body["property"], "property"))"
        case "rename class"?: return "rename class \(className) \(try name(body["name"], "name"))"
        case "remove class"?: return "remove class \(className)"
        case "add index"?: return "add index \(className).\(try name(body["property"], "property"))"
        case "remove index"?: return "remove index \(className).\(try name(body["property"], "property"))"
        default: throw .badRequest("change must be one of rename property, remove property, rename class, remove class, add index, remove index")
        }
    }

    /// A class or property name: one word, without the characters that separate the words,
    /// paths and statements of a command.
    private static func name(_ value: JSONValue?, _ member: String) throws(ServeEditRefusal) -> String {
        guard let text = value?.string, !text.isEmpty else { throw .badRequest("\(member) must be a name") }
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control }
                                      || ".;#\"'\\[](){}<>=,".contains($0) }) else {
            throw .badRequest("\(member) '\(text)' is not a name (one word, without . ; # quotes, brackets or spaces)")
        }
        return text
    }
}
