@testable import RealmServe
@testable import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `POST /api/schema-change` (issue 31): the schema panel's rename, remove and index toggle,
/// staged with the page's other pending changes by the REPL's own commands, committed together
/// by `/api/commit` or forgotten by `/api/rollback`; names that are not one word are refused
/// before any command runs.
@Suite("serve: schema changes from the page", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ServeSchemaChangeTests {
    /// A router with `--write` on a session holding a fresh copy of species.
    static func writableCopy() throws -> (router: Router, path: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ServeSchemaChange-\(UUID().uuidString).realm").path
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("species"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        return (Router(token: ServeRouterTests.token, port: 8123, writable: true, api: ServeAPI(session: session)), path)
    }

    static func post(_ router: Router, _ path: String, _ body: String) throws -> (status: Int, json: JSONValue) {
        var request = ServeRouterTests.request(path, method: "POST", headers: ["x-realm-browser-token": ServeRouterTests.token.hex])
        request.body = Array(body.utf8)
        #expect(router.screen(request) == nil)
        let response = router.respond(request)
        return (response.status, try JSONParser.parse(String(decoding: response.body, as: UTF8.self)))
    }

    @Test func renameRemoveAndIndexAreStagedWithTheOtherEditsAndCommittedTogether() throws {
        guard Fixtures.requirePresent() else { return }
        let (router, path) = try Self.writableCopy()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // An object edit first: the schema changes join its transaction.
        #expect(try Self.post(router, "/api/edit", #"{"class": "Category", "key": 0, "property": "name", "value": "\"Aves\""}"#).status == 200)
        let rename = try Self.post(router, "/api/schema-change",
                                   #"{"change": "rename property", "class": "Specimen", "property": "specimenDescription", "name": "notes"}"#)
        #expect(rename.status == 200)
        #expect(rename.json["message"]?.string?.hasPrefix("staged: ~ property Specimen.specimenDescription → Specimen.notes: string (renamed; 42 values kept)") == true)
        #expect(try Self.post(router, "/api/schema-change", #"{"change": "remove property", "class": "Specimen", "property": "longitude"}"#).status == 200)
        #expect(try Self.post(router, "/api/schema-change", #"{"change": "add index", "class": "Specimen", "property": "name"}"#).status == 200)
        // The class a staged rename named is found by its new name.
        #expect(try Self.post(router, "/api/schema-change", #"{"change": "rename class", "class": "Specimen", "name": "Sighting"}"#).status == 200)
        let pending = try Self.post(router, "/api/schema-change", #"{"change": "remove index", "class": "Sighting", "property": "name"}"#)
        #expect(pending.status == 200)
        #expect(pending.json["pending"]?.array?.compactMap(\.string) == [
            "Category[_key = 0].name = \"Aves\"",
            "~ property Specimen.specimenDescription → Specimen.notes: string (renamed; 42 values kept)",
            "- property Specimen.longitude: double (42 values dropped)",
            "~ property Specimen.name: string → string (indexed) (index built over 42 objects; no migration needed)",
            "~ class Specimen → Sighting (renamed; 42 objects kept)",
            "~ property Sighting.name: string (indexed) → string (index dropped; no migration needed)",
        ])
        // Refused: the page shows the REPL's reason, and nothing more is staged.
        let refused = try Self.post(router, "/api/schema-change", #"{"change": "remove class", "class": "Category"}"#)
        #expect(refused.status == 400)
        #expect(refused.json["error"]?.string == "Category cannot be removed while other classes link to it: Sighting.category; remove or change those properties first")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        #expect(try Self.post(router, "/api/commit", "{}").status == 200)
        let file = try RealmFile(path: path)
        let sighting = try #require(file.table(named: "class_Sighting"))
        #expect(sighting.columns.map(\.name) == ["name", "notes", "latitude", "created", "category"])
        #expect(sighting.column(named: "name")?.isIndexed == false)
        #expect(file.table(named: "class_Specimen") == nil)
        #expect(try FileVerifier(file: file).verify().problems == [])
    }

    @Test func namesThatAreNotOneWordAndUnknownChangesAreRefusedBeforeAnyCommand() throws {
        guard Fixtures.requirePresent() else { return }
        let (router, path) = try Self.writableCopy()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for body in [#"{"change": "rename property", "class": "Specimen", "property": "name", "name": "a b"}"#,
                     #"{"change": "rename property", "class": "Specimen", "property": "name", "name": "x; remove class Category"}"#,
                     #"{"change": "rename class", "class": "Specimen", "name": "A.b"}"#,
                     #"{"change": "remove property", "class": "Specimen"}"#,
                     #"{"change": "drop table", "class": "Specimen"}"#,
                     #"{"change": "remove class", "class": "Specimen\nCategory"}"#, "not json"] {
            let answer = try? Self.post(router, "/api/schema-change", body)
            #expect(answer == nil ? body == "not json" : answer?.status == 400, "\(body)")
        }
        #expect(try Self.post(router, "/api/schema-change", #"{"change": "remove class", "class": "Nothing"}"#).status == 404)
        var get = ServeRouterTests.request("/api/schema-change")
        get.arguments["class"] = "Specimen"
        #expect(router.respond(get).status == 405)
        #expect(ServeRouterTests.router().respond(ServeRouterTests.request("/api/schema-change", method: "POST")).status == 404)
        #expect(try Self.post(router, "/api/rollback", "{}").status == 200)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
