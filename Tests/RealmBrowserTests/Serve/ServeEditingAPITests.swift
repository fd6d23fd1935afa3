import RealmShell
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// `serve --write`: creating and deleting objects and editing lists from the page, staged in one
/// transaction and committed; the file is then read again by another realm-browser (`dump`) and
/// compared with Realm's dump of the fixture with exactly those changes.
@Suite("serve --write: create, delete, append and remove over HTTP", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeEditingAPITests {
    @Test("four kinds of change in one commit, each as Realm's dump with the change")
    func stagedAndCommitted() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, path) = try ServeBrowsingAPITests.copy("tasks")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dump = try ServeTests.dump("tasks")
        let server = try ServeTests.Server(path: path, ["--write"])
        defer { server.process.stop() }
        let post = server.post
        let lists = ServeTests.table(dump, "class_TaskList")?["objects"]?.array ?? []
        let tasks = ServeTests.table(dump, "class_Task")?["objects"]?.array ?? []
        let linked = { (object: JSONValue?) in object?["tasks"]?.array?.compactMap { $0["$link"]?.array?.last?.int } ?? [] }
        let work = linked(lists.first { $0["_key"]?.int == 1 })
        let groceries = linked(lists.first { $0["_key"]?.int == 0 })
        #expect(work.count >= 2 && groceries.contains(0))

        // Refused before anything is staged.
        #expect(try post("/api/create", #"{"class": "Task", "values": {"nope": "1"}}"#).status == 400)
        #expect(try post("/api/create", #"{"class": "Task", "values": {"name": "'a', notes = 'b'"}}"#).status == 400)
        #expect(try post("/api/remove", #"{"class": "TaskList", "key": 1, "property": "tasks", "index": 99}"#).status == 400)
        #expect(try post("/api/delete", #"{"class": "Task"}"#).status == 400)
        #expect(try post("/api/delete", #"{"class": "Nope", "key": 1}"#).status == 404)
        // A write path asked with GET: the method is wrong, not the path.
        #expect(try server.client.get("/api/commit", token: server.token).status == 405)
        #expect(try JSONParser.parse(server.client.get("/api/version", token: server.token).body)["pending"]?.array == [])

        let created = try post("/api/create", #"{"class": "Task", "values": {"name": "'Buy milk'", "isCompleted": "true"}}"#)
        #expect(created.status == 200, "\(created.body)")
        #expect(try post("/api/delete", #"{"class": "Task", "key": 0}"#).status == 200)
        #expect(try post("/api/append", #"{"class": "TaskList", "key": 1, "property": "tasks", "value": "Task[_key = 3]"}"#).status == 200)
        let removed = try post("/api/remove", #"{"class": "TaskList", "key": 1, "property": "tasks", "index": 0}"#)
        #expect(removed.status == 200)
        #expect(try JSONParser.parse(removed.body)["pending"]?.array?.count == 4)
        #expect(try JSONParser.parse(server.client.get("/api/version", token: server.token).body)["pending"]?.array?.count == 4)
        #expect(try post("/api/commit", "").status == 200)

        let read = try ExecutableTests().run([path, "-c", "dump"])
        #expect(read.status == 0, "\(read.standardError)")
        let after = try JSONParser.parse(read.standardOutput)
        let newTasks = ServeTests.table(after, "class_Task")?["objects"]?.array ?? []
        let newLists = ServeTests.table(after, "class_TaskList")?["objects"]?.array ?? []
        // Task 0 is gone (and from Groceries' list), one new task is there, Work's list lost its
        // first element and ends with task 3.
        #expect(newTasks.count == tasks.count)
        #expect(!newTasks.contains { $0["_key"]?.int == 0 })
        let added = newTasks.filter { key in !tasks.contains { $0["_key"] == key["_key"] } }
        #expect(added.count == 1)
        #expect(added.first?["name"]?.string == "Buy milk")
        #expect(added.first?["isCompleted"] == .bool(true))
        #expect(linked(newLists.first { $0["_key"]?.int == 1 }) == Array(work.dropFirst()) + [3])
        #expect(linked(newLists.first { $0["_key"]?.int == 0 }) == groceries.filter { $0 != 0 })
    }

    @Test("read-only: every write endpoint is refused and the file is untouched")
    func readOnlyRefusesEveryWrite() throws {
        guard Fixtures.requirePresent() else { return }
        let path = Fixtures.realmPath("tasks")
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let server = try ServeTests.Server("tasks")
        defer { server.process.stop() }
        for target in ["/api/edit", "/api/create", "/api/delete", "/api/append", "/api/remove", "/api/schema-change", "/api/commit", "/api/rollback"] {
            #expect(try server.post(target, #"{"class": "Task", "key": 1, "change": "remove class"}"#).status == 403, "\(target)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }
}
