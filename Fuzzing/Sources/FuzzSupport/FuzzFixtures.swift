import Foundation
import RealmFormat

/// The Realm fixtures some harnesses run their inputs against (schemas to bind queries and
/// import plans to), opened once per process. scripts/fuzz.sh names the folder in
/// REALM_FUZZ_FIXTURES (../shared/fixtures, read in place).
public enum FuzzFixtures {
    public static let directory: String = {
        guard let directory = ProcessInfo.processInfo.environment["REALM_FUZZ_FIXTURES"] else {
            fatalError("fuzz harness: set REALM_FUZZ_FIXTURES to the fixtures folder (scripts/fuzz.sh does)")
        }
        return directory
    }()

    /// The small fixtures, by name (big.realm would make every execution slow).
    public static let files: [String: RealmFile] = {
        var files: [String: RealmFile] = [:]
        for name in ["alltypes", "tasks", "species", "history", "demo"] {
            do {
                files[name] = try RealmFile(path: "\(directory)/\(name).realm")
            } catch {
                fatalError("fuzz harness: cannot open fixture \(name): \(error)")
            }
        }
        return files
    }()

    /// A fixture's class table; the harness's own setup, so a missing one stops the run.
    public static func table(_ fixture: String, _ className: String) -> (RealmFile, Table) {
        guard let file = files[fixture], let table = file.table(named: "class_" + className) ?? file.classTables.first(where: { $0.className == className }) else {
            fatalError("fuzz harness: no class \(className) in fixture \(fixture)")
        }
        return (file, table)
    }
}
