/// Node headers and elements read straight from the bytes, answering nil instead of throwing:
/// the space accounting walks every node of a possibly damaged file and reports what it cannot
/// read as one problem among others, where `Node` would stop the whole walk.
struct RawNodeReader {
    struct Header {
        let ref: Int
        let hasRefs: Bool
        let widthType: Int
        let width: Int
        let size: Int

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

    let file: FileBytes

    func node(at ref: Int) -> Header? {
        guard ref >= 24, ref % 8 == 0, file.contains(offset: ref, length: 8),
              let flags = try? file.uint8(at: ref + 4), let size0 = try? file.uint8(at: ref + 5),
              let size1 = try? file.uint8(at: ref + 6), let size2 = try? file.uint8(at: ref + 7) else { return nil }
        let header = Header(ref: ref, hasRefs: flags & 0x40 != 0, widthType: Int((flags >> 3) & 3), width: (1 << Int(flags & 7)) >> 1,
                            size: Int(size0) << 16 | Int(size1) << 8 | Int(size2))
        guard header.widthType != 3, file.contains(offset: ref, length: header.byteSize) else { return nil }
        return header
    }

    /// Element `index` of a bit-packed node (sign-extended as realm-core reads it).
    func element(_ node: Header, _ index: Int) -> Int64? {
        guard node.widthType == 0, index >= 0, index < node.size else { return nil }
        let start = node.ref + 8
        switch node.width {
        case 0:
            return 0
        case 1, 2, 4:
            let perByte = 8 / node.width
            guard let byte = try? file.uint8(at: start + index / perByte) else { return nil }
            return Int64((byte >> UInt8((index % perByte) * node.width)) & UInt8((1 << node.width) - 1))
        default:
            let byteWidth = node.width / 8
            var value: UInt64 = 0
            for byte in 0..<byteWidth {
                guard let read = try? file.uint8(at: start + index * byteWidth + byte) else { return nil }
                value |= UInt64(read) << (8 * byte)
            }
            let unused = UInt64(64 - node.width)
            return Int64(bitPattern: value << unused) >> Int64(unused)
        }
    }
}
