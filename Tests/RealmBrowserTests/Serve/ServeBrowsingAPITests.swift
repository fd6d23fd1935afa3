import RealmShell
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// The API the page of `serve` reads besides the listings: each value's text beside its JSON,
/// table names for links, the live version, the class graph, exports and sorted pages. Expected
/// values come from Realm's own dump of the fixture.
@Suite("serve: cells, version, graph, export and query pages", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeBrowsingAPITests {
    private static func objects(_ dump: JSONValue, _ table: String) -> [JSONValue] {
        ServeTests.table(dump, table)?["objects"]?.array ?? []
    }

    /// `2025-01-08T00:00:00.000001Z` for `{"$date": [1736294400, 1000]}`, as Realm's dump gives it.
    private static func dateText(_ value: JSONValue?) -> String? {
        guard let parts = value?["$date"]?.array, let seconds = parts.first?.int, let nanoseconds = parts.last?.int else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let whole = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        guard nanoseconds != 0 else { return whole }
        var fraction = String(format: "%09lld", nanoseconds)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return String(whole.dropLast()) + "." + fraction + "Z"
    }

    @Test("each row's cells: strings, dates, list sizes and link targets as the dump has them")
    func cells() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try ServeTests.dump("tasks")
        let server = try ServeTests.Server("tasks")
        defer { server.process.stop() }
        let page = try server.json("/api/objects?class=TaskList&limit=1000")
        let expected = Self.objects(dump, "class_TaskList")
        #expect(page["columns"]?.array?.compactMap(\.string) == ["name", "createdAt", "tasks"])
        let rows = try #require(page["cells"]?.array)
        #expect(rows.count == expected.count)
        for (row, object) in zip(rows, expected) {
            let cells = try #require(row.array)
            #expect(cells[0]["text"]?.string == object["name"]?.string)
            #expect(cells[1]["text"]?.string == Self.dateText(object["createdAt"]))
            let count = object["tasks"]?.array?.count ?? -1
            #expect(cells[2]["text"]?.string == "list (\(count) item\(count == 1 ? "" : "s"))")
            #expect(cells[2]["open"] == .bool(true))
        }
        // A link: the class and key of its target, from the dump's {"$link": [TABLE, KEY]}.
        let cars = Self.objects(dump, "class_Car")
        let carPage = try server.json("/api/objects?class=Car&limit=1000")
        let ownerColumn = try #require(carPage["columns"]?.array?.firstIndex { $0.string == "owner" })
        for (row, car) in zip(try #require(carPage["cells"]?.array), cars) {
            let cell = try #require(row.array?[ownerColumn])
            if let link = car["owner"]?["$link"]?.array {
                #expect(cell["link"]?["class"]?.string == "Person")
                #expect(cell["link"]?["key"]?.int == link.last?.int)
            } else {
                #expect(cell["text"]?.string == "null")
            }
        }
        // The object's own cells are whole; classes name their tables.
        let object = try server.json("/api/object?class=TaskList&key=1")
        #expect(object["cells"]?["name"]?["text"]?.string == expected.first { $0["_key"]?.int == 1 }?["name"]?.string)
        let classes = try server.json("/api/classes")["classes"]?.array ?? []
        let tables = (dump["tables"]?.array ?? []).compactMap { table -> String? in
            guard let name = table["class"]?.string, let tableName = table["name"]?.string else { return nil }
            return "\(name)=\(tableName)"
        }
        #expect(classes.compactMap { entry -> String? in
            guard let name = entry["class"]?.string, let table = entry["table"]?.string else { return nil }
            return "\(name)=\(table)"
        }.sorted() == tables.sorted())
    }

    @Test("an object's backlinks carry the linking objects' labels and keys, as the dump links them")
    func backlinkCells() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try ServeTests.dump("species")
        let server = try ServeTests.Server("species")
        defer { server.process.stop() }
        let linking = Self.objects(dump, "class_Specimen").filter { $0["category"]?["$link"]?.array?.last?.int == 0 }
        let object = try server.json("/api/object?class=Category&key=0")
        let cells = object["backlinkCells"]?.array ?? []
        #expect(cells.count == linking.count)
        #expect(cells.compactMap { $0["link"]?["key"]?.int }.sorted() == linking.compactMap { $0["_key"]?.int }.sorted())
        #expect(cells.allSatisfy { $0["link"]?["class"]?.string == "Specimen" })
        // The label names the object by its name, as `backlinks` prints it.
        let first = try #require(linking.first { $0["_key"]?.int == cells.first?["link"]?["key"]?.int })
        #expect(cells.first?["text"]?.string?.hasSuffix("\"\(first["name"]?.string ?? "?")\"") == true)
    }

    @Test("a long string is cut in the grid and whole in the object")
    func longValuesAreCut() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try Self.copy("tasks")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let long = String(repeating: "abcdefghij", count: 100)
        let set = try ExecutableTests().run([path, "-c", "set Task[_key = 2].notes = '\(long)'"])
        #expect(set.status == 0, "\(set.standardError)")
        let server = try ServeTests.Server(path: path)
        defer { server.process.stop() }
        let page = try server.json("/api/query?class=Task&q=notes%20BEGINSWITH%20'abcdefghij'")
        let notes = try #require(page["columns"]?.array?.firstIndex { $0.string == "notes" })
        let cell = try #require(page["cells"]?.array?.first?.array?[notes])
        #expect(cell["cut"] == .bool(true))
        #expect(cell["text"]?.string == String(long.prefix(199)) + "…")
        #expect(try server.json("/api/object?class=Task&key=2")["cells"]?["notes"]?["text"]?.string == long)
    }

    @Test("the version moves with another process's commit and the next page shows it")
    func liveVersion() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try Self.copy("tasks")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServeTests.Server(path: path)
        defer { server.process.stop() }
        let before = try server.json("/api/version")
        let version = try #require(before["version"]?.int)
        #expect(before["shown"]?.int == version)
        #expect(before["writable"] == .bool(false))
        let set = try ExecutableTests().run([path, "-c", "set TaskList[_key = 0].name = 'Shopping'"])
        #expect(set.status == 0, "\(set.standardError)")
        let after = try server.json("/api/version")
        #expect(after["version"]?.int == version + 1)
        #expect(after["shown"]?.int == version)
        #expect(try server.json("/api/objects?class=TaskList&limit=1")["cells"]?.array?.first?.array?.first?["text"]?.string == "Shopping")
        #expect(try server.json("/api/version")["shown"]?.int == version + 1)
    }

    @Test("the graph has every class and every link property of the dump")
    func graph() throws {
        guard Fixtures.requirePresent() else { return }
        for fixture in ["tasks", "alltypes", "demo"] {
            let dump = try ServeTests.dump(fixture)
            let server = try ServeTests.Server(fixture)
            defer { server.process.stop() }
            let graph = try server.json("/api/graph")
            let tables = dump["tables"]?.array ?? []
            let className = { (table: String?) in tables.first { $0["name"]?.string == table }?["class"]?.string }
            var expected: [String] = []
            for table in tables {
                guard let name = table["class"]?.string else { continue }
                for column in table["columns"]?.array ?? [] where column["type"]?.string == "link" {
                    expected.append("\(name).\(column["name"]?.string ?? "") -> \(className(column["target"]?.string) ?? "?") \(column["collection"]?.string ?? "-")")
                }
            }
            let edges = (graph["edges"]?.array ?? []).map { edge in
                "\(edge["from"]?.string ?? "").\(edge["property"]?.string ?? "") -> \(edge["to"]?.string ?? "") \(edge["collection"]?.string ?? "-")"
            }
            #expect(edges.sorted() == expected.sorted(), "\(fixture)")
            let counts = (graph["classes"]?.array ?? []).compactMap { entry -> String? in
                guard let name = entry["class"]?.string, let count = entry["objects"]?.int else { return nil }
                return "\(name)=\(count)"
            }
            #expect(counts.sorted() == tables.compactMap { table -> String? in
                guard let name = table["class"]?.string, let count = table["count"]?.int else { return nil }
                return "\(name)=\(count)"
            }.sorted(), "\(fixture)")
        }
    }

    @Test("export: a class and a query result as CSV and JSON downloads")
    func export() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try ServeTests.dump("tasks")
        let tasks = Self.objects(dump, "class_Task")
        let server = try ServeTests.Server("tasks")
        defer { server.process.stop() }
        let csv = try server.client.get("/api/export?class=Task&format=csv", token: server.token)
        #expect(csv.status == 200)
        #expect(csv.headers["content-type"]?.hasPrefix("text/csv") == true)
        #expect(csv.headers["content-disposition"] == "attachment; filename=\"Task.csv\"")
        let lines = csv.body.split(separator: "\r\n", omittingEmptySubsequences: true)
        #expect(lines.count == tasks.count + 1)
        let completed = tasks.filter { $0["isCompleted"] == .bool(true) }
        let json = try server.client.get("/api/export?class=Task&format=json&q=isCompleted%20%3D%3D%20true", token: server.token)
        #expect(json.status == 200)
        #expect(json.headers["content-disposition"] == "attachment; filename=\"Task-result.json\"")
        let exported = try JSONParser.parse(json.body).array ?? []
        #expect(exported.count == completed.count)
        #expect(exported.compactMap { $0["name"]?.string } == completed.compactMap { $0["name"]?.string })
        #expect(try server.client.get("/api/export?class=Task&format=xml", token: server.token).status == 400)
        #expect(try server.client.get("/api/export?class=Task&format=csv&q=nope%20%3D%3D%201", token: server.token).status == 400)
        #expect(try server.client.get("/api/export?class=Nope&format=csv", token: server.token).status == 404)
    }

    @Test("pages of a sorted query are slices of one order, the dump's dates ascending")
    func sortedPages() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try ServeTests.dump("tasks")
        let tasks = Self.objects(dump, "class_Task")
        let server = try ServeTests.Server("tasks")
        defer { server.process.stop() }
        let query = "TRUEPREDICATE%20SORT(createdAt%20ASC)"
        var keys: [Int64] = []
        var offset = 0
        while true {
            let page = try server.json("/api/query?class=Task&q=\(query)&offset=\(offset)&limit=7")
            #expect(page["count"]?.int == Int64(tasks.count))
            let objects = page["objects"]?.array ?? []
            if objects.isEmpty { break }
            keys += objects.compactMap { $0["_key"]?.int }
            offset += 7
        }
        let dates = { (key: Int64) -> [Int64] in
            tasks.first { $0["_key"]?.int == key }?["createdAt"]?["$date"]?.array?.compactMap(\.int) ?? []
        }
        #expect(keys.sorted() == tasks.compactMap { $0["_key"]?.int }.sorted())
        #expect(zip(keys, keys.dropFirst()).allSatisfy { dates($0).lexicographicallyPrecedes(dates($1)) || dates($0) == dates($1) })
        let whole = try server.json("/api/query?class=Task&q=\(query)&limit=1000")["objects"]?.array?.compactMap { $0["_key"]?.int }
        #expect(whole == keys)
    }

    /// A copy of FIXTURE.realm in a new temporary directory (removed by the caller).
    static func copy(_ fixture: String) throws -> (directory: String, path: String) {
        let directory = try temporaryDirectory()
        let path = directory + "/\(fixture).realm"
        try FileManager.default.copyItem(atPath: Fixtures.realmPath(fixture), toPath: path)
        return (directory, path)
    }

    static func temporaryDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ServeAPI-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}
