#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmInterchange

/// A progress line on standard error, drawn only when it is a terminal.
public final class ProgressReporter: ProgressListener {
    let total: Int
    let label: String
    private let enabled: Bool
    private let terminal = StandardOutput(descriptor: 2)
    private var lastPercent = -1

    /// `drawn: false` for work no one at the terminal started (`serve` answering a page).
    public init(total: Int, label: String, drawn: Bool = true) {
        self.total = total
        self.label = label
        enabled = drawn && isatty(2) == 1
    }

    public func update(_ done: Int) {
        guard enabled, total > 0 else { return }
        let percent = done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent / 5
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 20 - filled)
        terminal.write("\r\(label) \(bar) \(percent)% (\(done)/\(total) objects)")
        terminal.flush()
    }

    public func finish() {
        if enabled && lastPercent >= 0 {
            terminal.write("\r\u{1B}[2K")
            terminal.flush()
        }
    }
}

/// Writes a new Realm file with a progress line, for the commands that create files.
enum NewFile {
    /// With `key`, the new file is encrypted.
    static func write(_ tables: [NewTable], to path: String, force: Bool, key: EncryptionKey? = nil, label: String) throws(BrowserError) {
        let progress = ProgressReporter(total: tables.reduce(0) { $0 + $1.keys.count }, label: label)
        defer { progress.finish() }
        try readingFile { () throws(RealmFormatError) in try RealmFileWriter().write(tables: tables, to: path, overwrite: force, key: key) { progress.update($0) } }
    }

    /// Tables whose objects are produced while they are written (`generate`).
    static func write(_ tables: [StreamedTable], backlinks: [BacklinkIndex], to path: String, force: Bool,
                      key: EncryptionKey? = nil, label: String) throws(BrowserError) {
        let progress = ProgressReporter(total: tables.reduce(0) { $0 + $1.count }, label: label)
        defer { progress.finish() }
        do {
            try RealmFileWriter().write(streamedTables: tables, backlinks: backlinks, to: path, overwrite: force, key: key) {
                progress.update($0)
            }
        } catch {
            throw .file(error)
        }
    }
}
