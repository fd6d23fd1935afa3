#if canImport(Glibc)
import Glibc
#endif
import RealmFormat
import RealmInterchange

/// An output file that appears whole or not at all (`export`, `dump --out`): written under a
/// temporary name beside it and put in place by `commit()` (`ReplacementFile`, as the new-file
/// writer writes its own). Released without a commit (Ctrl-C, an error), the temporary file
/// is removed and a FILE that existed is untouched.
///
/// A FILE that exists and is not a regular file (a FIFO, a device, a symbolic link) is written
/// in place: renaming would replace the pipe or the link rather than write through it.
public final class ReplacingFileOutput: OutputSink {
    public let path: String
    /// Where the output is written until `commit()`; nil when FILE is written in place.
    private let replacement: ReplacementFile?
    /// The name written to until `commit()`; nil when FILE is written in place.
    public var temporaryPath: String? { replacement?.temporaryPath }
    private let output: StandardOutput
    private let descriptor: Int32
    private var closed = false

    public init(path: String) throws(BrowserError) {
        self.path = path
        var status = stat()
        let exists = lstat(path, &status) == 0
        if exists && status.st_mode & S_IFMT != S_IFREG {
            replacement = nil
            descriptor = try Self.openInPlace(path)
        } else {
            let replacement = ReplacementFile(replacing: path)
            self.replacement = replacement
            replacement.discard()
            descriptor = open(replacement.temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            // The replacement keeps the permissions the file had.
            if exists && descriptor >= 0 { fchmod(descriptor, status.st_mode & 0o7777) }
        }
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        output = StandardOutput(descriptor: descriptor)
    }

    /// Opens a FIFO, a device or what a link points to, for writing in place. A FIFO with no
    /// reader yet is waited for by retrying a non-blocking open every 10 ms rather than by a
    /// blocking open(2): a Ctrl-C that lands after the last check but before a blocking open
    /// only sets the cancellation flag, and the open would then wait for a reader for ever
    /// (with a version pinned). Retrying checks the flag on every round, so the command ends
    /// whenever the signal comes. Writes then block as usual (O_NONBLOCK is cleared).
    private static func openInPlace(_ path: String) throws(BrowserError) -> Int32 {
        while true {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
            if descriptor >= 0 {
                let flags = fcntl(descriptor, F_GETFL)
                if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
                return descriptor
            }
            // ENXIO: a FIFO nobody has open for reading (yet).
            guard errno == ENXIO || errno == EINTR else { return descriptor }
            if Cancellation.current?.isRequested == true { throw .interrupted }
            usleep(10_000)
        }
    }

    deinit { discard() }

    /// Removes what was written (the temporary file) unless committed; the deinitializer
    /// does it too, for callers that need it done at a known point.
    public func discard() {
        guard !closed else { return }
        closed = true
        // What is still buffered must not reach the descriptor after it is closed (or reused).
        output.discardBuffered()
        close(descriptor)
        replacement?.discard()
    }

    public func write(_ text: String) {
        if !closed { output.write(text) }
    }

    public func write(bytes: UnsafeRawBufferPointer) {
        if !closed { output.write(bytes: bytes) }
    }

    public func flush() {
        if !closed { output.flush() }
    }

    /// Puts the finished file in place of FILE: only a file whose every byte was written and
    /// synced replaces the old one; after a failed write (a full disk) the old one stays.
    public func commit() throws(BrowserError) {
        guard !closed else { return }
        output.flush()
        var failure = output.failure
        if failure == nil, temporaryPath != nil, fsync(descriptor) != 0 { failure = errno }
        if let failure {
            discard()
            throw .cannotWrite(path: path, reason: String(cString: strerror(failure)))
        }
        closed = true
        close(descriptor)
        if let reason = replacement?.putInPlace(syncingDirectory: true) { throw .cannotWrite(path: path, reason: reason) }
    }
}
