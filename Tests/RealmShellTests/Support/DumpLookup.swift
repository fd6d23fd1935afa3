import RealmShell
import RealmInterchange
import Testing
import TestSupport

/// Reads expected values out of a fixture's canonical dump, and runs commands on a fresh session.
struct DumpLookup {
    let dump: JSONValue

    init(fixture: String) throws {
        dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
    }

    func objects(of table: String) throws -> [JSONValue] {
        let tables = try #require(dump["tables"]?.array)
        let entry = try #require(tables.first { $0["name"]?.string == table })
        return try #require(entry["objects"]?.array)
    }

    /// The position (index in key order) of the object with `key` in `table`.
    func position(ofKey key: Int64, in table: String) throws -> Int {
        try #require(try objects(of: table).firstIndex { $0["_key"]?.int == key })
    }

    /// Runs `commands` on a new session over `fixture` and returns what it printed.
    static func output(of commands: [String], fixture: String) throws -> (Session, String) {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: Fixtures.realmPath(fixture))
        for command in commands { try session.execute(command) }
        return (session, output.text)
    }
}

extension JSONValue {
    /// `[table, key]` of a `{"$link": [...]}` value.
    var link: (table: String, key: Int64)? {
        guard let parts = self["$link"]?.array, parts.count == 2, let table = parts[0].string, let key = parts[1].int else { return nil }
        return (table, key)
    }
}
