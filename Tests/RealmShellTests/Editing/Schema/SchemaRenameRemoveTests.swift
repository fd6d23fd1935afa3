import RealmShell
import Foundation
import RealmFormat
import RealmInterchange
import ShellTestSupport
import Testing
import TestSupport

/// Renaming and removing properties and classes (issue 31) on copies of the shared fixtures:
/// after each commit the file verifies and dumps exactly as Realm's own dump of the fixture
/// with the same change made to the JSON by hand: a renamed property renamed, a removed one
/// removed, a renamed class renamed in every link, and the schema version raised by one.
@Suite("Schema renames and removals", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaRenameRemoveTests {
    typealias J = ExpectedDump

    @Test func renamingAndRemovingPropertiesOfSpecies() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("species")
        var expected = try ExpectedDump(fixture: "species")
        try edit.run("rename property Specimen.specimenDescription description")
        try expected.renameColumn("specimenDescription", of: "class_Specimen", to: "description")
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        #expect(edit.output.text.contains("~ property Specimen.specimenDescription → Specimen.description: string (renamed; 42 values kept)"))
        #expect(edit.output.text.contains("the schema version is now 2 (was 1)"))
        try edit.run("remove property Specimen.longitude")
        try expected.removeColumn("longitude", of: "class_Specimen")
        try expected.setSchemaVersion(3)
        try edit.expectDump(expected)
        #expect(edit.output.text.contains("- property Specimen.longitude: double (42 values dropped)"))
        // models reflects the new schema at once.
        let models = try edit.text(of: "models swift")
        #expect(models.contains("description"))
        #expect(!models.contains("longitude"))
        #expect(!models.contains("specimenDescription"))
    }

    @Test func aRemovedLinkTakesItsBacklinkColumnAndFreesTheClass() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("species")
        var expected = try ExpectedDump(fixture: "species")
        try edit.run("begin")
        try edit.run("remove property Specimen.category")
        try edit.run("remove class Category")
        #expect(try edit.text(of: "status") == """
            1. - property Specimen.category: link -> Category (optional) (41 links dropped)
            2. - class Category (5 objects dropped)
            apps: an app opening this file needs a migration for this schema; commit raises the schema version 1 → 2: declare schemaVersion 2 with a migration block

            """)
        try edit.run("commit")
        try expected.removeColumn("category", of: "class_Specimen")
        try expected.removeTable("class_Category")
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        let file = try RealmFile(path: edit.path)
        let specimen = try #require(file.table(named: "class_Specimen"))
        #expect(specimen.backlinkColumns.isEmpty && specimen.columns.map(\.name) == ["name", "specimenDescription", "latitude", "longitude", "created"])
        // Group::remove_table: the slot keeps a tagged next tag, the name is empty (§3.2).
        let top = try #require(file.top)
        #expect(file.tables.count == 2 && top.tablesNode.size == 3)
        #expect(try top.tablesNode.slot(1) == .tagged(1))
        #expect(try BlobLeaf(node: top.tableNamesNode, isString: true).element(1).string == "")
    }

    @Test func aRenamedClassIsFollowedByTheLinksToIt() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("tasks")
        var expected = try ExpectedDump(fixture: "tasks")
        try edit.run("rename class Task Chore")
        try expected.renameTable("class_Task", to: "class_Chore")
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        #expect(try expected.objects(of: "class_TaskList").contains { $0["tasks"]?.array?.first?["$link"]?.array?.first?.string == "class_Chore" })
        #expect(try edit.text(of: "show TaskList[0].tasks[0]").hasPrefix("Chore["))
        // The name is free again, and the renamed class keeps its table key and backlinks.
        try edit.run("rename class Chore Task --keep-version")
        try edit.expectDump(try {
            var again = try ExpectedDump(fixture: "tasks")
            try again.setSchemaVersion(2)
            return again
        }())
    }

    @Test func aClassOthersLinkToIsRefusedAndTheFileStaysByteForByte() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("tasks")
        let before = try edit.bytes
        let refusal = edit.refusal("remove class Person")
        #expect(refusal == .file(.refusedEdit("Person cannot be removed while other classes link to it: Car.owner; remove or change those properties first")))
        #expect(edit.refusal("remove class BankInfo") == .file(.refusedEdit("BankInfo cannot be removed while other classes link to it: Person.banks; remove or change those properties first")))
        #expect(edit.refusal("remove property Task.nothing") == .unknownProperty(className: "Task", name: "nothing"))
        #expect(edit.refusal("rename property Task.name createdAt") == .file(.refusedEdit("Task already has a property createdAt")))
        #expect(edit.refusal("rename class Task Person") == .file(.refusedEdit("class Person already exists")))
        #expect(edit.refusal("rename property Task.name two words") != nil)
        #expect(try edit.bytes == before)
        // Removing the links first frees it.
        var expected = try ExpectedDump(fixture: "tasks")
        try edit.run("begin")
        try edit.run("remove property Car.owner")
        try edit.run("remove class Person")
        try edit.run("commit --keep-version")
        try expected.removeColumn("owner", of: "class_Car")
        try expected.removeTable("class_Person")
        try edit.expectDump(expected)
        // Person.banks fed BankInfo's only backlink column: it went with the class.
        let bankInfo = try #require(try RealmFile(path: Fixtures.realmPath("tasks")).table(named: "class_BankInfo"))
        #expect(bankInfo.backlinkColumns.count == 1)
        #expect(try RealmFile(path: edit.path).table(named: "class_BankInfo")?.backlinkColumns.isEmpty == true)
    }

    @Test func rollbackForgetsStagedSchemaChanges() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("tasks")
        let before = try edit.bytes
        try edit.run("begin")
        try edit.run("rename property Task.notes description")
        try edit.run("remove property Task.description")
        try edit.run("rename class TaskList Project")
        try edit.run("rename property Project.tasks items")
        #expect(try edit.text(of: "status").contains("4. ~ property Project.tasks → Project.items: list of Task (renamed; 5 values kept)"))
        // A name the transaction frees is taken again only after the commit.
        #expect(edit.refusal("add property Task notes string") == .file(.refusedEdit(
            "Task.notes is renamed or removed in this transaction; commit before giving its name to a new property")))
        #expect(edit.refusal("add class TaskList (title string)") == .file(.refusedEdit(
            "class TaskList is renamed or removed in this transaction; commit before giving its name to a new class")))
        try edit.run("rollback")
        #expect(try edit.bytes == before)
        try edit.expectDump(try ExpectedDump(fixture: "tasks"))
    }

    /// alltypes: every collection kind, embedded objects and Mixed. Removing the single link to
    /// the embedded class deletes the embedded objects only it owned; the ones the list owns stay.
    @Test func removingPropertiesOfEveryKindFromAllTypes() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        let allTypes = "class_AllTypes"
        let owned = Set(try expected.objects(of: allTypes).compactMap { $0["address"]?.linkedKey })
        #expect(owned.count == 257)
        try edit.run("begin")
        for property in ["address", "mixedValue", "mixedList", "mixedSet", "mixedDict", "intList", "stringOptSet", "uuidDict",
                         "targetDict", "targetSet", "indexedString", "fullText", "dataOpt"] {
            try edit.run("remove property AllTypes.\(property)")
            try expected.removeColumn(property, of: allTypes)
        }
        try edit.run("rename property AllTypes.addressList addresses")
        try edit.run("rename property AllTypes.intSet ints")
        try edit.run("rename property AllTypes._id id")
        try edit.run("rename class EmbeddedAddress Address")
        try edit.run("commit")
        try expected.renameColumn("addressList", of: allTypes, to: "addresses")
        try expected.renameColumn("intSet", of: allTypes, to: "ints")
        try expected.renameColumn("_id", of: allTypes, to: "id")
        try expected.setPrimaryKey(of: allTypes, "id")
        try expected.setObjects(of: "class_EmbeddedAddress", try expected.objects(of: "class_EmbeddedAddress").filter {
            !owned.contains(try #require($0["_key"]?.int))
        })
        try expected.renameTable("class_EmbeddedAddress", to: "class_Address")
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        #expect(try expected.objects(of: "class_Address").count == 300)
        // Every remaining embedded object still has its one owner (verify checks the backlinks).
        try edit.check()
    }

    /// alltypes: a property of every kind renamed (Mixed alone and in each collection, lists,
    /// sets and dictionaries of values and of links, an embedded object, indexed and full-text
    /// strings), the linked class renamed (every link, Mixed ones too, names the new class), and
    /// the embedded class removed with the two properties that owned its objects.
    @Test func renamingEveryKindOnAllTypesAndRemovingTheEmbeddedClass() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        let allTypes = "class_AllTypes"
        let renames = [("mixedValue", "anything"), ("targetList", "targets"), ("mixedList", "anyList"), ("doubleSet", "doubles"),
                       ("mixedSet", "anySet"), ("stringOptDict", "labels"), ("mixedDict", "anyDict"), ("targetSet", "targetBag"),
                       ("targetDict", "targetMap"), ("indexedString", "code"), ("fullText", "body"), ("uuidList", "uuids")]
        try edit.run("begin")
        for (old, new) in renames {
            try edit.run("rename property AllTypes.\(old) \(new)")
            try expected.renameColumn(old, of: allTypes, to: new)
        }
        try edit.run("rename class Target Thing")
        // Both properties owning embedded objects, then their class, in the same transaction.
        try edit.run("remove property AllTypes.address")
        try edit.run("remove property AllTypes.addressList")
        try edit.run("remove class EmbeddedAddress")
        let status = try edit.text(of: "status")
        #expect(status.contains("~ property AllTypes.targetDict → AllTypes.targetMap: dictionary of Target (renamed; "))
        #expect(status.contains("~ class Target → Thing"))
        #expect(status.contains("""
            - property AllTypes.address: link -> EmbeddedAddress (optional) (257 links dropped; 257 embedded objects deleted with it)
            15. - property AllTypes.addressList: list of EmbeddedAddress (200 lists (300 elements) dropped; 300 embedded objects deleted with it)
            16. - class EmbeddedAddress, embedded (0 objects dropped)
            apps: an app opening this file needs a migration for this schema; commit raises the schema version 1 → 2: declare schemaVersion 2 with a migration block

            """))
        try edit.run("commit")
        try expected.renameTable("class_Target", to: "class_Thing")
        try expected.removeColumn("address", of: allTypes)
        try expected.removeColumn("addressList", of: allTypes)
        try expected.removeTable("class_EmbeddedAddress")
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        // Mixed values linking to the renamed class name it.
        #expect(try expected.objects(of: allTypes).contains { object in
            object["anything"]?["$link"]?.array?.first?.string == "class_Thing"
                || object["anyList"]?.array?.contains { $0["$link"]?.array?.first?.string == "class_Thing" } == true
        })
        let file = try RealmFile(path: edit.path)
        #expect(file.table(named: allTypes)?.column(named: "code")?.isIndexed == true)
        #expect(file.table(named: allTypes)?.column(named: "body")?.isFullTextIndexed == true)
    }

    /// Both owners of the embedded objects removed in one transaction, the class kept: it is
    /// left with no objects and no backlink columns.
    @Test func bothOwnersOfEmbeddedObjectsRemovedTogether() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        try edit.run("begin")
        try edit.run("remove property AllTypes.addressList")
        try edit.run("remove property AllTypes.address")
        try edit.run("commit")
        try expected.removeColumn("address", of: "class_AllTypes")
        try expected.removeColumn("addressList", of: "class_AllTypes")
        try expected.setObjects(of: "class_EmbeddedAddress", [])
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        let file = try RealmFile(path: edit.path)
        #expect(file.table(named: "class_EmbeddedAddress")?.backlinkColumns.isEmpty == true)
    }

    /// The embedded class's own schema changed first (a rename, a conversion), then the list
    /// owning some of its objects removed: those objects go, the others are rewritten.
    @Test func embeddedObjectsDeletedFromAClassWhoseSchemaChanges() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        var expected = try ExpectedDump(fixture: "alltypes")
        let owned = Set(try expected.objects(of: "class_AllTypes").flatMap { try #require($0["addressList"]?.array) }.compactMap(\.linkedKey))
        try edit.run("begin")
        try edit.run("rename property EmbeddedAddress.city town")
        try edit.run("change type EmbeddedAddress.zip string")
        try edit.run("remove property AllTypes.addressList")
        try edit.run("commit")
        try expected.removeColumn("addressList", of: "class_AllTypes")
        try expected.setObjects(of: "class_EmbeddedAddress", try expected.objects(of: "class_EmbeddedAddress").filter {
            !owned.contains(try #require($0["_key"]?.int))
        })
        try expected.renameColumn("city", of: "class_EmbeddedAddress", to: "town")
        try expected.setColumn("zip", of: "class_EmbeddedAddress", ["type": .string("string")])
        try expected.mapValues(of: "zip", in: "class_EmbeddedAddress") { $0 == .null ? .null : .string(String(try #require($0.int))) }
        try expected.setSchemaVersion(2)
        try edit.expectDump(expected)
        #expect(owned.count == 300)
    }

    /// A Mixed property's links feed backlink columns in the classes they reach (§4.5): with
    /// the property they go, and the classes can be removed.
    @Test func aRemovedMixedPropertyTakesTheBacklinkColumnsItFed() throws {
        guard Fixtures.requirePresent() else { return }
        let edit = try EditedCopy("alltypes")
        let target = try #require(try RealmFile(path: edit.path).table(named: "class_Target"))
        let mixedOrigins = try mixedBacklinkColumns(of: target, in: RealmFile(path: edit.path))
        #expect(mixedOrigins.count == 4)
        try edit.run("begin")
        for property in ["mixedValue", "mixedList", "mixedSet", "mixedDict"] { try edit.run("remove property AllTypes.\(property)") }
        try edit.run("commit")
        let file = try RealmFile(path: edit.path)
        #expect(try mixedBacklinkColumns(of: try #require(file.table(named: "class_Target")), in: file).isEmpty)
        try edit.check()
    }

    private func mixedBacklinkColumns(of table: Table, in file: RealmFile) throws -> [Column] {
        table.backlinkColumns.filter { backlink in
            let origin = backlink.targetTableKey.flatMap { file.table(withKey: $0) }
            return origin?.allColumns.first { $0.key == backlink.oppositeColumnKey }?.type == .mixed
        }
    }
}
