import RealmFormat

/// Which aggregate Realm accepts on which element type, checked when the query is bound so
/// that a refused aggregate fails before any object is read, at the aggregate's position.
///
/// The table. Realm's query language documentation has aggregates reduce "a numerical
/// property"; the SDKs' `min`/`max` also take dates, their `sum`/`average` never do. The oracle
/// shows Realm refusing ("Cannot use aggregate '.@…' for this type of property") @min/@max/
/// @sum of strings, @avg of uuids and @sum/@max of a list of dates, while accepting @min of a
/// linked date property and every aggregate of Mixed; the remaining non-numbers (binary,
/// bool, objectId) have no sum and, as in the SDKs, no min or max either.
///
/// | element type                        | @min/@max on values | @min/@max on `.prop` | @sum/@avg |
/// |-------------------------------------|---------------------|----------------------|-----------|
/// | int, float, double, decimal128      | yes                 | yes                  | yes       |
/// | mixed                               | yes                 | yes                  | yes       |
/// | timestamp                           | no                  | yes                  | no        |
/// | string, binary, bool, objectId, uuid| no                  | no                   | no        |
/// | objects (no property named)         | no                  | –                    | no        |
public enum AggregateRules {
    /// Where the aggregated values come from.
    public enum Source: Sendable {
        /// The elements of a list, set or dictionary of values (`intList.@max`).
        case values
        /// One property of each object in a collection of objects or backlinks (`items.@max.price`).
        case objectProperty
    }

    /// Why Realm refuses `function` over `elementType`, or nil when it accepts it.
    static func refusal(_ function: AggregateFunction, of elementType: ColumnType, from source: Source) -> String? {
        if accepts(function, elementType, source) { return nil }
        let what = "Cannot use aggregate '.\(function.rawValue)' on \(plural(of: elementType))"
        switch elementType {
        case .link, .legacyLinkList, .backlink, .typedLink:
            // Objects have no order or sum of their own; Realm needs the property to reduce.
            return "\(what): name the property to aggregate, as in items.\(function.rawValue).price"
        case .timestamp where function == .min || function == .max:
            // Realm orders dates only when they are a property of linked objects; it refuses
            // @min/@max over a list, set or dictionary of dates.
            return "\(what) in a list, set or dictionary; Realm takes \(function.rawValue) of dates only as a property of linked objects (items.\(function.rawValue).date)"
        default:
            let needs = function == .min || function == .max ? "numbers (or dates of linked objects)" : "numbers"
            return "\(what): \(function.rawValue) needs \(needs): int, float, double, decimal128 or mixed"
        }
    }

    /// Whether Realm accepts `function` over `elementType` (also what completion offers).
    public static func accepts(_ function: AggregateFunction, _ elementType: ColumnType, _ source: Source) -> Bool {
        switch elementType {
        case .int, .float, .double, .decimal128, .mixed:
            return true
        case .timestamp:
            // Dates can be ordered but not added; and Realm orders them only through links.
            return (function == .min || function == .max) && source == .objectProperty
        default:
            return false
        }
    }

    private static func plural(of type: ColumnType) -> String {
        switch type {
        case .link, .legacyLinkList, .backlink, .typedLink: return "objects"
        case .timestamp: return "dates"
        case .uuid: return "uuids"
        case .objectId: return "objectIds"
        case .binary: return "binary values"
        case .bool: return "bools"
        case .string: return "strings"
        default: return "\(QueryTypeNames.name(of: type)) values"
        }
    }
}
