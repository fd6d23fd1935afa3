#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output buffer of `dump` and `export`: values are encoded as bytes straight into one
/// megabyte of memory, which goes to the `OutputSink` in one `write(bytes:)` when full.
///
/// Building a `String` per line (and per value) and handing it to the sink cost more than
/// reading the file. Encoders ask for room with `reserve`, write through the pointer and
/// `commit` what they wrote, so the hot path has one capacity check per value. The buffer is
/// flushed only between values or between whole UTF-8 sequences, so a sink that decodes
/// each chunk as text (the pager) never sees a character cut in two.
///
/// A CSV field must be seen whole before it can be quoted: between `startField()` and
/// `finishField()` the field's bytes stay in the buffer (which grows if it must).
///
/// Noncopyable: each buffer owns its memory and is passed `inout`.
public struct ByteOutput: ~Copyable {
    public static let flushSize = 1 << 20
    /// The most one `reserve` should ask for; longer values are written in pieces.
    public static let largestReservation = flushSize / 4

    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var used = 0
    /// Where the field being written started, while one is.
    private var fieldStart: Int?
    private let sink: OutputSink

    public init(sink: OutputSink) {
        self.sink = sink
        capacity = Self.flushSize
        start = .allocate(capacity: capacity)
    }

    /// Whatever is left goes out, so a dump that fails half way still shows what it read.
    deinit {
        if used > 0 { sink.write(bytes: UnsafeRawBufferPointer(start: start, count: used)) }
        start.deallocate()
    }

    /// Room for `count` bytes at the returned pointer; `commit` then says how many were written.
    @inline(__always)
    public mutating func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- used < count { makeRoom(count) }
        return start + used
    }

    @inline(__always)
    public mutating func commit(_ count: Int) {
        used &+= count
    }

    private mutating func makeRoom(_ count: Int) {
        let kept = fieldStart ?? used
        if kept > 0 {
            sink.write(bytes: UnsafeRawBufferPointer(start: start, count: kept))
            memmove(start, start + kept, used - kept)
            used -= kept
            if fieldStart != nil { fieldStart = 0 }
        }
        guard capacity - used < count else { return }
        let grown = max(capacity * 2, used + count)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        memory.update(from: start, count: used)
        start.deallocate()
        start = memory
        capacity = grown
    }

    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        used &+= 1
    }

    @inline(__always)
    public mutating func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length).update(from: text.utf8Start, count: length)
        used &+= length
    }

    /// Bytes copied as they are; a long run goes to the sink directly instead of through the buffer.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if fieldStart == nil, bytes.count > Self.largestReservation {
            flush()
            sink.write(bytes: bytes)
            return
        }
        let target = reserve(bytes.count)
        UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: bytes.count)
        used &+= bytes.count
    }

    /// Text made at run time (headers, what the general encoders wrote); literals go through
    /// the `StaticString` overload, which copies without looking at the string's storage.
    public mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Hands the buffered bytes to the sink (which may buffer them further).
    public mutating func flush() {
        guard used > 0 else { return }
        sink.write(bytes: UnsafeRawBufferPointer(start: start, count: used))
        used = 0
    }

    // MARK: - Fields

    /// Keeps what is written from now on in the buffer until `finishField`.
    public mutating func startField() {
        fieldStart = used
    }

    /// The field written since `startField()`, for `replace` to rewrite; the buffer may move
    /// when more room is reserved.
    public var field: UnsafeRawBufferPointer {
        let offset = fieldStart ?? used
        return UnsafeRawBufferPointer(start: start + offset, count: used - offset)
    }

    /// Replaces the field by its text with every quote doubled, between quotes: the bytes grow
    /// in place, from the end, so the field is not copied elsewhere first. A caller that knows
    /// how many quotes the field holds says so.
    public mutating func quoteField(quotes known: Int? = nil) {
        let quotes = known ?? CSVFieldBytes.quoteCount(field)
        _ = reserve(quotes + 2)
        let first = fieldStart ?? used
        if quotes == 0 {
            memmove(start + first + 1, start + first, used - first)
        } else {
            var source = used - 1
            var target = used + quotes
            while source >= first {
                let byte = start[source]
                start[target] = byte
                target -= 1
                if byte == UInt8(ascii: "\"") {
                    start[target] = byte
                    target -= 1
                }
                source -= 1
            }
        }
        start[first] = UInt8(ascii: "\"")
        start[used + quotes + 1] = UInt8(ascii: "\"")
        used += quotes + 2
    }

    /// Takes the field back out of the buffer (to write it differently).
    public mutating func removeField() {
        used = fieldStart ?? used
    }

    /// Ends the field: its bytes may be flushed again.
    public mutating func finishField() {
        fieldStart = nil
    }
}
