/// One node ("array" in realm-core): an 8-byte header followed by a payload.
///
/// Creating a `Node` validates the header and checks once that the whole payload lies inside the
/// file; element reads afterwards only check the index. Nodes are small values that point into
/// the mapping, so walking a tree allocates nothing.
public struct Node: @unchecked Sendable {
    public enum WidthType: UInt8, Sendable {
        /// `width` is bits per element (integers, bools, refs).
        case bits = 0
        /// `width` is bytes per element (short strings, floats, fixed-size values).
        case multiply = 1
        /// One byte per element: a raw blob.
        case ignore = 2
    }

    /// What an element of a has-refs node holds.
    public enum Slot: Equatable, Sendable {
        case null
        case ref(Int64)
        case tagged(Int64)
    }

    public let ref: Int
    let payload: UnsafeRawPointer
    public let file: FileBytes
    /// The element count (a node holds fewer than 2^24) and the header's flags byte, kept
    /// packed: nodes are copied per leaf and per column by every scan, and 40 bytes copy in
    /// registers where the unpacked 72 went through memcpy. The flags were checked at init.
    private let storedSize: UInt32
    private let flags: UInt8

    public var isInner: Bool { flags & 0x80 != 0 }
    public var hasRefs: Bool { flags & 0x40 != 0 }
    public var context: Bool { flags & 0x20 != 0 }
    public var widthType: WidthType {
        switch (flags >> 3) & 3 {
        case 0: return .bits
        case 1: return .multiply
        default: return .ignore
        }
    }
    /// Bits (wtype bits) or bytes (wtype multiply) per element.
    public var width: Int { (1 << Int(flags & 7)) >> 1 }
    /// Element count; a byte count for blobs and fixed-bytes nodes.
    public var size: Int { Int(storedSize) }
    /// Header plus payload rounded up to 8, as the node occupies it in the file.
    public var byteSize: Int { Node.byteSize(widthType: widthType, width: width, size: size) }

    @inline(__always)
    static func byteSize(widthType: WidthType, width: Int, size: Int) -> Int {
        let payloadBytes: Int
        switch widthType {
        case .bits: payloadBytes = (size * width + 7) / 8
        case .multiply: payloadBytes = size * width
        case .ignore: payloadBytes = size
        }
        return 8 + ((payloadBytes + 7) & ~7)
    }

    init(ref: Int, in file: FileBytes) throws(RealmFormatError) {
        let header = try file.pointer(at: ref, length: 8, context: "a node header")
        let flags = header.load(fromByteOffset: 4, as: UInt8.self)
        let size = Int(header.load(fromByteOffset: 5, as: UInt8.self)) << 16
            | Int(header.load(fromByteOffset: 6, as: UInt8.self)) << 8
            | Int(header.load(fromByteOffset: 7, as: UInt8.self))
        guard let widthType = WidthType(rawValue: (flags >> 3) & 3) else {
            throw .invalidNodeHeader(ref: ref, detail: "width type 3 does not exist")
        }
        let width = (1 << Int(flags & 7)) >> 1
        let byteSize = Node.byteSize(widthType: widthType, width: width, size: size)
        guard file.contains(offset: ref, length: byteSize) else {
            throw .nodeOverrunsFile(ref: ref, byteSize: byteSize, fileSize: file.count)
        }
        self.ref = ref
        self.flags = flags
        self.storedSize = UInt32(truncatingIfNeeded: size)
        self.payload = header + 8
        self.file = file
    }

    /// Also rejects integer reads from a node whose header does not declare bit-packed integers:
    /// its payload was sized for bytes, so `size` integer elements could lie past its end.
    @inline(__always)
    func checkIndex(_ index: Int) throws(RealmFormatError) {
        guard widthType == .bits else {
            throw .invalidNodeHeader(ref: ref, detail: "integers requested, but the header declares width type \(widthType), not bit-packed integers")
        }
        guard index >= 0, index < size else {
            throw .elementOutOfRange(ref: ref, index: index, size: size)
        }
    }

    /// Element `index` of an integer node, sign-extended as realm-core reads it
    /// (widths 1, 2 and 4 are unsigned, 8 and up are two's complement).
    @inline(__always)
    public func int(_ index: Int) throws(RealmFormatError) -> Int64 {
        try checkIndex(index)
        return uncheckedInt(index)
    }

