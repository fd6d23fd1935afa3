import RealmShell
import Foundation
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// Following links, lists, dictionaries and backlinks; expected values come from the dumps.
@Suite("Navigation", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct NavigationTests {
    @Test func followsASingleLink() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try DumpLookup(fixture: "species")
        let specimen = try dump.objects(of: "class_Specimen")[3]
        let link = try #require(specimen["category"]?.link)
        let position = try dump.position(ofKey: link.key, in: link.table)
        let name = try #require(try dump.objects(of: link.table)[position]["name"]?.string)
        let (_, text) = try DumpLookup.output(of: ["show Specimen[3].category", "show Specimen[3].category.name"], fixture: "species")
        #expect(text.hasPrefix("Category[\(position)]  (object key \(link.key))\n  name         \"\(name)\"\n"))
        #expect(text.hasSuffix("\"\(name)\"\n"))
    }

    /// `back` remembers the last 100 places: a script of thousands of `cd`s or `find`s keeps
    /// neither their results nor the cost of copying them on every command.
    @Test func backRemembersTheLastHundredPlaces() throws {
        guard Fixtures.requirePresent() else { return }
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath("species"))
        // 300 moves: to the top, then to a specimen.
        for position in 0..<150 {
            try session.execute("cd /")
            try session.execute("cd Specimen[\(position % 20)]")
        }
        #expect(session.prompt == "realm Specimen[9]> ")
        for step in 1...100 {
            try session.execute("back")
            let expected = step % 2 == 1 ? "realm> " : "realm Specimen[\((149 - step / 2) % 20)]> "
            #expect(session.prompt == expected, "back \(step)")
        }
        expectError(.notNow(mentioning: "no earlier place")) { try session.execute("back") }
    }

    @Test func listsOfLinksShowTheLinkedObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try DumpLookup(fixture: "tasks")
        let taskList = try dump.objects(of: "class_TaskList")[1]
        let links = try #require(taskList["tasks"]?.array).compactMap(\.link)
        let tasks = try dump.objects(of: "class_Task")
        let (_, text) = try DumpLookup.output(of: ["show TaskList[1].tasks"], fixture: "tasks")
        let rows = text.split(separator: "\n").filter { $0.contains(" │ ") && !$0.hasPrefix("#") }
        #expect(rows.count == links.count)
        for (index, (row, link)) in zip(rows, links).enumerated() {
            let position = try dump.position(ofKey: link.key, in: "class_Task")
            let name = try #require(tasks[position]["name"]?.string)
            #expect(row.hasPrefix("\(index) │ Task[\(position)]"))
            #expect(row.contains("│ \(name) "))
        }
        #expect(text.contains("(0..\(links.count) of \(links.count) elements of TaskList[1].tasks)"))
        let (_, element) = try DumpLookup.output(of: ["show TaskList[1].tasks[-1]"], fixture: "tasks")
        let last = try #require(links.last)
        #expect(element.hasPrefix("Task[\(try dump.position(ofKey: last.key, in: "class_Task"))]  (object key \(last.key))"))
    }

    @Test func dictionariesAndEmbeddedObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try DumpLookup(fixture: "alltypes")
        let object = try dump.objects(of: "class_AllTypes")[5]
        let entries = try #require(object["stringOptDict"]?["$dict"]?.array)
        let (_, text) = try DumpLookup.output(of: ["show AllTypes[5].stringOptDict"], fixture: "alltypes")
        let rows = text.split(separator: "\n").filter { $0.contains(" │ ") && !$0.hasPrefix("key") }
        #expect(rows.count == entries.count)
        for (row, entry) in zip(rows, entries) {
            let pair = try #require(entry.array)
            let key = try #require(pair[0].string)
            let cells = row.split(separator: "│", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells[0] == key)
            #expect(cells[1] == (pair[1].string ?? "null"))
        }
        let firstKey = try #require(entries.first?.array?.first?.string)
        let (_, value) = try DumpLookup.output(of: ["show AllTypes[5].stringOptDict[\"\(firstKey)\"]"], fixture: "alltypes")
        #expect(value == "\"\(try #require(entries.first?.array?[1].string))\"\n")

        let address = try #require(object["address"]?.link)
        let embedded = try dump.objects(of: address.table)[try dump.position(ofKey: address.key, in: address.table)]
        let street = try #require(embedded["street"]?.string)
        let city = try #require(embedded["city"]?.string)
        let zip = try #require(embedded["zip"]?.int)
        let (_, view) = try DumpLookup.output(of: ["show AllTypes[5]"], fixture: "alltypes")
        #expect(view.contains("address        EmbeddedAddress { street: \"\(street)\", city: \"\(city)\", zip: \(zip) }\n"))
    }

    @Test func cdMovesThePromptAndBackReturns() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try DumpLookup(fixture: "species")
        let output = BufferedOutput()
        let session = Session(output: output)
        try session.open(path: Fixtures.realmPath("species"))
        #expect(session.prompt == "realm> ")
        try session.execute("cd Specimen[3]")
        #expect(session.prompt == "realm Specimen[3]> ")
        try session.execute("cd category")
        #expect(session.prompt == "realm Specimen[3].category> ")
        try session.execute("cd ..")
        #expect(session.prompt == "realm Specimen[3]> ")
        try session.execute("back")
        #expect(session.prompt == "realm Specimen[3].category> ")
        try session.execute("cd /")
        #expect(session.prompt == "realm> ")
        try session.execute("cd Specimen")
        try session.execute("cd 5")
        #expect(session.prompt == "realm Specimen[5]> ")
        try session.execute("show name")
        let name = try #require(try dump.objects(of: "class_Specimen")[5]["name"]?.string)
        #expect(output.text.hasSuffix("\"\(name)\"\n"))
        #expect(throws: BrowserError.unknownProperty(className: "Specimen", name: "nosuchproperty")) { try session.execute("cd nosuchproperty") }
        #expect(session.prompt == "realm Specimen[5]> ", "a failed cd stays put")
        try session.execute("cd ..")
        try session.execute("cd ..")
        expectError(.invalidAddress("..", reasonMentioning: "already at the top")) { try session.execute("cd ..") }
    }

    @Test func backlinksListEveryLinkingObject() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try DumpLookup(fixture: "tasks")
        let banks = try dump.objects(of: "class_BankInfo")
        let people = try dump.objects(of: "class_Person")
        for (position, bank) in banks.enumerated() {
            let key = try #require(bank["_key"]?.int)
            let owners = try people.enumerated().flatMap { index, person in
                try #require(person["banks"]?.array).compactMap(\.link).filter { $0.key == key }.map { _ in index }
            }
            let (_, text) = try DumpLookup.output(of: ["backlinks BankInfo[\(position)]"], fixture: "tasks")
            if owners.isEmpty {
                #expect(text == "(no object links to BankInfo[\(position)])\n")
                continue
            }
            var expected = "Person.banks -> BankInfo[\(position)]  (\(owners.count) link\(owners.count == 1 ? "" : "s"))\n"
            for owner in owners {
                expected += "  Person[\(owner)] \"\(try #require(people[owner]["name"]?.string))\"\n"
            }
            #expect(text == expected)
        }
    }

    @Test func countComesFromTheTree() throws {
        guard Fixtures.requirePresent() else { return }
        let dump = try DumpLookup(fixture: "tasks")
        let (_, text) = try DumpLookup.output(of: ["count Task", "count TaskList"], fixture: "tasks")
        #expect(text == "\(try dump.objects(of: "class_Task").count)\n\(try dump.objects(of: "class_TaskList").count)\n")
    }

    @Test func keyPathsParse() throws {
        #expect(try PathSegment.parse("Specimen[3].category") == [
            PathSegment(name: "Specimen", subscripts: ["3"]), PathSegment(name: "category", subscripts: []),
        ])
        #expect(try PathSegment.parse("d[\"a.b]\"][0]") == [PathSegment(name: "d", subscripts: ["\"a.b]\"", "0"])])
        #expect(try PathSegment.parse("Item[id = 4]") == [PathSegment(name: "Item", subscripts: ["id = 4"])])
        let reasons = [("a..b", "an empty step"), ("a.", "an empty step"), ("a[1", "an unclosed '['"), ("a]", "a ']' without its '['"),
                       ("a[1]x", "unexpected 'x' after 'a'")]
        for (bad, reason) in reasons {
            expectError(.invalidAddress(bad, reasonMentioning: reason), "\(bad)") { try PathSegment.parse(bad) }
        }
    }
}
