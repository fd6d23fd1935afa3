import Foundation
import Testing
import TestSupport

/// `update` on many objects: staging looked every object up among all staged edits, so
/// 20,000 objects took 36 s and big.realm's 200,000 about an hour. How long it takes is the
/// benchmark's business (scripts/bench_staging.sh, BENCHMARKS.md), not a test's: a time limit
/// here failed or passed with the machine's load.
@Suite("bulk update end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct BulkUpdateTests {
    let runner = ExecutableTests()

    @Test func twentyThousandObjectsUpdateInOneCommit() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "big", suite: "BulkUpdateTests")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let expected = try runner.run([file, "-c", "count Item id < 20000 OR qty == 1"])
        let update = try runner.run([file, "-c", "update Item id < 20000 SET qty = 1"])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput.hasPrefix("Item.qty = 1 on 20000 objects matching id < 20000  (committed version"))
        #expect(try runner.run([file, "-c", "count Item qty == 1"]).standardOutput == expected.standardOutput)
    }
}
