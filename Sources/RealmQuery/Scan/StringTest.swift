import RealmFormat

/// A string comparison compiled for bytes read in place: `==`, `!=`, the orderings,
/// BEGINSWITH, ENDSWITH, CONTAINS and LIKE, with or without `[c]`, against one or more
/// constants (`IN {...}` is any of them).
///
/// Where bytes cannot decide exactly as the general rules do (case folding or LIKE's `?` on a
/// non-ASCII string, a string stored in chunks), the value is decoded and compared by
/// `ValueComparator`, so the answers never differ.
struct StringTest {
    enum Operation {
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        case beginsWith, endsWith, contains
        case like([LikePattern])
    }

    let operation: Operation
    let op: ComparisonOperator
    let options: StringOptions
    /// Case folding of ASCII haystacks (`[c]`).
    let folding: Bool
    /// The non-null constants as bytes (folded by `String.lowercased()` for `[c]`).
    let needles: [[UInt8]]
    /// The first needle in memory of its own, for loops that read it through a pointer.
    let firstNeedle: NeedleBytes?
    /// The constants as written, for the general path.
    let constants: [RealmValue]
    /// `==` and `IN` on short-string leaves, for case-sensitive tests that null cannot pass.
    let shortEquality: ShortStringEquality?
    /// The answer for a null string.
    let nullMatches: Bool
    /// The answer a null constant gives for any non-null string (`!= nil` holds for all).
    let nullConstantMatches: Bool

    /// nil when the general rules have something bytes cannot express (`[d]`, a constant
    /// that is not a string or null).
    init?(op: ComparisonOperator, options: StringOptions, constants: [RealmValue]) {
        guard !options.contains(.diacriticInsensitive) else { return nil }
        var texts: [String] = []
        var hasNull = false
        for constant in constants {
            switch constant {
            case let .string(text): texts.append(text)
            case .null: hasNull = true
            default: return nil
            }
        }
        // Realm orders strings by their bytes whatever the options; only the other tests fold.
        let ordering: Set<ComparisonOperator> = [.less, .lessOrEqual, .greater, .greaterOrEqual]
        let folds = options.contains(.caseInsensitive) && !ordering.contains(op)
        folding = folds
        needles = texts.map { Array((folds ? $0.lowercased() : $0).utf8) }
        firstNeedle = needles.first.map(NeedleBytes.init)
        switch op {
        case .equal, .in: operation = .equal
        case .notEqual: operation = .notEqual
        case .less: operation = .less
        case .lessOrEqual: operation = .lessOrEqual
        case .greater: operation = .greater
        case .greaterOrEqual: operation = .greaterOrEqual
        case .beginsWith: operation = .beginsWith
        case .endsWith: operation = .endsWith
        case .contains: operation = .contains
        case .like: operation = .like(needles.map(LikePattern.init))
        case .text: return nil
        }
        self.op = op
        self.options = options
        self.constants = constants
        nullMatches = constants.contains { ValueComparator.matches(.null, op, $0, options: options) }
        nullConstantMatches = hasNull && ValueComparator.matches(.string(""), op, .null, options: options)
        if case .equal = operation, !folding, !nullMatches, !nullConstantMatches {
            shortEquality = ShortStringEquality(needles)
        } else {
            shortEquality = nil
        }
    }

    /// Whether a stored string (or null) satisfies the test.
    @inline(__always)
    func matches(_ element: BlobElement) -> Bool {
        switch element {
        case .null:
            return nullMatches
        case let .contiguous(bytes):
            return matches(bytes)
        case .chunked:
            return matchesGenerally(element.string)
        }
    }

    @inline(__always)
    func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if nullConstantMatches { return true }
        let needsASCII: Bool
        switch operation {
        case .like: needsASCII = true
        default: needsASCII = folding
        }
        if needsASCII && !ByteSearch.isASCII(bytes) { return matchesGenerally(String(decoding: bytes, as: UTF8.self)) }
        for (index, needle) in needles.enumerated() {
            let found = needle.withUnsafeBufferPointer { needle -> Bool in
                switch operation {
                case .equal: return ByteSearch.equals(bytes, needle, folding: folding)
                case .notEqual: return !ByteSearch.equals(bytes, needle, folding: folding)
                case .less: return ByteSearch.order(bytes, needle) < 0
                case .lessOrEqual: return ByteSearch.order(bytes, needle) <= 0
                case .greater: return ByteSearch.order(bytes, needle) > 0
                case .greaterOrEqual: return ByteSearch.order(bytes, needle) >= 0
                case .beginsWith: return ByteSearch.hasPrefix(bytes, needle, folding: folding)
                case .endsWith: return ByteSearch.hasSuffix(bytes, needle, folding: folding)
                case .contains: return ByteSearch.find(needle, in: bytes, from: 0, end: bytes.count, folding: folding) != nil
                case let .like(patterns): return patterns[index].matches(bytes, folding: folding)
                }
            }
            if found { return true }
        }
        return false
    }

    /// The general rules, for values bytes cannot decide.
    private func matchesGenerally(_ text: String?) -> Bool {
        let value = text.map(RealmValue.string) ?? .null
        return constants.contains { ValueComparator.matches(value, op, $0, options: options) }
    }
}

/// Bytes kept at a fixed address for the life of a query.
final class NeedleBytes {
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = storage.initialize(from: bytes)
        buffer = UnsafeBufferPointer(rebasing: storage[0..<bytes.count])
    }

    deinit { UnsafeMutableRawPointer(mutating: buffer.baseAddress)?.deallocate() }
}
