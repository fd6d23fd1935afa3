import RealmFormat
@testable import RealmQuery
import TestSupport
import Testing

/// Realm's rules for numbers: NaN before every number except in a property's comparison with
/// a constant of its own float or double type (IEEE there), exact comparisons across int,
/// float, double and decimal, float and decimal literals read in the property's type, and
/// sorting in that same order.
@Suite("Numeric comparison and sort rules")
struct NumericRulesTests {
    static let decimalNaN = Decimal128(high: 0x7C00_0000_0000_0000, low: 0)
    static let decimalInfinity = Decimal128(high: 0x7800_0000_0000_0000, low: 0)
    /// +9999999999999999999999999999999999E+6111, as alltypes.json gives its bits.
    static let largestDecimal = Decimal128(high: 0x5FFF_ED09_BEAD_87C0, low: 0x378D_8E63_FFFF_FFFF)

    static func decimal(_ text: String) throws -> Decimal128 {
        try #require(DecimalConversion.decimal(fromText: text))
    }

    @Test("ints and doubles compare by exact value, also where a Double cannot hold the int")
    func intAgainstDouble() {
        #expect(NumericOrder.compare(.int(.max), .double(0x1p63)) == -1)
        #expect(NumericOrder.compare(.int(.min), .double(-0x1p63)) == 0)
        #expect(NumericOrder.compare(.int(9_007_199_254_740_993), .double(9_007_199_254_740_992)) == 1)
        #expect(NumericOrder.compare(.double(2.5), .int(2)) == 1)
        #expect(NumericOrder.compare(.double(-2.5), .int(-2)) == -1)
        #expect(NumericOrder.compare(.int(.min), .double(-.infinity)) == 1)
        #expect(NumericOrder.compare(.double(-0.0), .int(0)) == 0)
        #expect(NumericOrder.compare(.float(0.1), .double(0.1)) == 1)
    }

    @Test("NaN of any type comes before every number and equals NaN")
    func notANumber() throws {
        #expect(NumericOrder.compare(.int(.min), .double(.nan)) == 1)
        #expect(NumericOrder.compare(.float(.nan), .double(.nan)) == 0)
        #expect(NumericOrder.compare(.decimal(Self.decimalNaN), .double(-.infinity)) == -1)
        #expect(NumericOrder.compare(.decimal(Self.decimalNaN), .decimal(try Self.decimal("-1.5"))) == -1)
        #expect(NumericOrder.compare(.string("a"), .double(.nan)) == nil)
        // A property against a constant of its own float type: IEEE, NaN unordered.
        #expect(!ValueComparator.matches(.double(.nan), .less, .double(0), options: [], numbers: .ownType))
        #expect(ValueComparator.matches(.double(.nan), .less, .double(0), options: [], numbers: .mixedOrder))
        #expect(!ValueComparator.matches(.float(.nan), .equal, .float(.nan), options: [], numbers: .ownType))
        #expect(ValueComparator.matches(.float(.nan), .notEqual, .float(.nan), options: [], numbers: .ownType))
        #expect(ValueComparator.matches(.float(.nan), .equal, .float(.nan), options: [], numbers: .mixedOrder))
        // Decimals have no IEEE mode in Realm: NaN is first either way.
        #expect(ValueComparator.matches(.decimal(Self.decimalNaN), .lessOrEqual, .decimal(try Self.decimal("-1.5")), options: [], numbers: .ownType))
    }

    @Test("decimals compare exactly, infinities and negatives included; doubles and floats as 15 and 7 digits")
    func decimals() throws {
        #expect(NumericOrder.compare(.decimal(Self.largestDecimal), .decimal(Self.decimalInfinity)) == -1)
        #expect(NumericOrder.compare(.decimal(try Self.decimal("-1.5")), .decimal(try Self.decimal("-2"))) == 1)
        #expect(NumericOrder.compare(.decimal(try Self.decimal("-0")), .int(0)) == 0)
        #expect(NumericOrder.compare(.decimal(try Self.decimal("1E2")), .decimal(try Self.decimal("100.0"))) == 0)
        #expect(NumericOrder.compare(.decimal(try Self.decimal("1E-6176")), .int(0)) == 1)
        #expect(NumericOrder.compare(.decimal(try Self.decimal("0.1")), .double(0.1)) == 0)
        #expect(NumericOrder.compare(.decimal(try Self.decimal("0.1")), .float(0.1)) == 0)
        #expect(NumericOrder.compare(.decimal(try Self.decimal("0.1000000000000001")), .double(0.1)) == 1)
        #expect(NumericOrder.compare(.decimal(Self.largestDecimal), .double(.greatestFiniteMagnitude)) == 1)
        #expect(NumericOrder.compare(.decimal(try Self.decimal("-Inf")), .double(-.infinity)) == 0)
    }

