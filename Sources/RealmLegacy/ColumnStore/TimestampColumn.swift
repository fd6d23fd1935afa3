import RealmFormat

/// A Timestamp column of formats 5-9 (L§5.7): a root `[seconds, nanoseconds]` of two B+trees
/// that split independently. Seconds are always nullable-integer leaves (null seconds = null
/// timestamp, even in a required column), nanoseconds plain integers.
final class TimestampColumn {
    private let seconds: ElementCursor
    private let nanoseconds: ElementCursor

    init(root: Node, context: String) throws(RealmFormatError) {
        seconds = try ElementCursor(root: try TimestampColumn.seconds(of: root, context: context), kind: .int(nullable: true),
                                    context: "\(context) seconds")
        nanoseconds = try ElementCursor(root: try root.requiredChild(1, "\(context) nanoseconds"), kind: .integers,
                                        context: "\(context) nanoseconds")
        try root.require(seconds.remaining == nanoseconds.remaining, context,
                         "\(seconds.remaining) seconds for \(nanoseconds.remaining) nanoseconds")
    }

    static func seconds(of root: Node, context: String) throws(RealmFormatError) -> Node {
        try root.require(root.hasRefs && root.size == 2, context, "a Timestamp column's root holds 2 refs")
        return try root.requiredChild(0, "\(context) seconds")
    }

    var remaining: Int { seconds.remaining }

    func next() throws(RealmFormatError) -> RealmValue {
        let second = try seconds.nextInteger()
        let nanosecond = try nanoseconds.nextInteger() ?? 0
        guard let second else { return .null }
        return .timestamp(Timestamp(seconds: second, nanoseconds: Int32(truncatingIfNeeded: nanosecond)))
    }

    func requireExhausted() throws(RealmFormatError) {
        try seconds.requireExhausted()
        try nanoseconds.requireExhausted()
    }

    func all() throws(RealmFormatError) -> [RealmValue] {
        var values: [RealmValue] = []
        values.reserveCapacity(min(remaining, ElementCursor.reservationLimit))
        while remaining > 0 { values.append(try next()) }
        return values
    }
}
