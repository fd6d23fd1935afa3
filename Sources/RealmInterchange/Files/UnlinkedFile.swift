import Foundation

/// A file already removed from its directory, reachable only through this open descriptor:
/// `serve`'s SQLite download is sent from it by libmicrohttpd a piece at a time, so a download
/// of a large realm holds disk, not memory (the whole file in memory was 570 MB for the
/// 1,000,000-object demo), and nothing is left on disk however the request ends (the system
/// frees the space when the descriptor is closed).
///
/// Whoever holds it closes it once: `serve` hands the descriptor to libmicrohttpd (which closes
/// it after sending) or discards it, a test reads it with `readAllAndClose()`.
public struct UnlinkedFile: Sendable {
    public let descriptor: Int32
    public let size: UInt64

    /// Opens `path` for reading and removes its name, so the file lives as long as the
    /// descriptor does.
    public static func openAndUnlink(_ path: String, what: String) throws(InterchangeError) -> UnlinkedFile {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .invalidInput(path: path, reason: "cannot read \(what): \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .invalidInput(path: path, reason: "cannot read \(what): \(reason)")
        }
        unlink(path)
        return UnlinkedFile(descriptor: descriptor, size: UInt64(status.st_size))
    }

    /// Closes the descriptor unread (an answer that will not be sent).
    public func discard() {
        Glibc.close(descriptor)
    }

    /// Every byte from the start, then the descriptor closed.
    public func readAllAndClose() throws(InterchangeError) -> [UInt8] {
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(clamping: size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .invalidInput(path: "(an unlinked file)", reason: "cannot read it back: \(String(cString: strerror(errno)))")
            }
            bytes.append(contentsOf: buffer[..<count])
            offset += off_t(count)
        }
    }
}
