import Foundation
import RealmDiff
import RealmFormat
import RealmInterchange
import Testing
import TestSupport

/// The comparison itself, without the REPL's renderers: a receiver that records what the engine
/// tells it, on a fixture against itself and against a copy changed with the tool's editor.
@Suite("Diff engine", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DiffEngineTests {
    enum RecorderError: Error, CarriesFileErrors {
        case file(RealmFormatError)
    }

    final class Recorder: DiffReceiver {
        typealias Failure = RecorderError
        var schemaChanges: [SchemaChange] = []
        var objects: [(className: String, change: ObjectChange)] = []
        var finished: [String: ClassSummary] = [:]

        func schema(_ changes: [SchemaChange]) throws(RecorderError) { schemaChanges = changes }
        func object(_ change: ObjectChange, in pair: ClassPair) throws(RecorderError) { objects.append((pair.name, change)) }
        func classFinished(_ pair: ClassPair, summary: ClassSummary) throws(RecorderError) { finished[pair.name] = summary }
        func finished(_ result: DiffResult) throws(RecorderError) {}
    }

    @Test("a file against itself: no schema change, every object unchanged")
    func itself() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("species"))
        let recorder = Recorder()
        let result = try DiffEngine(a: file, b: file, only: nil).run(recorder)
        #expect(result.identical && result.schemaChanges == 0 && recorder.objects.isEmpty)
        #expect(recorder.finished.mapValues(\.unchanged) == ["Category": 5, "Specimen": 42])
        #expect(result.classCount == 2 && result.objectCount == 47)
    }

    @Test("a copy with one value changed, one object deleted and one created: exactly those")
    func editedCopy() throws {
        guard Fixtures.requirePresent() else { return }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("DiffEngineTests-\(UUID().uuidString).realm").path
        defer { try? FileManager.default.removeItem(atPath: path); try? FileManager.default.removeItem(atPath: path + ".lock") }
        try FileManager.default.copyItem(atPath: Fixtures.realmPath("species"), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let original = try RealmFile(path: path)
        let categories = try #require(original.table(named: "class_Category"))
        let specimens = try #require(original.table(named: "class_Specimen"))
        let name = try #require(categories.column(named: "name"))
        let editor = try FileEditor(path: path)
        try editor.set(.string("Mammalia"), column: name, table: categories, key: 1)
        try editor.delete(from: specimens, key: 5)
        let created = try editor.create(in: categories, values: [(name, .string("Fungi"))])
        try editor.commit()

        let recorder = Recorder()
        let result = try DiffEngine(a: try RealmFile(path: Fixtures.realmPath("species")), b: try RealmFile(path: path), only: nil).run(recorder)
        #expect(!result.identical && recorder.schemaChanges.isEmpty)
        #expect(recorder.finished["Category"] == ClassSummary(added: 1, removed: 0, changed: 1, unchanged: 4))
        #expect(recorder.finished["Specimen"] == ClassSummary(added: 0, removed: 1, changed: 0, unchanged: 41))
        var described: [String] = []
        for (className, change) in recorder.objects {
            switch change {
            case let .added(object): described.append("\(className) added \(object.key)")
            case let .removed(object): described.append("\(className) removed \(object.key)")
            case let .changed(a, _, properties):
                described += properties.map { "\(className) \(a.key).\($0.a.name): \($0.old) -> \($0.new)" }
            }
        }
        #expect(described == ["Category 1.name: string(\"Mammals\") -> string(\"Mammalia\")", "Category added \(created)", "Specimen removed 5"])
    }
}
