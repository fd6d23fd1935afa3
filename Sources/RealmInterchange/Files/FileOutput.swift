#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
