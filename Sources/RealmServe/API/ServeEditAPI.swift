import RealmShell
import RealmFormat
import RealmInterchange

/// The write half of `serve`'s API (only with `--write`; the router has already checked the
/// token header and the origin): edits are staged in the session's transaction by the REPL's
/// own `begin` and `set`, and written by its `commit` (or dropped by `rollback`), so a change
/// from the page is exactly the change `set` makes. The request names a class, an object key
/// and a property that must exist, and the value is one literal in the REPL's syntax: nothing
/// from the request is run as a command of its own.
struct ServeEditAPI {
    let session: Session

    /// `POST /api/edit` with `{"class": C, "key": K, "property": P, "value": "LITERAL"}`: `set`;
    /// with `"entry": "KEY"` as well, a dictionary's entry (`set C[_key = K].P["KEY"] = LITERAL`,
    /// added or replaced).
    func edit(_ request: HTTPRequest) -> HTTPResponse {
        staged(request, needs: "{\"class\": C, \"key\": K, \"property\": P, [\"entry\": \"KEY\",] \"value\": \"LITERAL\"}") { body, table throws(ServeEditRefusal) in
            var target = try property(body, of: table)
            if let entry = body["entry"] {
                target += "[\(try entryKey(entry))]"
            }
            return "set \(try object(body, of: table)).\(target) = \(try literal(body["value"]))"
        }
    }

    /// `POST /api/create` with `{"class": C, "values": {"P": "LITERAL", ...}}`: `create`.
    func create(_ request: HTTPRequest) -> HTTPResponse {
        staged(request, needs: "{\"class\": C, \"values\": {\"PROPERTY\": \"LITERAL\", ...}}") { body, table throws(ServeEditRefusal) in
            var assignments: [String] = []
            if let values = body["values"] {
                guard case let .object(members) = values else { throw .badRequest("values must be an object of literals") }
                for member in members {
                    let (name, value) = (member.key, member.value)
                    guard table.columns.contains(where: { $0.name == name }) else {
                        throw .browser(.unknownProperty(className: table.displayName, name: name))
                    }
                    let text = try literal(value)
                    // One literal per property: a comma outside quotes would start another assignment.
                    guard CreateCommand.assignments("\(name) = \(text)").count == 1 else {
                        throw .badRequest("the value of \(name) must be one literal, not a list of assignments")
                    }
                    assignments.append("\(name) = \(text)")
                }
            }
            return "create \(table.displayName) " + assignments.joined(separator: ", ")
        }
    }

    /// `POST /api/delete` with `{"class": C, "key": K}`: `delete`.
    func delete(_ request: HTTPRequest) -> HTTPResponse {
        staged(request, needs: "{\"class\": C, \"key\": K}") { body, table throws(ServeEditRefusal) in
            "delete \(try object(body, of: table))"
        }
    }

    /// `POST /api/append` with `{"class": C, "key": K, "property": P, "value": "LITERAL"}`: `append`.
    func append(_ request: HTTPRequest) -> HTTPResponse {
        staged(request, needs: "{\"class\": C, \"key\": K, \"property\": P, \"value\": \"LITERAL\"}") { body, table throws(ServeEditRefusal) in
            let target = try property(body, of: table)
            return "append \(try object(body, of: table)).\(target) \(try literal(body["value"]))"
        }
    }

    /// `POST /api/remove` with `{"class": C, "key": K, "property": P, "index": I}` (a list or a
    /// set) or `"entry": "KEY"` (a dictionary): `remove`.
    func remove(_ request: HTTPRequest) -> HTTPResponse {
        staged(request, needs: "{\"class\": C, \"key\": K, \"property\": P, \"index\": I} or \"entry\": \"KEY\"") { body, table throws(ServeEditRefusal) in
            let target = "\(try object(body, of: table)).\(try property(body, of: table))"
            if let index = body["index"]?.int {
                guard index >= 0 else { throw .badRequest("index must be 0 or more") }
                return "remove \(target)[\(index)]"
            }
            guard let entry = body["entry"] else { throw .badRequest("give the element's index, or a dictionary's entry key (one line)") }
            return "remove \(target)[\(try entryKey(entry))]"
        }
    }

