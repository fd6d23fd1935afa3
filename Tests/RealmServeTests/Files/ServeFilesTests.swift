@testable import RealmServe
@testable import RealmShell
@testable import RealmInterchange
import Foundation
import Glibc
import Testing
import TestSupport

/// Several files in process: the files a directory stands for (only `.realm` files, found at
/// start), each answering under `/files/N/` from a session of its own, `/api/files`, an
/// encrypted file opened only with a key from the command line, and requests that name no
/// file (a path, a name, a number past the list) refused.
@Suite("serve: several files", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeFilesTests {
    static let token = AccessToken(hex: String(repeating: "cd", count: 32))

    static func request(_ path: String, method: String = "GET") -> HTTPRequest {
        var request = HTTPRequest(method: method, path: path)
        request.cookies[AccessToken.cookieName(port: 8123)] = token.hex
        request.headers = ["host": "127.0.0.1:8123"]
        if method == "POST" { request.headers[Router.writeHeader] = token.hex }
        return request
    }

    /// A directory holding copies of `fixtures` and a file that is not a realm.
    static func directory(_ fixtures: [String]) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-files-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in fixtures { try FileManager.default.copyItem(atPath: Fixtures.realmPath(name), toPath: directory + "/" + name + ".realm") }
        #expect(FileManager.default.createFile(atPath: directory + "/notes.txt", contents: Data("not a realm".utf8)))
        return directory
    }

    static func body(_ response: HTTPResponse) throws -> JSONValue { try JSONParser.parse(response.body) }

    @Test("a directory: its .realm files in name order, each under /files/N/ with its own classes")
    func directory() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try Self.directory(["species", "demo"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try ServedFile.expand([directory])
        #expect(paths == [directory + "/demo.realm", directory + "/species.realm"])
        let files = ServedFile.open(paths, keys: KeyOptions(), writable: true, environment: nil)
        let router = Router(token: Self.token, port: 8123, files: files, several: true)
        let root = router.respond(Self.request("/"))
        #expect(root.status == 303)
        #expect(root.headers.contains { $0.name == "Location" && $0.value == "/files/0/" })
        let listing = try Self.body(router.respond(Self.request("/api/files")))
        let entries = listing["files"]?.array ?? []
        #expect(entries.compactMap { $0["name"]?.string } == ["demo.realm", "species.realm"])
        for (entry, path) in zip(entries, paths) {
            var info = stat()
            #expect(stat(path, &info) == 0)
            #expect(entry["size"]?.int == Int64(info.st_size))
        }
        #expect(entries.compactMap { $0["classes"]?.int } == [3, 2])
        for (index, fixture) in [(0, "demo"), (1, "species")] {
            let classes = try Self.body(router.respond(Self.request("/files/\(index)/api/classes")))["classes"]?.array ?? []
            let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
            let expected = (dump["tables"]?.array ?? []).compactMap { $0["class"]?.string }
            #expect(Set(classes.compactMap { $0["class"]?.string }) == Set(expected))
        }
        let page = String(decoding: router.respond(Self.request("/files/1/")).body, as: UTF8.self)
        #expect(page.contains("<meta name=\"realm-browser-base\" content=\"/files/1\">"))
        // Each file its own transaction: an edit staged in one leaves the other untouched.
        var edit = Self.request("/files/1/api/create", method: "POST")
        edit.body = Array("{\"class\": \"Category\", \"values\": {\"name\": \"\\\"Fungi\\\"\"}}".utf8)
        #expect(router.respond(edit).status == 200)
        #expect(files[1].api?.session.hasOpenTransaction == true)
        #expect(files[0].api?.session.hasOpenTransaction == false)
        #expect(router.respond(Self.request("/files/1/api/rollback", method: "POST")).status == 200)
    }

    @Test("only a number from the list names a file")
    func naming() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try Self.directory(["species"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = ServedFile.open(try ServedFile.expand([directory, Fixtures.realmPath("demo")]), keys: KeyOptions(),
                                    writable: false, environment: nil)
        let router = Router(token: Self.token, port: 8123, files: files, several: true)
        #expect(router.respond(Self.request("/files/1/api/classes")).status == 200)
        for path in ["/api/classes", "/files/2/api/classes", "/files/species.realm/api/classes", "/files/-1/api/classes",
                     "/files/../api/classes", "/files/1", "/files//api/classes", "/files/1/../0/api/classes", "/files/99999999999/"] {
            #expect(router.respond(Self.request(path)).status == 404, "\(path)")
        }
        // Read-only: a write is refused before it reaches the file.
        #expect(router.screen(Self.request("/files/0/api/create", method: "POST"))?.status == 403)
    }

    @Test("--write: each file its own mode, an old format read-only beside a writable file")
    func modes() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try Self.directory(["species"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = ServedFile.open([directory + "/species.realm", OldFixtures.realmPath("alltypes-f10")], keys: KeyOptions(),
                                    writable: true, environment: nil)
        #expect(files.map(\.writable) == [true, false])
        #expect(files[1].api != nil)
        let router = Router(token: Self.token, port: 8123, files: files, several: true)
        #expect(router.screen(Self.request("/files/0/api/create", method: "POST")) == nil)
        #expect(router.screen(Self.request("/files/1/api/create", method: "POST"))?.status == 403)
        let versions = try Self.body(router.respond(Self.request("/files/1/api/version")))
        #expect(versions["writable"] == .bool(false))
        let page = String(decoding: router.respond(Self.request("/files/0/")).body, as: UTF8.self)
        #expect(page.contains("<meta name=\"realm-browser-writable\" content=\"true\">"))
    }

    @Test("an encrypted file: listed without its key, opened with the one serve was given")
    func encrypted() throws {
        guard Fixtures.requirePresent() else { return }
        let directory = try Self.directory(["species", "encrypted"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try ServedFile.expand([directory])
        let locked = ServedFile.open(paths, keys: KeyOptions(), writable: false, environment: nil)
        #expect(locked[0].api == nil && locked[0].problem?.contains("encrypted") == true)
        let router = Router(token: Self.token, port: 8123, files: locked, several: true)
        #expect(router.respond(Self.request("/files/0/api/classes")).status == 409)
        #expect(router.respond(Self.request("/")).headers.contains { $0.name == "Location" && $0.value == "/files/1/" })
        let opened = ServedFile.open(paths, keys: KeyOptions(keyText: EncryptedFixture.hexKey), writable: false, environment: nil)
        // The key is tried on the encrypted file only: the plain one opens as it is.
        #expect(opened.allSatisfy { $0.api != nil })
        let keyed = Router(token: Self.token, port: 8123, files: opened, several: true)
        #expect(keyed.respond(Self.request("/files/0/api/classes")).status == 200)
    }
}
