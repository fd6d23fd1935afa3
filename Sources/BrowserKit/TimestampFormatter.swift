import RealmFormat

/// Renders Realm timestamps as ISO 8601 in UTC, for any year Realm can store.
///
/// Foundation's date formatting loses nanoseconds and misbehaves far outside the common range;
/// Realm stores (seconds, nanoseconds) with both parts negative before 1970, so we convert with
/// exact integer civil-calendar arithmetic instead.
public enum TimestampFormatter {
    public static func iso8601(_ timestamp: Timestamp) -> String {
        var seconds = timestamp.seconds
        var nanoseconds = Int64(timestamp.nanoseconds)
        if nanoseconds < 0 {
            let (borrowed, overflow) = seconds.subtractingReportingOverflow(1)
            guard !overflow else { return "\(timestamp.seconds)s \(timestamp.nanoseconds)ns" }
            seconds = borrowed
            nanoseconds += 1_000_000_000
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let hour = secondOfDay / 3600
        let minute = (secondOfDay / 60) % 60
        let second = secondOfDay % 60
        var text = yearText(year) + "-" + twoDigits(month) + "-" + twoDigits(day)
            + "T" + twoDigits(hour) + ":" + twoDigits(minute) + ":" + twoDigits(second)
        if nanoseconds != 0 {
            var fraction = String(nanoseconds)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian calendar.
    static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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
