/// Receives the characters of `Float.write(to:)` / `Double.write(to:)`: the standard library
/// formats into a stack buffer and hands it over through `_writeASCII`, so the text reaches
/// our buffer without a `String`. (A stream that only implemented `write(_:)` would work too,
/// through a `String` per value.)
public struct FloatTextStream: TextOutputStream {
    /// The longest text is 24 characters (`-2.2250738585072014e-308`).
    public static let room = 40
    public let target: UnsafeMutablePointer<UInt8>
    private(set) var length = 0

    public init(target: UnsafeMutablePointer<UInt8>) {
        self.target = target
    }

    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(buffer))
    }

    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let count = min(bytes.count, Self.room - length)
        guard count > 0, let base = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(target + length).copyMemory(from: base, byteCount: count)
        length += count
    }
}
