import RealmShell
import Foundation
import Glibc
import RealmInterchange
import Testing
import TestSupport

/// `realm-browser serve`: the built executable started on a fixture, asked over HTTP. Expected
/// values come from Realm's dumps of the fixtures (NAME.json), never from our own output.
/// Nothing waits for time: a test waits for the URL line, then asks.
@Suite("serve: the JSON API and its security, end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeTests {
    /// A running `serve` on a fixture, with its port and token from the URL it printed.
    struct Server {
        let process: WatchingProcess
        let client: ServeClient
        let token: String
        let url: String

        init(_ fixture: String, _ extra: [String] = [], environment: [String: String] = [:]) throws {
            try self.init(path: Fixtures.realmPath(fixture), extra, environment: environment)
        }

        /// `host`: the address the URL must show (in brackets for IPv6) and the client connects to.
        init(path: String, _ extra: [String] = [], host: String = "127.0.0.1", environment: [String: String] = [:]) throws {
            process = try WatchingProcess(["serve", path, "--port", "0"] + extra, environment: environment)
            guard let line = try process.nextLine() else { throw ServeClient.Failure(description: "serve printed no URL") }
            url = line
            let shown = host.contains(":") ? "[\(host)]" : host
            guard line.hasPrefix("http://\(shown):"),
                  let match = line.dropFirst("http://\(shown)".count).wholeMatch(of: /^:([0-9]+)\/\?token=([0-9a-f]{64})$/),
                  let port = UInt16(match.1), port != 0 else {
                throw ServeClient.Failure(description: "not a URL of \(shown) with a port and a token: \(line)")
            }
            client = ServeClient(port: port, host: host)
            token = String(match.2)
        }

        /// POST with the token's cookie and the write header, as the page sends an edit.
        func post(_ target: String, _ body: String) throws -> ServeClient.Response {
            try client.send("POST", target, headers: ["Cookie": "realm_browser_token_\(client.port)=\(token)", "X-Realm-Browser-Token": token,
                                                      "Content-Type": "application/json"], body: body)
        }

        func json(_ target: String) throws -> JSONValue {
            let response = try client.get(target, token: token)
            #expect(response.status == 200, "\(target): \(response.body)")
            return try JSONParser.parse(response.body)
        }
    }

    static func dump(_ fixture: String) throws -> JSONValue { try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture)) }

    static func table(_ dump: JSONValue, _ name: String) -> JSONValue? {
        dump["tables"]?.array?.first { $0["name"]?.string == name }
    }

    @Test("the classes and their counts are the dump's; internal tables on request")
    func classes() throws {
        guard Fixtures.requirePresent() else { return }
        let server = try Server("tasks")
        let dump = try Self.dump("tasks")
        let expected = (dump["tables"]?.array ?? []).compactMap { table -> String? in
            guard let name = table["class"]?.string, let count = table["count"]?.int else { return nil }
            return "\(name)=\(count)"
        }
        #expect(expected.count == 5)
        let classes = try server.json("/api/classes")["classes"]?.array ?? []
        #expect(classes.map { "\($0["class"]?.string ?? "?")=\($0["objects"]?.int ?? -1)" } == expected)
        let all = try server.json("/api/classes?internal=1")["classes"]?.array ?? []
        let metadata = all.first { $0["class"]?.string == "metadata" }
        #expect(metadata?["objects"]?.int == Self.table(dump, "metadata")?["count"]?.int)
        #expect(metadata?["kind"]?.string == "internal")
    }

    @Test("a page of objects is the dump's objects at those positions; past the end, an empty page")
    func pageOfObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let server = try Server("species")
        let specimens = try #require(Self.table(try Self.dump("species"), "class_Specimen"))
        let page = try server.json("/api/objects?class=Specimen&offset=2&limit=3")
        #expect(page["count"]?.int == specimens["count"]?.int)
        #expect(page["offset"]?.int == 2)
        let expected = Array((specimens["objects"]?.array ?? [])[2..<5])
        #expect((page["objects"]?.array ?? []).map(JSONText.canonical) == expected.map(JSONText.canonical))
        let total = try #require(specimens["count"]?.int)
        let past = try server.json("/api/objects?class=Specimen&offset=\(total)&limit=3")
        #expect(past["objects"]?.array == [])
        #expect(past["count"]?.int == total)
    }

    @Test("one object by key, with the objects linking to it")
    func oneObject() throws {
        guard Fixtures.requirePresent() else { return }
        let server = try Server("species")
        let dump = try Self.dump("species")
        let category = try #require(Self.table(dump, "class_Category")?["objects"]?.array?.first { $0["_key"]?.int == 1 })
        let answer = try server.json("/api/object?class=Category&key=1")
        #expect(answer["object"].map(JSONText.canonical) == JSONText.canonical(category))
        let link = JSONValue.object([.init(key: "$link", value: .array([.string("class_Category"), .int(1)]))])
        let linking = (Self.table(dump, "class_Specimen")?["objects"]?.array ?? []).filter { $0["category"] == link }.compactMap { $0["_key"]?.int }
        #expect(!linking.isEmpty)
        let backlinks = answer["backlinks"]?.array ?? []
        #expect(backlinks.compactMap { $0["object"]?["$link"]?.array?.last?.int } == linking)
        #expect(backlinks.allSatisfy { $0["from"]?.string == "Specimen.category" })
        let missing = try server.client.get("/api/object?class=Category&key=999", token: server.token)
        #expect(missing.status == 404)
    }

    @Test("a query's matches in the dump's order; an error names its position")
    func query() throws {
        guard Fixtures.requirePresent() else { return }
        let server = try Server("species")
        let specimens = Self.table(try Self.dump("species"), "class_Specimen")?["objects"]?.array ?? []
        let expected = specimens.filter { object in
            guard let text = object["latitude"]?["$double"]?.string, let latitude = Double(text) else { return false }
            return latitude > 50
        }
        #expect(expected.count > 2)
        let page = try server.json("/api/query?class=Specimen&q=latitude%20%3E%2050&offset=1&limit=2")
        #expect(page["count"]?.int == Int64(expected.count))
        #expect((page["objects"]?.array ?? []).map(JSONText.canonical) == expected[1..<3].map(JSONText.canonical))

        let failed = try server.client.get("/api/query?class=Specimen&q=name%20==%20'x'%20AND%20nme%20==%201", token: server.token)
        #expect(failed.status == 400)
        let error = try JSONParser.parse(failed.body)
        #expect(error["position"]?.int == 16)
        #expect(error["end"]?.int == 19)
        #expect(error["error"]?.string?.hasPrefix("unknown property 'nme' in Specimen") == true)
    }

    @Test("the token: refused without it, kept in an HttpOnly SameSite=Strict cookie after the first request")
    func token() throws {
        guard Fixtures.requirePresent() else { return }
        let server = try Server("species")
        for target in ["/", "/api/classes", "/api/objects?class=Specimen"] {
            #expect(try server.client.send("GET", target).status == 403)
        }
        #expect(try server.client.send("GET", "/api/classes?token=" + String(repeating: "0", count: 64)).status == 403)
        #expect(try server.client.send("GET", "/api/classes", headers: ["Cookie": "realm_browser_token_\(server.client.port)=\(String(server.token.reversed()))"]).status == 403)
        let first = try server.client.send("GET", "/?token=\(server.token)")
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "text/html; charset=utf-8")
        #expect(first.body.contains("/api/classes"))
        let cookie = try #require(first.headers["set-cookie"])
        #expect(cookie == "realm_browser_token_\(server.client.port)=\(server.token); Path=/; HttpOnly; SameSite=Strict")
        let cookiePair = String(cookie.prefix { $0 != ";" })
        let later = try server.client.send("GET", "/api/classes", headers: ["Cookie": cookiePair])
        #expect(later.status == 200)
        #expect(later.body.hasPrefix("{\"classes\": ["))
    }

    @Test("unknown paths, traversal, oversized requests and writes are refused")
    func refusals() throws {
        guard Fixtures.requirePresent() else { return }
        let server = try Server("species")
        let cookie = ["Cookie": "realm_browser_token_\(server.client.port)=\(server.token)"]
        for target in ["/nope", "/../../../etc/passwd", "/api/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/api/classes/../../x"] {
            let response = try server.client.send("GET", target, headers: cookie)
            #expect(response.status == 404, "\(target)")
            #expect(!response.body.contains("root:"))
        }
        let long = String(repeating: "a", count: 9000)
        #expect(try server.client.send("GET", "/api/query?class=Specimen&q=\(long)", headers: cookie).status == 414)
        var big = cookie
        big["Content-Length"] = "10000000"
        #expect(try server.client.send("PUT", "/api/classes", headers: big).status == 413)
        let header = cookie.merging(["X-Realm-Browser-Token": server.token]) { $1 }
        for method in ["POST", "PUT", "DELETE"] {
            let response = try server.client.send(method, "/api/classes", headers: header, body: "{}")
            #expect(response.status == 403, "\(method)")
            #expect(response.body.contains("read-only"))
        }
    }

    @Test("--port 0 takes a free port; SIGINT and SIGTERM stop the server with status 0")
    func lifecycle() throws {
        guard Fixtures.requirePresent() else { return }
        let first = try Server("species")
        let second = try Server("species")
        #expect(first.client.port != second.client.port)
        #expect(try first.client.get("/api/classes", token: first.token).status == 200)
        #expect(try second.client.get("/api/classes", token: second.token).status == 200)
        // The other server's token is not this one's.
        #expect(try first.client.get("/api/classes", token: second.token).status == 403)
        first.process.interrupt()
        let interrupted = try first.process.finish()
        #expect(interrupted.status == 0)
        #expect(interrupted.rest.isEmpty)
        #expect(throws: ServeClient.Failure.self) { try first.client.get("/api/classes", token: first.token) }
        second.process.terminate()
        #expect(try second.process.finish().status == 0)
    }

    @Test("read-only leaves the file untouched; another process's commit shows at the next request")
    func liveAndReadOnly() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ServeTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/species.realm"
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("species"), toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let server = try Server(path: path)
        let dumpCount = Self.table(try Self.dump("species"), "class_Category")?["count"]?.int
        func categories() throws -> Int64? {
            try server.json("/api/classes")["classes"]?.array?.first { $0["class"]?.string == "Category" }?["objects"]?.int
        }
        #expect(try categories() == dumpCount)
        _ = try server.json("/api/objects?class=Specimen&limit=100")
        _ = try server.json("/api/query?class=Specimen&q=name%20BEGINSWITH%20'B'")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + ".lock"))

        let commit = try ExecutableTests().run([path, "-c", "create Category name = \"Fungi\""])
        #expect(commit.status == 0, "\(commit.standardError)")
        #expect(try categories() == dumpCount.map { $0 + 1 })
        let fungi = try server.json("/api/query?class=Category&q=name%20==%20'Fungi'")
        #expect(fungi["count"]?.int == 1)
        server.process.interrupt()
        #expect(try server.process.finish().status == 0)
    }

    @Test("serve needs a FILE, and reports a missing one")
    func usage() throws {
        let runner = ExecutableTests()
        let bare = try runner.run(["serve"])
        #expect(bare.status == 2)
        #expect(bare.standardError.contains("usage: realm-browser serve FILE"))
        let missing = try runner.run(["serve", "/nonexistent/x.realm"])
        #expect(missing.status == 1)
        #expect(missing.standardOutput.isEmpty)
    }
}
