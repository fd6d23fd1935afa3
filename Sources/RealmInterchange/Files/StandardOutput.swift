#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a file descriptor (standard output by default), buffered.
public final class StandardOutput: OutputSink {
    private var buffer: [UInt8] = []
    private let descriptor: Int32
    /// The errno of the first write that failed (a full disk, a closed pipe); nothing is
    /// written after it, so a file holding this output is known to be incomplete.
    public private(set) var failure: Int32?

    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    deinit { flush() }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Large chunks (a dump's megabyte) go to the descriptor without another copy.
    public func write(bytes: UnsafeRawBufferPointer) {
        if bytes.count < 1 << 16 {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
            return
        }
        flush()
        writeAll(bytes)
    }

    public func flush() {
        buffer.withUnsafeBytes { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Drops what is buffered, for an owner about to close the descriptor without the output.
    public func discardBuffered() {
        buffer.removeAll()
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                failure = written < 0 ? errno : ENOSPC
                break
            }
            offset += written
        }
    }
}
