#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmInterchange

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
