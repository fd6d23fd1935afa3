import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import TestSupport
import Testing

/// Quantifiers over key paths that cross two collections (`ANY tasks.tags == 'x'`): the
/// quantifier applies to every value reached through both; NONE matches when no value reached
/// matches, and an object whose first collection is empty matches NONE and ALL (and a list of
/// objects whose own lists are all empty reaches no value at all, which ALL and NONE accept too).
///
/// On a copy of tasks.realm changed with the tool's editor: Task gets a list of strings `tags`,
/// some tasks get tags, and an empty TaskList is added. Expected results apply the rule to
/// tasks.json plus those edits.
@Suite("Quantifiers across two collections", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct TwoCollectionQuantifierTests {
    /// Tags given to tasks (by task key); every other task keeps an empty list.
    static let tags: [Int64: [String]] = [0: ["x"], 1: ["x", "y"], 4: ["y"], 5: ["x"], 9: [], 10: ["x", "x"], 14: ["z"],
                                          19: ["x"], 21: ["x", "x"]]

    @Test("ANY, ALL and NONE over every value reached through a list of links and the targets' lists")
    func quantifiers() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        let tables = try #require(dump["tables"]?.array)
        let lists = try #require(tables.first { $0["class"]?.string == "TaskList" }?["objects"]?.array)
        var tasksOf: [(key: Int64, tasks: [Int64])] = []
        for list in lists {
            let tasks = try #require(list["tasks"]?.array).compactMap { $0["$link"]?.array?.last?.int }
            tasksOf.append((try #require(list["_key"]?.int), tasks))
        }
        let fixture = try EditedFixture("tasks")
        try fixture.edit { editor, _ in
            try editor.addProperty(NewColumn(name: "tags", type: .string, collection: .list), toTable: "class_Task")
        }
        var empty: Int64 = -1
        try fixture.edit { editor, fixture in
            let tasks = try fixture.table("Task")
            let column = try fixture.column("Task", "tags")
            for (task, tags) in Self.tags {
                _ = try editor.edit(.replaceAll(tags.map { .string($0) }), column: column, table: tasks, key: task)
            }
            empty = try editor.create(in: try fixture.table("TaskList"), values: [(try fixture.column("TaskList", "name"), .string("Empty"))])
        }
        tasksOf.append((empty, []))
        func values(_ list: (key: Int64, tasks: [Int64])) -> [String] { list.tasks.flatMap { Self.tags[$0] ?? [] } }
        func expect(_ query: String, _ rule: ([String]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let expected = tasksOf.filter { rule(values($0)) }.map(\.key)
            #expect(try fixture.keys(query, on: "TaskList") == expected, "\(query)", sourceLocation: sourceLocation)
        }
        try expect("ANY tasks.tags == 'x'") { $0.contains("x") }
        try expect("tasks.tags == 'x'") { $0.contains("x") }
        try expect("NONE tasks.tags == 'x'") { !$0.contains("x") }
        try expect("ALL tasks.tags == 'x'") { $0.allSatisfy { $0 == "x" } }
        try expect("ALL tasks.tags != 'z'") { !$0.contains("z") }
        let none = tasksOf.filter { !values($0).contains("x") && $0.tasks.count > 3 }.map(\.key)
        #expect(try fixture.keys("NONE tasks.tags == 'x' AND tasks.@count > 3", on: "TaskList") == none)
        // Both sides: at least one list matches each, and at least one does not.
        let matchingNone = tasksOf.filter { !values($0).contains("x") }.count
        #expect(matchingNone > 1 && matchingNone < tasksOf.count)
        #expect(tasksOf.contains { !values($0).isEmpty && values($0).allSatisfy { $0 == "x" } })
        // Reaching no value at all (the empty list, lists of untagged tasks): ALL and NONE both hold.
        try expect("ALL tasks.tags == 'x' AND NONE tasks.tags == 'x'") { $0.isEmpty }
        #expect(try fixture.keys("ALL tasks.tags == 'x' AND NONE tasks.tags == 'x'", on: "TaskList").contains(empty))
    }
}
