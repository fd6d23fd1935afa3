/// A number as written in a query: an integer, a hexadecimal integer, a decimal fraction or
/// exponent form, or one of `inf`, `-inf`, `nan`.
///
/// The text is kept because the right value depends on the property it is compared with,
/// which the parser does not know: `0.1` means one thing to a `double` column and another
/// (exactly one tenth) to a `decimal128` column, and an integer beyond the 64-bit range is
/// still a valid Decimal128. The evaluator picks `integerValue`, `doubleValue` or `text`.
public struct NumericLiteral: Equatable, Hashable, Sendable {
    public enum Form: Equatable, Hashable, Sendable {
        /// Decimal digits with an optional sign: `42`, `-7`, `+3`.
        case integer
        /// `0x` followed by hexadecimal digits (no sign, as Realm writes them).
        case hexadecimal
        /// Has a fraction or an exponent (or both): `1.5`, `-1e300`, `.5`, `3.`, `2e3f`.
        case fractional
        /// `inf`, `infinity`, with an optional sign (any letter case).
        case infinity
        /// `nan` with an optional sign (any letter case).
        case nan
    }

    /// The number as written, sign included, without a trailing `f` suffix.
    public let text: String
    public let form: Form
    /// The exact value, when the number is an integer (decimal or hexadecimal) that fits in 64 bits.
    public let integerValue: Int64?
    /// The nearest `Double` (infinite when the text overflows `Double`, as `strtod` gives).
    public let doubleValue: Double
    /// Written with a trailing `f` (`1.5f`), which Realm accepts and ignores.
    public let hasFloatSuffix: Bool

    public init(text: String, form: Form, hasFloatSuffix: Bool = false) {
        self.text = text
        self.form = form
        self.hasFloatSuffix = hasFloatSuffix
        switch form {
        case .integer:
            integerValue = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text)
            doubleValue = Double(text) ?? .nan
        case .hexadecimal:
            let digits = text.dropFirst(2)
            let unsigned = UInt64(digits, radix: 16)
            integerValue = unsigned.flatMap { $0 <= UInt64(Int64.max) ? Int64($0) : nil }
            doubleValue = unsigned.map(Double.init) ?? (Double(text) ?? .infinity)
        case .fractional:
            integerValue = nil
            doubleValue = Double(text) ?? .nan
        case .infinity:
            integerValue = nil
            doubleValue = text.hasPrefix("-") ? -.infinity : .infinity
        case .nan:
            integerValue = nil
            doubleValue = .nan
        }
    }

    /// An unsigned decimal integer (what `LIMIT(n)` and list indexes take).
    public var isNatural: Bool {
        form == .integer && !text.hasPrefix("-") && !text.hasPrefix("+")
    }

    public static func == (lhs: NumericLiteral, rhs: NumericLiteral) -> Bool {
        lhs.text == rhs.text && lhs.form == rhs.form && lhs.hasFloatSuffix == rhs.hasFloatSuffix
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(form)
        hasher.combine(hasFloatSuffix)
    }
}
