import RealmFormat

/// Reads the elements of one B+tree of formats 5-9 in order, one at a time across its leaves,
/// decoding each leaf once (L§4, L§5). Columns are read in step, a row at a time, so a cursor
/// holds one leaf and the path above it, never the column's values. A class: a column's reader
/// keeps it in an enum and advances it in place.
final class ElementCursor {
    private var leaves: LeafSequence
    private var leaf: LegacyLeaf?
    /// The current leaf's element count (0 before the first), and the next element in it.
    private var leafCount = 0
    private var position = 0
    private var leavesRead = 0
    let kind: ElementKind
    private let context: String
    /// Elements the tree holds that have not been read.
    private(set) var remaining: Int

    init(root: Node, kind: ElementKind, context: String) throws(RealmFormatError) {
        self.kind = kind
        self.context = context
        leaves = LeafSequence(root: root, context: context)
        remaining = try ElementCursor.count(root: root, kind: kind, context: context)
    }

    /// The most elements reserved ahead from a count read in the file.
    static let reservationLimit = 1 << 12

    /// The number of elements of the tree at `root`, counted leaf by leaf and required to equal
    /// an inner root's total: a table's row count sizes what is allocated for it (its backlink
    /// entries), so it must be what the leaves hold, not a number a damaged node claims.
    static func countedElements(root: Node, kind: ElementKind, context: String) throws(RealmFormatError) -> Int {
        guard root.isInner else { return try count(root: root, kind: kind, context: context) }
        let total = try LeafSequence.innerTotal(root, context: context)
        var leaves = LeafSequence(root: root, context: context)
        var counted = 0
        while let leaf = try leaves.next() {
            counted += try LegacyLeaf(node: leaf, kind: kind, context: context).count
            try root.require(counted <= total, context, "its leaves hold more than the \(total) elements it counts")
        }
        try root.require(counted == total, context, "its leaves hold \(counted) elements, it counts \(total)")
        return total
    }

    /// The number of elements of the tree at `root`: an inner root's total, else its leaf's
    /// element count, which depends on the leaf's kind (L§3.5).
    static func count(root: Node, kind: ElementKind, context: String) throws(RealmFormatError) -> Int {
        if root.isInner { return try LeafSequence.innerTotal(root, context: context) }
        return try LegacyLeaf(node: root, kind: kind, context: context).count
    }

    /// The next element.
    func next() throws(RealmFormatError) -> RealmValue {
        let index = try advance()
        // Read through the stored leaf: a copy per element costs more than the read.
        guard let value = try leaf?.value(at: index) else { throw exhausted }
        return value
    }

    /// The next element of an integer or has-refs tree, raw; nil for a null.
    func nextInteger() throws(RealmFormatError) -> Int64? {
        let index = try advance()
        guard let value = try leaf?.integer(at: index) else {
            if leaf == nil { throw exhausted }
            return nil
        }
        return value
    }

    /// Reads all remaining elements (a list's, a key list's).
    func all() throws(RealmFormatError) -> [RealmValue] {
        var values: [RealmValue] = []
        // A damaged count is only found out by reading: never reserved whole.
        values.reserveCapacity(min(remaining, ElementCursor.reservationLimit))
        while remaining > 0 { values.append(try next()) }
        return values
    }

    /// Throws when the tree's leaves hold more elements than its count says (checked by
    /// `verify` once every element was read: L§14, inner totals equal the sum of their leaves).
    func requireExhausted() throws(RealmFormatError) {
        var extra = leafCount - position
        while let node = try leaves.next() { extra += try LegacyLeaf(node: node, kind: kind, context: context).count }
        guard extra == 0 else {
            throw .unexpectedNode(ref: 0, context: context, detail: "its leaves hold \(extra) elements more than its count")
        }
    }

    /// Every medium leaf of the tree is what L§8.5 is about; reading it says whether there is one.
    func hasMediumStringLeaf() throws(RealmFormatError) -> Bool {
        while let node = try leaves.next() {
            if try LegacyLeaf(node: node, kind: kind, context: context).isMediumStrings { return true }
        }
        return false
    }

    private var exhausted: RealmFormatError {
        .unexpectedNode(ref: 0, context: context, detail: "more elements were read than the tree holds")
    }

    /// Moves to the next element, entering the next leaf when the current one is done, and
    /// returns its index in `leaf`.
    private func advance() throws(RealmFormatError) -> Int {
        guard remaining > 0 else { throw exhausted }
        while position >= leafCount {
            guard let node = try leaves.next() else {
                throw .unexpectedNode(ref: 0, context: context, detail: "the tree's leaves end \(remaining) elements before its count")
            }
            let next = try LegacyLeaf(node: node, kind: kind, context: context)
            // Only a tree's root may be an empty leaf; an empty one inside could repeat forever.
            leavesRead += 1
            try node.require(next.count > 0 || leavesRead == 1, context, "an empty leaf inside a B+tree")
            leaf = next
            leafCount = next.count
            position = 0
        }
        position += 1
        remaining -= 1
        return position - 1
    }
}
