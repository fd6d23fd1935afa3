/// Leaves of the fixed-size types: Decimal128 (always 16 bytes wide, which every reader
/// accepts), ObjectId and UUID (blocks of a null-bit byte and eight values), typed links.
extension LeafEncoder {
    func decimals(_ values: [Decimal128?]) throws(RealmFormatError) -> Int64 {
        var payload: [UInt8] = []
        payload.reserveCapacity(values.count * 16)
        for value in values {
            let low = value?.low ?? 0xAA
            let high = value?.high ?? 0x7C00_0000_0000_0000
            payload += withUnsafeBytes(of: low.littleEndian, Array.init) + withUnsafeBytes(of: high.littleEndian, Array.init)
        }
        return try writer.write(payload: payload, size: values.count, widthType: .multiply, width: values.isEmpty ? 0 : 16)
    }

    /// ObjectIds (12 bytes) or UUIDs (16 bytes); nulls are marked in the block's first byte.
    func fixedBytes(_ values: [[UInt8]?], elementSize: Int) throws(RealmFormatError) -> Int64 {
        var payload: [UInt8] = []
        var start = 0
        while start < values.count {
            let block = values[start..<min(start + 8, values.count)]
            var nullBits: UInt8 = 0
            for (index, value) in block.enumerated() where value == nil { nullBits |= 1 << UInt8(index) }
            payload.append(nullBits)
            for value in block {
                payload += value ?? [UInt8](repeating: 0xDE, count: elementSize)
            }
            start += 8
        }
        return try writer.write(payload: payload, size: payload.count, widthType: .multiply, width: payload.isEmpty ? 0 : 1)
    }

    /// Typed links: (table key + 1, object key + 1) per value, (0, 0) for null.
    func typedLinks(_ values: [(table: UInt32, key: Int64)?]) throws(RealmFormatError) -> Int64 {
        var elements: [Int64] = []
        for value in values {
            if let value {
                elements += [(Int64(value.table) + 1) & 0x7FFF_FFFF, value.key + 1]
            } else {
                elements += [0, 0]
            }
        }
        return try writer.integers(elements)
    }
}
