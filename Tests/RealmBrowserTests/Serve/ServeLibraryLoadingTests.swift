import Foundation
import Testing
import TestSupport

/// libmicrohttpd (and the TLS libraries it brings) is loaded by `serve` alone: a session that
/// never serves does not map it, so its start-up does not pay for it (BENCHMARKS.md, issue 16).
@Suite("serve loads libmicrohttpd; nothing else does", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeLibraryLoadingTests {
    private static func mapsMicroHTTPD(_ process: WatchingProcess) throws -> Bool {
        // Read to its end: /proc files report a size of 0, which a read by size would trust.
        let path = "/proc/\(process.identifier)/maps"
        guard let handle = FileHandle(forReadingAtPath: path) else { throw WatchingProcess.Failure(description: "cannot open \(path)") }
        defer { try? handle.close() }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        // The tool's own libraries are there, so an empty read cannot pass for "not loaded".
        #expect(maps.contains("libswiftCore") || maps.contains("realm-browser"))
        return maps.contains("libmicrohttpd")
    }

    @Test("a REPL session does not map libmicrohttpd; a serving process does")
    func loadedOnlyToServe() throws {
        guard Fixtures.requirePresent() else { return }
        let session = try WatchingProcess([Fixtures.realmPath("tasks")])
        // Answered, so the session is past its start-up.
        try session.send("count Task")
        #expect(try session.nextLine() == "26")
        #expect(try Self.mapsMicroHTTPD(session) == false)
        #expect(try session.finish().status == 0)

        let server = try ServeTests.Server("tasks")
        defer { server.process.stop() }
        #expect(try Self.mapsMicroHTTPD(server.process))
        #expect(try server.client.get("/api/classes", token: server.token).status == 200)
    }
}
