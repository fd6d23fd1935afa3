/// The elements of a bit-packed integer node, read in place without per-element checks.
///
/// A scan compares every element of a leaf, and checking each index would cost as much as the
/// comparison itself. So the view is checked once, when it is made: the node declares
/// bit-packed integers and its payload (already checked against the file by `Node`) holds
/// `offset + count` elements. After that, reading any index in `0..<count` is safe.
///
/// It is 16 bytes (a node holds fewer than 2^24 elements), because scans pass these views,
/// and the layouts holding them, around per leaf and per collection.
public struct PackedIntegers: @unchecked Sendable {
    /// The node's payload: element 0 starts here.
    public let base: UnsafeRawPointer
    @usableFromInline let storedCount: Int32
    @usableFromInline let storedWidth: UInt8
    @usableFromInline let storedOffset: UInt8

    /// Bits per element: 0, 1, 2, 4, 8, 16, 32 or 64.
    @inlinable public var width: Int { Int(storedWidth) }
    /// Elements skipped before index 0 (1 for nullable integers, whose element 0 is the null value).
    @inlinable public var offset: Int { Int(storedOffset) }
    @inlinable public var count: Int { Int(storedCount) }

    init(_ node: Node, skipping offset: Int = 0, context: @autoclosure () -> String) throws(RealmFormatError) {
        guard node.widthType == .bits else {
            throw .invalidNodeHeader(ref: node.ref, detail: "\(context()): integers requested, but the header declares width type \(node.widthType)")
        }
        guard offset >= 0, offset <= 1, node.size >= offset else {
            throw .elementOutOfRange(ref: node.ref, index: offset, size: node.size)
        }
        base = node.payload
        // A header holds 3 bytes of size and widths up to 64 bits.
        storedWidth = UInt8(truncatingIfNeeded: node.width)
        storedOffset = UInt8(truncatingIfNeeded: offset)
        storedCount = Int32(truncatingIfNeeded: node.size - offset)
    }

    /// For callers that checked `node.widthType == .bits` and `node.size >= offset` (0 or 1).
    init(bits node: Node, skipping offset: Int) {
        base = node.payload
        storedWidth = UInt8(truncatingIfNeeded: node.width)
        storedOffset = UInt8(truncatingIfNeeded: offset)
        storedCount = Int32(truncatingIfNeeded: node.size - offset)
    }

    /// Element `index` (in `0..<count`), sign-extended as realm-core reads it: widths 1, 2
    /// and 4 are unsigned, 8 and up two's complement.
    @inlinable @inline(__always)
    public subscript(index: Int) -> Int64 {
        let element = index &+ offset
        switch width {
        case 0: return PackedWidth0.load(base, element)
        case 1: return PackedWidth1.load(base, element)
        case 2: return PackedWidth2.load(base, element)
        case 4: return PackedWidth4.load(base, element)
        case 8: return PackedWidth8.load(base, element)
        case 16: return PackedWidth16.load(base, element)
        case 32: return PackedWidth32.load(base, element)
        default: return PackedWidth64.load(base, element)
        }
    }

    /// Element `index` read as unsigned, as realm-core reads keys and offsets.
    @inlinable @inline(__always)
    public func unsigned(_ index: Int) -> UInt64 {
        let element = index &+ offset
        switch width {
        case 8: return UInt64(base.load(fromByteOffset: element, as: UInt8.self))
        case 16: return UInt64(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: element &* 2, as: UInt16.self)))
        case 32: return UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: element &* 4, as: UInt32.self)))
        default: return UInt64(bitPattern: self[index])
        }
    }

    /// Calls the visitor's loop specialised for this node's width, so the loop body reads each
    /// element with one load and no switch.
    @inlinable @inline(__always)
    public func visit<Visitor: PackedIntegerVisitor>(_ visitor: inout Visitor) -> Visitor.Result {
        switch width {
        case 0: return visitor.visit(self, PackedWidth0.self)
        case 1: return visitor.visit(self, PackedWidth1.self)
        case 2: return visitor.visit(self, PackedWidth2.self)
        case 4: return visitor.visit(self, PackedWidth4.self)
        case 8: return visitor.visit(self, PackedWidth8.self)
        case 16: return visitor.visit(self, PackedWidth16.self)
        case 32: return visitor.visit(self, PackedWidth32.self)
        default: return visitor.visit(self, PackedWidth64.self)
        }
    }

    /// The smallest and largest value an element of this width can hold.
    public var representableRange: ClosedRange<Int64> {
        switch width {
        case 0: return 0...0
        case 1, 2, 4: return 0...Int64((1 << width) - 1)
        case 8: return Int64(Int8.min)...Int64(Int8.max)
        case 16: return Int64(Int16.min)...Int64(Int16.max)
        case 32: return Int64(Int32.min)...Int64(Int32.max)
        default: return Int64.min...Int64.max
        }
    }
}

/// A loop over packed integers, written once and specialised per element width.
public protocol PackedIntegerVisitor {
    associatedtype Result
    mutating func visit<Width: PackedWidth>(_ integers: PackedIntegers, _ width: Width.Type) -> Result
}

/// How to read element `index` of a payload packed at one width.
public protocol PackedWidth {
    static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64
}

public enum PackedWidth0: PackedWidth {
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64 { 0 }
}

public enum PackedWidth1: PackedWidth {
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64 {
        Int64((base.load(fromByteOffset: index &>> 3, as: UInt8.self) &>> UInt8(truncatingIfNeeded: index & 7)) & 1)
    }
}

public enum PackedWidth2: PackedWidth {
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64 {
        Int64((base.load(fromByteOffset: index &>> 2, as: UInt8.self) &>> UInt8(truncatingIfNeeded: (index & 3) &* 2)) & 3)
    }
}

public enum PackedWidth4: PackedWidth {
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64 {
        Int64((base.load(fromByteOffset: index &>> 1, as: UInt8.self) &>> UInt8(truncatingIfNeeded: (index & 1) &* 4)) & 15)
    }
}

public enum PackedWidth8: PackedWidth {
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64 {
        Int64(base.load(fromByteOffset: index, as: Int8.self))
    }
}

public enum PackedWidth16: PackedWidth {
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64 {
        Int64(Int16(littleEndian: base.loadUnaligned(fromByteOffset: index &* 2, as: Int16.self)))
    }
}

public enum PackedWidth32: PackedWidth {
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64 {
        Int64(Int32(littleEndian: base.loadUnaligned(fromByteOffset: index &* 4, as: Int32.self)))
    }
}

public enum PackedWidth64: PackedWidth {
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, _ index: Int) -> Int64 {
        Int64(littleEndian: base.loadUnaligned(fromByteOffset: index &* 8, as: Int64.self))
    }
}
