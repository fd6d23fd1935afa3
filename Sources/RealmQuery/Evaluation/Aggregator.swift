import RealmFormat

/// `@min`, `@max`, `@sum` and `@avg` over the values of a collection; nulls are ignored.
/// Which element types may be aggregated at all is `AggregateRules`' business (at bind time).
/// A result is compared in Realm's Mixed order (`NumericMode.mixedOrder`), where NaN is below
/// every number: `@links.AllTypes.target.@sum.floatReq < 0` holds for the Target whose linking
/// objects' floats include both infinities (NaN elements themselves are skipped, or Targets
/// with a NaN and an otherwise positive sum would match too).
enum Aggregator {
    /// The aggregate of `elements`, collection elements whose declared type is `elementType`.
    static func aggregate(_ function: AggregateFunction, _ elements: [RealmValue], of elementType: ColumnType) -> RealmValue {
        if elementType == .mixed { return mixed(function, elements) }
        // Realm's aggregates skip nulls and NaNs.
        let values = elements.filter { $0 != .null && !(ValueComparator.number($0)?.isNaN ?? false) }
        switch function {
        case .min, .max:
            var best: RealmValue?
            for value in values {
                guard let current = best else { best = value; continue }
                guard let order = ValueComparator.orderWithinType(value, current) else { continue }
                if function == .min ? order < 0 : order > 0 { best = value }
            }
            return best ?? .null
        case .sum, .average:
            return arithmetic(function, values)
        }
    }

    /// Mixed elements. @min/@max take every non-null element and rank them by Realm's order
    /// across types (bool < numbers < string < binary < date < objectId < uuid < link), so a
    /// list holding a number and a uuid has the uuid as its maximum, which compares with no
    /// number: this is why `mixedList.@max > 100` matches nothing in Realm. @sum/@avg add up
    /// only the numbers, in Decimal128 (`DecimalSum` has Realm's rule), and average over them.
    private static func mixed(_ function: AggregateFunction, _ elements: [RealmValue]) -> RealmValue {
        switch function {
        case .min, .max:
            var best: RealmValue?
            for value in elements where value != .null {
                guard let current = best else { best = value; continue }
                let order = SortOrder.compare(value, current)
                if function == .min ? order < 0 : order > 0 { best = value }
            }
            return best ?? .null
        case .sum, .average:
            var sum = DecimalSum()
            for element in elements { sum.add(element) }
            return function == .sum ? sum.sum : sum.average
        }
    }

    /// Sum and average of numbers (no nulls, no NaNs): ints add up, wrapping, into an int;
    /// anything else as Doubles in element order. A sum of nothing is 0, an average null.
    private static func arithmetic(_ function: AggregateFunction, _ values: [RealmValue]) -> RealmValue {
        if function == .sum, values.allSatisfy({ if case .int = $0 { return true } else { return false } }) {
            return .int(values.reduce(Int64(0)) { total, value in
                if case let .int(number) = value { return total &+ number }
                return total
            })
        }
        let numbers = values.compactMap(ValueComparator.number)
        if function == .sum { return .double(numbers.reduce(0, +)) }
        guard !numbers.isEmpty else { return .null }
        return .double(numbers.reduce(0, +) / Double(numbers.count))
    }
}
