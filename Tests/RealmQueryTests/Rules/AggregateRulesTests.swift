import RealmFormat
import RealmQuery
import TestSupport
import Testing

/// `@min`, `@max`, `@sum` and `@avg` as Realm has them: which element types take which
/// aggregate, Mixed elements ranked across types, `@links` reduced as one collection, and NaN
/// results ordered below every number. Expected keys were worked out from the fixtures' dumps.
@Suite("Aggregate rules", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct AggregateRulesTests {
    @Test("the table of element types each aggregate takes")
    func table() {
        let numbers: [ColumnType] = [.int, .float, .double, .decimal128, .mixed]
        for function in AggregateFunction.allCases {
            for type in numbers {
                #expect(AggregateRules.accepts(function, type, .values), "\(function) of \(type) values")
                #expect(AggregateRules.accepts(function, type, .objectProperty), "\(function) of a \(type) property")
            }
            for type: ColumnType in [.string, .binary, .bool, .objectId, .uuid, .link] {
                #expect(!AggregateRules.accepts(function, type, .values), "\(function) of \(type) values")
                #expect(!AggregateRules.accepts(function, type, .objectProperty), "\(function) of a \(type) property")
            }
        }
        // Dates: ordered only as a property of linked objects, never added up.
        #expect(!AggregateRules.accepts(.max, .timestamp, .values))
        #expect(AggregateRules.accepts(.max, .timestamp, .objectProperty))
        #expect(AggregateRules.accepts(.min, .timestamp, .objectProperty))
        #expect(!AggregateRules.accepts(.sum, .timestamp, .objectProperty))
        #expect(!AggregateRules.accepts(.average, .timestamp, .values))
    }

    @Test("refused aggregates point at the aggregate and say why")
    func refusals() throws {
        guard Fixtures.requirePresent() else { return }
        let cases: [(fixture: String, className: String, query: String, offset: Int, fragment: String)] = [
            ("big", "Item", "tags.@min == 'a'", 5, "'.@min' on strings"),
            ("history", "Note", "tags.@sum > 0", 5, "'.@sum' on strings"),
            ("alltypes", "AllTypes", "stringOptList.@sum > 3", 14, "@sum needs numbers"),
            ("alltypes", "AllTypes", "uuidList.@avg > 1", 9, "'.@avg' on uuids"),
            ("alltypes", "AllTypes", "dateList.@sum > 0", 9, "'.@sum' on dates"),
            ("alltypes", "AllTypes", "dateList.@max > 2000-01-01@00:00:00", 9, "only as a property of linked objects"),
            ("alltypes", "AllTypes", "dateSet.@min > 2000-01-01@00:00:00", 8, "'.@min' on dates"),
            ("alltypes", "AllTypes", "uuidDict.@max == nil", 9, "'.@max' on uuids"),
            ("alltypes", "AllTypes", "intReq > 0 AND targetList.@max > 3", 26, "name the property to aggregate"),
            ("alltypes", "AllTypes", "targetList.@sum.name > 3", 11, "'.@sum' on strings"),
            ("alltypes", "Target", "@links.AllTypes.target.@avg.dateReq > 0", 23, "'.@avg' on dates"),
            ("alltypes", "Target", "@links.AllTypes.target.@max.uuidReq == nil", 23, "'.@max' on uuids"),
            ("alltypes", "Target", "@links.AllTypes.target.@min.boolReq == true", 23, "'.@min' on bools"),
            ("alltypes", "Target", "@links.AllTypes.target.@min.objectIdReq == nil", 23, "'.@min' on objectIds"),
            ("alltypes", "Target", "@links.AllTypes.target.@max.intList > 0", 23, "a list"),
            ("alltypes", "Target", "@links.AllTypes.target.@sum > 0", 23, "name the property"),
        ]
        for (fixture, className, query, offset, fragment) in cases {
            let file = try RealmFile(path: Fixtures.realmPath(fixture))
            let table = try #require(file.tables.first { $0.className == className })
            do {
                _ = try QueryEngine(file: file).run(query, on: table)
                Issue.record("\(query) should be rejected")
            } catch {
                #expect(error.range?.start == offset, "\(query): \(error)")
                #expect(error.message.contains(fragment), "\(query): \(error.message)")
            }
        }
    }

    @Test("numbers, Mixed and dates of linked objects are accepted")
    func accepted() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let allTypes = try #require(file.tables.first { $0.className == "AllTypes" })
        let target = try #require(file.tables.first { $0.className == "Target" })
        let engine = QueryEngine(file: file)
        for query in ["intSet.@sum > 0", "doubleDict.@avg < 0", "mixedSet.@max != nil", "mixedDict.@min == nil", "targetList.@max.value > 3"] {
            #expect(throws: Never.self, "\(query)") { _ = try engine.run(query, on: allTypes) }
        }
        for query in ["@links.AllTypes.target.@max.dateReq > 2000-01-01@00:00:00", "@links.AllTypes.target.@sum.decimalReq > 0",
                      "@links.AllTypes.target.@avg.mixedValue > 0", "@links.AllTypes.targetList.@min.doubleOpt < 0"] {
            #expect(throws: Never.self, "\(query)") { _ = try engine.run(query, on: target) }
        }
    }

    @Test("@min/@max of Mixed rank every type; @sum/@avg take the numbers", arguments: [QueryEngine.Strategy.kernels, .general])
    func mixedElements(strategy: QueryEngine.Strategy) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let allTypes = try #require(file.tables.first { $0.className == "AllTypes" })
        let engine = QueryEngine(file: file, strategy: strategy)
        // Every non-empty mixedList holds a number and a uuid (and mostly a link): the maximum is
        // never a number, so no number is below it.
        #expect(try engine.run("mixedList.@max > 100", on: allTypes) == [])
        #expect(try engine.run("mixedList.@max < 100", on: allTypes) == [])
        // Strings, links, uuids and nested collections rank above numbers, so the minimum is the
        // smallest of each list's int and float.
        #expect(try engine.run("mixedList.@min < -1000", on: allTypes) == [4, 16, 28, 40, 52, 72, 124, 132, 232, 260, 268, 292])
        // Sums and averages see only the int and the float of each list.
        #expect(try engine.run("mixedList.@sum > 10", on: allTypes).count == 37)
        #expect(try engine.run("mixedList.@avg < 5", on: allTypes).count == 38)
    }

    @Test("@links.Class.property is one collection, reduced once", arguments: [QueryEngine.Strategy.kernels, .general])
    func backlinks(strategy: QueryEngine.Strategy) throws {
        guard Fixtures.requirePresent() else { return }
        let species = try RealmFile(path: Fixtures.realmPath("species"))
        let category = try #require(species.tables.first { $0.className == "Category" })
        let engine = QueryEngine(file: species, strategy: strategy)
        // Average latitudes: Birds 28.2, Mammals 29.3, Flora 33.9, Reptiles 11.1, Arachnids 19.3
        // (each category also has a specimen above 20, so "any > 20" would take all five).
        #expect(try engine.run("@links.Specimen.category.@avg.latitude > 20", on: category) == [0, 1, 2])
        #expect(try engine.run("@links.Specimen.category.@min.latitude < -30", on: category) == [0, 1, 4])
        #expect(try engine.run("@links.Specimen.category.@max.created < 2017-09-01@00:00:00", on: category) == [4])
        #expect(try engine.run("@links.Specimen.category.@min.created < 1970-01-01@00:00:00", on: category) == [4])
        #expect(try engine.run("@links.Specimen.category.@sum.latitude BETWEEN {100, 300}", on: category) == [0, 1, 4])
    }

    @Test("a NaN sum is below every number", arguments: [QueryEngine.Strategy.kernels, .general])
    func nanResults(strategy: QueryEngine.Strategy) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let allTypes = try #require(file.tables.first { $0.className == "AllTypes" })
        let target = try #require(file.tables.first { $0.className == "Target" })
        let engine = QueryEngine(file: file, strategy: strategy)
        // Target 0 is linked from floats 0, inf and -inf (and finite ones): its sum is NaN.
        #expect(try engine.run("@links.AllTypes.target.@sum.floatReq < 0", on: target) == [0, 1, 2, 9, 11, 12, 13, 15, 17, 20, 23])
        #expect(try engine.run("@links.AllTypes.target.@sum.floatReq > 0", on: target) == [3, 4, 5, 6, 7, 8, 10, 14, 16, 18, 19, 21, 22])
        // doubleList [inf, -inf, tiny] sums to NaN (3, 15, 27, 39); NaN elements are skipped, so
        // [nan, inf] sums to inf (2, 14, 26, 38).
        #expect(try engine.run("doubleList.@sum < 0", on: allTypes) == [3, 7, 10, 15, 19, 22, 27, 31, 34, 39])
        #expect(try engine.run("doubleList.@sum > 1e308", on: allTypes) == [2, 14, 26, 38])
        #expect(try engine.run("0 > doubleList.@avg AND doubleList.@count == 3", on: allTypes) == [3, 7, 15, 19, 27, 31, 39])
    }
}
