import RealmFormat
import RealmQuery
import Testing
import TestSupport

/// A query's scan looks for a stop once per leaf, on the kernel path, the general evaluator's
/// and the candidates of a search index alike. demo.realm: 1000 objects in four leaves.
@Suite("Query cancellation", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct QueryCancellationTests {
    @Test(arguments: [QueryEngine.Strategy.kernels, .general])
    func aRequestedCancellationStopsTheScan(strategy: QueryEngine.Strategy) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("demo"))
        let table = try #require(file.table(named: "class_RealmTestClass0"))
        let engine = QueryEngine(file: file, strategy: strategy)
        let all = try engine.run("integerValue >= 0 OR integerValue < 0", on: table)
        #expect(all.count == 1000)
        for check in 1...4 {
            do {
                _ = try Cancellation.running(with: Cancellation(requestAfterChecks: check)) { () throws(QueryError) in
                    try engine.run("integerValue >= 0 OR integerValue < 0", on: table)
                }
                Issue.record("check \(check): the query ran through")
            } catch {
                guard case .file(.interrupted) = error else { Issue.record("check \(check): \(error)"); continue }
            }
        }
        let unstopped = try Cancellation.running(with: Cancellation(requestAfterChecks: 5)) { () throws(QueryError) in
            try engine.run("integerValue >= 0 OR integerValue < 0", on: table)
        }
        #expect(unstopped == all)
    }
}
