import Foundation
@testable import RealmServe
@testable import RealmShell
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `/api/export?format=sqlite` (the page's Export -> SQLite) through the router in process: the
/// download is the file `export sqlite` writes, read back through SQLite, named after the realm.
/// (That the file written for it is removed: SQLiteExportAtomicityTests.)
@Suite("serve: the SQLite download", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeSQLiteExportTests {
    static var download: HTTPRequest {
        var request = ServeRouterTests.request("/api/export")
        request.arguments["format"] = "sqlite"
        return request
    }

    @Test func theWholeFileAsADownload() throws {
        guard Fixtures.requirePresent() else { return }
        let scratch = try ScratchDirectory()
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath("tasks"))
        let router = Router(token: ServeRouterTests.token, port: 8123, writable: false, api: ServeAPI(session: session))
        let response = router.respond(Self.download)
        #expect(response.status == 200)
        #expect(response.contentType == "application/vnd.sqlite3")
        #expect(response.headers.first { $0.name == "Content-Disposition" }?.value == "attachment; filename=\"tasks.sqlite\"")

        let path = scratch.path + "/download.sqlite"
        #expect(response.body.isEmpty, "sent from the file, not from memory")
        let bytes = try #require(response.file).readAllAndClose()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let sqlite = try SQLiteFile(path: path)
        #expect(try sqlite.tableNames() == ["BankInfo", "Car", "Person", "Person_banks", "Task", "TaskList", "TaskList_tasks", "metadata"])
        // tasks.json: 26 tasks; five lists of 4, 5, 10, 3 and 3 of them.
        #expect(try sqlite.rows("SELECT COUNT(*) FROM Task") == [[.integer(26)]])
        #expect(try sqlite.rows("SELECT owner, COUNT(*) FROM TaskList_tasks GROUP BY owner ORDER BY owner").map { $0[1] }
                == [.integer(4), .integer(5), .integer(10), .integer(3), .integer(3)])
        #expect(try sqlite.integrityCheck() == ["ok"])
        #expect(try sqlite.foreignKeyViolations().isEmpty)
    }

    @Test func noFileOpenIsAnError() {
        let response = ServeRouterTests.router().respond(Self.download)
        #expect(response.status == 500)
    }
}
