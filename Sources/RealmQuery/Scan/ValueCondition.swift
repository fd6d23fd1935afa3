import RealmFormat

/// A comparison of one value of a known type with constants, compiled for in-place reads:
/// what a scalar column kernel tests per row and a collection kernel per element.
///
/// Each case carries the answer for null, computed with the general rules
/// (`ValueComparator`), so null handling never differs from the general evaluator.
enum ValueCondition {
    case integer(IntegerCondition)
    /// Bools as their stored 0 or 1.
    case bool(IntegerCondition)
    case floating(FloatingCondition)
    case timestamp(TimestampCondition)
    case string(StringTest)

    var nullMatches: Bool {
        switch self {
        case let .integer(condition), let .bool(condition): return condition.nullMatches
        case let .floating(condition): return condition.nullMatches
        case let .timestamp(condition): return condition.nullMatches
        case let .string(test): return test.nullMatches
        }
    }

    /// `value op constant` (any of the constants) on values of `type`, compared as `numbers`
    /// says, or nil when only the general evaluator can say.
    static func comparison(_ type: ColumnType, _ written: ComparisonOperator, _ options: StringOptions,
                           _ constants: [RealmValue], numbers: NumericMode = .mixedOrder) -> ValueCondition? {
        // `IN` is `==` against each constant.
        let op = written == .in ? .equal : written
        if type == .string { return StringTest(op: op, options: options, constants: constants).map(ValueCondition.string) }
        guard options.isEmpty, !constants.isEmpty else { return nil }
        let nullMatches = constants.contains { ValueComparator.matches(.null, op, $0, options: []) }
        // A null constant gives non-null values one fixed answer (`!= nil` holds, the rest fail).
        if constants.allSatisfy({ $0 == .null }) {
            let answer = ValueComparator.matches(.int(0), op, .null, options: [])
            return always(type, answer, nullMatches: nullMatches)
        }
        switch type {
        case .int:
            return integerForm(op, constants).map { .integer(IntegerCondition(form: $0, nullMatches: nullMatches)) }
        case .bool:
            return boolForm(op, constants).map { .bool(IntegerCondition(form: $0, nullMatches: nullMatches)) }
        case .float, .double:
            guard constants.count == 1 else { return nil }
            return FloatingCondition.comparison(type, op, constants[0], numbers: numbers, nullMatches: nullMatches).map(ValueCondition.floating)
        case .timestamp:
            guard constants.count == 1, case let .timestamp(time) = constants[0], op.ordersValues else { return nil }
            return .timestamp(TimestampCondition(bounds: [.init(op: op, seconds: time.seconds, nanoseconds: Int64(time.nanoseconds))],
                                                 nullMatches: nullMatches))
        default:
            return nil
        }
    }

    /// `value BETWEEN {lower, upper}`: both bounds inclusive; null never matches.
    static func between(_ type: ColumnType, _ lower: RealmValue, _ upper: RealmValue) -> ValueCondition? {
        switch (type, lower, upper) {
        case let (.int, .int(low), .int(high)):
            return .integer(IntegerCondition(form: low <= high ? .range(low, high) : .always(false), nullMatches: false))
        case (.float, _, _), (.double, _, _):
            // NaN fails `>= lower` in either mode unless the bound is NaN, left to the general evaluator.
            guard let low = FloatingCondition.exactDouble(lower), let high = FloatingCondition.exactDouble(upper),
                  !low.isNaN, !high.isNaN,
                  let atLeast = DoubleCondition(.greaterOrEqual, low), let atMost = DoubleCondition(.lessOrEqual, high) else { return nil }
            return .floating(FloatingCondition(tests: [atLeast, atMost], nullMatches: false, nanMatches: false))
        case let (.timestamp, .timestamp(low), .timestamp(high)):
            return .timestamp(TimestampCondition(bounds: [
                .init(op: .greaterOrEqual, seconds: low.seconds, nanoseconds: Int64(low.nanoseconds)),
                .init(op: .lessOrEqual, seconds: high.seconds, nanoseconds: Int64(high.nanoseconds)),
            ], nullMatches: false))
        default:
            return nil
        }
    }

    private static func integerForm(_ op: ComparisonOperator, _ constants: [RealmValue]) -> IntegerCondition.Form? {
        if constants.count == 1 {
            switch constants[0] {
            case let .int(number): return IntegerCondition.form(op, number)
            case let .double(number): return IntegerCondition.form(op, exactly: number)
            case let .float(number): return IntegerCondition.form(op, exactly: Double(number))
            default: return nil
            }
        }
        guard op == .equal || op == .in else { return nil }
        var members = Set<Int64>()
        for constant in constants {
            switch constant {
            case let .int(number): members.insert(number)
            case .null: continue
            default: return nil
            }
        }
        return .membership(members)
    }

    private static func boolForm(_ op: ComparisonOperator, _ constants: [RealmValue]) -> IntegerCondition.Form? {
        if constants.count == 1 {
            guard case let .bool(flag) = constants[0], op.ordersValues else { return nil }
            return IntegerCondition.form(op, flag ? 1 : 0)
        }
        guard op == .equal || op == .in else { return nil }
        var members = Set<Int64>()
        for constant in constants {
            switch constant {
            case let .bool(flag): members.insert(flag ? 1 : 0)
            case .null: continue
            default: return nil
            }
        }
        return .membership(members)
    }

    /// Every non-null value gives `answer`; null gives `nullMatches`.
    private static func always(_ type: ColumnType, _ answer: Bool, nullMatches: Bool) -> ValueCondition? {
        switch type {
        case .int: return .integer(IntegerCondition(form: .always(answer), nullMatches: nullMatches))
        case .bool: return .bool(IntegerCondition(form: .always(answer), nullMatches: nullMatches))
        case .float, .double:
            // No number equals NaN and every one differs from it: a test that always says `answer`.
            let test = DoubleCondition(op: answer ? .notEqual : .equal, constant: .nan)
            return .floating(FloatingCondition(tests: [test], nullMatches: nullMatches, nanMatches: answer))
        case .timestamp:
            let never = TimestampCondition.Bound(op: .less, seconds: .min, nanoseconds: .min)
            return .timestamp(TimestampCondition(bounds: answer ? [] : [never], nullMatches: nullMatches))
        default:
            return nil
        }
    }
}

extension DoubleCondition {
    init?(_ op: ComparisonOperator, _ constant: Double) {
        switch op {
        case .equal, .in: self.init(op: .equal, constant: constant)
        case .notEqual: self.init(op: .notEqual, constant: constant)
        case .less: self.init(op: .less, constant: constant)
        case .lessOrEqual: self.init(op: .lessOrEqual, constant: constant)
        case .greater: self.init(op: .greater, constant: constant)
        case .greaterOrEqual: self.init(op: .greaterOrEqual, constant: constant)
        default: return nil
        }
    }
}

extension ComparisonOperator {
    /// `==`, `!=`, `<`, `<=`, `>`, `>=` (and `IN`, which is `==` against each constant).
    var ordersValues: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .in: return true
        default: return false
        }
    }
}
