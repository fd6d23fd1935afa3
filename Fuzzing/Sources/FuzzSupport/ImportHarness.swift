@testable import RealmInterchange
import RealmFormat

/// What `import csv`/`import json` do with a file before they write: read the records, plan a
/// new class from them (types inferred), and plan them into existing classes. The classes are
/// the ones the seeds were exported from, so mutated seeds get past the header checks.
public enum ImportHarness {
    static let targets = [("alltypes", "AllTypes"), ("tasks", "Task"), ("species", "Specimen")]

    public static func run(format: String, path: String) {
        for (fixture, className) in targets {
            let (file, table) = FuzzFixtures.table(fixture, className)
            do {
                guard let source = try ImportSource.read(format, path: path, className: className) else {
                    fatalError("fuzz harness: no import format \(format)")
                }
                if fixture == "alltypes" {
                    do {
                        let columns = try source.columns(path: path)
                        _ = try source.plan(newColumns: columns, primaryKey: nil, path: path)
                    } catch {
                        _ = error.description
                    }
                }
                _ = try source.plan(into: table, file: file, path: path, links: LinkTargetIndex())
            } catch {
                _ = error.description
            }
        }
    }
}
