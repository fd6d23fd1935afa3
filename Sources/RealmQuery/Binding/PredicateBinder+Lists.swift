import RealmFormat

/// Comparisons Realm refuses between collections (realm-core's query builder, checked before
/// a query runs, whatever the quantifier):
/// - two collections of values on both sides, elements by index or key included:
///   `mixedList[0] == mixedList[1]`, `intDict['a'] == intDict['b']`, `intList == intSet`;
/// - two key paths that each reach several values: `targetList.value == intList`;
/// - a list or set of links compared with nil (`targetList == nil`): ask `@count == 0`.
/// A single value compared with a collection (`mixedValue == mixedList[0]`, `intReq IN
/// intList`) and sizes, types and aggregates of collections are fine.
extension PredicateBinder {
    func checkCollections(_ left: BoundOperand, _ right: BoundOperand, left leftExpression: Expression,
                          right rightExpression: Expression, range: SourceRange) throws(QueryError) {
        let leftText = QueryPrinter.print(leftExpression)
        let rightText = QueryPrinter.print(rightExpression)
        if left.isCollectionOfValues && right.isCollectionOfValues {
            throw .invalid(message: "Realm cannot compare two collections of values ('\(leftText)' and '\(rightText)'); compare each of them with a value", range: range)
        }
        if left.reachesSeveralValues && right.reachesSeveralValues {
            throw .invalid(message: "Realm cannot compare two key paths that each reach several values ('\(leftText)' and '\(rightText)')", range: range)
        }
        for (side, other, text) in [(left, right, leftText), (right, left, rightText)] where side.isCollectionOfLinks && other.isNullConstant {
            throw .invalid(message: "Realm does not compare a list or set of links ('\(text)') with nil; use \(text).@count == 0", range: range)
        }
    }
}

extension BoundOperand {
    /// A list, set or dictionary property of values (not of links), on its own or with an
    /// index or key after it: what realm-core evaluates as a collection column.
    var isCollectionOfValues: Bool {
        guard case let .path(path, nil, _) = self else { return false }
        guard let start = path.steps.lastIndex(where: { if case .property = $0 { return true } else { return false } }),
              case let .property(column) = path.steps[start],
              column.collection != nil, !column.isLink else { return false }
        return path.steps[(start + 1)...].allSatisfy(\.isSubscript)
    }

    /// A key path that reaches several values for one object: through or onto a list, set or
    /// dictionary property, or backlinks. (A wildcard into a Mixed value is not counted: Realm
    /// reads the Mixed value as one.)
    var reachesSeveralValues: Bool {
        guard case let .path(path, nil, _) = self else { return false }
        return path.steps.contains { step in
            switch step {
            case let .property(column): return column.collection != nil
            case .backlinks, .dictionaryKeys, .dictionaryValues: return true
            default: return false
            }
        }
    }

    /// A list or set of links at the end of the path.
    var isCollectionOfLinks: Bool {
        guard case let .path(path, nil, _) = self, case let .property(column)? = path.steps.last else { return false }
        return column.isLink && (column.collection == .list || column.collection == .set)
    }

    var isNullConstant: Bool {
        if case let .constant(values, false) = self { return values == [.null] }
        return false
    }
}

extension BoundPath.Step {
    /// An index, key or wildcard into the collection or Mixed value before it.
    var isSubscript: Bool {
        switch self {
        case .index, .first, .last, .dictionaryKey, .allElements, .dictionaryKeys, .dictionaryValues: return true
        case .property, .backlinks, .allBacklinks, .mixedProperty: return false
        }
    }
}
