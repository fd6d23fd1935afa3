#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
