@testable import RealmServe
@testable import RealmShell
@testable import RealmInterchange
import RealmFormat
import RealmQuery
import Testing
import TestSupport

/// `/api/query` pages of a query sorted by one number, date or string: the first pages come from a scan
/// that keeps only the first 1000 keys (`QueryEngine.firstKeys`), a page past them from another
/// that keeps at least twice as many, and a page past what a streamed scan keeps (an eighth of
/// the class) from the whole sort; every page must hold the objects of the whole sort's slice,
/// and the count its size, however the pages are asked for.
@Suite("serve: pages of a sorted query", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeSortedPagesTests {
    static func page(_ api: ServeAPI, _ query: String, offset: Int, limit: Int) throws -> (count: Int64?, keys: [Int64]) {
        var request = HTTPRequest(method: "GET", path: "/api/query")
        request.arguments = ["class": "Item", "q": query, "offset": String(offset), "limit": String(limit)]
        let response = api.query(request)
        #expect(response.status == 200, "\(query) at \(offset): \(response.body)")
        let body = try JSONParser.parse(response.body)
        return (body["count"]?.int, (body["objects"]?.array ?? []).compactMap { $0["_key"]?.int })
    }

    @Test(arguments: ["TRUEPREDICATE SORT(qty DESC)", "price > 500 SORT(created ASC)", "active == false SORT(price DESC)",
                      "qty < 100 SORT(name ASC)"])
    func pagesAreSlicesOfTheWholeSort(query: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("big"))
        let table = try #require(file.table(named: "class_Item"))
        let whole = try QueryEngine(file: file).run(query, on: table)
        let first = try #require(try QueryEngine(file: file).firstKeys(1000, of: try Query.parse(query), on: table), "\(query) streams")
        #expect(first.total == whole.count && first.keys == Array(whole.prefix(1000)))

        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath("big"))
        let api = ServeAPI(session: session)
        // Within the first keys, across their end (2000 kept), deeper (4000, then 9000), past
        // what streams (the whole sort), then back.
        for (offset, limit) in [(0, 100), (900, 100), (100, 50), (950, 100), (3950, 100), (8900, 100), (1990, 20),
                                (whole.count - 30, 100), (0, 7)] {
            let (count, keys) = try Self.page(api, query, offset: offset, limit: limit)
            #expect(count == Int64(whole.count), "\(query) at \(offset)")
            #expect(keys == Array(whole.dropFirst(offset).prefix(limit)), "\(query) at \(offset)")
        }
        // A fresh server asked first for a page past the first keys streams that many.
        let fresh = ServeAPI(session: session)
        let (count, keys) = try Self.page(fresh, query, offset: 4000, limit: 100)
        #expect(count == Int64(whole.count) && keys == Array(whole.dropFirst(4000).prefix(100)), "\(query) at 4000")
        // The last pages come from the end of the order (`QueryEngine.lastKeys`), then back.
        let ends = ServeAPI(session: session)
        for (offset, limit) in [(0, 100), (whole.count - 100, 100), (whole.count - 1, 100), (whole.count - 1200, 100),
                                (whole.count - 2500, 100), (whole.count / 2, 100), (0, 5)] {
            let (count, keys) = try Self.page(ends, query, offset: offset, limit: limit)
            #expect(count == Int64(whole.count), "\(query) at \(offset)")
            #expect(keys == Array(whole.dropFirst(offset).prefix(limit)), "\(query) at \(offset)")
        }
    }

    @Test("other queries are not streamed: several keys, DISTINCT, a LIMIT, an index's candidates")
    func otherQueriesRunWhole() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("big"))
        let table = try #require(file.table(named: "class_Item"))
        for query in ["TRUEPREDICATE SORT(qty DESC, price ASC)", "TRUEPREDICATE DISTINCT(qty) SORT(qty ASC)",
                      "TRUEPREDICATE SORT(qty DESC) LIMIT(5000)", "id IN {5, 9, 2} SORT(qty ASC)"] {
            #expect(try QueryEngine(file: file).firstKeys(1000, of: try Query.parse(query), on: table) == nil, "\(query)")
        }
    }
}
