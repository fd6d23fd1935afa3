import Foundation
@testable import RealmFormat
import TestSupport
import Testing

/// Schema changes (issue 31) committed with a fault at each of the commit's system calls, as
/// `CommitFaultTests` does for object edits: every failed commit leaves the old schema, byte
/// for byte, and the same editor then commits the new one whole.
@Suite("Schema commits that fail part-way", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SchemaCommitFaultTests {
    /// A double as the text Swift prints for it (the shortest that reads back).
    static let toText = ValueConversion(to: .string, isNullable: false) { value in
        if case let .double(number) = value { return .string("\(number)") }
        return value == .null ? .null : nil
    }

    /// species: a rename, a removal, a conversion, an index and a renamed class in one commit.
    static func stageSpecies(_ editor: FileEditor) throws {
        let specimen = try #require(editor.file.table(named: "class_Specimen"))
        try editor.renameProperty("specimenDescription", of: specimen, to: "notes")
        _ = try editor.removeProperty("longitude", of: specimen)
        _ = try editor.changeType("latitude", of: specimen, toText)
        try editor.setIndexed("name", of: specimen, true)
        try editor.renameClass(try #require(editor.file.table(named: "class_Category")), to: "Kind")
    }

    static func expectSpeciesChanged(_ path: String) throws {
        let file = try RealmFile(path: path)
        let specimen = try #require(file.table(named: "class_Specimen"))
        #expect(specimen.columns.map(\.name) == ["name", "notes", "latitude", "created", "category"])
        #expect(specimen.column(named: "latitude")?.type == .string && specimen.column(named: "name")?.isIndexed == true)
        #expect(try CommitFaultTests.value(file, "class_Specimen", "latitude", 0) == .string("47.6062"))
        #expect(file.table(named: "class_Kind")?.objects.count == 5 && file.table(named: "class_Category") == nil)
        #expect(try CommitFaultTests.value(file, "metadata", "version", 0) == .int(2))
        try CommitFaultTests.expectVerifies(path)
    }

    /// encrypted: a removed list of links (its backlink column goes too) and a retyped int.
    static func stageEncrypted(_ editor: FileEditor) throws {
        let first = try #require(editor.file.table(named: "class_RealmTestClass1"))
        _ = try editor.removeProperty("arrayReference", of: first)
        try editor.renameProperty("stringValue", of: first, to: "text")
        let intToText = ValueConversion(to: .string, isNullable: false) { value in
            if case let .int(number) = value { return .string(String(number)) }
            return nil
        }
        _ = try editor.changeType("integerValue", of: try #require(editor.file.table(named: "class_RealmTestClass0")), intToText)
    }

    static func expectEncryptedChanged(_ path: String) throws {
        let key = try EncryptedFixture.key()
        let file = try RealmFile(path: path, key: key)
        let zero = try #require(file.table(named: "class_RealmTestClass0"))
        #expect(zero.backlinkColumns.isEmpty && zero.column(named: "integerValue")?.type == .string)
        #expect(file.table(named: "class_RealmTestClass1")?.columns.map(\.name)
                == ["integerValue", "boolValue", "floatValue", "doubleValue", "text", "dateValue"])
        try CommitFaultTests.expectVerifies(path, key: key)
    }

    @Test(arguments: CommitFaultTests.cases)
    func everyFailingCallLeavesTheOldSchema(_ testCase: CommitFaultTests.Case) throws {
        guard Fixtures.requirePresent() else { return }
        let key = testCase.encrypted ? try EncryptedFixture.key() : nil
        let original = try Fixtures.bytes(testCase.fixture)
        let version = try #require(try RealmFile(path: Fixtures.realmPath(testCase.fixture), key: key).top?.version)
        let stage = testCase.encrypted ? Self.stageEncrypted : Self.stageSpecies
        let steps = try CommitFaultTests.failEveryCall(of: testCase.fixture, key: key, plan: { FaultPlan(failingCall: $0, errorNumber: EIO) },
                                                       stage: stage) { _, editor, copy, error, note in
            guard case let .commitFailed(_, _, outcome) = error else {
                Issue.record("expected commitFailed; \(note)")
                return
            }
            #expect(outcome == .unchanged(version: version, size: original.count), note)
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy.path))) == original, note)
            try CommitFaultTests.expectVerifies(copy.path, key: key)
            // The same editor, the schema changes still staged, commits them whole.
            #expect(try editor.commit().version == version + 1, note)
            testCase.encrypted ? try Self.expectEncryptedChanged(copy.path) : try Self.expectSpeciesChanged(copy.path)
        }
        #expect(steps.contains("flipping the select bit") && steps.contains("writing the header's other slot"))
    }

    /// A refused schema change stages nothing: the editor commits nothing, the file is as it was.
    @Test func aRefusedChangeLeavesTheFileByteForByte() throws {
        guard Fixtures.requirePresent() else { return }
        let original = try Fixtures.bytes("tasks")
        let copy = try TemporaryRealmCopy(bytes: original, name: "tasks-refused")
        defer { copy.remove() }
        let editor = try FileEditor(path: copy.path)
        let person = try #require(editor.file.table(named: "class_Person"))
        let task = try #require(editor.file.table(named: "class_Task"))
        #expect(throws: RealmFormatError.refusedEdit("Person cannot be removed while other classes link to it: Car.owner; remove or change those properties first")) {
            _ = try editor.removeClass(person)
        }
        #expect(throws: RealmFormatError.self) { try editor.setPrimaryKey("name", of: task) }
        #expect(throws: RealmFormatError.self) { _ = try editor.setNullability("notes", of: task, nullable: false, default: nil) }
        #expect(throws: RealmFormatError.self) { try editor.renameProperty("name", of: task, to: "notes") }
        #expect(editor.pendingChanges == 0)
        #expect(try editor.commit().changes == 0)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy.path))) == original)
    }
}
