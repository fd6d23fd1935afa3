import RealmShell
import Foundation
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// `stats`: every figure compared with the same figure computed here from Realm's JSON dump.
@Suite("stats", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct StatsTests {
    /// `label -> value` of one property's block in the output of `stats`.
    static func figures(_ output: String, property: String) -> [String: String] {
        let blocks = output.components(separatedBy: "\n\n")
        guard let block = blocks.first(where: { $0.hasPrefix(property + "  ") }) else { return [:] }
        var figures: [String: String] = [:]
        for line in block.split(separator: "\n").dropFirst() {
            let text = line.dropFirst(2)
            guard let gap = text.range(of: "  ") else { continue }
            figures[String(text[..<gap.lowerBound])] = String(text[gap.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        return figures
    }

    static func stats(_ command: String, fixture: String) throws -> String {
        try DumpLookup.output(of: [command], fixture: fixture).1
    }

    @Test func numbersDatesAndLinksOfSpecimen() throws {
        guard Fixtures.requirePresent() else { return }
        let output = try Self.stats("stats Specimen", fixture: "species")
        let objects = try DumpLookup(fixture: "species").objects(of: "class_Specimen")
        #expect(output.hasPrefix("Specimen: \(objects.count) objects\n"))

        let latitudes = objects.compactMap { Expected.double($0["latitude"]) }
        let sum = latitudes.reduce(0, +)
        #expect(Self.figures(output, property: "latitude") == [
            "count": "\(latitudes.count)", "nulls": "0", "min": "\(latitudes.min() ?? .nan)", "max": "\(latitudes.max() ?? .nan)",
            "sum": "\(sum)", "avg": "\(sum / Double(latitudes.count))",
        ])

        let dates = objects.compactMap { $0["created"]?["$date"]?.array?.compactMap(\.int) }
        let nanoseconds = dates.map { Int128($0[0]) * 1_000_000_000 + Int128($0[1]) }
        let average = nanoseconds.reduce(0, +) / Int128(nanoseconds.count)
        let averageDate = JSONValue.object([JSONValue.Member(key: "$date", value: .array([.int(Int64(average / 1_000_000_000)), .int(Int64(average % 1_000_000_000))]))])
        let earliest = objects.min { Self.seconds($0) < Self.seconds($1) }?["created"]
        let latest = objects.max { Self.seconds($0) < Self.seconds($1) }?["created"]
        #expect(Self.figures(output, property: "created") == [
            "count": "42", "nulls": "0", "min": Expected.iso8601(earliest) ?? "?", "max": Expected.iso8601(latest) ?? "?",
            "avg": Expected.iso8601(averageDate) ?? "?",
        ])
        #expect(Self.figures(output, property: "created")["min"]?.hasPrefix("196") == true, "the pre-1970 specimen is the earliest")

        let categories = try DumpLookup(fixture: "species").objects(of: "class_Category")
        var counts: [Int64: Int] = [:]
        for object in objects { if let key = object["category"]?.link?.key { counts[key, default: 0] += 1 } }
        let common = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(5).map { entry in
            let position = categories.firstIndex { $0["_key"]?.int == entry.key } ?? -1
            return "Category[\(position)] \"\(categories[position]["name"]?.string ?? "")\" (\(entry.value))"
        }
        #expect(Self.figures(output, property: "category") == [
            "count": "\(counts.values.reduce(0, +))", "nulls": "\(objects.filter { $0["category"] == .null }.count)",
            "distinct": "\(counts.count)", "common": common.joined(separator: ", "),
        ])
        #expect(Self.figures(output, property: "name")["distinct"] == "\(Set(objects.compactMap { $0["name"]?.string }).count)")
    }

    static func seconds(_ object: JSONValue) -> Int64 {
        object["created"]?["$date"]?.array?.first?.int ?? 0
    }

    @Test func booleansAndListLengths() throws {
        guard Fixtures.requirePresent() else { return }
        let lookup = try DumpLookup(fixture: "tasks")
        let tasks = try lookup.objects(of: "class_Task")
        let completed = tasks.filter { $0["isCompleted"]?.bool == true }.count
        let flags = Self.figures(try Self.stats("stats Task isCompleted", fixture: "tasks"), property: "isCompleted")
        #expect(flags == ["count": "\(tasks.count)", "nulls": "0", "true": "\(completed)", "false": "\(tasks.count - completed)"])
        #expect(completed == 12, "the fixture README says 12 completed")

        let lists = try lookup.objects(of: "class_TaskList").compactMap { $0["tasks"]?.array?.count }
        var histogram: [Int: Int] = [:]
        for length in lists { histogram[length, default: 0] += 1 }
        let figures = Self.figures(try Self.stats("stats TaskList tasks", fixture: "tasks"), property: "tasks")
        #expect(figures == [
            "count": "\(lists.count)", "nulls": "0", "min length": "\(lists.min() ?? -1)", "max length": "\(lists.max() ?? -1)",
            "avg length": "\(Double(lists.reduce(0, +)) / Double(lists.count))", "elements": "\(lists.reduce(0, +))",
            "lengths": histogram.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "),
        ])
    }

    @Test func integerSumsBeyondSixtyFourBitsAndNaNs() throws {
        guard Fixtures.requirePresent() else { return }
        let objects = try DumpLookup(fixture: "alltypes").objects(of: "class_AllTypes")
        let integers = objects.compactMap { $0["intOpt"]?.int }
        let sum = integers.reduce(Int128(0)) { $0 + Int128($1) }
        let output = try Self.stats("stats AllTypes", fixture: "alltypes")
        #expect(Self.figures(output, property: "intOpt") == [
            "count": "\(integers.count)", "nulls": "\(objects.count - integers.count)",
            "min": "\(integers.min() ?? 0)", "max": "\(integers.max() ?? 0)", "sum": "\(sum)", "avg": "\(Double(sum) / Double(integers.count))",
        ])
        let floats = objects.compactMap { $0["floatOpt"]?["$float"]?.string }
        #expect(Self.figures(output, property: "floatOpt")["nan"] == "\(floats.filter { $0 == "nan" }.count) (left out of min/max/avg/sum)")
        #expect(Self.figures(output, property: "floatOpt")["count"] == "\(floats.count)")

        var types: [String: Int] = [:]
        for object in objects {
            guard let value = object["mixedValue"], value != .null else { continue }
            types[Self.mixedType(value), default: 0] += 1
        }
        let expectedTypes = types.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        #expect(Self.figures(output, property: "mixedValue")["types"] == expectedTypes.joined(separator: ", "))
        let ids = objects.compactMap { $0["objectIdOpt"]?["$oid"]?.string }
        #expect(Self.figures(output, property: "objectIdOpt")["distinct"] == "\(Set(ids).count)")
    }

    /// The type of a Mixed value from its encoding in the dump.
    static func mixedType(_ value: JSONValue) -> String {
        switch value {
        case .bool: return "bool"
        case .string: return "string"
        case .array: return "list"
        default:
            let tags = ["$int": "int", "$float": "float", "$double": "double", "$binary": "data", "$date": "date", "$oid": "objectId",
                        "$decimal": "decimal128", "$uuid": "uuid", "$link": "link", "$dict": "dictionary"]
            return value.members?.first.flatMap { tags[$0.key] } ?? "?"
        }
    }

    @Test func unknownNamesAreErrors() throws {
        guard Fixtures.requirePresent() else { return }
        #expect(throws: BrowserError.unknownClass("Nope", suggestion: nil)) { try Self.stats("stats Nope", fixture: "species") }
        #expect(throws: BrowserError.unknownProperty(className: "Specimen", name: "nope")) {
            try Self.stats("stats Specimen nope", fixture: "species")
        }
        expectError(.usage(mentioning: "stats CLASS [PROPERTY]"), "stats needs a class") { try Self.stats("stats", fixture: "species") }
    }
}
