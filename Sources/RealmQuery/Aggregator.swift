import RealmFormat

/// `@min`, `@max`, `@sum` and `@avg` over the values of a collection; nulls are ignored.
enum Aggregator {
    static func aggregate(_ function: AggregateFunction, _ elements: [RealmValue]) -> RealmValue {
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
        case .sum:
            if values.allSatisfy({ if case .int = $0 { return true } else { return false } }) {
                return .int(values.reduce(Int64(0)) { total, value in
                    if case let .int(number) = value { return total &+ number }
                    return total
                })
            }
            return .double(values.compactMap(ValueComparator.number).reduce(0, +))
        case .average:
            let numbers = values.compactMap(ValueComparator.number)
            guard !numbers.isEmpty else { return .null }
            return .double(numbers.reduce(0, +) / Double(numbers.count))
        }
    }
}