    /// Reads element `index` without checking it; callers have compared it with `size`.
    @inline(__always)
    func uncheckedInt(_ index: Int) -> Int64 {
        switch width {
        case 0: return 0
        case 1: return Int64((payload.load(fromByteOffset: index >> 3, as: UInt8.self) >> UInt8(index & 7)) & 1)
        case 2: return Int64((payload.load(fromByteOffset: index >> 2, as: UInt8.self) >> UInt8((index & 3) * 2)) & 3)
        case 4: return Int64((payload.load(fromByteOffset: index >> 1, as: UInt8.self) >> UInt8((index & 1) * 4)) & 15)
        case 8: return Int64(payload.load(fromByteOffset: index, as: Int8.self))
        case 16: return Int64(Int16(littleEndian: payload.loadUnaligned(fromByteOffset: index * 2, as: Int16.self)))
        case 32: return Int64(Int32(littleEndian: payload.loadUnaligned(fromByteOffset: index * 4, as: Int32.self)))
        default: return Int64(littleEndian: payload.loadUnaligned(fromByteOffset: index * 8, as: Int64.self))
        }
    }

    /// Element `index` of a key or offset node, which realm-core reads as unsigned.
    public func unsignedInt(_ index: Int) throws(RealmFormatError) -> UInt64 {
        try checkIndex(index)
        switch width {
        case 8: return UInt64(payload.load(fromByteOffset: index, as: UInt8.self))
        case 16: return UInt64(UInt16(littleEndian: payload.loadUnaligned(fromByteOffset: index * 2, as: UInt16.self)))
        case 32: return UInt64(UInt32(littleEndian: payload.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)))
        default: return UInt64(bitPattern: uncheckedInt(index))
        }
    }

    /// Element `index` of a has-refs node: null, a ref, or a tagged integer.
    public func slot(_ index: Int) throws(RealmFormatError) -> Slot {
        let raw = try int(index)
        if raw == 0 { return .null }
        if raw & 1 == 0 { return .ref(raw) }
        return .tagged(Int64(bitPattern: UInt64(bitPattern: raw) >> 1))
    }

    /// Slot `index`, which must hold a tagged integer.
    public func tagged(_ index: Int, _ context: @autoclosure () -> String) throws(RealmFormatError) -> Int64 {
        guard case let .tagged(value) = try slot(index) else {
            throw .unexpectedNode(ref: ref, context: context(), detail: "slot \(index) should hold a number")
        }
        return value
    }

    /// Slot `index` as a child node, or nil when it is the null ref.
    public func child(_ index: Int, _ context: @autoclosure () -> String) throws(RealmFormatError) -> Node? {
        switch try slot(index) {
        case .null: return nil
        case let .ref(raw): return try file.node(at: raw, context: context())
        case .tagged:
            throw .unexpectedNode(ref: ref, context: context(), detail: "slot \(index) should hold a ref")
        }
    }

    /// Slot `index` as a child node that must exist.
    public func requiredChild(_ index: Int, _ context: @autoclosure () -> String) throws(RealmFormatError) -> Node {
        guard let node = try child(index, context()) else {
            throw .unexpectedNode(ref: ref, context: context(), detail: "slot \(index) is empty")
        }
        return node
    }

    /// The payload bytes `[offset, offset + length)`, checked against the node's payload.
    public func bytes(offset: Int, length: Int) throws(RealmFormatError) -> UnsafeRawBufferPointer {
        let payloadBytes = byteSize - 8
        guard offset >= 0, length >= 0, offset <= payloadBytes, length <= payloadBytes - offset else {
            throw .unexpectedNode(ref: ref, context: "node payload", detail: "bytes \(offset)..<\(offset + length) lie outside its \(payloadBytes)-byte payload")
        }
        return UnsafeRawBufferPointer(start: payload + offset, count: length)
    }

    public func require(_ condition: Bool, _ context: @autoclosure () -> String, _ detail: @autoclosure () -> String) throws(RealmFormatError) {
        if !condition { throw .unexpectedNode(ref: ref, context: context(), detail: detail()) }
    }
}
