#if canImport(Glibc)
import Glibc
#endif

/// Writes a new format-24 Realm file the way an SDK leaves one: `metadata` first, tables with
/// their spec, cluster trees and backlink columns for every link, empty free lists and an
/// in-realm history. The file is written under a temporary name, synced, then renamed, so an
/// interrupted write never leaves a half-written file under the target name.
public struct RealmFileWriter {
    public init() {}

    /// Writes `tables` (in file order; links name their targets by position) to `path`.
    /// `progress` is called with the number of objects written so far.
    /// With `key`, the file is encrypted (realm-file-format.md §11).
    public func write(tables: [NewTable], to path: String, overwrite: Bool = false, key: EncryptionKey? = nil,
                      progress: (Int) -> Void = { _ in }) throws(RealmFormatError) {
        try write(streamedTables: tables.map(StreamedTable.init), backlinks: try BacklinkIndex.indexes(of: tables),
                  to: path, overwrite: overwrite, key: key, progress: progress)
    }

    /// Writes tables whose objects are produced a leaf at a time while they are written, so
    /// memory does not grow with the number of objects. `backlinks` holds the entries of every
    /// link column (and of every Mixed column for each table it links to), gathered beforehand
    /// because a target table is written before the objects linking to it may be produced.
    /// Not `durable` (a private image no one needs after a crash), the file and the rename are
    /// never synced to the disk.
    public func write(streamedTables tables: [StreamedTable], backlinks: [BacklinkIndex], to path: String,
                      overwrite: Bool = false, key: EncryptionKey? = nil, durable: Bool = true,
                      progress: (Int) -> Void = { _ in }) throws(RealmFormatError) {
        var existing = stat()
        if lstat(path, &existing) == 0 {
            // The rename below would put a regular file where a device, pipe, directory or
            // link was: --force replaces Realm files, never /dev/null.
            guard existing.st_mode & S_IFMT == S_IFREG else {
                throw .cannotWrite(path: path, reason: "it exists and is not a regular file; write to a file")
            }
            if !overwrite { throw .cannotWrite(path: path, reason: "the file exists (use --force to replace it)") }
        }
        let replacement = ReplacementFile(replacing: path)
        let temporary = replacement.temporaryPath
        do {
            let writer = try NodeWriter(path: temporary, key: key, durable: durable)
            let top = try TableSetWriter(writer: writer, tables: tables, backlinks: backlinks).write(progress: progress)
            try writer.finish(topRef: top)
        } catch {
            replacement.discard()
            // The temporary name is ours, not the user's: report the file they asked for.
            if case let .cannotWrite(failed, reason) = error, failed.isEmpty || failed == temporary {
                throw .cannotWrite(path: path, reason: reason)
            }
            if case let .encryption(failed, reason) = error, failed == temporary { throw .encryption(path: path, reason) }
            throw error
        }
        if let reason = replacement.putInPlace(syncingDirectory: durable) { throw .cannotWrite(path: path, reason: reason) }
    }
}
