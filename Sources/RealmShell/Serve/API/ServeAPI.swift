import RealmFormat
import RealmInterchange
import RealmQuery

/// The JSON API of `serve`, answered by the commands the REPL runs: each request renders with
/// the same listings (`classes`, `schema`, `show`, `find`, `backlinks`) in jsonl mode into a
/// captured buffer, inside `ConsistentRead` (one version per answer, reloaded after another
/// process commits), and the lines become a JSON array. No second encoder of values.
struct ServeAPI {
    let session: Session
    /// The text of the values of the rows an answer lists (see `ServeCells`).
    let cells = ServeCells()
    let queries = ServeQueryCache()
    /// Rows one page may ask for.
    static let pageLimit = 1000
    static let defaultPageSize = 50
    /// Queries longer than this are refused (414), as are request targets over `Router.targetLimit`.
    static let queryLimit = 4096

    init(session: Session) {
        self.session = session
        session.outputMode = .jsonl
    }

    func classes(_ request: HTTPRequest) -> HTTPResponse {
        let all = request.arguments["internal"] == "1"
        return answer { () throws(BrowserError) in
            try ClassesCommand.run(all ? "--all" : "", session)
        } wrapLines: { lines in
            // Each class with the name of its table, which canonical links name.
            let entries = lines.map { line -> String in
                guard let name = (try? JSONParser.parse(Array(line.utf8)))?["class"]?.string,
                      let table = session.catalog?.file.table(named: name) ?? session.catalog?.file.tables.first(where: { $0.displayName == name }),
                      line.hasSuffix("}") else { return String(line) }
                return String(line.dropLast()) + ", \"table\": \(Self.string(table.name))}"
            }
            return "{\"classes\": [" + entries.joined(separator: ", ") + "]}"
        }
    }

    func schema(_ request: HTTPRequest) -> HTTPResponse {
        guard let name = request.arguments["class"], !name.isEmpty else { return .error(400, "give the class: /api/schema?class=NAME") }
        return answer { () throws(BrowserError) in
            SchemaRows.print([try session.requireCatalog().table(named: name)], catalog: try session.requireCatalog(), session: session)
        } wrap: { "{\"class\": \(Self.string(name)), \"properties\": \($0)}" }
    }

