import RealmShell
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `serve --write`: edits staged and committed through the REPL's own transaction (`begin`,
/// `set`, `commit`, `rollback`), each request carrying the token header; expected values are
/// Realm's dump of the fixture with exactly the change.
@Suite("serve --write: edits over HTTP, end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeWriteTests {
    @Test("staged by /api/edit, written by /api/commit, dropped by /api/rollback; the header and the origin are required")
    func editAndCommit() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ServeWriteTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/species.realm"
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("species"), toPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let categories = ServeTests.table(try ServeTests.dump("species"), "class_Category")?["objects"]?.array ?? []
        let server = try ServeTests.Server(path: path, ["--write"])
        let cookie = "realm_browser_token_\(server.client.port)=\(server.token)"
        func post(_ target: String, _ body: String = "", origin: String? = nil, header: Bool = true) throws -> ServeClient.Response {
            var headers = ["Cookie": cookie, "Content-Type": "application/json"]
            if header { headers["X-Realm-Browser-Token"] = server.token }
            if let origin { headers["Origin"] = origin }
            return try server.client.send("POST", target, headers: headers, body: body)
        }
        let rename = #"{"class": "Category", "key": 1, "property": "name", "value": "\"Beasts\""}"#
        #expect(try post("/api/edit", rename, header: false).status == 403)
        #expect(try post("/api/edit", rename, origin: "http://attacker.example").status == 403)
        #expect(try post("/api/edit", #"{"class": "Category", "key": 1, "property": "nope", "value": "1"}"#).status == 400)
        #expect(try post("/api/edit", #"{"class": "Category", "key": 1, "property": "name", "value": "1; quit"}"#).status == 400)
        // A value that parses but carries a second statement or line is refused, not run.
        #expect(try post("/api/edit", #"{"class": "Category", "key": 1, "property": "name", "value": "'a'; quit"}"#).status == 400)
        #expect(try post("/api/edit", #"{"class": "Category", "key": 1, "property": "name", "value": "'a'\ncommit"}"#).status == 400)

        let staged = try post("/api/edit", rename, origin: "http://127.0.0.1:\(server.client.port)")
        #expect(staged.status == 200, "\(staged.body)")
        #expect(try JSONParser.parse(staged.body)["pending"]?.array?.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        let committed = try post("/api/commit")
        #expect(committed.status == 200)
        #expect(try JSONParser.parse(committed.body)["message"]?.string?.hasPrefix("committed 1 change") == true)
        #expect(try server.json("/api/object?class=Category&key=1")["object"] == .object([.init(key: "_key", value: .int(1)), .init(key: "name", value: .string("Beasts"))]))
        let elsewhere = try ExecutableTests().run([path, "-c", "show Category[_key = 1].name"])
        #expect(elsewhere.standardOutput == "\"Beasts\"\n")

        #expect(try post("/api/edit", #"{"class": "Category", "key": 2, "property": "name", "value": "'Fungi'"}"#).status == 200)
        let rolledBack = try post("/api/rollback")
        #expect(rolledBack.status == 200)
        #expect(try JSONParser.parse(rolledBack.body)["pending"]?.array == [])
        let second = try #require(categories.first { $0["_key"]?.int == 2 })
        #expect(try server.json("/api/object?class=Category&key=2")["object"] == second)
        server.process.interrupt()
        #expect(try server.process.finish().status == 0)
    }

    @Test("edits staged and not committed when the server stops are listed on standard error and rolled back; exit 0",
          arguments: [SIGINT, SIGTERM])
    func stagedAtExit(_ signal: Int32) throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ServeWriteTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/species.realm"
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("species"), toPath: path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let server = try ServeTests.Server(path: path, ["--write"])
        let headers = ["Cookie": "realm_browser_token_\(server.client.port)=\(server.token)", "X-Realm-Browser-Token": server.token]
        var pending: [String] = []
        for (key, name) in [(1, "Beasts"), (2, "Moulds")] {
            let body = #"{"class": "Category", "key": \#(key), "property": "name", "value": "'\#(name)'"}"#
            let staged = try server.client.send("POST", "/api/edit", headers: headers, body: body)
            #expect(staged.status == 200, "\(staged.body)")
            pending = try JSONParser.parse(staged.body)["pending"]?.array?.compactMap(\.string) ?? []
        }
        #expect(pending.count == 2)
        if signal == SIGINT { server.process.interrupt() } else { server.process.terminate() }
        let finished = try server.process.finish()
        #expect(finished.status == 0)
        #expect(finished.rest.isEmpty)
        let expected = ["realm-browser: serve: 2 staged change(s) not committed were dropped:"] + pending.map { "  " + $0 }
        #expect(finished.errors == expected.joined(separator: "\n") + "\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        // The write lock went with the transaction: another writer commits at once.
        let commit = try ExecutableTests().run([path, "-c", "begin; set Category[_key = 1].name = 'After'; commit"])
        #expect(commit.status == 0, "\(commit.standardError)")
        #expect(try ExecutableTests().run([path, "-c", "show Category[_key = 1].name"]).standardOutput == "\"After\"\n")
    }

    @Test("a server stopped with nothing staged says nothing")
    func nothingStagedAtExit() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ServeWriteTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/species.realm"
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("species"), toPath: path)
        let server = try ServeTests.Server(path: path, ["--write"])
        let headers = ["Cookie": "realm_browser_token_\(server.client.port)=\(server.token)", "X-Realm-Browser-Token": server.token]
        let body = #"{"class": "Category", "key": 1, "property": "name", "value": "'Beasts'"}"#
        #expect(try server.client.send("POST", "/api/edit", headers: headers, body: body).status == 200)
        #expect(try server.client.send("POST", "/api/commit", headers: headers).status == 200)
        server.process.terminate()
        let finished = try server.process.finish()
        #expect(finished.status == 0)
        #expect(finished.errors.isEmpty)
    }
}