    @Test("decimal literals are encoded as Realm stores them, rounded half to even past 34 digits")
    func decimalLiterals() throws {
        // Bits from alltypes.json.
        #expect(try Self.decimal("-1.5") == Decimal128(high: 0xB03E_0000_0000_0000, low: 0xF))
        #expect(try Self.decimal("1.0") == Decimal128(high: 0x303E_0000_0000_0000, low: 0xA))
        #expect(try Self.decimal("12345678901234567890.123") == Decimal128(high: 0x303A_0000_0000_029D, low: 0x42B6_4E76_7142_44CB))
        #expect(try Self.decimal("9999999999999999999999999999999999E6111") == Self.largestDecimal)
        #expect(try Self.decimal("1E-30").description == "1E-30")
        #expect(try Self.decimal("12345678901234567890123456789012345").description == "+1234567890123456789012345678901234E+1")
        #expect(try Self.decimal("12345678901234567890123456789012355").description == "+1234567890123456789012345678901236E+1")
        #expect(try Self.decimal("1E6200").isInfinite)
        #expect(DecimalConversion.decimal(fromText: "1.2.3") == nil)
    }

    @Test("number literals take the type of a float or decimal property they are compared with")
    func literalTypes() throws {
        let range = SourceRange(start: 0, end: 0)
        func value(_ text: String, _ hint: ColumnType?) throws -> RealmValue {
            guard case let .literal(literal)? = try rightOperand("x == " + text) else { return .null }
            return try LiteralValues.value(of: literal, range: range, hint: hint)
        }
        #expect(try value("0.1", .float) == .float(0.1))
        #expect(try value("-1e300", .float) == .float(-.infinity))
        #expect(try value("inf", .float) == .float(.infinity))
        #expect(try value("0", .float) == .int(0))
        #expect(try value("0.1", .double) == .double(0.1))
        #expect(try value("0.1", .int) == .double(0.1))
        #expect(try value("0.1", .mixed) == .double(0.1))
        #expect(try value("-1.5", .decimal128) == .decimal(Decimal128(high: 0xB03E_0000_0000_0000, low: 0xF)))
        #expect(try value("99999999999999999999", .decimal128) == .decimal(try Self.decimal("99999999999999999999")))
    }

    @Test("an int property against a double constant compiles to an exact integer test")
    func integerForms() {
        func holds(_ op: ComparisonOperator, _ constant: Double, _ value: Int64) -> Bool {
            guard let form = IntegerCondition.form(op, exactly: constant) else { return false }
            return IntegerCondition(form: form, nullMatches: false).matches(value)
        }
        #expect(!holds(.equal, 0x1p63, .max))
        #expect(holds(.less, 0x1p63, .max))
        #expect(holds(.greaterOrEqual, -0x1p63, .min))
        #expect(holds(.less, 2.5, 2) && !holds(.less, 2.5, 3))
        #expect(holds(.greater, -2.5, -2) && !holds(.greater, -2.5, -3))
        #expect(!holds(.equal, 2.5, 2) && holds(.notEqual, 2.5, 2))
        #expect(holds(.greater, .nan, .min) && !holds(.less, .nan, .max) && !holds(.equal, .nan, 0))
        #expect(holds(.equal, 4.0, 4))
    }
}

