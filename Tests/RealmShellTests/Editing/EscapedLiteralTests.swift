import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import ShellTestSupport
import Testing
import TestSupport

/// Backslash escapes inside quotes are the query language's everywhere a command splits its
/// text: `create`'s assignments (`name = "a\", b"` is one assignment of `a", b`), the `=` of
/// `set`, and the brackets of a path, so dictionary keys holding quotes, backslashes or
/// brackets can be set and removed. Checked against Realm's dump with exactly the change.
@Suite("Escapes in create assignments and dictionary keys", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct EscapedLiteralTests {
    @Test func createTakesAStringWithAnEscapedQuoteAndAComma() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "tasks", prefix: "EscapedLiteralTests")
        defer { FixtureCopy.remove(path) }
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        try session.execute(#"create Task name = "a\", b", notes = 'c\\', isCompleted = true"#)

        let dump = try EditTests().dump(path)
        let fixture = try JSONParser.parse(String(contentsOfFile: Fixtures.jsonPath("tasks"), encoding: .utf8))
        let before = Self.objects(fixture, "class_Task")
        let after = Self.objects(dump, "class_Task")
        #expect(after.count == before.count + 1)
        let added = after.filter { object in !before.contains { $0["_key"] == object["_key"] } }
        #expect(added.count == 1)
        #expect(added.first?["name"]?.string == #"a", b"#)
        #expect(added.first?["notes"]?.string == #"c\"#)
        #expect(added.first?["isCompleted"] == .bool(true))
        // Everything else as Realm wrote it.
        #expect(after.filter { object in before.contains { $0["_key"] == object["_key"] } } == before)
    }

    @Test func dictionaryKeysWithQuotesBackslashesAndBrackets() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "alltypes", prefix: "EscapedLiteralTests")
        defer { FixtureCopy.remove(path) }
        let session = Session(output: BufferedOutput())
        try session.open(path: path)
        var expected = try ExpectedDump(fixture: "alltypes")
        try session.execute(#"set AllTypes[2].intDict["a\"]=b"] = 5"#)
        try session.execute(#"set AllTypes[2].intDict['[x\\'] = 6"#)
        try session.execute(#"set AllTypes[2].intDict["k.0"] = 7"#)
        try session.execute(#"remove AllTypes[2].intDict['[x\\']"#)
        try expected.updateDictionary("intDict", of: "class_AllTypes", key: 2) { entries in
            // Bytewise key order: `a"]=b` < `k.0` < `k0`.
            entries.insert((key: #"a"]=b"#, value: .int(5)), at: 0)
            entries.insert((key: "k.0", value: .int(7)), at: 1)
        }
        #expect(try EditTests().dump(path) == expected.value)
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [])
        // An unclosed quote inside the brackets is still an error, not a key.
        expectError(.invalidAddress(#"AllTypes[2].intDict["a\"]"#, reasonMentioning: "unclosed")) {
            try session.execute(#"remove AllTypes[2].intDict["a\"]"#)
        }
    }

    private static func objects(_ dump: JSONValue, _ table: String) -> [JSONValue] {
        dump["tables"]?.array?.first { $0["name"]?.string == table }?["objects"]?.array ?? []
    }
}
