import Foundation
import RealmInterchange
import Testing
import TestSupport

/// Walking the object graph through the executable, with `-c` and with piped commands.
@Suite("Navigation end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct NavigationCommandTests {
    let runner = ExecutableTests()

    @Test func keyPathsWithDashC() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        let tables = try #require(dump["tables"]?.array)
        let taskLists = try #require(tables.first { $0["name"]?.string == "class_TaskList" }?["objects"]?.array)
        let tasks = try #require(tables.first { $0["name"]?.string == "class_Task" }?["objects"]?.array)
        let firstTask = try #require(taskLists[0]["tasks"]?.array?.first?["$link"]?.array?.last?.int)
        let position = try #require(tasks.firstIndex { $0["_key"]?.int == firstTask })
        let name = try #require(tasks[position]["name"]?.string)
        let result = try runner.run([Fixtures.realmPath("tasks"), "-c", "show TaskList[0].tasks[0].name; show TaskList[0].tasks"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("\"\(name)\"\n"))
        #expect(result.standardOutput.contains("0 │ Task[\(position)] │ \(name) "))
    }

    @Test func cdAndBacklinksFromPipedInput() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let specimens = try #require(dump["tables"]?.array?.first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array)
        let category = try #require(specimens[3]["category"]?["$link"]?.array?.last?.int)
        let linking = try specimens.filter { try #require($0["category"]).isNull == false && $0["category"]?["$link"]?.array?.last?.int == category }
        let input = "cd Specimen[3]\ncd category\nbacklinks\ncd ..\nshow name\nback\nshow name\n"
        let result = try runner.run([Fixtures.realmPath("species")], input: input)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Specimen.category -> Category[\(category)]  (\(linking.count) links)"))
        #expect(result.standardOutput.contains("\"\(try #require(specimens[3]["name"]?.string))\"\n"))
        let wrong = try runner.run([Fixtures.realmPath("species")], input: "cd Specimen[3]\ncd nosuch\nshow name\n")
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("no property 'nosuch'"))
        #expect(wrong.standardOutput.contains("\"\(try #require(specimens[3]["name"]?.string))\""), "a failed cd stays where it was")
    }
}
