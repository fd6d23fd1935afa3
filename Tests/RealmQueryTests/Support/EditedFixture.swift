import Foundation
import RealmFormat
import RealmQuery
import TestSupport
import Testing

/// A writable copy of a fixture, changed through the tool's own editor (`FileEditor`, as `set`,
/// `create` and `add property` do), for tests that need data the fixtures do not hold: what
/// a rule says about it is then known from the edit, not from our query engine.
final class EditedFixture {
    let path: String
    private(set) var file: RealmFile

    init(_ fixture: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("edited-\(fixture)-\(UUID().uuidString).realm").path
        try FileManager.default.copyItem(atPath: Fixtures.realmPath(fixture), toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        file = try RealmFile(path: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".lock")
    }

    /// Stages the changes `body` makes and commits them as one version, then reads the new one.
    func edit(_ body: (FileEditor, EditedFixture) throws -> Void) throws {
        let editor = try FileEditor(path: path)
        try body(editor, self)
        try editor.commit()
        file = try RealmFile(path: path)
    }

    func table(_ className: String) throws -> Table {
        try #require(file.tables.first { $0.className == className }, "no class \(className)")
    }

    func column(_ className: String, _ name: String) throws -> Column {
        try #require(try table(className).column(named: name), "no property \(className).\(name)")
    }

    /// The keys `query` gives, asserting that the scan kernels and the general evaluator agree.
    func keys(_ query: String, on className: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int64] {
        let table = try table(className)
        let kernels = try QueryEngine(file: file, strategy: .kernels).run(query, on: table)
        let general = try QueryEngine(file: file, strategy: .general).run(query, on: table)
        #expect(kernels == general, "\(query): kernels and the general evaluator disagree", sourceLocation: sourceLocation)
        return kernels
    }

    /// Why both strategies refuse `query` (nil when either accepts it).
    func refusal(_ query: String, on className: String) throws -> String? {
        let table = try table(className)
        var reasons: [String] = []
        for strategy in [QueryEngine.Strategy.kernels, .general] {
            do {
                _ = try QueryEngine(file: file, strategy: strategy).run(query, on: table)
                return nil
            } catch {
                reasons.append("\(error)")
            }
        }
        return reasons.first
    }
}
