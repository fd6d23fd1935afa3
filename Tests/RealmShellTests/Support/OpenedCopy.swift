import RealmShell
import RealmInterchange

/// A session over a writable copy of a fixture, with its output and notices buffered: what
/// the consistent-read and watch suites read while `SpeciesWriter` commits to the copy.
struct OpenedCopy {
    let path: String
    let session: Session
    let output: BufferedOutput
    let notices: BufferedOutput

    init(of fixture: String, prefix: String) throws {
        path = try FixtureCopy.make(of: fixture, prefix: prefix)
        output = BufferedOutput()
        notices = BufferedOutput()
        session = Session(output: output)
        session.notices = notices
        try session.open(path: path)
    }
}
