/// How the values of a property become the values of its new type or nullability: a type change
/// (`change type`) or `set required`/`set optional`. realm-core itself never converts values
/// between types (the object store's migration drops a retyped column and adds an empty one);
/// nullability it converts as `Table::set_nullability` does (`change_nullability`: values kept,
/// nulls replaced by a default or refused). Which values convert to which is decided by the
/// caller (the shell's text rules); a value that does not convert blocks the change.
public struct ValueConversion: Sendable {
    /// The new column's type and nullability.
    public let type: ColumnType
    public let isNullable: Bool
    /// The converted value of one value or element (null included), nil when it does not convert.
    let convert: @Sendable (RealmValue) -> RealmValue?

    public init(to type: ColumnType, isNullable: Bool, _ convert: @escaping @Sendable (RealmValue) -> RealmValue?) {
        self.type = type
        self.isNullable = isNullable
        self.convert = convert
    }

    /// One value or element; nil when it does not convert.
    public func converted(_ value: RealmValue) -> RealmValue? { convert(value) }

    /// A whole stored value: a scalar, or every element of a list or set (a set re-sorted into
    /// §6.17's order, and blocked when two elements become one) or every value of a dictionary.
    /// Nil when any part does not convert.
    func converted(_ value: NewValue, collection: CollectionKind?) -> NewValue? {
        switch value {
        case let .scalar(scalar):
            return convert(scalar).map(NewValue.scalar)
        case let .list(elements):
            var result: [RealmValue] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                guard let new = convert(element) else { return nil }
                result.append(new)
            }
            guard collection == .set else { return .list(result) }
            result.sort { FormatOrder.setElement($0, before: $1) }
            for index in result.indices.dropFirst() where !FormatOrder.setElement(result[index - 1], before: result[index]) {
                return nil
            }
            return .list(result)
        case let .dictionary(entries):
            var result: [DictionaryEntry] = []
            for entry in entries {
                guard case let .scalar(scalar) = entry.value, let new = convert(scalar) else { return nil }
                result.append(DictionaryEntry(key: entry.key, value: .scalar(new)))
            }
            return .dictionary(result)
        case .mixedList:
            return nil
        }
    }
}
