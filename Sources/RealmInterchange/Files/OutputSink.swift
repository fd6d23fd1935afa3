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
