import RealmFormat

/// Decides whether a value read from file A is the same as one read from file B.
///
/// Values cannot be compared as stored: links hold object keys and table keys, which belong to
/// each file. A link therefore compares by target class and by the target's primary key when
/// that class has the same one in both files (an object deleted and created again is the same
/// object to its users), else by object key. Embedded objects compare by content, because
/// replacing one creates a new object with a new key. Collections compare as wholes, element by
/// element in stored order. Floating point compares like the canonical dump writes it: -0 is
/// not 0, and NaN equals NaN.
public final class CrossFileValueComparator {
    let a: RealmFile
    let b: RealmFile
    private let collectionsA: CollectionReader
    private let collectionsB: CollectionReader
    /// Embedded classes nest at most this deep in a valid file; deeper is a loop in a damaged one.
    public static let maximumDepth = 100
    /// Per target class name: the properties both files' embedded classes share.
    private var embeddedColumns: [String: [(a: Column, b: Column)]] = [:]

    init(a: RealmFile, b: RealmFile) {
        self.a = a
        self.b = b
        collectionsA = CollectionReader(file: a)
        collectionsB = CollectionReader(file: b)
    }

    func equal(_ x: RealmValue, _ y: RealmValue, depth: Int = 0) throws(RealmFormatError) -> Bool {
        switch (x, y) {
        case let (.float(p), .float(q)):
            return p.bitPattern == q.bitPattern || (p.isNaN && q.isNaN)
        case let (.double(p), .double(q)):
            return p.bitPattern == q.bitPattern || (p.isNaN && q.isNaN)
        case let (.link(tableA, keyA), .link(tableB, keyB)), let (.typedLink(tableA, keyA), .typedLink(tableB, keyB)):
            return try sameObject(tableA, keyA, tableB, keyB, depth: depth)
        case let (.collection(p), .collection(q)):
            return try equal(p, q, depth: depth)
        case (.link, _), (.typedLink, _), (.collection, _), (.float, _), (.double, _):
            return false
        default:
            return x == y
        }
    }

    private func equal(_ p: CollectionSummary, _ q: CollectionSummary, depth: Int) throws(RealmFormatError) -> Bool {
        guard p.kind == q.kind, p.elementCount == q.elementCount else { return false }
        guard p.elementCount > 0 else { return true }
        if p.kind == .dictionary {
            let entriesA = try collectionsA.entries(of: p)
            let entriesB = try collectionsB.entries(of: q)
            guard entriesA.count == entriesB.count else { return false }
            for (x, y) in zip(entriesA, entriesB) {
                guard try equal(x.key, y.key, depth: depth), try equal(x.value, y.value, depth: depth) else { return false }
            }
            return true
        }
        let elementsA = try collectionsA.elements(of: p)
        let elementsB = try collectionsB.elements(of: q)
        guard elementsA.count == elementsB.count else { return false }
        for (x, y) in zip(elementsA, elementsB) where !(try equal(x, y, depth: depth)) {
            return false
        }
        return true
    }

    /// Whether a link in A and a link in B lead to the same object.
    private func sameObject(_ tableKeyA: UInt32, _ keyA: Int64, _ tableKeyB: UInt32, _ keyB: Int64, depth: Int) throws(RealmFormatError) -> Bool {
        guard let targetA = a.table(withKey: tableKeyA), let targetB = b.table(withKey: tableKeyB) else {
            // A link to a table the file does not have (damaged): only the raw link can be compared.
            return a.table(withKey: tableKeyA) == nil && b.table(withKey: tableKeyB) == nil && keyA == keyB
        }
        guard targetA.displayName == targetB.displayName else { return false }
        if targetA.kind == .embedded && targetB.kind == .embedded {
            return try sameContent(targetA, keyA, targetB, keyB, depth: depth + 1)
        }
        if let pkA = targetA.primaryKey, let pkB = targetB.primaryKey, pkA.name == pkB.name {
            guard let valueA = try CrossFileValueComparator.value(of: pkA, in: targetA, key: keyA),
                  let valueB = try CrossFileValueComparator.value(of: pkB, in: targetB, key: keyB) else { return keyA == keyB }
            return try equal(valueA, valueB, depth: depth)
        }
        return keyA == keyB
    }

    /// Two embedded objects hold the same values in the properties both files give their class.
    private func sameContent(_ tableA: Table, _ keyA: Int64, _ tableB: Table, _ keyB: Int64, depth: Int) throws(RealmFormatError) -> Bool {
        guard depth < CrossFileValueComparator.maximumDepth else {
            throw .cycle(ref: 0, context: "embedded objects of \(tableA.displayName) nested over \(CrossFileValueComparator.maximumDepth) levels")
        }
        let foundA = try tableA.objects.find(key: keyA)
        let foundB = try tableB.objects.find(key: keyB)
        guard let foundA, let foundB else { return foundA == nil && foundB == nil }
        for (columnA, columnB) in columns(of: tableA, tableB) {
            let valueA = try ColumnLeafReader(leaf: foundA.leaf, column: columnA).value(at: foundA.row)
            let valueB = try ColumnLeafReader(leaf: foundB.leaf, column: columnB).value(at: foundB.row)
            guard try equal(valueA, valueB, depth: depth) else { return false }
        }
        return true
    }

    private func columns(of tableA: Table, _ tableB: Table) -> [(a: Column, b: Column)] {
        if let known = embeddedColumns[tableA.displayName] { return known }
        let shared = tableA.columns.compactMap { columnA -> (a: Column, b: Column)? in
            guard let columnB = tableB.column(named: columnA.name),
                  PropertyShape(columnA, in: a).holdsComparableValues(to: PropertyShape(columnB, in: b)) else { return nil }
            return (columnA, columnB)
        }
        embeddedColumns[tableA.displayName] = shared
        return shared
    }

    /// The value of `column` for the object with `key`, or nil when the table has no such object.
    static func value(of column: Column, in table: Table, key: Int64) throws(RealmFormatError) -> RealmValue? {
        guard let found = try table.objects.find(key: key) else { return nil }
        return try ColumnLeafReader(leaf: found.leaf, column: column).value(at: found.row)
    }
}
