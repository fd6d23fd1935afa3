import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Standing on a class (`cd Specimen`) or on a find result, `find` and `count` work on that
/// class without naming it; they failed with "no class named 'name'".
@Suite("find and count on the current class end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct CurrentClassTests {
    let runner = ExecutableTests()

    @Test func findAndCountUseTheClassStoodOn() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let specimens = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array)
        let categories = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_Category" }?["objects"]?.array)
        let north = specimens.filter { ($0["latitude"]?["$double"]?.string).flatMap(Double.init) ?? -100 > 60 }.count
        let foxes = specimens.filter { $0["name"]?.string?.contains("fox") == true }.count
        let script = """
        cd Specimen
        count
        count latitude > 60
        count Category
        find name CONTAINS "fox"
        count latitude > 60
        cd /
        find name CONTAINS "fox"
        count

        """
        let result = try runner.run([Fixtures.realmPath("species")], input: script)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == ["\(specimens.count)", "\(north)", "\(categories.count)"])
        #expect(lines.contains("(0..\(foxes) of \(foxes) matching Specimen objects)"))
        #expect(lines.last == "\(north)", "standing on the result, count counts its class")
        #expect(result.standardError == """
        error (line 8): no class named 'name' (type 'classes' to list them)
        error (line 9): usage: count CLASS [QUERY]   (after 'cd CLASS', count [QUERY])

        """)
    }

    @Test func collectionPositionsOutOfRangeNameTheWholePath() throws {
        guard Fixtures.requirePresent() else { return }
        let all = try #require(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("alltypes"))["tables"]?.array?.first { $0["name"]?.string == "class_AllTypes" }?["objects"]?.array)
        let position = try #require(all.firstIndex { ($0["intList"]?.array?.count ?? 0) > 1 && ($0["intList"]?.array?.count ?? 0) < 100 })
        let count = try #require(all[position]["intList"]?.array?.count)
        let result = try runner.run([Fixtures.realmPath("alltypes")], input: "show AllTypes[\(position)].intList[\(count)]\ncd AllTypes[\(position)].intList\nshow [-\(count + 1)]\n")
        #expect(result.status == 1)
        #expect(result.standardError == """
        error (line 1): AllTypes[\(position)].intList[\(count)] is out of range: positions run from 0 to \(count - 1)
        error (line 3): AllTypes[\(position)].intList[-\(count + 1)] is out of range: positions run from 0 to \(count - 1)

        """)
    }
}
