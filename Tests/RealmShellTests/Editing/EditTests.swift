import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import ShellTestSupport
import Testing
import TestSupport

/// `set` commits in place with Realm's protocol: after every commit the file reopens, its dump
/// differs from Realm's dump exactly by the change, and every byte is accounted for.
@Suite("Edits committed in place", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct EditTests {
    func session(_ path: String) throws -> (Session, BufferedOutput) { try FileSession.open(path) }

    func dump(_ path: String) throws -> JSONValue { try FileSession.dump(path) }

    /// The fixture's dump with `changes` (table, key, member, value) applied.
    func expected(_ fixture: String, _ changes: [(String, Int64, String, JSONValue)]) throws -> JSONValue {
        var text = try String(contentsOfFile: Fixtures.jsonPath(fixture), encoding: .utf8)
        var dump = try JSONParser.parse(text)
        guard case var .object(top) = dump, let tablesIndex = top.firstIndex(where: { $0.key == "tables" }),
              case var .array(tables) = top[tablesIndex].value else { throw CocoaError(.coderInvalidValue) }
        for (tableName, key, member, value) in changes {
            let tableIndex = try #require(tables.firstIndex { $0["name"]?.string == tableName })
            guard case var .object(table) = tables[tableIndex], let objectsIndex = table.firstIndex(where: { $0.key == "objects" }),
                  case var .array(objects) = table[objectsIndex].value else { throw CocoaError(.coderInvalidValue) }
            let objectIndex = try #require(objects.firstIndex { $0["_key"]?.int == key })
            guard case var .object(object) = objects[objectIndex], let memberIndex = object.firstIndex(where: { $0.key == member }) else {
                throw CocoaError(.coderInvalidValue)
            }
            object[memberIndex] = JSONValue.Member(key: member, value: value)
            objects[objectIndex] = .object(object)
            table[objectsIndex] = JSONValue.Member(key: "objects", value: .array(objects))
            tables[tableIndex] = .object(table)
        }
        top[tablesIndex] = JSONValue.Member(key: "tables", value: .array(tables))
        dump = .object(top)
        text = ""
        return dump
    }

    func verify(_ path: String) throws {
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func scalarEditsChangeExactlyWhatWasSet() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let (session, output) = try session(path)
        try session.execute("set Specimen[3].name = \"Barnacle Goose\"")
        try verify(path)
        try session.execute("cd Specimen[41]")
        try session.execute("set latitude = 12")
        try session.execute("set created = T-5:-7")
        #expect(session.prompt == "realm Specimen[41]> ", "the place survives the reopen after a commit")
        try verify(path)
        #expect(output.text.contains("committed version"))
        let expected = try expected("species", [
            ("class_Specimen", 3, "name", .string("Barnacle Goose")),
            ("class_Specimen", 41, "latitude", .object([JSONValue.Member(key: "$double", value: .string("12"))])),
            ("class_Specimen", 41, "created", .object([JSONValue.Member(key: "$date", value: .array([.int(-5), .int(-7)]))])),
        ])
        #expect(try dump(path) == expected)
        expectError(.invalidValue(mentioning: "Specimen.name is required", "cannot be null")) { try session.execute("set Specimen[0].name = null") }
        expectError(.invalidValue(mentioning: "Specimen.latitude is a double property", "'x'")) { try session.execute("set Specimen[0].latitude = 'x'") }
        #expect(throws: BrowserError.unknownProperty(className: "Specimen", name: "nosuch")) { try session.execute("set Specimen[0].nosuch = 1") }
        #expect(try dump(path) == expected, "rejected edits change nothing")
    }

    @Test func primaryKeyEditsKeepTheIndexRight() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "tasks", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let (session, _) = try session(path)
        try session.execute("set BankInfo[1].bank_accno = \"XX00 NEW\"")
        try verify(path)
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: "class_BankInfo"))
        let column = try #require(table.column(named: "bank_accno"))
        let index = try #require(try SearchIndex(column: column, file: file))
        let keys = try QueryEngine(file: file).run("bank_accno == 'XX00 NEW'", on: table)
        #expect(keys == [1])
        #expect(try index.candidates(for: .string("XX00 NEW")) == [1])
        #expect(try index.candidates(for: .string("DE89370400440532013000")) == [])
    }

    @Test func editsDeepInABigTreeWriteLittle() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "big", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let before = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let (session, output) = try session(path)
        try session.execute("set Item[id = 150000].price = 1.5")
        try verify(path)
        let written = try #require(output.text.split(separator: "(").last.flatMap { Int($0.split(separator: ",").last?.split(separator: " ").first ?? "") })
        #expect(written < 64 * 1024, "a single-field edit writes kilobytes, not the file")
        let after = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(after - before < 64 * 1024)
        let file = try RealmFile(path: path)
        let item = try #require(file.table(named: "class_Item"))
        #expect(try QueryEngine(file: file).run("price == 1.5 AND id == 150000", on: item) == [150000])
    }

    @Test func mixedAndFixedSizeTypes() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "alltypes", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let (session, _) = try session(path)
        try session.execute("set AllTypes[7].mixedValue = 'now a string'")
        try session.execute("set AllTypes[7].objectIdReq = oid(0123456789abcdef01234567)")
        try session.execute("set AllTypes[7].uuidOpt = null")
        try session.execute("set AllTypes[7].decimalReq = -42")
        try session.execute("set AllTypes[7].fullText = 'brown bears'")
        try verify(path)
        let expected = try expected("alltypes", [
            ("class_AllTypes", 7, "mixedValue", .string("now a string")),
            ("class_AllTypes", 7, "objectIdReq", .object([JSONValue.Member(key: "$oid", value: .string("0123456789abcdef01234567"))])),
            ("class_AllTypes", 7, "uuidOpt", .null),
            ("class_AllTypes", 7, "decimalReq", .object([JSONValue.Member(key: "$decimal", value: .string("-42")),
                                                         JSONValue.Member(key: "bits", value: .string("b040000000000000000000000000002a"))])),
            ("class_AllTypes", 7, "fullText", .string("brown bears")),
        ])
        #expect(try dump(path) == expected)
    }

    @Test func linkEditsKeepBacklinksRight() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let (session, _) = try session(path)
        try session.execute("set Specimen[3].category = Category[1]")
        try session.execute("set Specimen[41].category = Category[_key = 2]")
        try session.execute("begin")
        try session.execute("set Specimen[0].category = Category[4]")
        try session.execute("set Specimen[0].category = Category[3]")
        try session.execute("set Specimen[5].category = null")
        try session.execute("commit")
        expectError(.invalidValue(mentioning: "category links to Category, not to Specimen")) {
            try session.execute("set Specimen[6].category = Specimen[1]")
        }
        try verify(path)
        // Every category's backlinks are exactly the specimens whose category points at it.
        let dumped = try dump(path)
        let tables = try #require(dumped["tables"]?.array)
        let specimens = try #require(tables.first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array)
        let linking = specimens.compactMap { $0["category"]?["$link"]?.array?.last?.int }
        #expect(specimens[3]["category"]?["$link"]?.array?.last?.int == 1)
        #expect(specimens[0]["category"]?["$link"]?.array?.last?.int == 3)
        #expect(specimens[5]["category"] == .null)
        let file = try RealmFile(path: path)
        let categories = try #require(file.table(named: "class_Category"))
        let backlinks = try #require(categories.backlinkColumns.first)
        try categories.objects.forEachLeaf { leaf in
            let reader = try ColumnLeafReader(leaf: leaf, column: backlinks)
            for row in 0..<leaf.count {
                let key = try leaf.key(at: row)
                #expect(try reader.backlinks(at: row).count == linking.filter { $0 == key }.count, "Category key \(key)")
            }
        }
    }

    @Test func listEditsKeepBacklinksRight() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "tasks", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let reference = try DumpLookup(fixture: "tasks")
        let lists = try reference.objects(of: "class_TaskList")
        let original = try #require(lists[0]["tasks"]?.array).compactMap { $0["$link"]?.array?.last?.int }
        let tasks = try reference.objects(of: "class_Task")
        let orphan = try #require(tasks[25]["_key"]?.int)
        let (session, _) = try session(path)
        try session.execute("append TaskList[0].tasks Task[25]")
        try session.execute("remove TaskList[0].tasks[1]")
        try session.execute("move TaskList[0].tasks 0 2")
        try session.execute("begin")
        try session.execute("append TaskList[1].tasks Task[25]")
        try session.execute("append TaskList[1].tasks Task[25]")
        try session.execute("remove TaskList[1].tasks[-1]")
        try session.execute("commit")
        // The list has its original length again: one task appended, one removed.
        expectError(.refusedEdit(mentioning: "TaskList.tasks", CollectionEditError.positionOutOfRange(position: 99, count: original.count).description)) {
            try session.execute("remove TaskList[0].tasks[99]")
        }
        expectError(.invalidValue(mentioning: "tasks links to Task, not to Person")) { try session.execute("append TaskList[0].tasks Person[0]") }
        try verify(path)
        var expected = original + [orphan]
        expected.remove(at: 1)
        expected.insert(expected.remove(at: 0), at: 2)
        let dumped = try dump(path)
        let tables = try #require(dumped["tables"]?.array)
        let newLists = try #require(tables.first { $0["name"]?.string == "class_TaskList" }?["objects"]?.array)
        #expect(try #require(newLists[0]["tasks"]?.array).compactMap { $0["$link"]?.array?.last?.int } == expected)
        // Every task's backlinks are exactly its occurrences in all lists.
        let occurrences = newLists.flatMap { ($0["tasks"]?.array ?? []).compactMap { $0["$link"]?.array?.last?.int } }
        let file = try RealmFile(path: path)
        let taskTable = try #require(file.table(named: "class_Task"))
        let backlinks = try #require(taskTable.backlinkColumns.first)
        try taskTable.objects.forEachLeaf { leaf in
            let reader = try ColumnLeafReader(leaf: leaf, column: backlinks)
            for row in 0..<leaf.count {
                let key = try leaf.key(at: row)
                #expect(try reader.backlinks(at: row).count == occurrences.filter { $0 == key }.count, "Task key \(key)")
            }
        }
    }

    @Test func createdObjectsGetKeysDefaultsAndIndexEntries() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let (species, _) = try session(path)
        try species.execute("create Category name = \"Fungi\"")
        try species.execute("begin")
        try species.execute("create Specimen name = \"Fly agaric\", latitude = 59.3")
        try species.execute("create Specimen name = \"Chanterelle\"")
        try species.execute("commit")
        try verify(path)
        let dumped = try dump(path)
        let reference = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let tables = try #require(dumped["tables"]?.array)
        let referenceTables = try #require(reference["tables"]?.array)
        let categories = try #require(tables[1]["objects"]?.array)
        let specimens = try #require(tables[2]["objects"]?.array)
        // Everything Realm wrote is still there, unchanged, with the new objects after it.
        #expect(Array(categories.dropLast()) == referenceTables[1]["objects"]?.array)
        #expect(Array(specimens.dropLast(2)) == referenceTables[2]["objects"]?.array)
        #expect(tables[2]["count"]?.int == 44)
        let new = try #require(specimens.last)
        #expect(new["_key"]?.int == 43, "keys continue the table's sequence")
        #expect(new["name"]?.string == "Chanterelle")
        #expect(new["specimenDescription"]?.string == "", "required properties get their zero value")
        #expect(new["latitude"] == .object([JSONValue.Member(key: "$double", value: .string("0"))]))
        #expect(new["created"] == .object([JSONValue.Member(key: "$date", value: .array([.int(0), .int(0)]))]))
        #expect(new["category"] == .null, "optional properties get null")
        #expect(categories.last?["name"]?.string == "Fungi")

        let tasks = try FixtureCopy.make(of: "tasks", prefix: "EditTests")
        defer { FixtureCopy.remove(tasks) }
        let (taskSession, _) = try session(tasks)
        try taskSession.execute("create BankInfo bank_accno = \"NEW1\", bankname = \"Mine\"")
        expectError(.refusedEdit(mentioning: "BankInfo already has an object with bank_accno", "NEW1")) {
            try taskSession.execute("create BankInfo bank_accno = \"NEW1\"")
        }
        expectError(.refusedEdit(mentioning: "BankInfo needs its primary key bank_accno")) {
            try taskSession.execute("create BankInfo bankname = \"no key\"")
        }
        try verify(tasks)
        let file = try RealmFile(path: tasks)
        let banks = try #require(file.table(named: "class_BankInfo"))
        let primaryKey = try #require(banks.primaryKey)
        let index = try #require(try SearchIndex(column: primaryKey, file: file))
        #expect(try index.candidates(for: .string("NEW1")) == [6])
        #expect(try QueryEngine(file: file).run("bank_accno == 'NEW1' AND bankname == 'Mine'", on: banks) == [6])
    }

    @Test func deletionsUnlinkEverywhere() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let reference = try DumpLookup(fixture: "species")
        let originalSpecimens = try reference.objects(of: "class_Specimen")
        let birds = try #require(try reference.objects(of: "class_Category")[0]["_key"]?.int)
        let (species, _) = try session(path)
        try species.execute("delete Category[0]")
        try species.execute("delete Specimen[1]")
        try verify(path)
        let dumped = try dump(path)
        let tables = try #require(dumped["tables"]?.array)
        let categories = try #require(tables[1]["objects"]?.array)
        let specimens = try #require(tables[2]["objects"]?.array)
        #expect(categories.count == 4)
        #expect(!categories.contains { $0["_key"]?.int == birds })
        #expect(specimens.count == originalSpecimens.count - 1)
        #expect(!specimens.contains { $0["_key"]?.int == originalSpecimens[1]["_key"]?.int })
        for specimen in specimens {
            let before = try #require(originalSpecimens.first { $0["_key"] == specimen["_key"] })
            let linkedBirds = before["category"]?["$link"]?.array?.last?.int == birds
            #expect(specimen["category"] == (linkedBirds ? .null : before["category"]), "links to a deleted object become null")
            #expect(specimen["name"] == before["name"])
        }
        let linking = specimens.compactMap { $0["category"]?["$link"]?.array?.last?.int }
        let file = try RealmFile(path: path)
        let categoryTable = try #require(file.table(named: "class_Category"))
        let backlinks = try #require(categoryTable.backlinkColumns.first)
        try categoryTable.objects.forEachLeaf { leaf in
            let reader = try ColumnLeafReader(leaf: leaf, column: backlinks)
            for row in 0..<leaf.count {
                #expect(try reader.backlinks(at: row).count == linking.filter { $0 == (try leaf.key(at: row)) }.count)
            }
        }

        let tasks = try FixtureCopy.make(of: "tasks", prefix: "EditTests")
        defer { FixtureCopy.remove(tasks) }
        let (taskSession, _) = try session(tasks)
        try taskSession.execute("delete Task[0]")
        try taskSession.execute("delete BankInfo[bank_accno = \"NL91ABNA0417164300\"]")
        try verify(tasks)
        let taskFile = try RealmFile(path: tasks)
        let engine = QueryEngine(file: taskFile)
        let banks = try #require(taskFile.table(named: "class_BankInfo"))
        #expect(try engine.run("bank_accno == 'NL91ABNA0417164300'", on: banks).isEmpty)
        let people = try #require(taskFile.table(named: "class_Person"))
        #expect(try engine.run("ANY banks.bank_accno == 'NL91ABNA0417164300'", on: people).isEmpty)
        let lists = try #require(taskFile.table(named: "class_TaskList"))
        #expect(try engine.run("tasks.@count == 3", on: lists).contains(0), "the first list lost its deleted task")
    }

    @Test func addClassThenCreateObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let (species, _) = try session(path)
        try species.execute("add class Fungus (name string primary, spores int?, found date)")
        try species.execute("create Fungus name = \"Morel\", spores = 12")
        try species.execute("create Fungus name = \"Cep\"")
        expectError(.refusedEdit(mentioning: "class Fungus already exists")) { try species.execute("add class Fungus (x int)") }
        expectError(.refusedEdit(mentioning: "Fungus already has an object with name", "Cep")) { try species.execute("create Fungus name = \"Cep\"") }
        try verify(path)
        let dumped = try dump(path)
        let reference = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("species"))
        let tables = try #require(dumped["tables"]?.array)
        #expect(Array(tables.prefix(3)) == reference["tables"]?.array, "existing classes are untouched")
        let fungus = try #require(tables.last)
        #expect(fungus["name"]?.string == "class_Fungus")
        #expect(fungus["primary_key"]?.string == "name")
        let columns = try #require(fungus["columns"]?.array)
        #expect(columns.map { $0["name"]?.string } == ["name", "spores", "found"])
        #expect(columns.map { $0["type"]?.string } == ["string", "int", "timestamp"])
        #expect(columns.map { $0["nullable"]?.bool } == [false, true, false])
        #expect(columns[0]["indexed"]?.bool == true, "a primary key has a search index")
        let objects = try #require(fungus["objects"]?.array)
        #expect(objects.map { $0["name"]?.string } == ["Morel", "Cep"])
        #expect(objects.map { $0["spores"] } == [.int(12), .null])
        #expect(objects.map { $0["_key"]?.int } == [0, 1])
    }

    @Test func addPropertyGivesEveryObjectADefault() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "tasks", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let (tasks, _) = try session(path)
        try tasks.execute("add property Task priority int")
        try tasks.execute("add property BankInfo note string?")
        try tasks.execute("set Task[2].priority = 5")
        expectError(.refusedEdit(mentioning: "Task already has a property priority")) { try tasks.execute("add property Task priority int") }
        try verify(path)
        let dumped = try dump(path)
        let reference = try JSONParser.parse(contentsOfFile: Fixtures.jsonPath("tasks"))
        for (table, expected) in zip(try #require(dumped["tables"]?.array), try #require(reference["tables"]?.array)) {
            let name = try #require(table["name"]?.string)
            let objects = try #require(table["objects"]?.array)
            let expectedObjects = try #require(expected["objects"]?.array)
            #expect(objects.count == expectedObjects.count)
            let added = name == "class_Task" ? "priority" : (name == "class_BankInfo" ? "note" : nil)
            for (index, (object, before)) in zip(objects, expectedObjects).enumerated() {
                guard case let .object(members) = object, case let .object(beforeMembers) = before else { continue }
                if let added {
                    #expect(Array(members.dropLast()) == beforeMembers, "\(name) keeps its values")
                    #expect(members.last?.key == added)
                    let expectedValue: JSONValue = added == "note" ? .null : .int(name == "class_Task" && index == 2 ? 5 : 0)
                    #expect(members.last?.value == expectedValue)
                } else {
                    #expect(members == beforeMembers)
                }
            }
        }
        let file = try RealmFile(path: path)
        let bankTable = try #require(file.table(named: "class_BankInfo"))
        #expect(try QueryEngine(file: file).run("bank_accno == 'NL91ABNA0417164300'", on: bankTable).count == 1, "the primary-key index still answers")
    }

    @Test func refusesWhileAnotherProcessHoldsTheRealm() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "EditTests")
        defer { FixtureCopy.remove(path) }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        // Realm keeps a shared flock on NAME.lock while a process has the file open.
        let lock = open(path + ".lock", O_RDWR | O_CREAT, 0o666)
        #expect(flock(lock, LOCK_SH) == 0)
        defer { close(lock) }
        let (session, _) = try session(path)
        do {
            try session.execute("set Specimen[0].name = 'x'")
            Issue.record("the edit must be refused")
        } catch {
            #expect("\(error)".contains("another process has the Realm open"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }
}
