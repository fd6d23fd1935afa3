/// Reads one column's values within one cluster leaf.
///
/// Built once per (leaf, column) so that a scan decodes the leaf layout once and then reads each
/// row in place; no per-object allocation except for the strings and blobs it returns.
public struct ColumnLeafReader: Sendable {
    enum Layout: Sendable {
        case absent
        case int(Node)
        case nullableInt(Node)
        case bool(Node)
        case float(Node)
        case double(Node)
        case blob(BlobLeaf)
        case enumerated(indexes: Node, values: BlobLeaf)
        case timestamp(seconds: Node, nanoseconds: Node)
        case link(Node, table: UInt32)
        case collection(Node, CollectionKind)
        case unsupported(ColumnType)
    }

    let layout: Layout
    let rows: Int
    public let column: Column

    public init(leaf: ClusterLeaf, column: Column) throws(RealmFormatError) {
        self.column = column
        rows = leaf.count
        guard let node = try leaf.columnNode(leafIndex: column.leafIndex) else {
            layout = .absent
            return
        }
        let context = "column \"\(column.name)\""
        if let kind = column.collection {
            try node.require(node.hasRefs, context, "a collection column must hold refs")
            layout = .collection(node, kind)
            try check(elements: node.size, node: node)
            return
        }
        switch column.type {
        case .int:
            try node.require(!node.hasRefs && node.widthType == .bits, context, "an integer column must be a plain integer node")
            if column.isNullable {
                layout = .nullableInt(node)
                try check(elements: node.size - 1, node: node)
            } else {
                layout = .int(node)
                try check(elements: node.size, node: node)
            }
        case .bool:
            try node.require(!node.hasRefs && node.widthType == .bits, context, "a bool column must be a plain integer node")
            layout = .bool(node)
            try check(elements: node.size, node: node)
        case .float, .double:
            let width = column.type == .float ? 4 : 8
            try node.require(node.widthType == .multiply && (node.width == width || node.size == 0), context,
                             "expected \(width)-byte elements, found \(node.width)")
            layout = column.type == .float ? .float(node) : .double(node)
            try check(elements: node.size, node: node)
        case .string where !node.hasRefs && node.widthType == .bits:
            guard let valuesRef = column.enumValuesRef else {
                throw .unexpectedNode(ref: node.ref, context: context, detail: "an integer node in a string column without enumerated values")
            }
            let values = try BlobLeaf(node: try node.file.node(at: valuesRef, context: "\(context) enumerated values"), isString: true)
            layout = .enumerated(indexes: node, values: values)
            try check(elements: node.size, node: node)
        case .string, .binary:
            let leafValues = try BlobLeaf(node: node, isString: column.type == .string)
            layout = .blob(leafValues)
            try check(elements: leafValues.count, node: node)
        case .timestamp:
            try node.require(node.hasRefs && node.size >= 2, context, "a timestamp leaf holds two refs")
            let seconds = try node.requiredChild(0, "\(context) seconds")
            let nanoseconds = try node.requiredChild(1, "\(context) nanoseconds")
            layout = .timestamp(seconds: seconds, nanoseconds: nanoseconds)
            try check(elements: seconds.size - 1, node: seconds)
            try check(elements: nanoseconds.size, node: nanoseconds)
        case .link, .legacyLinkList:
            try node.require(!node.hasRefs && node.widthType == .bits, context, "a link column must be a plain integer node")
            guard let target = column.targetTableKey else {
                throw .unexpectedNode(ref: node.ref, context: context, detail: "link column without a target table")
            }
            layout = .link(node, table: target)
            try check(elements: node.size, node: node)
        default:
            layout = .unsupported(column.type)
        }
    }

    private func check(elements: Int, node: Node) throws(RealmFormatError) {
        try node.require(elements == rows, "column \"\(column.name)\"", "holds \(elements) values for \(rows) objects")
    }

    /// The value of the object in `row` of the leaf.
    public func value(at row: Int) throws(RealmFormatError) -> RealmValue {
        switch layout {
        case .absent:
            return .null
        case let .int(node):
            return .int(try node.int(row))
        case let .nullableInt(node):
            let value = try node.int(row + 1)
            return value == node.uncheckedInt(0) ? .null : .int(value)
        case let .bool(node):
            switch try node.int(row) {
            case 0: return .bool(false)
            case 1: return .bool(true)
            default: return .null
            }
        case let .float(node):
            let bits = UInt32(littleEndian: try node.bytes(offset: row * 4, length: 4).loadUnaligned(as: UInt32.self))
            return bits == 0x7FC0_00AA ? .null : .float(Float(bitPattern: bits))
        case let .double(node):
            let bits = UInt64(littleEndian: try node.bytes(offset: row * 8, length: 8).loadUnaligned(as: UInt64.self))
            return bits == 0x7FF8_0000_0000_00AA ? .null : .double(Double(bitPattern: bits))
        case let .blob(leaf):
            let element = try leaf.element(row)
            if leaf.isString { return element.string.map(RealmValue.string) ?? .null }
            return element.bytes.map(RealmValue.binary) ?? .null
        case let .enumerated(indexes, values):
            let index = try indexes.int(row)
            guard index >= 0, index < Int64(values.count) else {
                throw .elementOutOfRange(ref: indexes.ref, index: Int(truncatingIfNeeded: index), size: values.count)
            }
            return try values.element(Int(index)).string.map(RealmValue.string) ?? .null
        case let .timestamp(seconds, nanoseconds):
            let value = try seconds.int(row + 1)
            if value == seconds.uncheckedInt(0) { return .null }
            return .timestamp(Timestamp(seconds: value, nanoseconds: Int32(truncatingIfNeeded: try nanoseconds.int(row))))
        case let .link(node, table):
            let stored = try node.int(row)
            return stored <= 0 ? .null : .link(table: table, key: stored - 1)
        case let .collection(node, kind):
            guard case let .ref(root) = try node.slot(row) else {
                return .collection(CollectionSummary(kind: kind, rootRef: nil, elementCount: 0))
            }
            let count = try CollectionCounter.count(rootRef: root, column: column, file: node.file)
            return .collection(CollectionSummary(kind: kind, rootRef: root, elementCount: count))
        case let .unsupported(type):
            throw .unexpectedNode(ref: 0, context: "column \"\(column.name)\"", detail: "values of type \(type) are not readable yet")
        }
    }
}
