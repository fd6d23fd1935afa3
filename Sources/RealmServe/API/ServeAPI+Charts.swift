import RealmShell
import RealmFormat
import RealmInterchange
import RealmQuery

/// `/api/chart`: the figures `stats` gives for one property and the bars the page draws as
/// SVG (`ColumnChart`), over the whole class or the objects of the current query.
extension ServeAPI {
    /// `/api/chart?class=C&property=P[&q=QUERY]`: `{"class", "property", "type", "objects",
    /// "figures": [[label, value]...], "kind", "bars": [{"label", "count"}...], "edges": [...]}`.
    func chart(_ request: HTTPRequest) -> HTTPResponse {
        guard let name = request.arguments["class"], !name.isEmpty, let propertyName = request.arguments["property"], !propertyName.isEmpty else {
            return .error(400, "give the class and the property: /api/chart?class=NAME&property=NAME[&q=QUERY]")
        }
        let text = request.arguments["q"].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        if let text, text.utf8.count > Self.queryLimit { return .error(414, "the query is longer than \(Self.queryLimit) bytes") }
        var failure: QueryError?
        let response = answer { () throws(BrowserError) -> String in
            failure = nil
            let catalog = try session.requireCatalog()
            let table = try catalog.table(named: name)
            guard let column = table.column(named: propertyName) else { throw .unknownProperty(className: table.displayName, name: propertyName) }
            var keys: [Int64]?
            if let text {
                do throws(QueryError) {
                    keys = try queryKeys(text, on: table, catalog: catalog)
                } catch {
                    if case let .file(fileError) = error { throw .file(fileError) }
                    failure = error
                    return "{}"
                }
            }
            let chart: ColumnChart
            do throws(RealmFormatError) {
                chart = try ColumnChart.compute(table: table, column: column, keys: keys, catalog: catalog)
            } catch {
                throw .file(error)
            }
            let objects = keys?.count ?? table.objects.count
            let figures = StatsCommand.figures(chart.statistics, catalog: catalog)
                .map { "[\(Self.string($0.0)), \(Self.string($0.1))]" }.joined(separator: ", ")
            let bars = chart.bars.map { "{\"label\": \(Self.string($0.label)), \"count\": \($0.count)}" }.joined(separator: ", ")
            return "{\"class\": \(Self.string(name)), \"property\": \(Self.string(column.name)), "
                + "\"type\": \(Self.string(StatsCommand.typeName(column))), \"objects\": \(objects), \"query\": \(text != nil), "
                + "\"figures\": [\(figures)], \"kind\": \"\(chart.kind.rawValue)\", \"bars\": [\(bars)], "
                + "\"edges\": [\(chart.edges.joined(separator: ", "))]}"
        }
        guard let failure else { return response }
        return .error(400, failure.message, extra: ", \"annotated\": \(Self.string(failure.annotated(query: text ?? "")))")
    }
}
