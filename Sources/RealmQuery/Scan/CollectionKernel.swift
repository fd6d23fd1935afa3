import RealmFormat

/// ANY, ALL or NONE of the elements of a list or set of primitive values, per object, on the
/// collection's leaves read in place (`tags == 'sale'`, `ALL scores > 3`).
final class CollectionKernel: ScanKernel {
    let column: Column
    let elements: CollectionElements
    let condition: ValueCondition
    let quantifier: Quantifier
    private let scratch = RowBitmap(capacityRows: 1000)
    /// `== constant` on strings: lists held in one leaf of short strings are tested slot by
    /// slot straight from their root node.
    private let shortEquality: ShortStringEquality?

    private init(column: Column, elements: CollectionElements, condition: ValueCondition, quantifier: Quantifier) {
        self.column = column
        self.elements = elements
        self.condition = condition
        self.quantifier = quantifier
        if case let .string(test) = condition { shortEquality = test.shortEquality } else { shortEquality = nil }
    }

    /// The kernel for `column`'s elements, or nil for dictionaries and element types read only
    /// by the general evaluator (links, Mixed, decimals, ...).
    static func make(_ column: Column, quantifier: Quantifier?, file: RealmFile,
                     condition: (ColumnType) -> ValueCondition?) -> ScanKernel? {
        guard [.int, .bool, .float, .double, .timestamp, .string].contains(column.type),
              let elements = CollectionElements(column: column, file: file),
              let condition = condition(column.type) else { return nil }
        return CollectionKernel(column: column, elements: elements, condition: condition, quantifier: quantifier ?? .anyMatch)
    }

    var cost: KernelCost { .search }
    func copy() -> ScanKernel { CollectionKernel(column: column, elements: elements, condition: condition, quantifier: quantifier) }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        guard case let .collections(refs, _) = try scope.scan(column) else {
            // No collections in this leaf: every object's is empty.
            if !answer(anyMatched: false, allMatched: true) { rows.reset(rows: rows.rowCount, selected: false) }
            return
        }
        try rows.keep { row throws(RealmFormatError) in
            guard row < refs.count, let root = ColumnScan.collectionRoot(refs, row) else {
                return answer(anyMatched: false, allMatched: true)
            }
            var anyMatched = false
            var allMatched = true
            if let shortEquality, let slots = try elements.shortStringSlots(root: root) {
                for index in 0..<slots.count {
                    if shortEquality.holds(slots.base + index &* slots.width, width: slots.width) { anyMatched = true } else { allMatched = false }
                    if quantifier == .allMatch ? !allMatched : anyMatched { break }
                }
                return answer(anyMatched: anyMatched, allMatched: allMatched)
            }
            try elements.forEachLeaf(root: root) { scan throws(RealmFormatError) in
                try test(scan, anyMatched: &anyMatched, allMatched: &allMatched)
                // ANY and NONE are settled by a match, ALL by a failure.
                return quantifier == .allMatch ? allMatched : !anyMatched
            }
            return answer(anyMatched: anyMatched, allMatched: allMatched)
        }
    }

    private func answer(anyMatched: Bool, allMatched: Bool) -> Bool {
        switch quantifier {
        case .anyMatch: return anyMatched
        case .allMatch: return allMatched
        case .noneMatch: return !anyMatched
        }
    }

    /// Tests one leaf of elements.
    private func test(_ scan: ColumnScan, anyMatched: inout Bool, allMatched: inout Bool) throws(RealmFormatError) {
        guard let count = scan.elementCount else {
            throw .unexpectedNode(ref: 0, context: "elements of \"\(column.name)\"", detail: "a collection leaf of an unexpected layout")
        }
        guard count > 0 else { return }
        scratch.reset(rows: count, selected: true)
        guard try condition.narrow(scratch, scan) else {
            throw .unexpectedNode(ref: 0, context: "elements of \"\(column.name)\"", detail: "a collection leaf of an unexpected layout")
        }
        let matched = scratch.selectedCount
        if matched > 0 { anyMatched = true }
        if matched < count { allMatched = false }
    }
}
