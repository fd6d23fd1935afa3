import RealmShell
import RealmFormat
import RealmInterchange
import RealmQuery

/// The JSON API of `serve`, answered with the REPL's own listings (`classes`, `schema`, `show`,
/// `find`, `backlinks`): each request has them put their rows into a sink of its own
/// (`JSONRows`, `ServeObjectRows`) inside `ConsistentRead` (one version per answer, read again
/// after another process commits) and wraps what they put there. The rows are the same cells
/// and canonical JSON the REPL's json mode prints: no second encoder of values, no output mode
/// switched, nothing parsed back.
struct ServeAPI {
    let session: Session
    let queries = ServeQueryCache()
    /// Rows one page may ask for.
    static let pageLimit = 1000
    static let defaultPageSize = 50
    /// Queries longer than this are refused (414), as are request targets over `Router.targetLimit`.
    static let queryLimit = 4096

    init(session: Session) {
        self.session = session
    }

    func classes(_ request: HTTPRequest) -> HTTPResponse {
        let all = request.arguments["internal"] == "1"
        return answer { () throws(BrowserError) -> String in
            // Each class with the name of its table, which canonical links name.
            let entries = ClassesCommand.rows(of: try session.requireCatalog(), all: all).map { row in
                String(RowPrinter.jsonObject(ClassesCommand.columns, row.cells).dropLast()) + ", \"table\": \(Self.string(row.table.name))}"
            }
            return "{\"classes\": [" + entries.joined(separator: ", ") + "]}"
        }
    }

    func schema(_ request: HTTPRequest) -> HTTPResponse {
        guard let name = request.arguments["class"], !name.isEmpty else { return .error(400, "give the class: /api/schema?class=NAME") }
        return answer { () throws(BrowserError) -> String in
            let catalog = try session.requireCatalog()
            let rows = JSONRows(columns: SchemaRows.columns)
            SchemaRows.print([try catalog.table(named: name)], catalog: catalog, into: rows)
            return "{\"class\": \(Self.string(name)), \"properties\": \(rows.array)}"
        }
    }

    func objects(_ request: HTTPRequest) -> HTTPResponse {
        guard let name = request.arguments["class"], !name.isEmpty else { return .error(400, "give the class: /api/objects?class=NAME") }
        let page: (offset: Int, limit: Int)
        switch Self.page(request) {
        case let .success(value): page = value
        case let .failure(failure): return failure.response
        }
        return answer { () throws(BrowserError) -> String in
            let catalog = try session.requireCatalog()
            let table = try catalog.table(named: name)
            let count = table.objects.count
            let rows = ServeObjectRows(table: table, catalog: catalog)
            // An offset past the end is an empty page, as scrolling past the end of a grid sees it.
            if page.offset < count {
                _ = try ObjectListing.rows(table: table, from: page.offset, to: page.offset + page.limit, catalog: catalog, into: rows)
            }
            return "{\"class\": \(Self.string(name)), \"count\": \(count), \"offset\": \(page.offset), \(rows.members)}"
        }
    }

    func object(_ request: HTTPRequest) -> HTTPResponse {
        guard let name = request.arguments["class"], !name.isEmpty, let keyText = request.arguments["key"] else {
            return .error(400, "give the class and the object key: /api/object?class=NAME&key=K")
        }
        guard let key = Int64(keyText) else { return .error(400, "the object key must be an integer, not '\(keyText)'") }
        if let property = request.arguments["elements"] {
            return elementPage(className: name, key: key, property: property, fromText: request.arguments["from"] ?? "0")
        }
        // The object as `show` prints it in json mode, the objects linking to it as `backlinks`
        // does, and the REPL's text of every value and of every linking object.
        return answer { () throws(BrowserError) -> String in
            let catalog = try session.requireCatalog()
            let table = try catalog.table(named: name)
            guard let object = try catalog.object(in: table, key: key) else {
                throw .noSuchObject(className: table.displayName, address: "_key = \(key)")
            }
            let json = try ObjectRowPrinter.json(of: object, columns: table.columns, encoder: CanonicalValueEncoder(file: catalog.file))
            // The whole text of each value (the grid's cells are cut).
            let properties = table.columns.map { column in
                Self.string(column.name) + ": " + ServeCells.cell(try? object.value(of: column), catalog: catalog, cut: false)
            }.joined(separator: ", ")
            let backlinks = JSONRows(columns: BacklinkRows.columns)
            try BacklinkRows.print(object, catalog: catalog, into: backlinks)
            let backlinkCells = try BacklinkRows.entries(of: object, catalog: catalog).map { link in
                ServeCells.cell(link.table.map { .link(table: $0.key, key: link.key) }, catalog: catalog, cut: false)
            }
            // The elements of its collections, as the REPL's text (`ServeAPI+Elements`).
            let elements = Self.elementMembers(of: object, catalog: catalog)
            return "{\"class\": \(Self.string(name)), \"position\": \(object.position), \"object\": \(json), "
                + "\"backlinks\": \(backlinks.array), \"cells\": {\(properties)}, \"backlinkCells\": [\(backlinkCells.joined(separator: ", "))], \(elements)}"
        }
    }

