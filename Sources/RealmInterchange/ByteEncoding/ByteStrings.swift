/// A fixed list of short byte strings kept in one array (the `, "name": ` before each property
/// of a row, the `{"$link": ["class_X", ` of each link column), so that writing one is a copy
/// from one buffer rather than a lookup of an array inside an array.
public struct ByteStrings {
    private let bytes: [UInt8]
    /// Where string `index` starts; it ends where the next one starts.
    private let starts: [Int]

    public init(_ strings: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for string in strings {
            starts.append(bytes.count)
            bytes.append(contentsOf: string.utf8)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
    }

    @inline(__always)
    public func append(_ index: Int, to out: inout ByteOutput) {
        let start = starts[index]
        let length = starts[index + 1] - start
        bytes.withUnsafeBytes { all in
            guard let base = all.baseAddress, length > 0 else { return }
            UnsafeMutableRawPointer(out.reserve(length)).copyMemory(from: base + start, byteCount: length)
        }
        out.commit(length)
    }
}
