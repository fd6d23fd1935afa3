@testable import RealmServe
@testable import RealmShell
@testable import RealmInterchange
import RealmFormat
import Testing
import TestSupport

/// `/api/chart` in process: its bars against counts made here from the fixture's canonical JSON
/// dump (Realm's own), each value placed by a linear walk over the edges the answer gives.
@Suite("serve: charts", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeChartTests {
    static func api(_ name: String) throws -> ServeAPI {
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath(name))
        return ServeAPI(session: session)
    }

    static func chart(_ api: ServeAPI, _ arguments: [String: String]) throws -> (status: Int, body: JSONValue) {
        var request = HTTPRequest(method: "GET", path: "/api/chart")
        request.arguments = arguments
        let response = api.chart(request)
        return (response.status, try JSONParser.parse(response.body))
    }

    /// The objects of a class in the dump.
    static func objects(_ fixture: String, _ className: String) throws -> [JSONValue] {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        guard case let .array(tables)? = dump["tables"], let table = tables.first(where: { $0["class"]?.string == className }) else { return [] }
        return table["objects"]?.array ?? []
    }

    static func counts(_ body: JSONValue) -> [Int] { (body["bars"]?.array ?? []).compactMap { $0["count"]?.int }.map { Int($0) } }
    static func labels(_ body: JSONValue) -> [String] { (body["bars"]?.array ?? []).compactMap { $0["label"]?.string } }

    /// Counts `values` into the bins whose lower edges are `lower` (bin i: lower[i] <= v <
    /// lower[i+1]; the last bin takes the rest), found by walking the edges one by one.
    static func binned<Value: Comparable>(_ values: [Value], lower: [Value]) -> [Int] {
        var counts = Array(repeating: 0, count: lower.count)
        for value in values {
            var bin = 0
            while bin + 1 < counts.count, value >= lower[bin + 1] { bin += 1 }
            counts[bin] += 1
        }
        return counts
    }

    static func figure(_ body: JSONValue, _ label: String) -> String? {
        (body["figures"]?.array ?? []).first { $0.array?.first?.string == label }?.array?.last?.string
    }

    @Test("integers: bars of equal bins counted as the dump's values fall, figures as stats gives them")
    func integers() throws {
        guard Fixtures.requirePresent() else { return }
        let values = try Self.objects("demo", "RealmTestClass1").compactMap { $0["integerValue"]?.int }
        let answer = try Self.chart(try Self.api("demo"), ["class": "RealmTestClass1", "property": "integerValue"])
        #expect(answer.status == 200)
        #expect(answer.body["kind"]?.string == "histogram")
        // The values span all of Int64: the last edge, the maximum plus one, is past it (a
        // JSON number read back as a double); the bins' lower edges are exact integers.
        let all = answer.body["edges"]?.array ?? []
        #expect(all.count == ColumnChart.bins + 1)
        #expect(all.last == .double(Double(values.max() ?? 0) + 1))
        let edges = all.dropLast().compactMap(\.int)
        #expect(edges.count == ColumnChart.bins)
        #expect(edges.first == values.min())
        #expect(Self.counts(answer.body) == Self.binned(values, lower: edges))
        #expect(Self.counts(answer.body).reduce(0, +) == 1000)
        #expect(Self.figure(answer.body, "count") == "1000")
        #expect(Self.figure(answer.body, "min") == String(values.min() ?? 0))
        #expect(Self.figure(answer.body, "sum") == String(values.reduce(Int128(0)) { $0 + Int128($1) }))
    }

    @Test("doubles and dates: bins from the minimum to the maximum, every value in one")
    func doublesAndDates() throws {
        guard Fixtures.requirePresent() else { return }
        let objects = try Self.objects("demo", "RealmTestClass1")
        let api = try Self.api("demo")
        let doubles = objects.compactMap { $0["doubleValue"]?["$double"]?.string.flatMap(Double.init) }
        #expect(doubles.count == 1000)
        let real = try Self.chart(api, ["class": "RealmTestClass1", "property": "doubleValue"])
        let realEdges = (real.body["edges"]?.array ?? []).compactMap { edge -> Double? in
            if case let .double(value) = edge { return value }
            return edge.int.map(Double.init)
        }
        #expect(realEdges.first == doubles.min() && realEdges.last == doubles.max())
        #expect(Self.counts(real.body) == Self.binned(doubles, lower: Array(realEdges.dropLast())))
        let dates = objects.compactMap { object -> Int64? in
            guard let parts = object["dateValue"]?["$date"]?.array, let seconds = parts.first?.int, let nanoseconds = parts.last?.int else { return nil }
            return seconds * 1_000_000_000 + nanoseconds
        }
        let date = try Self.chart(api, ["class": "RealmTestClass1", "property": "dateValue"])
        let dateEdges = (date.body["edges"]?.array ?? []).compactMap(\.int)
        #expect(dateEdges.first == dates.min())
        #expect(Self.counts(date.body) == Self.binned(dates, lower: Array(dateEdges.dropLast())))
        #expect(Self.counts(date.body).reduce(0, +) == dates.count)
    }

    @Test("booleans, list lengths and links: the dump's own counts")
    func valuesAndLengths() throws {
        guard Fixtures.requirePresent() else { return }
        let objects = try Self.objects("demo", "RealmTestClass1")
        let api = try Self.api("demo")
        let flags = try Self.chart(api, ["class": "RealmTestClass1", "property": "boolValue"])
        let trues = objects.filter { $0["boolValue"]?.bool == true }.count
        #expect(Self.labels(flags.body) == ["true", "false"])
        #expect(Self.counts(flags.body) == [trues, objects.count - trues])
        let lists = try Self.chart(api, ["class": "RealmTestClass1", "property": "arrayReference"])
        #expect(lists.body["kind"]?.string == "lengths")
        var lengths: [Int: Int] = [:]
        for object in objects { lengths[object["arrayReference"]?.array?.count ?? -1, default: 0] += 1 }
        let expected = lengths.sorted { $0.key < $1.key }
        #expect(expected.count <= ColumnChart.bins)
        #expect(Self.labels(lists.body) == expected.map { String($0.key) })
        #expect(Self.counts(lists.body) == expected.map(\.value))
        // Links: the categories of the specimens, most common first.
        var categories: [Int64: Int] = [:]
        for object in try Self.objects("species", "Specimen") {
            if let key = object["category"]?["$link"]?.array?.last?.int { categories[key, default: 0] += 1 }
        }
        let links = try Self.chart(try Self.api("species"), ["class": "Specimen", "property": "category"])
        #expect(Self.counts(links.body) == categories.values.sorted(by: >))
    }

    @Test("past the frequency cap the values kept are counted again exactly")
    func cappedFrequencies() throws {
        guard Fixtures.requirePresent() else { return }
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath("species"))
        let catalog = try session.requireCatalog()
        let table = try catalog.table(named: "Specimen")
        let column = try #require(table.column(named: "category"))
        let whole = try ColumnChart.compute(table: table, column: column, keys: nil, catalog: catalog)
        let capped = try ColumnChart.compute(table: table, column: column, keys: nil, catalog: catalog, frequencyCapacity: 2)
        #expect(capped.statistics.frequenciesOverflowed && !whole.statistics.frequenciesOverflowed)
        let exact = Dictionary(uniqueKeysWithValues: whole.bars.map { ($0.label, $0.count) })
        #expect(!capped.bars.isEmpty)
        for bar in capped.bars { #expect(exact[bar.label] == bar.count) }
        #expect(StatsCommand.figures(capped.statistics, catalog: catalog).first { $0.0 == "distinct" }?.1 == "more than 2")
    }

    @Test("over a query: only the objects it finds")
    func overQuery() throws {
        guard Fixtures.requirePresent() else { return }
        let values = try Self.objects("demo", "RealmTestClass1").compactMap { $0["integerValue"]?.int }.filter { $0 > 5_000_000 }
        let answer = try Self.chart(try Self.api("demo"), ["class": "RealmTestClass1", "property": "integerValue", "q": "integerValue > 5000000"])
        #expect(answer.status == 200)
        #expect(answer.body["objects"]?.int == Int64(values.count))
        let edges = (answer.body["edges"]?.array ?? []).dropLast().compactMap(\.int)
        #expect(edges.count == ColumnChart.bins)
        #expect(edges.first == values.min())
        #expect(Self.counts(answer.body) == Self.binned(values, lower: edges))
    }

    @Test("refused: no property, an unknown one, a query that does not parse")
    func refusals() throws {
        guard Fixtures.requirePresent() else { return }
        let api = try Self.api("demo")
        #expect(try Self.chart(api, ["class": "RealmTestClass1"]).status == 400)
        #expect(try Self.chart(api, ["class": "RealmTestClass1", "property": "nothing"]).status == 400)
        #expect(try Self.chart(api, ["class": "Nothing", "property": "x"]).status == 404)
        let broken = try Self.chart(api, ["class": "RealmTestClass1", "property": "integerValue", "q": "integerValue >"])
        #expect(broken.status == 400)
        #expect(broken.body["error"]?.string?.isEmpty == false)
    }
}
