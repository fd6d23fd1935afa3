@testable import RealmQuery
import Testing

@Suite("Date literals")
struct DateLiteralTests {
    func timestamp(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TimestampLiteral? {
        guard case let .timestamp(timestamp)? = try literal(text, sourceLocation: sourceLocation) else {
            Issue.record("'\(text)' is not a timestamp", sourceLocation: sourceLocation)
            return nil
        }
        return timestamp
    }

    func expect(_ text: String, _ seconds: Int64, _ nanoseconds: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let value = try timestamp(text, sourceLocation: sourceLocation)
        #expect(value?.seconds == seconds, "\(text)", sourceLocation: sourceLocation)
        #expect(value?.nanoseconds == nanoseconds, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func secondsAndNanosecondsForm() throws {
        try expect("T1425211200:0", 1_425_211_200, 0)
        try expect("T-5:-3", -5, -3)
        try expect("T0:-3", 0, -3)
        try expect("T+5:+3", 5, 3)
        try expect("T-1:0", -1, 0)
    }

    @Test func readableDatesAreUTC() throws {
        try expect("1970-01-01@00:00:00", 0, 0)
        // The oracle's species query writes the same instant both ways.
        try expect("2015-03-01@12:00:00", 1_425_211_200, 0)
        try expect("2015-03-01T12:00:00", 1_425_211_200, 0)
        try expect("1998-01-01@00:00:00", 883_612_800, 0)
        try expect("2038-01-19@03:14:08", 2_147_483_648, 0)
        try expect("2001-09-09@01:46:40:123", 1_000_000_000, 123)
        try expect("2015-3-1@1:2:3", 1_425_171_723, 0)
    }

    /// Realm keeps both parts on the same side of zero, so half a second before the epoch is
    /// (0, -500000000), and 1.25 s before it (-1, -250000000).
    @Test func beforeTheEpochBothPartsAreNegative() throws {
        try expect("1969-12-31@23:59:59", -1, 0)
        try expect("1969-12-31@23:59:59:500000000", 0, -500_000_000)
        try expect("1969-12-31@23:59:58:750000000", -1, -250_000_000)
        try expect("1901-12-13@20:45:52", -2_147_483_648, 0)
    }

    @Test func anyYearIsExact() throws {
        try expect("0001-01-01@00:00:00", -62_135_596_800, 0)
        try expect("0000-03-01@00:00:00", -62_162_035_200, 0)
        try expect("1600-02-29@00:00:00", -11_670_998_400, 0)
        try expect("1900-03-01@00:00:00", -2_203_891_200, 0)
        try expect("9999-12-31@23:59:59", 253_402_300_799, 0)
        try expect("10000-01-01@00:00:00", 253_402_300_800, 0)
        try expect("292277026595-12-31@23:59:59", 9_223_372_036_825_516_799, 0)
    }

    /// Day numbers from the closed formula agree with counting whole years and months.
    @Test func dayArithmeticAgreesWithCounting() {
        var days: Int64 = 0
        for year in Int64(1970)...2500 {
            for month in Int64(1)...12 {
                #expect(CivilCalendar.daysSinceEpoch(year: year, month: month, day: 1) == days, "\(year)-\(month)")
                days += CivilCalendar.daysInMonth(month, year: year)
            }
        }
        days = 0
        for year in stride(from: Int64(1969), through: -400, by: -1) {
            for month in stride(from: Int64(12), through: 1, by: -1) {
                days -= CivilCalendar.daysInMonth(month, year: year)
                #expect(CivilCalendar.daysSinceEpoch(year: year, month: month, day: 1) == days, "\(year)-\(month)")
            }
        }
    }

    @Test func leapYears() throws {
        try expect("2000-02-29@00:00:00", 951_782_400, 0)
        try expect("2024-02-29@00:00:00", 1_709_164_800, 0)
        #expect(parseError("d == 1900-02-29@00:00:00")?.message == "day 29 does not exist in February 1900 (it has 28 days)")
        #expect(parseError("d == 2023-02-29@00:00:00")?.message == "day 29 does not exist in February 2023 (it has 28 days)")
    }

    /// Each impossible field is named, and the error points at that field.
    @Test func impossibleDatesAreRejectedWhereTheyAreWrong() {
        let cases: [(String, Int, String)] = [
            ("d == 2015-13-01@00:00:00", 10, "month 13 does not exist (months run from 1 to 12)"),
            ("d == 2015-00-01@00:00:00", 10, "month 00 does not exist (months run from 1 to 12)"),
            ("d == 2015-02-30@00:00:00", 13, "day 30 does not exist in February 2015 (it has 28 days)"),
            ("d == 2015-04-31@00:00:00", 13, "day 31 does not exist in April 2015 (it has 30 days)"),
            ("d == 2015-04-00@00:00:00", 13, "day 00 does not exist in April 2015 (it has 30 days)"),
            ("d == 2015-04-01@25:00:00", 16, "hour 25 does not exist (hours run from 0 to 23)"),
            ("d == 2015-04-01@24:00:00", 16, "hour 24 does not exist (hours run from 0 to 23)"),
            ("d == 2015-04-01@23:60:00", 19, "minute 60 does not exist (minutes run from 0 to 59)"),
            ("d == 2015-04-01@23:59:60", 22, "second 60 does not exist (seconds run from 0 to 59)"),
            ("d == 2015-04-01@23:59:59:1000000000", 25, "nanosecond 1000000000 does not exist (nanoseconds run from 0 to 999999999)"),
        ]
        for (text, offset, message) in cases {
            let error = parseError(text)
            #expect(error?.offset == offset, "\(text)")
            #expect(error?.message == message, "\(text)")
        }
    }

    @Test func incompleteOrOutOfRangeDates() {
        #expect(parseError("d == 2015-03-01")?.message == "a date needs a time of day: write 2015-03-01@HH:MM:SS (UTC)")
        #expect(parseError("d == 2015-03-01@12:00")?.offset == 5)
        #expect(parseError("d == 292277026596-01-01@00:00:00")?.offset == 5)
        #expect(parseError("d == 99999999999999999999-01-01@00:00:00")?.offset == 5)
        #expect(parseError("d == T5:-3")?.message.contains("mixes signs") == true)
        #expect(parseError("d == T5:1000000000")?.offset == 5)
        #expect(parseError("d == T99999999999999999999:0")?.offset == 5)
    }

    @Test func namesThatStartLikeTimestampsStayNames() throws {
        #expect(pathText(try leftOperand("Target == 1")) == "Target")
        #expect(pathText(try leftOperand("T1 == 1")) == "T1")
    }
}
