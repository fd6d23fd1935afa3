import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import Testing
import TestSupport

/// Schema edits with links: new link columns get realm-core's column keys, a backlink column in
/// their target, and opposite entries that point at each other; the dump afterwards is the
/// fixture's dump plus exactly the new properties and classes.
@Suite("Schema edits with links", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaLinkTests {
    func session(_ path: String) throws -> (Session, BufferedOutput) { try FileSession.open(path) }

    func dump(_ path: String) throws -> JSONValue { try FileSession.dump(path) }

    func verify(_ path: String) throws {
        _ = try SpaceAccounting.verify([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Runs `statements` one at a time and verifies the file after each: every schema or link
    /// edit in this suite must leave a file whose bytes all account, not just the last one.
    func execute(_ statements: String..., in session: Session, verifying path: String) throws {
        for statement in statements {
            try session.execute(statement)
            try verify(path)
        }
    }

    /// realm-core's ColKey (format document §4.3): leaf | type << 16 | attributes << 22 | tag << 30.
    func key(leaf: Int64, type: Int64, attributes: Int64, tag: Int64) -> Int64 {
        leaf | type << 16 | attributes << 22 | tag << 30
    }

    func column(_ file: RealmFile, _ table: String, _ name: String) throws -> Column {
        let found = file.table(named: table)?.column(named: name)
        return try #require(found, "\(table).\(name)")
    }

    /// Every link column's opposite entries name a backlink column in the target whose opposite
    /// entries name the link column again, and every backlink column belongs to such a link.
    func expectLinksPaired(_ file: RealmFile, sourceLocation: SourceLocation = #_sourceLocation) {
        for table in file.tables {
            for column in table.allColumns where column.isLink || column.isBacklink {
                guard let otherKey = column.targetTableKey, let other = file.table(withKey: otherKey),
                      let opposite = other.allColumns.first(where: { $0.key == column.oppositeColumnKey }) else {
                    Issue.record("\(table.name).\(column.name) has no opposite column", sourceLocation: sourceLocation)
                    continue
                }
                #expect(opposite.isBacklink == column.isLink, sourceLocation: sourceLocation)
                // Mixed properties link to any table; their own opposite entries stay null (§4.5).
                if opposite.type == .mixed { continue }
                #expect(opposite.targetTableKey == table.key && opposite.oppositeColumnKey == column.key,
                        "\(table.name).\(column.name) and its opposite disagree", sourceLocation: sourceLocation)
            }
        }
    }

    static func linkDescriptor(_ name: String, _ target: String, _ collection: String?) -> JSONValue {
        .object([
            .init(key: "name", value: .string(name)), .init(key: "type", value: .string("link")),
            .init(key: "nullable", value: .bool(collection == nil)),
            .init(key: "collection", value: collection.map(JSONValue.string) ?? .null),
            .init(key: "target", value: .string(target)), .init(key: "indexed", value: .bool(false)),
            .init(key: "fulltext", value: .bool(false)),
        ])
    }

    /// `table` of a dump with a column appended and `value` as every object's value of it.
    func adding(_ descriptor: JSONValue, value: JSONValue, to table: JSONValue) throws -> JSONValue {
        guard case var .object(members) = table else { throw CocoaError(.coderInvalidValue) }
        let name = try #require(descriptor["name"]?.string)
        for (index, member) in members.enumerated() {
            if member.key == "columns", case let .array(columns) = member.value {
                members[index] = .init(key: "columns", value: .array(columns + [descriptor]))
            }
            if member.key == "objects", case let .array(objects) = member.value {
                members[index] = .init(key: "objects", value: .array(objects.map { object in
                    guard case let .object(fields) = object else { return object }
                    return .object(fields + [.init(key: name, value: value)])
                }))
            }
        }
        return .object(members)
    }

    func fixtureTables(_ fixture: String) throws -> [JSONValue] {
        try #require(try JSONParser.parse(contentsOfFile: Fixtures.jsonPath(fixture))["tables"]?.array)
    }

    /// The formula reproduces the keys realm-core wrote into species.realm, so the expected keys
    /// below are derived from the format, not from our writer.
    @Test func keyFormulaMatchesRealmCoreFixture() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("species"))
        #expect(try column(file, "class_Specimen", "category").key.rawValue == key(leaf: 5, type: 12, attributes: 16, tag: 2))
        let category = try #require(file.table(named: "class_Category"))
        #expect(category.backlinkColumns.map(\.key.rawValue) == [key(leaf: 1, type: 14, attributes: 0, tag: 1)])
        expectLinksPaired(file)
        expectLinksPaired(try RealmFile(path: Fixtures.realmPath("tasks")))
        expectLinksPaired(try RealmFile(path: Fixtures.realmPath("alltypes")))
    }

    @Test func linkPropertiesToExistingNewAndSameClass() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "SchemaLinkTests")
        defer { FixtureCopy.remove(path) }
        let (species, output) = try session(path)
        // Habitat (table key 3): a self link and a list of links to an existing class.
        try species.execute("add class Habitat (name string, parent Habitat, species Specimen[])")
        try verify(path)
        // An optional link from an existing class to the new one.
        try species.execute("add property Specimen habitat Habitat?")
        try verify(path)
        #expect(output.text.contains("add property Specimen.habitat Habitat?  (committed version"))
        var file = try RealmFile(path: path)
        expectLinksPaired(file)
        // Specimen (key 2) had leaves 0..5; Habitat.species took leaf 6 for its backlink, so the
        // new link gets leaf 7; Habitat's own columns are leaves 0..2, its backlinks 3 (parent) and 4.
        #expect(try column(file, "class_Habitat", "parent").key.rawValue == key(leaf: 1, type: 12, attributes: 16, tag: 3))
        #expect(try column(file, "class_Habitat", "species").key.rawValue == key(leaf: 2, type: 12, attributes: 32, tag: 3))
        #expect(try column(file, "class_Specimen", "habitat").key.rawValue == key(leaf: 7, type: 12, attributes: 16, tag: 2))
        let habitat = try #require(file.table(named: "class_Habitat"))
        #expect(habitat.backlinkColumns.map(\.key.rawValue) == [key(leaf: 3, type: 14, attributes: 0, tag: 3), key(leaf: 4, type: 14, attributes: 0, tag: 3)])
        let specimen = try #require(file.table(named: "class_Specimen"))
        #expect(specimen.backlinkColumns.map(\.key.rawValue) == [key(leaf: 6, type: 14, attributes: 0, tag: 2)])
        #expect(specimen.columns.map(\.specIndex) == Array(0..<7), "properties stay before backlinks in the spec")

        // The dump is the fixture's plus exactly the new class and property.
        var tables = try fixtureTables("species")
        tables[2] = try adding(SchemaLinkTests.linkDescriptor("habitat", "class_Habitat", nil), value: .null, to: tables[2])
        let dumped = try dump(path)
        let dumpedTables = try #require(dumped["tables"]?.array)
        #expect(Array(dumpedTables.prefix(3)) == tables)
        let newClass = try #require(dumpedTables.last)
        #expect(newClass["name"]?.string == "class_Habitat")
        #expect(newClass["columns"]?.array == [
            .object([.init(key: "name", value: .string("name")), .init(key: "type", value: .string("string")),
                     .init(key: "nullable", value: .bool(false)), .init(key: "collection", value: .null),
                     .init(key: "target", value: .null), .init(key: "indexed", value: .bool(false)), .init(key: "fulltext", value: .bool(false))]),
            SchemaLinkTests.linkDescriptor("parent", "class_Habitat", nil),
            SchemaLinkTests.linkDescriptor("species", "class_Specimen", "list"),
        ])
        #expect(newClass["objects"]?.array == [])

        // The new links work both ways.
        try execute("create Habitat name = \"Wetland\"",
                    "create Habitat name = \"Marsh\"",
                    "set Habitat[1].parent = Habitat[0]",
                    "set Specimen[1].habitat = Habitat[1]",
                    "append Habitat[0].species Specimen[3]",
                    in: species, verifying: path)
        file = try RealmFile(path: path)
        expectLinksPaired(file)
        let engine = QueryEngine(file: file)
        let specimens = try #require(file.table(named: "class_Specimen"))
        let habitats = try #require(file.table(named: "class_Habitat"))
        #expect(try engine.run("habitat.name == 'Marsh'", on: specimens) == [1])
        #expect(try engine.run("habitat.parent.name == 'Wetland'", on: specimens) == [1])
        #expect(try engine.run("@links.class_Specimen.habitat.@count == 1", on: habitats) == [1])
        #expect(try engine.run("@links.class_Habitat.parent.@count == 1", on: habitats) == [0])
        #expect(try engine.run("@links.class_Habitat.species.@count > 0", on: specimens) == [3])
        let before = output.text.count
        try species.execute("backlinks Specimen[3]")
        #expect(String(output.text.dropFirst(before)).contains("Habitat.species -> Specimen[3]  (1 link)\n  Habitat[0] \"Wetland\""))
    }

    @Test func linksAmongClassesOfOneTransaction() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "tasks", prefix: "SchemaLinkTests")
        defer { FixtureCopy.remove(path) }
        let (tasks, output) = try session(path)
        try tasks.execute("begin")
        try tasks.execute("add class Project (title string primary, owner Person)")
        try tasks.execute("add class Milestone (label string, project Project, after Milestone[], tasks Task<>)")
        try tasks.execute("add property Project milestones Milestone{}")
        try tasks.execute("add property Task milestone Milestone")
        try tasks.execute("status")
        #expect(output.text.contains("4. add property Task.milestone Milestone"))
        try tasks.execute("commit")
        try verify(path)
        let file = try RealmFile(path: path)
        expectLinksPaired(file)
        // tasks.realm has tables 0..5; Project gets key 6, Milestone key 7. A new class's own
        // properties come first (Project: title, owner, milestones at leaves 0..2; Milestone:
        // label..tasks at 0..3), then its backlinks (Project: from Milestone.project at 3;
        // Milestone: from Project.milestones, Milestone.after and Task.milestone at 4..6).
        let projectTable = file.table(named: "class_Project")
        let project = try #require(projectTable)
        #expect(project.key == 6)
        #expect(project.allColumns.map(\.key.rawValue) == [
            key(leaf: 0, type: 2, attributes: 0, tag: 6), key(leaf: 1, type: 12, attributes: 16, tag: 6),
            key(leaf: 2, type: 12, attributes: 64 | 16, tag: 6), key(leaf: 3, type: 14, attributes: 0, tag: 6),
        ])
        #expect(project.primaryKey?.name == "title")
        let milestoneTable = file.table(named: "class_Milestone")
        let milestone = try #require(milestoneTable)
        #expect(milestone.allColumns.map(\.key.rawValue) == [
            key(leaf: 0, type: 2, attributes: 0, tag: 7), key(leaf: 1, type: 12, attributes: 16, tag: 7),
            key(leaf: 2, type: 12, attributes: 32, tag: 7), key(leaf: 3, type: 12, attributes: 128, tag: 7),
            key(leaf: 4, type: 14, attributes: 0, tag: 7), key(leaf: 5, type: 14, attributes: 0, tag: 7),
            key(leaf: 6, type: 14, attributes: 0, tag: 7),
        ])
        // Task (key 4) used leaves 0..4; Milestone.tasks' backlink was added first (leaf 5), so
        // Task.milestone, added after it, gets leaf 6.
        let task = try #require(file.table(named: "class_Task"))
        #expect(try column(file, "class_Task", "milestone").key.rawValue == key(leaf: 6, type: 12, attributes: 16, tag: 4))
        #expect(task.backlinkColumns.map(\.key.leafIndex) == [4, 5])
        let person = try #require(file.table(named: "class_Person"))
        #expect(person.backlinkColumns.map(\.key.leafIndex) == [0, 3], "Car.owner's backlink, then Project.owner's at the lowest free leaf")

        let dumped = try #require(try dump(path)["tables"]?.array)
        var expected = try fixtureTables("tasks")
        expected[4] = try adding(SchemaLinkTests.linkDescriptor("milestone", "class_Milestone", nil), value: .null, to: expected[4])
        #expect(Array(dumped.prefix(6)) == expected, "existing classes: only Task gains a property")
        #expect(dumped.count == 8)
    }

    @Test func refusalsChangeNothing() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "species", prefix: "SchemaLinkTests")
        defer { FixtureCopy.remove(path) }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let (species, _) = try session(path)
        func message(_ statement: String) -> String {
            do {
                try species.execute(statement)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("add property Specimen habitat Habitat").contains("no class named 'Habitat'"))
        #expect(message("add property Specimen near Specimen?[]").contains("lists and sets of links cannot hold null"))
        #expect(message("add class Fungus (host Specimen primary)").contains("a primary key is a single int, string, objectId or uuid"))
        #expect(message("add class Fungus (host Specimen%)").contains("cannot read the type 'Specimen%'"))
        #expect(message("add property Specimen category Category").contains("already has a property category"))
        try species.execute("begin")
        try species.execute("set Category[0].name = \"Aves\"")
        #expect(message("add property Specimen kind Category").contains("commit the other changes to Category before changing its schema"))
        try species.execute("rollback")
        try species.execute("begin")
        try species.execute("add property Specimen kind Category")
        #expect(message("set Category[0].name = \"Aves\"").contains("the schema of Category changes in this transaction"))
        try species.execute("rollback")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    static func descriptor(_ name: String, _ type: String, nullable: Bool, collection: String) -> JSONValue {
        .object([
            .init(key: "name", value: .string(name)), .init(key: "type", value: .string(type)),
            .init(key: "nullable", value: .bool(nullable)), .init(key: "collection", value: .string(collection)),
            .init(key: "target", value: .null), .init(key: "indexed", value: .bool(false)), .init(key: "fulltext", value: .bool(false)),
        ])
    }

    /// demo.realm's classes hold 1000 objects in four leaves under an inner node: every leaf
    /// of the origin gets the link column, every leaf of the target the backlink column.
    @Test func linksAndCollectionsInMultiLeafTables() throws {
        guard Fixtures.requirePresent() else { return }
        let path = try FixtureCopy.make(of: "demo", prefix: "SchemaLinkTests")
        defer { FixtureCopy.remove(path) }
        let (demo, _) = try session(path)
        try execute("add property RealmTestClass0 owner RealmTestClass2",
                    "add property RealmTestClass2 notes string?[]",
                    "add property RealmTestClass2 weights double{}",
                    "add property RealmTestClass2 days date<>",
                    in: demo, verifying: path)
        var tables = try fixtureTables("demo")
        tables[1] = try adding(SchemaLinkTests.linkDescriptor("owner", "class_RealmTestClass2", nil), value: .null, to: tables[1])
        tables[3] = try adding(SchemaLinkTests.descriptor("notes", "string", nullable: true, collection: "list"), value: .array([]), to: tables[3])
        tables[3] = try adding(SchemaLinkTests.descriptor("weights", "double", nullable: false, collection: "dictionary"),
                               value: .object([.init(key: "$dict", value: .array([]))]), to: tables[3])
        tables[3] = try adding(SchemaLinkTests.descriptor("days", "timestamp", nullable: false, collection: "set"), value: .array([]), to: tables[3])
        #expect(try dump(path)["tables"]?.array == tables)

        // Links into the last leaves of both classes (positions 999: keys 196839).
        try demo.execute("set RealmTestClass0[999].owner = RealmTestClass2[998]")
        try demo.execute("set RealmTestClass0[3].owner = RealmTestClass2[998]")
        try verify(path)
        let file = try RealmFile(path: path)
        expectLinksPaired(file)
        let engine = QueryEngine(file: file)
        let origins = try #require(file.table(named: "class_RealmTestClass0"))
        let targets = try #require(file.table(named: "class_RealmTestClass2"))
        #expect(try engine.run("owner != nil", on: origins) == [3, 196839])
        #expect(try engine.run("@links.class_RealmTestClass0.owner.@count == 2", on: targets) == [196838])
        let spec = try #require(file.table(named: "class_RealmTestClass2"))
        // RealmTestClass2 (key 3) had leaves 0..2: the backlink takes 3, then notes 4, weights 5, days 6.
        #expect(spec.allColumns.map(\.key.rawValue) == [
            key(leaf: 0, type: 0, attributes: 0, tag: 3), key(leaf: 1, type: 1, attributes: 0, tag: 3),
            key(leaf: 2, type: 12, attributes: 16, tag: 3), key(leaf: 4, type: 2, attributes: 32 | 16, tag: 3),
            key(leaf: 5, type: 10, attributes: 64, tag: 3), key(leaf: 6, type: 8, attributes: 128, tag: 3),
            key(leaf: 3, type: 14, attributes: 0, tag: 3),
        ])
    }

    @Test func completionOffersValueTypesAndClassesAsTypes() throws {
        guard Fixtures.requirePresent() else { return }
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath("tasks"))
        #expect(Completer.complete("add property Task owner Ta", session: session) == ["Task", "TaskList"])
        #expect(Completer.complete("add property Task note st", session: session) == ["string"])
        #expect(Completer.complete("add property Task due d", session: session) == ["data", "date", "decimal", "decimal128", "double"])
    }
}
