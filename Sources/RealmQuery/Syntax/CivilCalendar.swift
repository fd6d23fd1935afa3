/// Exact proleptic Gregorian calendar arithmetic for readable date literals.
///
/// Realm's own parser goes through the C library's 32-bit-limited time functions and silently
/// normalises impossible dates (month 13 becomes January of the next year). We validate every
/// field instead and convert with integer arithmetic valid for any year, so that
/// `0001-01-01@00:00:00` and `9999-12-31@23:59:59` mean what they say.
enum CivilCalendar {
    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// Days in `month` (1...12) of `year`.
    static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The largest year whose dates still fit Realm's 64-bit seconds.
    static let maximumYear: Int64 = 292_277_026_595

    /// Days from 1970-01-01 to the given valid date (negative before it).
    ///
    /// Counts in 400-year eras (146 097 days each) of years that start on 1 March, so that the
    /// leap day is the last day of its year and the month lengths from March on follow the
    /// arithmetic pattern `(153 * m + 2) / 5`.
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchBasedYear = month <= 2 ? year - 1 : year
        let era = (marchBasedYear >= 0 ? marchBasedYear : marchBasedYear - 399) / 400
        let yearOfEra = marchBasedYear - era * 400
        let marchBasedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * marchBasedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        // 719 468 is the day of the era-based count on which 1970-01-01 falls.
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Seconds since the epoch for a valid date and time of day, or nil on overflow.
    static func secondsSinceEpoch(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) -> Int64? {
        guard year <= maximumYear else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let (daySeconds, overflow) = days.multipliedReportingOverflow(by: 86_400)
        guard !overflow else { return nil }
        let (total, overflow2) = daySeconds.addingReportingOverflow(hour * 3600 + minute * 60 + second)
        return overflow2 ? nil : total
    }
}
