import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import ShellTestSupport
import Testing
import TestSupport

/// Creating and deleting objects without refusals: the rebuild of a table's cluster tree, Realm's
/// nullification of every kind of reference to a deleted object, cascading deletes of embedded
/// objects, and embedded objects created, replaced and removed through their parent. Every
/// expectation is Realm's own fixture dump edited by hand; every file passes `verify` (space accounting,
/// backlinks, metadata) after every commit.
@Suite("Object lifecycle", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct LifecycleTests {
    func session(_ path: String) throws -> (Session, BufferedOutput) { try FileSession.open(path) }

    func dump(_ path: String) throws -> JSONValue { try FileSession.dump(path) }

    /// Space accounting and backlinks of a committed file.
    func verify(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(try FileVerifier(file: RealmFile(path: path)).verify().problems == [], sourceLocation: sourceLocation)
    }

    /// The schema version object stores keep beside the classes (verify expects it); last in
    /// the table list, so the link positions of the tables before it stay as written.
    let metadata = NewTable(name: "metadata", columns: [NewColumn(name: "version", type: .int)],
                            keys: [0], values: [[.scalar(.int(0))]], keySequence: 1)

    /// Key `sequence` of a table without primary key (fixtures README, "Object keys").
    func squeezed(_ sequence: Int64) -> Int64 { (sequence & 0xFF) | ((sequence >> 8) << 16) }

    /// The next key of such a table after the highest key in the dump.
    func nextKey(after objects: [JSONValue]) -> Int64 {
        let highest = objects.compactMap { $0["_key"]?.int }.max() ?? -1
        return squeezed(((highest >> 16) << 8 | (highest & 0xFF)) + 1)
    }

    @Test func deletingATargetNullifiesEveryKindOfReference() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "alltypes", prefix: "LifecycleTests")
        defer { FixtureCopy.remove(path) }
        var expected = try ExpectedDump(fixture: "alltypes")
        let link = ExpectedDump.link("class_Target", 5)
        // Target 5 is linked from single links, lists (twice in one), sets, dictionaries, a Mixed
        // property, Mixed lists, sets and dictionaries, and a dictionary nested in a Mixed list.
        let referencing = try expected.objects(of: "class_AllTypes").filter { JSONText.canonical($0).contains(JSONText.canonical(link)) }
        #expect(referencing.count > 30)
        try expected.removeObject(of: "class_Target", key: 5)
        try expected.mapObjects(of: "class_AllTypes") { object in
            guard case let .object(members) = object else { return object }
            return .object(members.map { JSONValue.Member(key: $0.key, value: $0.key == "_key" ? $0.value : ExpectedDump.nullifying(link, in: $0.value)) })
        }
        let (session, _) = try session(path)
        try session.execute("delete Target[_key = 5]")
        try verify(path)
        #expect(try dump(path) == expected.value)
        try expectIndexesAnswer(path, like: try expected.objects(of: "class_AllTypes"))
    }

    /// The rebuilt search indexes of AllTypes find exactly the objects the dump says hold each
    /// value (string, int and the primary key), and a full-text word finds the texts with it.
    func expectIndexesAnswer(_ path: String, like objects: [JSONValue]) throws {
        let file = try RealmFile(path: path)
        let table = try #require(file.table(named: "class_AllTypes"))
        func keys(_ matching: (JSONValue) -> Bool) -> [Int64] { objects.filter(matching).compactMap { $0["_key"]?.int }.sorted() }
        for name in ["indexedString", "indexedInt", "_id"] {
            let column = try #require(table.column(named: name))
            let index = try #require(try SearchIndex(column: column, file: file))
            let values = objects.compactMap { $0[name] }
            for value in values.prefix(40) {
                let stored: RealmValue = value.string.map(RealmValue.string) ?? value.int.map(RealmValue.int) ?? .null
                let found = try #require(try index.candidates(for: stored)).sorted()
                #expect(found == keys { $0[name] == value }, "\(name) == \(JSONText.compact(value))")
            }
        }
        let engine = QueryEngine(file: file)
        let texts = keys { ($0["fullText"]?.string ?? "").lowercased().split(whereSeparator: { !$0.isLetter }).contains("realm") }
        #expect(!texts.isEmpty)
        #expect(try engine.run("fullText TEXT 'realm'", on: table).sorted() == texts)
    }

    @Test func deletingAParentDeletesItsEmbeddedObjects() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "alltypes", prefix: "LifecycleTests")
        defer { FixtureCopy.remove(path) }
        var expected = try ExpectedDump(fixture: "alltypes")
        let objects = try expected.objects(of: "class_AllTypes")
        let parents = try [2, 7].map { key in try #require(objects.first { $0["_key"]?.int == key }) }
        var owned: [Int64] = []
        for parent in parents {
            owned += [parent["address"]?.link?.key].compactMap { $0 } + (parent["addressList"]?.array ?? []).compactMap { $0.link?.key }
        }
        #expect(owned.count >= 4)
        try expected.removeObject(of: "class_AllTypes", key: 2)
        try expected.removeObject(of: "class_AllTypes", key: 7)
        for key in owned { try expected.removeObject(of: "class_EmbeddedAddress", key: key) }
        let (session, _) = try session(path)
        // Two deletions from one class in one transaction.
        try session.execute("begin")
        try session.execute("delete AllTypes[_id = 'obj-0002']")
        try session.execute("delete AllTypes[_id = 'obj-0007']")
        try session.execute("commit")
        try verify(path)
        #expect(try dump(path) == expected.value)
        let file = try RealmFile(path: path)
        let allTypes = try #require(file.table(named: "class_AllTypes"))
        let engine = QueryEngine(file: file)
        #expect(try engine.run("_id == 'obj-0002' OR _id == 'obj-0007'", on: allTypes).isEmpty, "the primary-key index forgot them")
        #expect(try engine.run("_id == 'obj-0008'", on: allTypes) == [8])
        try expectIndexesAnswer(path, like: try expected.objects(of: "class_AllTypes"))
    }

    @Test func embeddedObjectsThroughTheirParent() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "alltypes", prefix: "LifecycleTests")
        defer { FixtureCopy.remove(path) }
        var expected = try ExpectedDump(fixture: "alltypes")
        let parent = try #require(try expected.objects(of: "class_AllTypes").first { $0["_key"]?.int == 2 })
        let oldAddress = try #require(parent["address"]?.link?.key)
        let oldList = (parent["addressList"]?.array ?? []).compactMap { $0.link?.key }
        #expect(oldList.count == 2)
        let first = nextKey(after: try expected.objects(of: "class_EmbeddedAddress"))
        let second = squeezed(((first >> 16) << 8 | (first & 0xFF)) + 1)

        let (session, _) = try session(path)
        try session.execute("set AllTypes[2].address = { street: \"1 Main St\", city: \"Oslo\", zip: 150 }")
        try verify(path)
        try session.execute("append AllTypes[2].addressList { street: 'Storgata 5', city: 'Bergen' }")
        try verify(path)
        try session.execute("remove AllTypes[2].addressList[0]")
        try verify(path)
        #expect(throws: BrowserError.unknownProperty(className: "EmbeddedAddress", name: "nosuch")) {
            try session.execute("set AllTypes[2].address = { nosuch: 1 }")
        }
        expectError(.invalidValue(mentioning: "EmbeddedAddress.zip is an int property", "'x'")) {
            try session.execute("set AllTypes[2].address = { zip: 'x' }")
        }
        expectError(.invalidValue(mentioning: "addressList links to EmbeddedAddress, not to Target")) {
            try session.execute("append AllTypes[2].addressList Target[1]")
        }
        // Two addresses in the list again: two at first, one appended, one removed.
        #expect(throws: BrowserError.positionOutOfRange(className: "AllTypes[2].addressList", position: 9, count: 2)) {
            try session.execute("remove AllTypes[2].addressList[9]")
        }

        try expected.removeObject(of: "class_EmbeddedAddress", key: oldAddress)
        try expected.removeObject(of: "class_EmbeddedAddress", key: oldList[0])
        try expected.appendObject(of: "class_EmbeddedAddress", [("_key", .int(first)), ("street", .string("1 Main St")), ("city", .string("Oslo")), ("zip", .int(150))])
        try expected.appendObject(of: "class_EmbeddedAddress", [("_key", .int(second)), ("street", .string("Storgata 5")), ("city", .string("Bergen")), ("zip", .int(0))])
        try expected.set("address", of: "class_AllTypes", key: 2, to: ExpectedDump.link("class_EmbeddedAddress", first))
        try expected.set("addressList", of: "class_AllTypes", key: 2, to: .array([ExpectedDump.link("class_EmbeddedAddress", oldList[1]),
                                                                                   ExpectedDump.link("class_EmbeddedAddress", second)]))
        #expect(try dump(path) == expected.value)

        // Null deletes the embedded object; replacing one inside a transaction deletes the old one.
        try session.execute("begin")
        try session.execute("set AllTypes[3].address = { street: 'A' }")
        try session.execute("set AllTypes[3].address = { street: 'B', zip: -1 }")
        try session.execute("set AllTypes[2].address = null")
        try session.execute("commit")
        try verify(path)
        let third = squeezed(((second >> 16) << 8 | (second & 0xFF)) + 1)
        let fourth = squeezed(((third >> 16) << 8 | (third & 0xFF)) + 1)
        let three = try #require(try expected.objects(of: "class_AllTypes").first { $0["_key"]?.int == 3 })
        if let replaced = three["address"]?.link?.key { try expected.removeObject(of: "class_EmbeddedAddress", key: replaced) }
        try expected.removeObject(of: "class_EmbeddedAddress", key: first)
        try expected.appendObject(of: "class_EmbeddedAddress", [("_key", .int(fourth)), ("street", .string("B")), ("city", .string("")), ("zip", .int(-1))])
        try expected.set("address", of: "class_AllTypes", key: 3, to: ExpectedDump.link("class_EmbeddedAddress", fourth))
        try expected.set("address", of: "class_AllTypes", key: 2, to: .null)
        #expect(try dump(path) == expected.value)
    }

    @Test func replacingAMixedLinkMovesItsBacklink() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "alltypes", prefix: "LifecycleTests")
        defer { FixtureCopy.remove(path) }
        var expected = try ExpectedDump(fixture: "alltypes")
        let holder = try #require(try expected.objects(of: "class_AllTypes").first { $0["mixedValue"]?.link != nil })
        let key = try #require(holder["_key"]?.int)
        let (session, _) = try session(path)
        try session.execute("set AllTypes[_key = \(key)].mixedValue = 'no longer a link'")
        try verify(path)
        try expected.set("mixedValue", of: "class_AllTypes", key: key, to: .string("no longer a link"))
        #expect(try dump(path) == expected.value)
    }

    @Test func fullLeavesAndEmptiedLeavesRebuildTheTree() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "demo", prefix: "LifecycleTests")
        defer { FixtureCopy.remove(path) }
        var expected = try ExpectedDump(fixture: "demo")
        // 1000 objects: the last leaf holds 232 (keys 196608...); 25 more do not fit in it.
        let start = nextKey(after: try expected.objects(of: "class_RealmTestClass0"))
        #expect(start == 196_840)
        let (session, _) = try session(path)
        try session.execute("begin")
        for index in 0..<25 { try session.execute("create RealmTestClass0 integerValue = \(index), stringValue = 'new \(index)'") }
        try session.execute("commit")
        try verify(path)
        var key = start
        for index in 0..<25 {
            try expected.appendObject(of: "class_RealmTestClass0", [("_key", .int(key)), ("integerValue", .int(Int64(index))), ("stringValue", .string("new \(index)"))])
            key = squeezed(((key >> 16) << 8 | (key & 0xFF)) + 1)
        }
        #expect(try dump(path) == expected.value)
        var file = try RealmFile(path: path)
        var table = try #require(file.table(named: "class_RealmTestClass0"))
        var leafSizes: [Int] = []
        try table.objects.forEachLeaf { leafSizes.append($0.count) }
        #expect(leafSizes == [256, 256, 256, 256, 1], "fresh 256-object leaves")
        // The last object is alone in its leaf inside a larger tree.
        let last = try #require(try expected.objects(of: "class_RealmTestClass0").last?["_key"]?.int)
        try session.execute("delete RealmTestClass0[_key = \(last)]")
        try verify(path)
        try expected.removeObject(of: "class_RealmTestClass0", key: last)
        #expect(try dump(path) == expected.value)
        file = try RealmFile(path: path)
        table = try #require(file.table(named: "class_RealmTestClass0"))
        #expect(table.objects.count == 1024)
        // One more create now goes to a new sequence number, past the deleted key.
        try session.execute("create RealmTestClass0 integerValue = 7")
        try verify(path)
        try expected.appendObject(of: "class_RealmTestClass0", [("_key", .int(squeezed(((last >> 16) << 8 | (last & 0xFF)) + 1))),
                                                                 ("integerValue", .int(7)), ("stringValue", .null)])
        #expect(try dump(path) == expected.value)
    }

    @Test func createsDeletesAndSetsMixInOneTransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "LifecycleTests")
        defer { FixtureCopy.remove(path) }
        var expected = try ExpectedDump(fixture: "species")
        let specimens = try expected.objects(of: "class_Specimen")
        let categories = try expected.objects(of: "class_Category")
        let arachnids = try #require(categories[4]["_key"]?.int)
        let (session, output) = try session(path)
        try session.execute("begin")
        try session.execute("create Specimen name = \"Morel\", latitude = 1.5")
        try session.execute("set Specimen[3].name = \"X\"")
        try session.execute("delete Specimen[5]")
        try session.execute("delete Specimen[6]")
        try session.execute("create Category name = \"Fungi\"")
        try session.execute("delete Category[4]")
        try session.execute("set Specimen[7].category = Category[1]")
        // Positions count in the committed file until the commit: Specimen[5] is the one already deleted.
        expectError(.refusedEdit(mentioning: "Specimen has no object with key \(try #require(specimens[5]["_key"]?.int))")) {
            try session.execute("delete Specimen[5]")
        }
        try session.execute("commit")
        #expect(output.text.contains("committed 7 changes"))
        try verify(path)
        let newSpecimen = nextKey(after: specimens)
        let newCategory = nextKey(after: categories)
        try expected.appendObject(of: "class_Specimen", [
            ("_key", .int(newSpecimen)), ("name", .string("Morel")), ("specimenDescription", .string("")),
            ("latitude", .object([JSONValue.Member(key: "$double", value: .string("1.5"))])),
            ("longitude", .object([JSONValue.Member(key: "$double", value: .string("0"))])),
            ("created", .object([JSONValue.Member(key: "$date", value: .array([.int(0), .int(0)]))])), ("category", .null),
        ])
        try expected.set("name", of: "class_Specimen", key: try #require(specimens[3]["_key"]?.int), to: .string("X"))
        try expected.set("category", of: "class_Specimen", key: try #require(specimens[7]["_key"]?.int), to: ExpectedDump.link("class_Category", try #require(categories[1]["_key"]?.int)))
        try expected.removeObject(of: "class_Specimen", key: try #require(specimens[5]["_key"]?.int))
        try expected.removeObject(of: "class_Specimen", key: try #require(specimens[6]["_key"]?.int))
        try expected.appendObject(of: "class_Category", [("_key", .int(newCategory)), ("name", .string("Fungi"))])
        try expected.removeObject(of: "class_Category", key: arachnids)
        try expected.mapObjects(of: "class_Specimen") { object in
            guard case let .object(members) = object else { return object }
            return .object(members.map { JSONValue.Member(key: $0.key, value: $0.key == "category" ? ExpectedDump.nullifying(ExpectedDump.link("class_Category", arachnids), in: $0.value) : $0.value) })
        }
        #expect(try dump(path) == expected.value)

        // Setting properties and links of objects created in the same transaction.
        let editor = try FileEditor(path: path)
        let specimenTable = try #require(editor.file.table(named: "class_Specimen"))
        let categoryTable = try #require(editor.file.table(named: "class_Category"))
        let name = try #require(specimenTable.column(named: "name"))
        let category = try #require(specimenTable.column(named: "category"))
        let created = try editor.create(in: specimenTable, values: [])
        let createdCategory = try editor.create(in: categoryTable, values: [])
        try editor.set(.string("Puffball"), column: name, table: specimenTable, key: created)
        try editor.setLink(to: createdCategory, column: category, table: specimenTable, key: created)
        try editor.set(.string("Puffballs"), column: try #require(categoryTable.column(named: "name")), table: categoryTable, key: createdCategory)
        try editor.commit()
        try verify(path)
        let dumped = try dump(path)
        let tables = try #require(dumped["tables"]?.array)
        let newest = try #require(tables.first { $0["name"]?.string == "class_Specimen" }?["objects"]?.array?.last)
        #expect(newest["_key"]?.int == created && newest["name"]?.string == "Puffball")
        #expect(newest["category"]?.link?.key == createdCategory)
        #expect(tables.first { $0["name"]?.string == "class_Category" }?["objects"]?.array?.last?["name"]?.string == "Puffballs")
    }

    @Test func deletingAnObjectLinkedFromItsOwnClass() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("LifecycleTests-\(UUID().uuidString).realm").path
        defer { FixtureCopy.remove(path) }
        func link(_ key: Int64) -> RealmValue { .link(table: 0, key: key) }
        let node = NewTable(
            name: "class_Node",
            columns: [NewColumn(name: "name", type: .string), NewColumn(name: "next", type: .link, isNullable: true, targetTable: 0),
                      NewColumn(name: "children", type: .link, collection: .list, targetTable: 0), NewColumn(name: "any", type: .mixed, isNullable: true)],
            keys: [0, 1, 2, 3],
            values: [
                [.scalar(.string("a")), .scalar(.string("b")), .scalar(.string("c")), .scalar(.string("d"))],
                [.scalar(link(1)), .scalar(link(1)), .scalar(link(0)), .scalar(.null)],
                [.list([link(1), link(2), link(1)]), .list([link(0)]), .list([]), .list([link(1)])],
                [.scalar(link(2)), .scalar(.null), .mixedList([.scalar(link(1)), .scalar(.int(5))]),
                 .dictionary([DictionaryEntry(key: "k", value: .scalar(link(1))), DictionaryEntry(key: "m", value: .scalar(link(3)))])],
            ],
            keySequence: 4)
        try RealmFileWriter().write(tables: [node, metadata], to: path)
        try verify(path)
        let (session, _) = try session(path)
        try session.execute("delete Node[_key = 1]")
        try verify(path)
        // realm-core: the single link becomes null, the list drops every occurrence, a link in a
        // Mixed list is removed, a dictionary value becomes null; other links stay.
        let expected = try JSONParser.parse("""
            [{"_key": 0, "name": "a", "next": null, "children": [{"$link": ["class_Node", 2]}], "any": {"$link": ["class_Node", 2]}},
             {"_key": 2, "name": "c", "next": {"$link": ["class_Node", 0]}, "children": [], "any": [{"$int": 5}]},
             {"_key": 3, "name": "d", "next": null, "children": [], "any": {"$dict": [["k", null], ["m", {"$link": ["class_Node", 3]}]]}}]
            """)
        let tables = try #require(try dump(path)["tables"]?.array)
        #expect(tables.first?["objects"] == expected)
        #expect(tables.first?["count"] == .int(3))
    }

    @Test func cascadingDeletesReachNestedEmbeddedObjectsAndTheirLinks() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("LifecycleTests-\(UUID().uuidString).realm").path
        defer { FixtureCopy.remove(path) }
        func child(_ key: Int64) -> RealmValue { .link(table: 1, key: key) }
        func target(_ key: Int64) -> RealmValue { .link(table: 2, key: key) }
        let parent = NewTable(
            name: "class_Parent",
            columns: [NewColumn(name: "name", type: .string), NewColumn(name: "child", type: .link, isNullable: true, targetTable: 1),
                      NewColumn(name: "kids", type: .link, collection: .list, targetTable: 1)],
            keys: [0, 1],
            values: [[.scalar(.string("p0")), .scalar(.string("p1"))], [.scalar(child(0)), .scalar(child(2))], [.list([child(1)]), .list([])]],
            keySequence: 2)
        let embedded = NewTable(
            name: "class_Child", kind: .embedded,
            columns: [NewColumn(name: "label", type: .string), NewColumn(name: "target", type: .link, isNullable: true, targetTable: 2),
                      NewColumn(name: "inner", type: .link, isNullable: true, targetTable: 1)],
            keys: [0, 1, 2, 3],
            values: [[.scalar(.string("c0")), .scalar(.string("c1")), .scalar(.string("c2")), .scalar(.string("c3"))],
                     [.scalar(target(0)), .scalar(target(0)), .scalar(target(1)), .scalar(target(1))],
                     [.scalar(child(3)), .scalar(.null), .scalar(.null), .scalar(.null)]],
            keySequence: 4)
        let targets = NewTable(name: "class_Target", columns: [NewColumn(name: "name", type: .string)], keys: [0, 1],
                               values: [[.scalar(.string("t0")), .scalar(.string("t1"))]], keySequence: 2)
        try RealmFileWriter().write(tables: [parent, embedded, targets, metadata], to: path)
        try verify(path)
        let (session, _) = try session(path)
        try session.execute("delete Parent[0]")
        try verify(path)
        // Parent 0 owned Child 0 (which owned Child 3) and Child 1; all three go, and the
        // targets keep only the backlink from Child 2.
        let tables = try #require(try dump(path)["tables"]?.array)
        #expect(tables[0]["objects"] == (try JSONParser.parse("""
            [{"_key": 1, "name": "p1", "child": {"$link": ["class_Child", 2]}, "kids": []}]
            """)))
        #expect(tables[1]["objects"] == (try JSONParser.parse("""
            [{"_key": 2, "label": "c2", "target": {"$link": ["class_Target", 1]}, "inner": null}]
            """)))
        #expect(tables[2]["count"] == .int(2))
        let file = try RealmFile(path: path)
        let targetTable = try #require(file.table(named: "class_Target"))
        let backlinks = try #require(targetTable.backlinkColumns.first)
        #expect(try targetTable.objects.find(key: 0).map { try ColumnLeafReader(leaf: $0.leaf, column: backlinks).backlinks(at: $0.row) } == [])
        #expect(try targetTable.objects.find(key: 1).map { try ColumnLeafReader(leaf: $0.leaf, column: backlinks).backlinks(at: $0.row) } == [2])
    }
}