    func query(_ request: HTTPRequest) -> HTTPResponse {
        guard let name = request.arguments["class"], !name.isEmpty, let text = request.arguments["q"] else {
            return .error(400, "give the class and the query: /api/query?class=NAME&q=QUERY")
        }
        guard text.utf8.count <= Self.queryLimit else { return .error(414, "the query is longer than \(Self.queryLimit) bytes") }
        let page: (offset: Int, limit: Int)
        switch Self.page(request) {
        case let .success(value): page = value
        case let .failure(failure): return failure.response
        }
        var failure: QueryError?
        let response = answer { () throws(BrowserError) -> String in
            // A run again after a reload starts afresh: an error from the old version is gone.
            failure = nil
            let catalog = try session.requireCatalog()
            let table = try catalog.table(named: name)
            let rows = ServeObjectRows(table: table, catalog: catalog)
            let result: QueryResult?
            do throws(QueryError) {
                result = try queryResult(text, on: table, catalog: catalog)
            } catch {
                if case let .file(fileError) = error { throw .file(fileError) }
                failure = error
                result = nil
            }
            let total = result?.count ?? 0
            if let result, page.offset < total {
                _ = try ResultListing.rows(result, from: page.offset, to: page.offset + page.limit, catalog: catalog, into: rows)
            }
            return "{\"class\": \(Self.string(name)), \"count\": \(total), \"offset\": \(page.offset), \(rows.members)}"
        }
        guard let failure else { return response }
        var extra = ""
        if let range = failure.range {
            extra = ", \"position\": \(range.start), \"end\": \(range.end)"
        }
        extra += ", \"annotated\": \(Self.string(failure.annotated(query: text)))"
        return .error(400, failure.message, extra: extra)
    }

    /// The keys `text` finds in `table`, from the cache while the file keeps its version.
    func queryKeys(_ text: String, on table: Table, catalog: Catalog) throws(QueryError) -> [Int64] {
        try queries.keys(className: table.name, text: text, version: catalog.file.openedVersion, table: table) { () throws(QueryError) in
            try Self.run(text, on: table, catalog: catalog)
        }
    }

    static func run(_ text: String, on table: Table, catalog: Catalog) throws(QueryError) -> [Int64] {
        let (query, arguments) = try QueryArguments.parse(text)
        return try QueryEngine(file: catalog.file).run(query, on: table, arguments: arguments)
    }

    /// The answer `text` finds in `table`, from the cache while the file keeps its version: a
    /// query sorted by one number, bool, date or string keeps only its first keys, finding
    /// more, or the last ones, as pages ask for them (`QueryResult.load`).
    func queryResult(_ text: String, on table: Table, catalog: Catalog) throws(QueryError) -> QueryResult {
        try queries.result(className: table.name, text: text, version: catalog.file.openedVersion) { () throws(QueryError) in
            try QueryRunner.result(text, on: table, catalog: catalog, firstKeys: QueryResult.firstKeys)
        }
    }

    /// Runs `body` as a read command (one version of the file, read again after another
    /// process commits; each run builds its answer afresh) and answers with the JSON it returns.
    func answer(_ body: () throws(BrowserError) -> String) -> HTTPResponse {
        var json = ""
        do {
            try ConsistentRead.run("api", access: .oneVersion, session: session) { () throws(BrowserError) in json = try body() }
        } catch {
            return Self.response(for: error)
        }
        return .json(json)
    }

    static func string(_ text: String) -> String {
        var json = ""
        CanonicalValueEncoder.appendJSONString(text, to: &json)
        return json
    }

    /// `offset` and `limit` of a page (limit at most `pageLimit`).
    private static func page(_ request: HTTPRequest) -> Result<(offset: Int, limit: Int), HTTPResponseError> {
        let offsetText = request.arguments["offset"] ?? "0"
        let limitText = request.arguments["limit"] ?? String(defaultPageSize)
        guard let offset = Int(offsetText), offset >= 0 else { return .failure(HTTPResponseError(.error(400, "invalid offset '\(offsetText)'"))) }
        guard let limit = Int(limitText), limit >= 0, limit <= pageLimit else {
            return .failure(HTTPResponseError(.error(400, "invalid limit '\(limitText)' (0 to \(pageLimit))")))
        }
        return .success((offset, limit))
    }

    /// The status a command's error answers with: what names nothing there is 404, the file's
    /// own trouble 500, the rest a bad request.
    static func response(for error: BrowserError) -> HTTPResponse {
        switch error {
        case .unknownClass, .noSuchObject: return .error(404, error.description)
        // An edit the writer refuses (no such element, a wrong type) is the request's fault.
        case .file(.refusedEdit): return .error(400, error.description)
        case .file, .noFileOpen: return .error(500, error.description)
        case .fileChanged: return .error(503, error.description)
        default: return .error(400, error.description)
        }
    }
}

/// A response carried as an error, so page parsing can answer early.
struct HTTPResponseError: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}
