import RealmFormat

/// Renders Realm timestamps as ISO 8601 in UTC: the one date formatter of the browser, used by
/// `show`, `list`, `stats`, `export` (JSON and CSV) and every other place that prints a date,
/// so the same instant reads the same everywhere.
///
/// The rule, for every (seconds, nanoseconds) pair a file can hold: the instant is
/// `seconds + nanoseconds·10⁻⁹` after 1970-01-01T00:00:00Z, computed exactly in 128-bit
/// integers, and written as `YYYY-MM-DDTHH:MM:SS[.fraction]Z` in the proleptic Gregorian
/// calendar with astronomical year numbering (year 0 is 1 BC). Years outside 0000…9999 use
/// ISO 8601's expanded form: as many digits as needed and a `-` sign before year 0. So no instant
/// is "out of range": INT64_MIN seconds with -999999999 ns (one nanosecond less than a second
/// before INT64_MIN seconds) is `-292277022657-01-27T08:29:51.000000001Z`, and
/// `ScalarTextParser` reads every such text back to the pair it came from.
///
/// Foundation's date formatting loses nanoseconds and misbehaves far outside the common range,
/// and normalizing Realm's pair (both parts negative before 1970) in 64 bits overflows at the
/// extremes, hence the integer civil-calendar arithmetic.
public enum TimestampFormatter {
    /// How the fraction of a second is written: without its trailing zeros (none at all for a
    /// whole second), as everywhere in the browser; or always all nine digits, as
    /// `export sqlite` writes dates so that their texts sort as the instants do.
    public enum Fraction: Sendable {
        case trimmed, nanoseconds
    }

    public static func iso8601(_ timestamp: Timestamp, fraction: Fraction = .trimmed) -> String {
        let instant = Int128(timestamp.seconds) * 1_000_000_000 + Int128(timestamp.nanoseconds)
        let (wholeSeconds, nanoseconds) = floorDivision(instant, by: 1_000_000_000)
        let (days, secondOfDay) = floorDivision(wholeSeconds, by: 86_400)
        // |days| ≤ (2^63 + 1) / 86400 + 1, far inside Int64.
        let (year, month, day) = civilDate(daysSinceEpoch: Int64(days))
        let second = Int64(secondOfDay)
        var text = yearText(year) + "-" + twoDigits(month) + "-" + twoDigits(day)
            + "T" + twoDigits(second / 3600) + ":" + twoDigits((second / 60) % 60) + ":" + twoDigits(second % 60)
        if nanoseconds != 0 || fraction == .nanoseconds {
            var digits = pad(String(nanoseconds), to: 9)
            if fraction == .trimmed {
                while digits.hasSuffix("0") { digits.removeLast() }
            }
            text += "." + digits
        }
        return text + "Z"
    }

    /// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian calendar.
    public static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Quotient rounded toward negative infinity and the remainder in `0..<divisor`.
    private static func floorDivision(_ value: Int128, by divisor: Int128) -> (quotient: Int128, remainder: Int128) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func yearText(_ year: Int64) -> String {
        if year < 0 { return "-" + pad(String(-year), to: 4) }
        return pad(String(year), to: 4)
    }

    private static func pad(_ digits: String, to width: Int) -> String {
        digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