    func objects(_ request: HTTPRequest) -> HTTPResponse {
        guard let name = request.arguments["class"], !name.isEmpty else { return .error(400, "give the class: /api/objects?class=NAME") }
        let page: (offset: Int, limit: Int)
        switch Self.page(request) {
        case let .success(value): page = value
        case let .failure(failure): return failure.response
        }
        var count = 0
        var columns: [Column] = []
        return answer { () throws(BrowserError) in
            let catalog = try session.requireCatalog()
            let table = try catalog.table(named: name)
            count = table.objects.count
            columns = table.columns
            // An offset past the end is an empty page, as scrolling past the end of a grid sees it.
            guard page.offset < count else { return }
            try ObjectListing.render(table: table, from: page.offset, to: page.offset + page.limit, catalog: catalog, session: session)
        } wrap: { objects in
            "{\"class\": \(Self.string(name)), \"count\": \(count), \"offset\": \(page.offset), \"objects\": \(objects)"
                + Self.cellMembers(columns: columns, rows: cells.rows) + "}"
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
        var position = 0
        var properties = ""
        var elements = ""
        // Rendered as `backlinks` then `show` render them: the linking objects' lines, then the
        // object's line.
        return answer { () throws(BrowserError) in
            let catalog = try session.requireCatalog()
            let table = try catalog.table(named: name)
            guard let object = try catalog.object(in: table, key: key) else {
                throw .noSuchObject(className: table.displayName, address: "_key = \(key)")
            }
            position = object.position
            // The whole text of each value (the grid's cells are cut).
            properties = table.columns.map { column in
                Self.string(column.name) + ": " + ServeCells.cell(try? object.value(of: column), catalog: catalog, cut: false)
            }.joined(separator: ", ")
            // The elements of its collections, as the REPL's text (`ServeAPI+Elements`).
            elements = Self.elementMembers(of: object, catalog: catalog)
            try BacklinkRows.print(object, catalog: catalog, session: session)
            try ObjectView.render(object, catalog: catalog, session: session)
        } wrapLines: { lines in
            let backlinks = "[" + lines.dropLast().joined(separator: ", ") + "]"
            return "{\"class\": \(Self.string(name)), \"position\": \(position), \"object\": \(lines.last ?? "null"), "
                + "\"backlinks\": \(backlinks), \"cells\": {\(properties)}, \"backlinkCells\": [\(backlinkCells(lines.dropLast()))], \(elements)}"
        }
    }

    /// The REPL's label of each linking object (`Specimen[0] "Bald eagle"`), read back from the
    /// backlink lines' `{"$link": [TABLE, KEY]}`.
    private func backlinkCells(_ lines: ArraySlice<Substring>) -> String {
        guard let catalog = session.catalog else { return "" }
        return lines.map { line -> String in
            let link = (try? JSONParser.parse(Array(line.utf8)))?["object"]?["$link"]?.array
            guard let tableName = link?.first?.string, let key = link?.last?.int,
                  let table = catalog.file.table(named: tableName) else { return ServeCells.cell(nil, catalog: catalog, cut: false) }
            return ServeCells.cell(.link(table: table.key, key: key), catalog: catalog, cut: false)
        }.joined(separator: ", ")
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
        var count = 0
        var columns: [Column] = []
        var failure: QueryError?
        let response = answer { () throws(BrowserError) in
            // A run again after a reload starts afresh: an error from the old version is gone.
            failure = nil
            let catalog = try session.requireCatalog()
            let table = try catalog.table(named: name)
            columns = table.columns
            let keys: [Int64]
            do throws(QueryError) {
                keys = try queryKeys(text, on: table, catalog: catalog)
            } catch {
                if case let .file(fileError) = error { throw .file(fileError) }
                failure = error
                return
            }
            count = keys.count
            guard page.offset < count else { return }
            try ResultListing.render(QueryResult(table: table, keys: keys), from: page.offset, to: page.offset + page.limit,
                                     catalog: catalog, session: session)
        } wrap: { objects in
            "{\"class\": \(Self.string(name)), \"count\": \(count), \"offset\": \(page.offset), \"objects\": \(objects)"
                + Self.cellMembers(columns: columns, rows: cells.rows) + "}"
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
        try queries.keys(className: table.name, text: text, version: catalog.file.openedVersion) { () throws(QueryError) in
            let (query, arguments) = try QueryArguments.split(text)
            return try QueryEngine(file: catalog.file).run(query, on: table, arguments: arguments)
        }
    }

    /// Runs `body` as a read command and wraps its jsonl lines, as a JSON array, with `wrap`.
    private func answer(_ body: () throws(BrowserError) -> Void, wrap: (String) -> String) -> HTTPResponse {
        answer(body) { lines in wrap("[" + lines.joined(separator: ", ") + "]") }
    }

    func answer(_ body: () throws(BrowserError) -> Void, wrapLines: ([Substring]) -> String) -> HTTPResponse {
        session.servedCells = cells
        defer { session.servedCells = nil }
        let (text, error) = session.router.capture { () throws(BrowserError) in
            try ConsistentRead.run(named: "api", session: session) { () throws(BrowserError) in
                // A run again after another process committed starts with no rows.
                cells.start()
                try body()
            }
        }
        if let error { return Self.response(for: error) }
        return .json(wrapLines(text.split(separator: "\n", omittingEmptySubsequences: true)))
    }

    /// `, "columns": [...], "cells": [...]`: the properties and the text of each row's values.
    private static func cellMembers(columns: [Column], rows: [String]) -> String {
        ", \"columns\": [" + columns.map { string($0.name) }.joined(separator: ", ") + "], \"cells\": [" + rows.joined(separator: ", ") + "]"
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
