import RealmShell
import Foundation
import RealmInterchange

/// Runs `dump ... --out FILE` through a `Session`, the way the REPL and `-c` do, into a scratch
/// folder of its own; the caller removes it with `remove()` (the tests do so in a `defer`).
final class DumpOutput {
    let session: Session
    private let directory: URL
    private var runs = 0

    init(realm path: String) throws {
        session = Session(output: BufferedOutput())
        try session.open(path: path)
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("DumpGoldenTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Runs `dump ARGUMENTS --out <new file>` and returns the file's path and bytes.
    func dump(arguments: String = "") throws -> (path: String, bytes: Data) {
        runs += 1
        let path = directory.appendingPathComponent("dump-\(runs).json").path
        try session.execute("dump \(arguments) --out \(path)")
        return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
