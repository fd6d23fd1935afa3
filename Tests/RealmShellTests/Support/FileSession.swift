import RealmShell
import Foundation
import RealmInterchange

/// A fresh session over a file, and the file's parsed dump: the setup that the editing, lifecycle,
/// schema-link, export and generator suites all need, kept in one place so they open and dump
/// files the same way.
enum FileSession {
    /// A new session with `path` open, and the buffer its output goes to.
    static func open(_ path: String) throws -> (Session, BufferedOutput) {
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: path)
        return (session, output)
    }

    /// The parsed `dump` of the file at `path`, read through its own session.
    static func dump(_ path: String) throws -> JSONValue {
        let (session, output) = try open(path)
        try session.execute("dump")
        return try JSONParser.parse(output.text)
    }
}
