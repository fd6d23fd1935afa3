import RealmFormat

/// A comparison through a link, a list of links or backlinks (`owner.age > 3`,
/// `ANY tasks.done == false`, `@links.Person.dogs.name == 'x'`).
///
/// The rest of the key path is a condition on the linked table, which is evaluated once per
/// linked object, not once per link: the first time the kernel is asked, it scans the linked
/// table with the rest's kernel and keeps the keys that match (or, where a broken link must
/// count as matching, the keys that fail) in a `KeySet`. Each object then only tests its
/// links against that set.
///
/// The rules this follows (those of the general evaluator): an object's values are those of
/// all objects it links to. ANY holds when one linked object matches ANY, ALL when every one
/// matches ALL (so an object with no links matches ALL), NONE when none matches ANY. Through a
/// single link, a null or dangling link gives the answer the comparison gives for no values,
/// or for a single null when the whole path is single-valued.
final class LinkKernel: ScanKernel {
    enum Traversal {
        /// A single link column: stores key + 1, 0 for null.
        case single(Column)
        /// A list or set of links.
        case list(Column, CollectionElements)
        /// A backlink column of this table: the keys of the linking objects.
        case backlinks(Column, CollectionElements)
    }

    let traversal: Traversal
    let target: Table
    let inner: ScanKernel
    let quantifier: Quantifier
    /// For a single link: the answer when it leads nowhere.
    let brokenAnswer: Bool
    private var keys: KeySet?

    init(traversal: Traversal, target: Table, inner: ScanKernel, quantifier: Quantifier, brokenAnswer: Bool) {
        self.traversal = traversal
        self.target = target
        self.inner = inner
        self.quantifier = quantifier
        self.brokenAnswer = brokenAnswer
    }

    var cost: KernelCost { .links }

    func prepare() throws(RealmFormatError) { _ = try linkedKeys() }

    /// Shares the linked keys once prepared; the inner kernel is only run to make them.
    func copy() -> ScanKernel {
        let copy = LinkKernel(traversal: traversal, target: target, inner: inner.copy(), quantifier: quantifier, brokenAnswer: brokenAnswer)
        copy.keys = keys
        return copy
    }

    /// Whether the set holds the linked objects that fail (ALL, and single links whose broken
    /// answer is true: there an object is kept unless its target is known to fail).
    private var collectsFailures: Bool {
        if case .single = traversal { return brokenAnswer }
        return quantifier == .allMatch
    }

    private func linkedKeys() throws(RealmFormatError) -> KeySet {
        if let keys { return keys }
        let found = KeySet(ascending: try ScanSplit.keys(of: target, inner, matching: !collectsFailures))
        keys = found
        return found
    }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        let keys = try linkedKeys()
        let failures = collectsFailures
        switch traversal {
        case let .single(column):
            let scan = try scope.scan(column)
            guard case let .integers(stored, _) = scan else {
                return try noLinks(scan, column, rows, answer: brokenAnswer)
            }
            try rows.keep { row throws(RealmFormatError) in
                guard row < stored.count else { return brokenAnswer }
                let key = stored[row] &- 1
                if key < 0 { return brokenAnswer }
                return keys.contains(key) != failures
            }
        case let .list(column, elements):
            let scan = try scope.scan(column)
            guard case let .collections(refs, _) = scan else {
                return try noLinks(scan, column, rows, answer: answer(found: false))
            }
            try rows.keep { row throws(RealmFormatError) in
                guard row < refs.count, let root = ColumnScan.collectionRoot(refs, row) else { return answer(found: false) }
                return answer(found: try contains(root, elements, keys))
            }
        case let .backlinks(column, elements):
            let scan = try scope.scan(column)
            guard case let .backlinks(slots) = scan else {
                return try noLinks(scan, column, rows, answer: answer(found: false))
            }
            try rows.keep { row throws(RealmFormatError) in
                guard row < slots.count else { return answer(found: false) }
                let slot = slots[row]
                if slot == 0 { return answer(found: false) }
                if slot & 1 == 1 { return answer(found: keys.contains(Int64(bitPattern: UInt64(bitPattern: slot) >> 1))) }
                return answer(found: try contains(slot, elements, keys))
            }
        }
    }

    /// ANY and NONE look for a match, ALL for a failure.
    private func answer(found: Bool) -> Bool {
        switch quantifier {
        case .anyMatch: return found
        case .allMatch, .noneMatch: return !found
        }
    }

    /// Whether any key of the collection at `root` is in `keys`.
    private func contains(_ root: Int64, _ elements: CollectionElements, _ keys: KeySet) throws(RealmFormatError) -> Bool {
        var found = false
        try elements.forEachKeyLeaf(root: root) { stored in
            for index in 0..<stored.count {
                let key = stored[index]
                // Negative keys are unresolved links, which Realm skips.
                if key >= 0 && keys.contains(key) {
                    found = true
                    return false
                }
            }
            return true
        }
        return found
    }

    /// A leaf without the column's node has no links at all; any other layout is damage.
    private func noLinks(_ scan: ColumnScan, _ column: Column, _ rows: RowBitmap, answer: Bool) throws(RealmFormatError) {
        guard case .absent = scan else {
            throw .unexpectedNode(ref: 0, context: "column \"\(column.name)\"", detail: "links expected, another layout found")
        }
        if !answer { rows.reset(rows: rows.rowCount, selected: false) }
    }
}
