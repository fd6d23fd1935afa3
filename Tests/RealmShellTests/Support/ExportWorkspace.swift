import RealmFormat
import RealmShell
import Foundation
import RealmInterchange
import Testing
import TestSupport

/// A scratch directory for export and import tests, and the fixture-derived files they need:
/// an empty copy of a fixture's schema (its dump with the objects taken out, loaded with `load`)
/// to import into, and sessions over files in the directory.
final class ExportWorkspace {
    let directory: String

    init(_ name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    func session(_ path: String) throws -> (Session, BufferedOutput) { try FileSession.open(path) }

    /// A Realm file with the fixture's classes and no objects in them (metadata kept).
    func emptySchema(of fixture: String) throws -> String {
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))
        guard case var .object(top) = dump, let index = top.firstIndex(where: { $0.key == "tables" }),
              case let .array(tables) = top[index].value else { throw CocoaError(.coderInvalidValue) }
        let emptied: [JSONValue] = tables.map { table in
            guard case let .object(members) = table, table["class"]?.string != nil else { return table }
            return .object(members.map { member in
                switch member.key {
                case "count": return JSONValue.Member(key: "count", value: .int(0))
                case "objects": return JSONValue.Member(key: "objects", value: .array([]))
                default: return member
                }
            })
        }
        top[index] = JSONValue.Member(key: "tables", value: .array(emptied))
        let json = path("empty-\(fixture).json")
        try JSONText.compact(.object(top), limit: .max).write(toFile: json, atomically: true, encoding: .utf8)
        let realm = path("empty-\(fixture).realm")
        let (session, _) = try session(Fixtures.realmPath(fixture))
        try session.execute("load \(json) \(realm)")
        return realm
    }

    /// The parsed dump of the file at `path`.
    func dump(_ path: String) throws -> JSONValue { try FileSession.dump(path) }

    /// Every byte accounted for (§8.5), and every link matched by its backlink.
    func verify(_ path: String) throws {
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [])
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }
}

/// Expected text derived from dump values by the tests themselves (not by the code under test).
enum Expected {
    /// RFC 4180 quoting: a field with a comma, quote, CR or LF (or spaces at either end) is quoted.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { ",\"\r\n".contains($0) }) || text.hasPrefix(" ") || text.hasSuffix(" ") else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A dump's `{"$double": "%.17g text"}` as a Double.
    static func double(_ value: JSONValue?) -> Double? {
        value?["$double"]?.string.flatMap(Double.init)
    }

    /// A dump's `{"$date": [s, ns]}` in ISO 8601 (UTC), through Foundation's own calendar.
    static func iso8601(_ value: JSONValue?) -> String? {
        guard let parts = value?["$date"]?.array, parts.count == 2, let seconds = parts[0].int, let nanoseconds = parts[1].int,
              nanoseconds >= 0 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        guard let year = c.year, let month = c.month, let day = c.day, let hour = c.hour, let minute = c.minute, let second = c.second else { return nil }
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
        if nanoseconds != 0 {
            var fraction = String(format: "%09lld", nanoseconds)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }
}
