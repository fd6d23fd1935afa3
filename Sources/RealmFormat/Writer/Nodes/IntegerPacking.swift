/// How realm-core packs integers: the narrowest width that holds every element, and the
/// element bytes for that width (format document §2.3).
enum IntegerPacking {
    static func width(for values: [Int64]) -> Int {
        var lowest: Int64 = 0
        var highest: Int64 = 0
        for value in values {
            lowest = min(lowest, value)
            highest = max(highest, value)
        }
        return width(lowest: lowest, highest: highest)
    }

    static func width(lowest: Int64, highest: Int64) -> Int {
        if lowest >= 0 {
            if highest == 0 { return 0 }
            if highest <= 1 { return 1 }
            if highest <= 3 { return 2 }
            if highest <= 15 { return 4 }
        }
        if lowest >= -128 && highest <= 127 { return 8 }
        if lowest >= -32768 && highest <= 32767 { return 16 }
        if lowest >= Int64(Int32.min) && highest <= Int64(Int32.max) { return 32 }
        return 64
    }

    /// Unsigned key and offset nodes are at least 8 bits wide and read unsigned.
    static func unsignedWidth(for values: [Int64]) -> Int {
        let highest = values.map { UInt64(bitPattern: $0) }.max() ?? 0
        if highest < 1 << 8 { return 8 }
        if highest < 1 << 16 { return 16 }
        if highest < 1 << 32 { return 32 }
        return 64
    }

    /// The payload bytes of `values` packed at `width` bits each.
    static func pack(_ values: [Int64], width: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: (values.count * width + 7) / 8)
        switch width {
        case 0:
            break
        case 1, 2, 4:
            let perByte = 8 / width
            for (index, value) in values.enumerated() {
                bytes[index / perByte] |= UInt8(truncatingIfNeeded: value) << UInt8((index % perByte) * width)
            }
        default:
            let byteWidth = width / 8
            for (index, value) in values.enumerated() {
                var remaining = UInt64(bitPattern: value)
                for byte in 0..<byteWidth {
                    bytes[index * byteWidth + byte] = UInt8(truncatingIfNeeded: remaining)
                    remaining >>= 8
                }
            }
        }
        return bytes
    }

    static func code(forWidth width: Int) -> UInt8 {
        switch width {
        case 0: return 0
        case 1: return 1
        case 2: return 2
        case 4: return 3
        case 8: return 4
        case 16: return 5
        case 32: return 6
        default: return 7
        }
    }
}