    /// A dictionary's entry key, quoted as a JSON string on one line: its escapes (`\"`, `\\`)
    /// are the query language's, which the REPL's path scanner honours inside the brackets,
    /// so quotes, backslashes and brackets in a key stay in the key.
    private func entryKey(_ value: JSONValue) throws(ServeEditRefusal) -> String {
        guard let entry = value.string, !entry.contains(where: \.isNewline) else {
            throw .badRequest("entry must be a dictionary's key, a string on one line")
        }
        var quoted = ""
        CanonicalValueEncoder.appendJSONString(entry, to: &quoted)
        return quoted
    }

    /// Parses the body, finds the class it names and stages the command `command` builds from
    /// them, beginning the transaction first. Only names the file has (class, property) and
    /// one-line literals reach the command, which the REPL's own parsers then check.
    private func staged(_ request: HTTPRequest, needs shape: String,
                        _ command: (JSONValue, Table) throws(ServeEditRefusal) -> String) -> HTTPResponse {
        let body: JSONValue
        do { body = try JSONParser.parse(request.body) } catch { return .error(400, "the body must be JSON: \(error)") }
        guard let className = body["class"]?.string else { return .error(400, "give \(shape)") }
        let text: String
        do throws(ServeEditRefusal) {
            let table: Table
            do { table = try session.requireCatalog().table(named: className) } catch { throw .browser(error) }
            text = try command(body, table)
        } catch {
            switch error {
            case let .badRequest(message): return .error(400, message + "; give \(shape)")
            case let .browser(error): return ServeAPI.response(for: error)
            }
        }
        return run { () throws(BrowserError) in
            if !session.hasOpenTransaction { try session.execute("begin") }
            try session.execute(text)
        }
    }

    /// `Class[_key = K]` for the object the body's `key` names.
    private func object(_ body: JSONValue, of table: Table) throws(ServeEditRefusal) -> String {
        guard let key = body["key"]?.int else { throw .badRequest("key must be the object's key (an integer)") }
        return "\(table.displayName)[_key = \(key)]"
    }

    /// The property the body names, which the class must have.
    private func property(_ body: JSONValue, of table: Table) throws(ServeEditRefusal) -> String {
        guard let name = body["property"]?.string else { throw .badRequest("property must name a property") }
        guard table.columns.contains(where: { $0.name == name }) else {
            throw .browser(.unknownProperty(className: table.displayName, name: name))
        }
        return name
    }

    /// A value: one literal in the REPL's syntax, on one line.
    private func literal(_ value: JSONValue?) throws(ServeEditRefusal) -> String {
        guard let text = value?.string else { throw .badRequest("the value must be a string holding a literal, e.g. \"42\" or \"\\\"text\\\"\"") }
        guard !text.contains(where: \.isNewline) else { throw .badRequest("the value must be one literal on one line") }
        return text
    }

    /// `POST /api/commit`: one new version with every staged change.
    func commit(_ request: HTTPRequest) -> HTTPResponse {
        run { () throws(BrowserError) in try session.execute("commit") }
    }

    /// `POST /api/rollback`: drops the staged changes.
    func rollback(_ request: HTTPRequest) -> HTTPResponse {
        run { () throws(BrowserError) in try session.execute("rollback") }
    }

    /// What the command printed (`staged: …`, `committed …`) and the changes still pending.
    func run(_ body: () throws(BrowserError) -> Void) -> HTTPResponse {
        // Confirmations go with the output here (not to standard error), for the answer.
        let notices = session.notices
        session.notices = nil
        defer { session.notices = notices }
        let (text, error) = session.capture(body)
        if let error { return ServeAPI.response(for: error) }
        var json = "{\"message\": "
        CanonicalValueEncoder.appendJSONString(text.trimmingWhitespace(), to: &json)
        json += ", \"pending\": ["
        for (index, change) in session.pendingChanges.enumerated() {
            if index > 0 { json += ", " }
            CanonicalValueEncoder.appendJSONString(change, to: &json)
        }
        return .json(json + "]}")
    }
}

/// Why an edit request was refused before any command ran.
enum ServeEditRefusal: Error {
    case badRequest(String)
    case browser(BrowserError)
}
