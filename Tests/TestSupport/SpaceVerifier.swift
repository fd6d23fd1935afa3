/// Checks a Realm file's space accounting the way realm-core's `Group::verify` does (format
/// document §8.5), reading the raw bytes itself: every node reachable from the top lies inside
/// `[24, logical size)`, no two nodes overlap, the free lists are consistent, and nodes plus
/// free entries cover the whole range exactly once.
public enum SpaceVerifier {
    public struct Report: Sendable {
        public let nodeCount: Int
        public let freeEntries: Int
        public let logicalSize: Int
        public let fileFormat: Int
        /// The byte range of every node reachable from the top.
        public let nodes: [Range<Int>]
        /// The free-list entries: range and version.
        public let freeList: [(range: Range<Int>, version: Int64)]
        /// The top array's version slot (1 when absent).
        public let version: Int64
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func verify(_ bytes: [UInt8]) throws(Failure) -> Report {
        guard bytes.count >= 24, bytes[16..<20].elementsEqual("T-DB".utf8) else { throw Failure(description: "no Realm header") }
        let select = Int(bytes[23] & 1)
        let topRef = Int(u64(bytes, at: select * 8))
        let format = Int(bytes[20 + select])
        let top = try node(at: topRef, in: bytes)
        guard top.hasRefs, [3, 5, 7, 9, 10, 11, 12].contains(top.size) else { throw Failure(description: "bad top array at \(topRef)") }
        let logicalSize = Int(try element(top, 2, bytes) >> 1)
        guard logicalSize <= bytes.count, logicalSize % 8 == 0 else { throw Failure(description: "logical size \(logicalSize) vs file \(bytes.count)") }

        var intervals: [(start: Int, end: Int, what: String)] = []
        var pending = [topRef]
        var visited = Set<Int>()
        while let ref = pending.popLast() {
            guard visited.insert(ref).inserted else { throw Failure(description: "node \(ref) is reachable twice") }
            let current = try node(at: ref, in: bytes)
            intervals.append((ref, ref + current.byteSize, "node"))
            guard current.hasRefs else { continue }
            for index in 0..<current.size {
                let value = try element(current, index, bytes)
                if value != 0 && value & 1 == 0 { pending.append(Int(value)) }
            }
        }
        var freeEntries = 0
        var freeList: [(range: Range<Int>, version: Int64)] = []
        if top.size >= 5 {
            let positions = try node(at: Int(try element(top, 3, bytes)), in: bytes)
            let lengths = try node(at: Int(try element(top, 4, bytes)), in: bytes)
            guard positions.size == lengths.size, !positions.hasRefs, !lengths.hasRefs else {
                throw Failure(description: "free lists disagree in length or hold refs")
            }
            var versionNode: RawHeader?
            if top.size >= 7 {
                let versions = try node(at: Int(try element(top, 5, bytes)), in: bytes)
                guard versions.size == positions.size, versions.widthType == 0 else { throw Failure(description: "free-list versions malformed") }
                versionNode = versions
            }
            for index in 0..<positions.size {
                let position = Int(try element(positions, index, bytes))
                let length = Int(try element(lengths, index, bytes))
                guard position % 8 == 0, length % 8 == 0, length > 0 else { throw Failure(description: "free entry \(index) misaligned") }
                intervals.append((position, position + length, "free entry"))
                freeList.append((position..<position + length, try versionNode.map { node throws(Failure) in try element(node, index, bytes) } ?? 0))
                freeEntries += 1
            }
        }
        intervals.sort { $0.start < $1.start }
        var covered = 24
        for interval in intervals {
            guard interval.start >= 24, interval.end <= logicalSize else {
                throw Failure(description: "\(interval.what) \(interval.start)..<\(interval.end) outside [24, \(logicalSize))")
            }
            guard interval.start == covered else {
                throw Failure(description: interval.start < covered
                    ? "\(interval.what) at \(interval.start) overlaps what ends at \(covered)"
                    : "bytes \(covered)..<\(interval.start) belong to no node and no free entry")
            }
            covered = interval.end
        }
        guard covered == logicalSize else { throw Failure(description: "bytes \(covered)..<\(logicalSize) are unaccounted for") }
        let version = top.size >= 7 ? try element(top, 6, bytes) >> 1 : 1
        return Report(nodeCount: visited.count, freeEntries: freeEntries, logicalSize: logicalSize, fileFormat: format,
                      nodes: intervals.filter { $0.what == "node" }.map { $0.start..<$0.end }, freeList: freeList,
                      version: version)
    }

    struct RawHeader {
        let hasRefs: Bool
        let widthType: Int
        let width: Int
        let size: Int
        let ref: Int
        var byteSize: Int {
            let payload: Int
            switch widthType {
            case 0: payload = (size * width + 7) / 8
            case 1: payload = size * width
            default: payload = size
            }
            return 8 + (payload + 7) / 8 * 8
        }
    }

    static func node(at ref: Int, in bytes: [UInt8]) throws(Failure) -> RawHeader {
        guard ref >= 24, ref % 8 == 0, ref + 8 <= bytes.count else { throw Failure(description: "bad ref \(ref)") }
        let flags = bytes[ref + 4]
        let header = RawHeader(hasRefs: flags & 0x40 != 0, widthType: Int((flags >> 3) & 3), width: (1 << Int(flags & 7)) >> 1,
                               size: Int(bytes[ref + 5]) << 16 | Int(bytes[ref + 6]) << 8 | Int(bytes[ref + 7]), ref: ref)
        guard header.widthType != 3, ref + header.byteSize <= bytes.count else { throw Failure(description: "node \(ref) overruns the file") }
        return header
    }

    static func element(_ node: RawHeader, _ index: Int, _ bytes: [UInt8]) throws(Failure) -> Int64 {
        guard node.widthType == 0, index < node.size else { throw Failure(description: "element \(index) of node \(node.ref) unreadable") }
        let start = node.ref + 8
        switch node.width {
        case 0: return 0
        case 1, 2, 4:
            let perByte = 8 / node.width
            return Int64((bytes[start + index / perByte] >> UInt8((index % perByte) * node.width)) & UInt8((1 << node.width) - 1))
        default:
            let byteWidth = node.width / 8
            var value: UInt64 = 0
            for byte in 0..<byteWidth { value |= UInt64(bytes[start + index * byteWidth + byte]) << (8 * byte) }
            let unused = UInt64(64 - node.width)
            return Int64(bitPattern: value << unused) >> Int64(unused)
        }
    }

    static func u64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }
}
