#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where command output goes: the terminal, or a buffer in tests.
///
/// Commands write as they go rather than returning one big string, so long listings stream.
public protocol OutputSink: AnyObject {
    func write(_ text: String)
    /// UTF-8 text as bytes, for output encoded without `String`s (`dump`, `export`). Callers
    /// pass whole UTF-8 sequences; sinks that only handle text get it decoded.
    func write(bytes: UnsafeRawBufferPointer)
    /// Pushes buffered text out (before a prompt, and at the end of every command).
    func flush()
}

extension OutputSink {
    public func line(_ text: String = "") {
        write(text + "\n")
    }

    public func write(bytes: UnsafeRawBufferPointer) {
        write(String(decoding: bytes, as: UTF8.self))
    }
}

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

/// Collects output in memory (tests, and commands that post-process what they print).
public final class BufferedOutput: OutputSink {
    /// Kept as UTF-8 bytes in pieces of at least 64 KiB (or as large as written): a held `dump`
    /// (see `ConsistentRead`) collects tens of megabytes here, which one growing array would
    /// copy again at every doubling.
    private var pieces: [[UInt8]] = []

    public var bytes: [UInt8] { Array(pieces.joined()) }

    public var text: String { String(decoding: pieces.joined(), as: UTF8.self) }

    public init() {}

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    public func write(bytes: UnsafeRawBufferPointer) {
        if let last = pieces.indices.last, pieces[last].count < 1 << 16, bytes.count < 1 << 16 {
            pieces[last].append(contentsOf: bytes)
        } else {
            pieces.append(Array(bytes))
        }
    }

    public func flush() {}

    /// Hands everything written, piece by piece, to `body`.
    public func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) {
        for piece in pieces { piece.withUnsafeBytes(body) }
    }
}

/// Writes to a file created (or truncated) for the purpose, e.g. `dump --out FILE`.
public final class FileOutput: OutputSink {
    private let output: StandardOutput
    private let descriptor: Int32

    public init(path: String) throws(InterchangeError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        output = StandardOutput(descriptor: descriptor)
    }

    deinit {
        output.flush()
        close(descriptor)
    }

    public func write(_ text: String) { output.write(text) }
    public func write(bytes: UnsafeRawBufferPointer) { output.write(bytes: bytes) }
    public func flush() { output.flush() }
}
