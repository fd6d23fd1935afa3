import Foundation

/// The inputs scripts/fuzz.sh saved when a harness crashed (Tests/FuzzCrashes/HARNESS/), each
/// kept as a regression test that feeds it through the same code path as the harness did.
public enum FuzzCrashInputs {
    /// The package root.
    public static var packageRoot: URL { Fixtures.packageRoot }

    /// `<package root>/Tests/FuzzCrashes`.
    public static let directory = packageRoot.appendingPathComponent("Tests/FuzzCrashes", isDirectory: true)

    /// The path of one saved input.
    public static func path(_ harness: String, _ name: String) -> String {
        directory.appendingPathComponent(harness).appendingPathComponent(name).path
    }
}
