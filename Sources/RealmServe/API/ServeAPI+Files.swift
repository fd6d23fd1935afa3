import RealmShell
import RealmFormat
import RealmInterchange
import RealmQuery

/// The answers of `serve` about the file as a whole: its live version (the page polls it to
/// see another process's commits), an export for download, and the class graph.
extension ServeAPI {
    /// `/api/version`: `{"version": LIVE, "shown": READ, "writable": W, "pending": [...]}`.
    /// LIVE is the version on disk now (fresh system calls), READ the one the last answer read:
    /// when LIVE moves, the page reloads what it shows (the next read catches up).
    func version(_ request: HTTPRequest, writable: Bool) -> HTTPResponse {
        guard let file = session.catalog?.file else { return .error(500, "no file is open") }
        let shown = file.openedVersion.version
        let live = (try? file.liveVersion())?.version ?? shown
        let pending = session.pendingChanges.map(Self.string).joined(separator: ", ")
        return .json("{\"version\": \(live), \"shown\": \(shown), \"writable\": \(writable), \"pending\": [\(pending)]}")
    }

    /// `/api/export?class=C&format=csv|json[&q=QUERY]`: what `export` writes to a file, as a
    /// download: the class, or the objects the query finds in the order it gives.
    /// `/api/export?format=sqlite`: the whole file as `export sqlite` writes it.
    func export(_ request: HTTPRequest) -> HTTPResponse {
        if request.arguments["format"] == "sqlite" { return exportSQLite() }
        guard let name = request.arguments["class"], !name.isEmpty else {
            return .error(400, "give the class: /api/export?class=NAME&format=csv|json[&q=QUERY]")
        }
        guard let format = ExportCommand.Format(rawValue: request.arguments["format"] ?? "") else {
            return .error(400, "format must be csv or json")
        }
        let text = request.arguments["q"].flatMap { $0.isEmpty ? nil : $0 }
        if let text, text.utf8.count > Self.queryLimit { return .error(414, "the query is longer than \(Self.queryLimit) bytes") }
        var output = BufferedOutput()
        var fileName = ""
        let (_, error) = session.capture { () throws(BrowserError) in
            try ConsistentRead.run("api", access: .oneVersion, session: session) { () throws(BrowserError) in
                output = BufferedOutput()
                let catalog = try session.requireCatalog()
                let table = try catalog.table(named: name)
                guard table.kind != .embedded else {
                    throw .invalidValue("\(table.displayName) is an embedded class: its objects are exported inside their parents")
                }
                fileName = table.displayName
                var keys: [Int64]?
                if let text {
                    do throws(QueryError) {
                        keys = try queryKeys(text, on: table, catalog: catalog)
                    } catch {
                        if case let .file(fileError) = error { throw .file(fileError) }
                        throw .invalidValue("the query: \(error.message)")
                    }
                }
                let source = ExportSource(table: table, keys: keys)
                try ExportCommand.write(source, format: format, encoder: ExportValueEncoder(file: catalog.file),
                                        progress: ProgressReporter(total: source.count, label: "export", drawn: false), to: output)
            }
        }
        if let error { return Self.response(for: error) }
        var response = HTTPResponse(status: 200, contentType: format == .csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
                                    body: output.bytes)
        response.headers.append(Self.attachment(fileName, suffix: (text == nil ? "" : "-result") + "." + format.rawValue))
        return response
    }

    /// The whole file through RealmInterchange's `SQLiteExporter`, named after the realm
    /// (`app.realm` downloads as `app.sqlite`), sent from the unlinked file it was written to,
    /// not from memory.
    private func exportSQLite() -> HTTPResponse {
        var exported: UnlinkedFile?
        var fileName = ""
        let (_, error) = session.capture { () throws(BrowserError) in
            try ConsistentRead.run("api", access: .oneVersion, session: session) { () throws(BrowserError) in
                let file = try session.requireCatalog().file
                let exporter = SQLiteExporter(file: file, progress: ProgressReporter(total: 0, label: "export", drawn: false))
                exported = try interchanging { () throws(InterchangeError) in try exporter.unlinkedFile(of: file.tables) }
                let last = file.path.split(separator: "/").last.map(String.init) ?? ""
                fileName = last.hasSuffix(".realm") ? String(last.dropLast(".realm".count)) : last
            }
        }
        if let error {
            exported?.discard()
            return Self.response(for: error)
        }
        guard let exported else { return .error(500, "the export gave no file") }
        var response = HTTPResponse(status: 200, contentType: "application/vnd.sqlite3", file: exported)
        response.headers.append(Self.attachment(fileName, suffix: ".sqlite"))
        return response
    }

    /// `Content-Disposition` for a download named `name` + `suffix`. Only letters, digits, '_',
    /// '-' and '.' of the name reach the header: a class or file name cannot break it.
    private static func attachment(_ name: String, suffix: String) -> (name: String, value: String) {
        let safe = String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) })
        return (name: "Content-Disposition", value: "attachment; filename=\"\(safe.isEmpty ? "export" : safe)\(suffix)\"")
    }

    /// `/api/graph`: `{"classes": [{"class", "kind", "objects"}], "edges": [{"from", "property",
    /// "to", "collection", "embedded"}]}`, what `schema --dot` draws, for the page to draw.
    func graph(_ request: HTTPRequest) -> HTTPResponse {
        var json = ""
        let (_, error) = session.capture { () throws(BrowserError) in
            try ConsistentRead.run("api", access: .oneVersion, session: session) { () throws(BrowserError) in
                let file = try session.requireCatalog().file
                var classes: [String] = []
                var edges: [String] = []
                for table in file.classTables {
                    let kind = table.kind == .topLevel ? "class" : table.kind.description
                    classes.append("{\"class\": \(Self.string(table.displayName)), \"kind\": \"\(kind)\", \"objects\": \(table.objects.count)}")
                    for column in table.columns where column.isLink {
                        guard let key = column.targetTableKey, let target = file.table(withKey: key) else { continue }
                        edges.append("{\"from\": \(Self.string(table.displayName)), \"property\": \(Self.string(column.name)), "
                                     + "\"to\": \(Self.string(target.displayName)), "
                                     + "\"collection\": \(column.collection.map { "\"\($0)\"" } ?? "null"), \"embedded\": \(target.kind == .embedded)}")
                    }
                }
                json = "{\"classes\": [" + classes.joined(separator: ", ") + "], \"edges\": [" + edges.joined(separator: ", ") + "]}"
            }
        }
        if let error { return Self.response(for: error) }
        return .json(json)
    }
}
