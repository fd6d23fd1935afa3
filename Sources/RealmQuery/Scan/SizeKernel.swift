import RealmFormat

/// `@count`/`@size` compared per object: of a list or set (its element count), of a string or
/// binary (its bytes), or of the links into the object (`@links.Class.property.@count`, and
/// `@links.@count` over every backlink column). A null string has no size, so only ALL and
/// NONE hold for it.
final class SizeKernel: ScanKernel {
    enum Source {
        /// A collection, string or binary column of the scanned table.
        case column(Column)
        /// Backlink columns of the scanned table: their entries are summed.
        case backlinks([Column], CollectionElements)
    }

    let source: Source
    let condition: IntegerCondition
    let quantifier: Quantifier
    /// For a list or set column: its element leaves, whose roots hold the sizes.
    private let listElements: CollectionElements?

    private init(source: Source, condition: IntegerCondition, quantifier: Quantifier, listElements: CollectionElements? = nil) {
        self.source = source
        self.condition = condition
        self.quantifier = quantifier
        self.listElements = listElements
    }

    static func make(_ column: Column, _ condition: IntegerCondition, quantifier: Quantifier?, file: RealmFile) -> ScanKernel? {
        guard column.collection != nil || [.string, .binary].contains(column.type) else { return nil }
        return SizeKernel(source: .column(column), condition: condition, quantifier: quantifier ?? .anyMatch,
                          listElements: CollectionElements(column: column, file: file))
    }

    static func backlinks(_ columns: [Column], _ condition: IntegerCondition, quantifier: Quantifier?, file: RealmFile) -> ScanKernel {
        SizeKernel(source: .backlinks(columns, CollectionElements(backlinksIn: file)), condition: condition, quantifier: quantifier ?? .anyMatch)
    }

    var cost: KernelCost { .bytes }
    func copy() -> ScanKernel { self }

    static func size(of element: BlobElement) -> Int? {
        switch element {
        case .null: return nil
        case let .contiguous(bytes): return bytes.count
        case let .chunked(chunks): return chunks.reduce(0) { $0 + $1.count }
        }
    }

    private func answer(_ size: Int?) -> Bool {
        guard let size else { return quantifier != .anyMatch }
        let matched = condition.matches(Int64(size))
        return quantifier == .noneMatch ? !matched : matched
    }

    func narrow(_ rows: RowBitmap, in scope: LeafScope) throws(RealmFormatError) {
        switch source {
        case let .column(column):
            try narrow(rows, column, in: scope)
        case let .backlinks(columns, elements):
            if columns.count == 1 {
                let slots = try BacklinkSlots(try scope.scan(columns[0]), columns[0])
                try rows.keep { row throws(RealmFormatError) in answer(try slots.count(row, elements)) }
                return
            }
            var all: [BacklinkSlots] = []
            for column in columns { all.append(try BacklinkSlots(try scope.scan(column), column)) }
            try rows.keep { row throws(RealmFormatError) in
                var total = 0
                for slots in all { total += try slots.count(row, elements) }
                return answer(total)
            }
        }
    }

    private func narrow(_ rows: RowBitmap, _ column: Column, in scope: LeafScope) throws(RealmFormatError) {
        if column.collection != nil {
            if let elements = listElements {
                // Lists and sets: the size from each root node, with no reader per leaf.
                guard case let .collections(refs, _) = try scope.scan(column) else {
                    if !answer(0) { rows.reset(rows: rows.rowCount, selected: false) }
                    return
                }
                try rows.keep { row throws(RealmFormatError) in
                    guard row < refs.count, let root = ColumnScan.collectionRoot(refs, row) else { return answer(0) }
                    return answer(try elements.count(root: root))
                }
                return
            }
            let reader = try scope.reader(column)
            try rows.keep { row throws(RealmFormatError) in answer(try reader.collectionSize(at: row)) }
            return
        }
        switch try scope.scan(column) {
        case let .blobs(blobs):
            try rows.keep { row throws(RealmFormatError) in answer(SizeKernel.size(of: try blobs.element(row))) }
        case let .enumerated(indexes, blobs):
            try rows.keep { row throws(RealmFormatError) in
                let position = indexes[row]
                guard position >= 0, position < Int64(blobs.count) else {
                    throw .elementOutOfRange(ref: 0, index: Int(truncatingIfNeeded: position), size: blobs.count)
                }
                return answer(SizeKernel.size(of: try blobs.element(Int(position))))
            }
        case .absent:
            if !answer(nil) { rows.reset(rows: rows.rowCount, selected: false) }
        default:
            throw .unexpectedNode(ref: 0, context: "column \"\(column.name)\"", detail: "@size met a leaf of another layout")
        }
    }
}

/// One backlink column of the current leaf: per row nothing (0), one origin (a tagged key)
/// or the root of a B+tree of origin keys.
private struct BacklinkSlots {
    let slots: PackedIntegers?

    init(_ scan: ColumnScan, _ column: Column) throws(RealmFormatError) {
        switch scan {
        case .absent: slots = nil
        case let .backlinks(stored): slots = stored
        default: throw .unexpectedNode(ref: 0, context: "column \"\(column.name)\"", detail: "backlinks expected, another layout found")
        }
    }

    /// How many links reach `row` through this column.
    @inline(__always)
    func count(_ row: Int, _ elements: CollectionElements) throws(RealmFormatError) -> Int {
        guard let slots, row < slots.count else { return 0 }
        let slot = slots[row]
        if slot == 0 { return 0 }
        if slot & 1 == 1 { return 1 }
        return try elements.count(root: slot)
    }
}
