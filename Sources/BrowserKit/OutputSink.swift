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
    /// Pushes buffered text out (before a prompt, and at the end of every command).
    func flush()
}

extension OutputSink {
    public func line(_ text: String = "") {
        write(text + "\n")
    }
}

/// Writes to a file descriptor (standard output by default), buffered.
public final class StandardOutput: OutputSink {
    private var buffer: [UInt8] = []
    private let descriptor: Int32

    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    deinit { flush() }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress, bytes.count)
            }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Collects output in memory (tests, and commands that post-process what they print).
public final class BufferedOutput: OutputSink {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) {
        self.text += text
    }

    public func flush() {}
}

/// Writes to a file created (or truncated) for the purpose, e.g. `dump --out FILE`.
public final class FileOutput: OutputSink {
    private let output: StandardOutput
    private let descriptor: Int32

    public init(path: String) throws(BrowserError) {
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
    public func flush() { output.flush() }
}