/// The rules on alltypes.realm, with both the scan kernels and the general evaluator.
@Suite("Numeric rules on alltypes.realm", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct NumericQueryTests {
    /// Keys of `query` (in result order), after checking that both strategies agree.
    static func keys(_ query: String) throws -> [Int64] {
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let table = try #require(file.tables.first { $0.className == "AllTypes" })
        try AgreementCheck.compare(query, on: table, in: file, place: "alltypes")
        return try QueryEngine(file: file, strategy: .kernels).run(query, on: table)
    }

    @Test("a float property reads a decimal literal as a float, on either side")
    func floatLiterals() throws {
        guard Fixtures.requirePresent() else { return }
        // floatReq holds 0.1f (0.100000001) at 11, 23 and 35; doubleReq the double 0.1 at 9, 21, 33.
        #expect(try Self.keys("floatReq == 0.1") == [11, 23, 35])
        #expect(try Self.keys("0.1 == floatReq") == [11, 23, 35])
        #expect(try Self.keys("floatReq IN {0.1, 1.5}") == [9, 11, 21, 23, 33, 35])
        #expect(try Self.keys("floatOpt == 0.1") == [6, 18, 30])
        #expect(try Self.keys("floatReq > 0.1 AND floatReq < 1.5").isEmpty)
        #expect(try Self.keys("doubleReq == 0.1") == [9, 21, 33])
    }

    @Test("NaN: unordered against a constant of the property's own type, first everywhere else")
    func notANumber() throws {
        guard Fixtures.requirePresent() else { return }
        // doubleReq and floatReq are NaN at 2, 14, 26, 38; decimalReq at 4, 20, 36.
        #expect(try Self.keys("doubleReq < -1e300") == [4, 7, 16, 19, 28, 31])
        #expect(try Self.keys("floatReq < -3e38") == [4, 7, 16, 19, 28, 31])
        #expect(try Self.keys("doubleReq < 0").starts(with: [2, 4, 7, 10, 14]))
        #expect(try Self.keys("floatReq < 0 AND floatReq > -4") == [10, 22, 34])
        #expect(try Self.keys("intReq > doubleReq").starts(with: [2, 4, 7]))
        #expect(try Self.keys("ANY doubleList < -1e300").contains(2))
        #expect(try Self.keys("doubleReq == nan").isEmpty)
        #expect(try Self.keys("doubleList == nan") == [2, 14, 26, 38])
        #expect(try Self.keys("decimalReq < -1E6111") == [4, 7, 14, 20, 23, 30, 36, 39])
        #expect(try Self.keys("intReq > nan").count == 299)
    }

    @Test("ints against doubles at the ends of Int64")
    func integerExtremes() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(try Self.keys("intReq == 9223372036854775807") == [4, 18, 32])
        #expect(try Self.keys("intReq == 9.223372036854775807e18").isEmpty)
        #expect(try Self.keys("intReq < 9.223372036854775807e18").count == 299)
        #expect(try Self.keys("intReq >= -9.223372036854775808e18").count == 299)
        #expect(try Self.keys("intReq > 254.5 AND intReq < 255.5") == [9, 23, 37])
    }

    @Test("kernels and the general evaluator agree on NaN, mixed types and float literals")
    func agreement() throws {
        guard Fixtures.requirePresent() else { return }
        let queries = [
            "floatOpt < 0", "floatOpt <= nan", "floatOpt >= nan", "floatOpt > nan", "doubleOpt != nan", "doubleOpt == nan",
            "doubleOpt < 0.5", "doubleOpt <= 0", "doubleOpt != 0", "floatReq >= 1e-50", "floatReq > 1e39", "floatOpt <= -0.0",
            "intOpt < 2.5", "intOpt >= -0.5", "intOpt != 1.0", "intReq <= -9.3e18", "intReq > 1e300", "intReq < inf",
            "ANY intList > 1.5", "ANY doubleList <= 0", "ALL doubleList > -1", "NONE doubleList < 0", "ANY doubleList == nan",
            "doubleList.@max < 0", "doubleList.@sum <= nan", "doubleOpt BETWEEN {-1, 1}", "floatReq BETWEEN {0.1, 1.5}",
            "doubleReq BETWEEN {nan, 1}", "target.value < 2.5", "doubleReq == nan OR doubleReq == 0",
            "floatReq == 0.1 OR floatReq == 1.5 OR floatReq == nan", "0 > doubleReq", "nan < intReq",
        ]
        for query in queries { _ = try Self.keys(query) }
    }

    @Test("SORT orders NaN first, then -Inf, decimals by exact value, ties in key order")
    func sorting() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(try Self.keys("TRUEPREDICATE SORT(decimalReq ASC) LIMIT(8)") == [4, 20, 36, 7, 23, 39, 14, 30])
        #expect(try Self.keys("TRUEPREDICATE SORT(decimalReq DESC) LIMIT(8)") == [6, 22, 38, 12, 28, 3, 19, 35])
        #expect(try Self.keys("doubleReq < 0 SORT(doubleReq ASC) LIMIT(8)") == [2, 14, 26, 38, 4, 16, 28, 7])
        #expect(try Self.keys("decimalOpt > 0 SORT(decimalOpt DESC) LIMIT(4)") == [4, 20, 36, 26])
    }
}
