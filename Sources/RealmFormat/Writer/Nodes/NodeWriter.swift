#if canImport(Glibc)
import Glibc
#endif

/// Writes nodes and hands back their refs: appended to a new file, or, for a commit in place,
/// wherever a `FreeSpaceAllocator` places them.
///
/// Nodes are written children first, so every ref a node holds already exists. Nodes never
/// straddle a 64 MiB section boundary (realm-core cannot map such a node); in a new file a node
/// that would is moved to the boundary and the gap is remembered as free space.
final class NodeWriter {
    /// Where the bytes go: the file, or its encrypted pages.
    private let target: WriteTarget
    private var buffer: [UInt8] = []
    /// Offset of the next node in a new file (commits ask their allocator instead).
    private(set) var position = 24
    /// Gaps left before section boundaries: (position, length).
    private(set) var gaps: [(position: Int, length: Int)] = []
    private let path: String

    static let sectionSize = 1 << 26

    /// The new file's descriptor, closed with the writer (-1 for commits in place).
    private let ownedDescriptor: Int32
    /// Set for commits in place: decides every node's position.
    private var allocator: FreeSpaceAllocator?
    /// A commit's nodes not yet written: runs of consecutive bytes and where they go.
    private var pendingRuns: [(offset: Int, bytes: [UInt8])] = []
    /// Bytes of the nodes written (or pending) so far.
    private(set) var bytesWritten = 0

    /// Writes a new file at `path`, encrypted with `key` when one is given; not `durable`, it
    /// is never synced to the disk.
    init(path: String, key: EncryptionKey? = nil, durable: Bool = true) throws(RealmFormatError) {
        self.path = path
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        ownedDescriptor = descriptor
        do throws(RealmFormatError) {
            target = try key.map { key throws(RealmFormatError) in
                try EncryptedWriteTarget(descriptor: descriptor, key: key, base: nil, path: path, durable: durable)
            } ?? PlainWriteTarget(descriptor: descriptor, path: path, durable: durable)
        } catch {
            close(descriptor)
            throw error
        }
        buffer.reserveCapacity(1 << 20)
        buffer += [UInt8](repeating: 0, count: 24)
    }

    /// Writes a commit's nodes into an existing file where `allocator` places them (free space
    /// first, then the grown end). Nothing reaches the file before `flush`, which the commit
    /// calls only once every placement has been checked against the live version.
    init(committingTo target: WriteTarget, allocator: FreeSpaceAllocator, path: String) {
        self.path = path
        self.target = target
        ownedDescriptor = -1
        self.allocator = allocator
    }

    deinit { if ownedDescriptor >= 0 { close(ownedDescriptor) } }

    enum WidthType: UInt8 { case bits = 0, multiply = 1, ignore = 2 }

    /// Writes a node and returns its ref.
    func write(payload: [UInt8], size: Int, widthType: WidthType, width: Int, hasRefs: Bool = false,
               isInner: Bool = false, context: Bool = false) throws(RealmFormatError) -> Int64 {
        let nodeBytes = 8 + (payload.count + 7) & ~7
        var flags = (widthType.rawValue << 3) | IntegerPacking.code(forWidth: width)
        if hasRefs { flags |= 0x40 }
        if isInner { flags |= 0x80 }
        if context { flags |= 0x20 }
        let header: [UInt8] = [0x41, 0x41, 0x41, 0x41, flags, UInt8(truncatingIfNeeded: size >> 16),
                               UInt8(truncatingIfNeeded: size >> 8), UInt8(truncatingIfNeeded: size)]
        let padding = nodeBytes - 8 - payload.count
        bytesWritten += nodeBytes
        if let allocator {
            let ref = try allocator.allocate(nodeBytes)
            if let last = pendingRuns.last, last.offset + last.bytes.count == ref {
                pendingRuns[pendingRuns.count - 1].bytes += header + payload + [UInt8](repeating: 0, count: padding)
            } else {
                pendingRuns.append((ref, header + payload + [UInt8](repeating: 0, count: padding)))
            }
            return Int64(ref)
        }
        let sectionEnd = (position / NodeWriter.sectionSize + 1) * NodeWriter.sectionSize
        if position + nodeBytes > sectionEnd && nodeBytes <= NodeWriter.sectionSize {
            gaps.append((position, sectionEnd - position))
            buffer += [UInt8](repeating: 0, count: sectionEnd - position)
            position = sectionEnd
        }
        let ref = position
        buffer += header
        buffer += payload
        buffer += [UInt8](repeating: 0, count: padding)
        position += nodeBytes
        if buffer.count >= 1 << 22 { try flush() }
        return Int64(ref)
    }

    /// A plain or has-refs integer node with the narrowest width.
    func integers(_ values: [Int64], hasRefs: Bool = false, isInner: Bool = false, context: Bool = false,
                  unsigned: Bool = false, minimumWidth: Int = 0) throws(RealmFormatError) -> Int64 {
        let width = max(minimumWidth, unsigned ? IntegerPacking.unsignedWidth(for: values) : IntegerPacking.width(for: values))
        return try write(payload: IntegerPacking.pack(values, width: width), size: values.count, widthType: .bits,
                         width: width, hasRefs: hasRefs, isInner: isInner, context: context)
    }

    /// A has-refs node of refs (0 for null) and tagged numbers.
    func refs(_ slots: [Slot], isInner: Bool = false, context: Bool = false) throws(RealmFormatError) -> Int64 {
        try integers(slots.map(\.raw), hasRefs: true, isInner: isInner, context: context)
    }

    /// A has-refs element: a ref, a number (stored tagged) or nothing.
    enum Slot {
        case ref(Int64)
        case number(Int64)
        case null

        var raw: Int64 {
            switch self {
            case let .ref(ref): return ref
            case let .number(value): return (value << 1) | 1
            case .null: return 0
            }
        }
    }

    private var bufferStart = 0

    /// Writes what is buffered: a new file's next bytes, or all of a commit's nodes.
    func flush() throws(RealmFormatError) {
        if allocator != nil {
            for run in pendingRuns { try target.write(run.bytes, at: run.offset) }
            pendingRuns.removeAll()
            return
        }
        try target.write(buffer, at: bufferStart)
        bufferStart += buffer.count
        buffer.removeAll(keepingCapacity: true)
        try target.settle(below: bufferStart)
    }

    /// Writes the header (top ref in slot 0, format 24), pads the file to a page multiple and
    /// syncs it to disk.
    func finish(topRef: Int64) throws(RealmFormatError) {
        let padding = (4096 - position % 4096) % 4096
        buffer += [UInt8](repeating: 0, count: padding)
        let end = bufferStart + buffer.count
        try flush()
        var header = withUnsafeBytes(of: UInt64(topRef).littleEndian, Array.init)
        header += [UInt8](repeating: 0, count: 8)
        header += Array("T-DB".utf8) + [24, 0, 0, 0]
        try target.write(header, at: 0)
        try target.extend(toLogicalSize: end)
        try target.sync()
    }
}
