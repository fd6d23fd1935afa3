import RealmFormat

/// The write half of `serve`'s API (only with `--write`; the router has already checked the
/// token header and the origin): edits are staged in the session's transaction by the REPL's
/// own `begin` and `set`, and written by its `commit` (or dropped by `rollback`), so a change
/// from the page is exactly the change `set` makes. The request names a class, an object key
/// and a property that must exist, and the value is one literal in the REPL's syntax: nothing
/// from the request is run as a command of its own.
struct ServeEditAPI {
    let session: Session

    /// `POST /api/edit` with `{"class": C, "key": K, "property": P, "value": "LITERAL"}`.
    func edit(_ request: HTTPRequest) -> HTTPResponse {
        let body: JSONValue
        do { body = try JSONParser.parse(request.body) } catch { return .error(400, "the body must be JSON: \(error)") }
        guard let className = body["class"]?.string, let key = body["key"]?.int, let property = body["property"]?.string,
              let value = body["value"]?.string else {
            return .error(400, "give {\"class\": C, \"key\": K, \"property\": P, \"value\": \"LITERAL\"}")
        }
        guard !value.contains(where: \.isNewline) else {
            return .error(400, "the value must be one literal on one line")
        }
        let table: Table
        do { table = try session.requireCatalog().table(named: className) } catch { return ServeAPI.response(for: error) }
        guard table.columns.contains(where: { $0.name == property }) else {
            return ServeAPI.response(for: .unknownProperty(className: table.displayName, name: property))
        }
        return run { () throws(BrowserError) in
            if session.transaction == nil { try session.execute("begin") }
            try session.execute("set \(table.displayName)[_key = \(key)].\(property) = \(value)")
        }
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
    private func run(_ body: () throws(BrowserError) -> Void) -> HTTPResponse {
        // Confirmations go with the output here (not to standard error), for the answer.
        let notices = session.notices
        session.notices = nil
        defer { session.notices = notices }
        let (text, error) = session.router.capture(body)
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
