import Foundation
import Testing

/// Locates the read-only Realm fixture corpus shared next to this package.
///
/// The fixtures are read in place (never copied into the repository) from `../shared/fixtures`
/// relative to the package root. The root is derived from this source file's own path, so the
/// tests work no matter which directory `swift test` is started from.
public enum Fixtures {
    /// The five realm-core-written files whose dumps the golden and corruption tests use.
    public static let goldenNames = ["demo", "species", "tasks", "history", "big"]

    /// The package root, where this file is `<root>/Tests/TestSupport/Fixtures/Fixtures.swift`.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/TestSupport/Fixtures
        .deletingLastPathComponent()  // Tests/TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// `<package root>/../shared/fixtures`.
    public static let directory: URL = packageRoot
        .appendingPathComponent("../shared/fixtures", isDirectory: true)
        .standardizedFileURL

    public static var isPresent: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// CI must never silently skip the fixture tests, so there a missing folder is a failure.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Trait condition: run when the fixtures exist, and also in CI so that their absence fails.
    /// Outside CI a missing folder (e.g. a checkout without the shared corpus) skips the suites.
    public static var shouldRun: Bool { isPresent || isCI }

    /// Why a suite is skipped; shown by the test runner.
    public static let skipComment: Comment =
        "Realm fixtures not found at ../shared/fixtures relative to the package root; set CI=true to make this a failure"

    /// Call at the start of every fixture test: records a loud failure when the folder is missing
    /// (only reachable in CI, see `shouldRun`) and tells the caller to stop.
    public static func requirePresent(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard isPresent else {
            Issue.record(
                "Realm fixtures folder is missing: expected \(directory.path) (../shared/fixtures relative to the package root)",
                sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// Absolute path of `NAME.ext` inside the fixtures folder.
    public static func path(_ name: String, _ ext: String) -> String {
        directory.appendingPathComponent("\(name).\(ext)").path
    }

    public static func realmPath(_ name: String) -> String { path(name, "realm") }
    public static func jsonPath(_ name: String) -> String { path(name, "json") }

    /// The raw bytes of a fixture file (for tests that inspect or corrupt the bytes themselves).
    public static func bytes(_ name: String, _ ext: String = "realm") throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name, ext))))
    }
}
