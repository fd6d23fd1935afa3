import Foundation
@testable import RealmFormat
@testable import RealmQuery
import TestSupport
import Testing

/// The queries the benchmarks time, and the shapes issue 11 names, must compile into scan
/// kernels without a `GeneralKernel` anywhere in the tree: a fast path that silently fell back
/// to the per-object evaluator would still give the right keys, so only this would notice.
@Suite("Queries compile to kernels", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct KernelCoverageTests {
    /// How many parts of the kernel tree evaluate object by object.
    static func generalParts(_ kernel: ScanKernel) -> Int {
        switch kernel {
        case is GeneralKernel: return 1
        case let and as AndKernel: return and.parts.reduce(0) { $0 + generalParts($1) }
        case let or as OrKernel: return or.parts.reduce(0) { $0 + generalParts($1) }
        case let not as NotKernel: return generalParts(not.inner)
        case let link as LinkKernel: return generalParts(link.inner)
        default: return 0
        }
    }

    static func kernel(_ text: String, _ className: String, in file: RealmFile) throws -> ScanKernel {
        let table = try #require(file.tables.first { $0.className == className })
        let query = try Query.parse(text)
        let predicate = try PredicateBinder(file: file, arguments: []).bind(query.predicate, on: table)
        return KernelCompiler(file: file, evaluator: PredicateEvaluator(paths: PathEvaluator(file: file))).compile(predicate, on: table)
    }

    @Test("big.realm: every benchmark query and its neighbours")
    func bigQueries() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("big"))
        let queries = [
            "category == 'Books'", "category == 'Electronics' AND price >= 100 AND price < 200", "id == 123456",
            "qty BETWEEN {100, 150}", "name CONTAINS[c] 'kettle'", "name LIKE 'Red * #1?5*'", "name BEGINSWITH 'Smart'",
            "name ENDSWITH '99'", "tags.@count >= 3", "ANY tags == 'sale'", "active == true", "price < 500",
            "created > 2025-06-01@00:00:00", "active == false AND qty > 400",
            "category == 'Books' OR category == 'Music' OR category == 'Toys'", "NOT (price < 900)", "TRUEPREDICATE",
            "ALL tags BEGINSWITH 's'", "NONE tags == 'gift'", "category IN {'Books', 'Toys'}", "qty > 100.5",
        ]
        for text in queries {
            #expect(Self.generalParts(try Self.kernel(text, "Item", in: file)) == 0, "\(text)")
        }
    }

    @Test("links, backlinks, lists, aggregates and sizes")
    func linksListsAndAggregates() throws {
        guard Fixtures.requirePresent() else { return }
        let demo = try RealmFile(path: Fixtures.realmPath("demo"))
        let demoQueries: [(String, String)] = [
            ("ANY arrayReference.integerValue > 9990000", "RealmTestClass1"), ("ALL arrayReference.integerValue > 1000", "RealmTestClass1"),
            ("NONE arrayReference.stringValue BEGINSWITH 'FF'", "RealmTestClass1"), ("objectReference.integerValue > 5", "RealmTestClass2"),
            ("ANY objectReference.arrayReference.integerValue == 0", "RealmTestClass2"),
            ("@links.RealmTestClass1.arrayReference.@count > 2", "RealmTestClass0"), ("@links.@count > 2", "RealmTestClass0"),
            ("ANY @links.RealmTestClass2.objectReference.boolValue == true", "RealmTestClass1"),
            ("arrayReference.@count > 10", "RealmTestClass1"), ("stringValue.@size > 40", "RealmTestClass1"),
            ("objectReference == nil", "RealmTestClass2"),
        ]
        for (text, className) in demoQueries {
            #expect(Self.generalParts(try Self.kernel(text, className, in: demo)) == 0, "\(text)")
        }
        let allTypes = try RealmFile(path: Fixtures.realmPath("alltypes"))
        for text in ["intList.@sum > 10", "doubleList.@avg < 0", "intList.@min == nil", "3 < doubleList.@max", "ANY dateList > 2000-01-01@00:00:00"] {
            #expect(Self.generalParts(try Self.kernel(text, "AllTypes", in: allTypes)) == 0, "\(text)")
        }
    }
}
