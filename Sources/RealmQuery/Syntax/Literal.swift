/// A constant written in a query.
///
/// Literals are validated as far as syntax allows (an ObjectId has 24 hex digits, a date has
/// a real month and day, base64 decodes) but not typed: whether `1` may be compared with a
/// `date` property is the evaluator's question, since only it knows the schema.
public enum Literal: Equatable, Hashable, Sendable {
    /// `null` or `nil` (any letter case).
    case null
    /// `true`/`TRUE`, `false`/`FALSE` (Realm accepts exactly these spellings).
    case bool(Bool)
    /// Integers, fractions, hexadecimal, `inf`, `nan`; see `NumericLiteral`.
    case number(NumericLiteral)
    /// `'…'` or `"…"`, with escapes already resolved.
    case string(String)
    /// `B64"…"`, decoded.
    case binary([UInt8])
    /// `T<seconds>:<nanos>` or a readable UTC date `YYYY-MM-DD@HH:MM:SS[:NANOS]` (or with `T`
    /// instead of `@`), converted to Realm's seconds and nanoseconds.
    case timestamp(TimestampLiteral)
    /// `oid(<24 hex digits>)`: the 12 bytes of the ObjectId.
    case objectId([UInt8])
    /// `uuid(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)`: the 16 bytes of the UUID.
    case uuid([UInt8])
    /// `O<key>`: a link to the object with this key in the property's target table.
    case objectLink(objectKey: Int64)
    /// `L<table>:<key>`: a typed link (as stored in a Mixed property).
    case typedLink(tableKey: Int64, objectKey: Int64)
    /// `obj('Class', primaryKey)`: the object of that class with that primary key.
    indirect case object(className: String, primaryKey: Literal)
}

/// The quantifier written before a key path, a list or an argument: `ANY`/`SOME`, `ALL`, `NONE`.
///
/// Without one, a comparison over a collection means ANY (the evaluator's rule); the parser
/// only records what was written.
public enum Quantifier: String, Equatable, Hashable, Sendable {
    /// `ANY` or `SOME`: at least one element matches.
    case anyMatch = "ANY"
    /// `ALL`: every element matches (true for an empty collection).
    case allMatch = "ALL"
    /// `NONE`: no element matches.
    case noneMatch = "NONE"
}

/// A `$n` placeholder, with the quantifier written before it, if any (`ANY $0`).
public struct ArgumentReference: Equatable, Hashable, Sendable {
    public let index: Int
    public let quantifier: Quantifier?

    public init(index: Int, quantifier: Quantifier? = nil) {
        self.index = index
        self.quantifier = quantifier
    }
}
