import Foundation
import RealmFormat
import RealmInterchange
import RealmQuery
import TestSupport
import Testing

/// The scan kernels must answer exactly as the general per-object evaluator does: on every
/// oracle query (the `-more` and `-corners` files too, including lines where both still differ from Realm),
/// and on thousands of generated queries over the fixtures that reach every kernel: each
/// scalar type against values the file really holds, null, NaN-free bounds and missing ones,
/// string operators with and without `[c]`, collections with ANY/ALL/NONE and @count, links,
/// lists of links and backlinks, AND/OR/NOT, SORT, DISTINCT and LIMIT.
@Suite("Kernels agree with the general evaluator", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct KernelAgreementTests {
    static let oracleFiles = ["alltypes", "big", "demo", "history", "species", "tasks"]

    @Test("every oracle query gives the same keys both ways", arguments: oracleFiles)
    func oracleQueries(file name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(name))
        var checked = 0
        for suffix in ["", "-more", "-corners"] {
            let url = OracleQueryTests.queriesDirectory.appendingPathComponent("\(name)\(suffix).jsonl")
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for (number, line) in text.split(separator: "\n").enumerated() {
                let oracle = try JSONParser.parse(String(line))
                let query = try #require(oracle["query"]?.string)
                let className = try #require(oracle["class"]?.string)
                let table = try #require(file.tables.first { $0.className == className })
                try AgreementCheck.compare(query, on: table, in: file, place: "\(name)\(suffix).jsonl:\(number + 1)")
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    static let generatedFiles = ["alltypes", "demo", "species", "tasks", "history"]

    @Test("generated queries over every property give the same keys both ways", arguments: generatedFiles)
    func generatedQueries(file name: String) throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath(name))
        var total = 0
        for table in file.classTables where table.kind != .embedded {
            let queries = try QueryGenerator(file: file, table: table).queries()
            for query in queries {
                try AgreementCheck.compare(query, on: table, in: file, place: "\(name) \(table.displayName)")
            }
            total += queries.count
        }
        // Every class of these fixtures has properties the generator reaches.
        #expect(total > 100)
    }

    @Test("big.realm: the benchmark's queries and their neighbours give the same keys both ways")
    func bigQueries() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("big"))
        let table = try #require(file.tables.first { $0.className == "Item" })
        let queries = [
            "category == 'Books'", "category == 'Electronics' AND price >= 100 AND price < 200", "qty BETWEEN {100, 150}",
            "name CONTAINS[c] 'kettle'", "name LIKE 'Red * #1?5*'", "name BEGINSWITH 'Smart'", "name ENDSWITH '99'",
            "tags.@count >= 3", "ANY tags == 'sale'", "active == true SORT(price DESC) LIMIT(10)",
            "price < 500 DISTINCT(category, active)", "created > 2025-06-01@00:00:00", "active == false AND qty > 400",
            "category == 'Books' OR category == 'Music' OR category == 'Toys'", "NOT (price < 900)", "TRUEPREDICATE",
            "name CONTAINS 'Kettle'", "name LIKE[c] '*KETTLE*'", "name ==[c] 'compact backpack #0'", "ALL tags BEGINSWITH 's'",
            "NONE tags == 'gift' AND qty > 490", "tags.@size == 0", "category IN {'Books', 'Toys'}", "qty > 100.5",
            "TRUEPREDICATE SORT(category ASC, qty DESC) LIMIT(50)", "TRUEPREDICATE DISTINCT(qty) SORT(name DESC) LIMIT(20)",
            // Issue 33's kernels: word-at-a-time equality, date windows, BEGINSWITH/ENDSWITH by words.
            "qty == 250", "qty != 250", "qty == 0", "qty == 70000", "active == true AND qty == 17",
            "created BETWEEN {2025-01-01@00:00:00, 2025-06-01@00:00:00}", "created >= 2024-02-29@00:00:00 AND created < 2024-03-01@00:00:00",
            "created == 2020-02-01@16:52:17.384", "created < 2020-02-01@16:52:17.384 OR created > 2025-12-31@00:00:00",
            "name BEGINSWITH 'Vintage'", "name BEGINSWITH 'Vintage Camera #1'", "name BEGINSWITH 'Wireless Kettle #'",
            "name ENDSWITH '#1'", "name ENDSWITH 'Camera #12345'", "name ENDSWITH 'Smart Jacket #4'", "name BEGINSWITH 'V'",
            "name BEGINSWITH 'Smart' SORT(price DESC) LIMIT(5)", "qty == 250 DISTINCT(category)",
        ]
        for query in queries { try AgreementCheck.compare(query, on: table, in: file, place: "big") }
    }
}

extension KernelAgreementTests {
    /// Equalities ORed on one property are merged into one `IN` kernel, and string equality
    /// compares whole short-string slots: both checked against the general evaluator on
    /// values the fixture holds, null, the empty string, non-ASCII text, `[c]`, and ORs that
    /// mix properties.
    @Test("ORed equalities and short-string equality give the same keys both ways")
    func mergedEqualities() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let table = try #require(file.tables.first { $0.className == "AllTypes" })
        let queries = [
            "stringOpt == 'gamma' OR stringOpt == 'theta'", "stringOpt == 'gamma' OR stringOpt == nil OR stringOpt == 'ητα'",
            "stringOpt ==[c] 'GAMMA' OR stringOpt ==[c] 'Theta'", "'gamma' == stringOpt OR stringReq == 'x' OR stringOpt == 'épsilon'",
            "stringOpt IN {'gamma', 'theta', ''}", "stringReq == ''", "stringOpt == ''", "stringOpt == 'gamm'", "stringOpt == 'gammaa'",
            "stringOpt == 'épsilon'", "NOT (stringOpt == 'gamma' OR stringOpt == 'delta')", "stringOpt == 'gamma' OR stringOpt ==[c] 'delta'",
            "intReq == 1 OR intReq == 2 OR intOpt == nil", "intOpt == nil OR intOpt == 0", "boolOpt == true OR boolOpt == nil",
            "stringOpt == 'gamma' OR intReq > 0 OR stringOpt == 'theta'", "_id == 'x' OR _id == 'y'",
            "stringOpt == 'a long constant that no short-string slot can hold, longer than sixty-three bytes'",
        ]
        for query in queries { try AgreementCheck.compare(query, on: table, in: file, place: "alltypes") }
    }

    /// LIKE turns strings down by the ASCII bytes anchored at either end before anything
    /// else, and `[c]` CONTAINS checks for ASCII while it searches: both against the general
    /// evaluator on ASCII and non-ASCII text (Greek, accents), with `?` before and after the
    /// anchored bytes, and needles at the start, in the middle and at the end.
    @Test("LIKE and CONTAINS[c] give the same keys both ways on ASCII and other text")
    func stringSearches() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try RealmFile(path: Fixtures.realmPath("alltypes"))
        let table = try #require(file.tables.first { $0.className == "AllTypes" })
        let queries = [
            "stringOpt LIKE 'ga*'", "stringOpt LIKE '*ta'", "stringOpt LIKE 'é*'", "stringOpt LIKE '?ps*'", "stringOpt LIKE '*?ta'",
            "stringOpt LIKE 'g?mma'", "stringOpt LIKE '*mm*'", "stringOpt LIKE 'η*'", "stringOpt LIKE '*α'", "stringOpt LIKE '?'",
            "stringOpt LIKE[c] 'GA*'", "stringOpt LIKE[c] '*TA'", "stringReq LIKE '*'", "stringReq LIKE ''", "stringOpt LIKE 'é?silon'",
            "stringOpt CONTAINS[c] 'ΗΤ'", "stringOpt CONTAINS[c] 'psil'", "stringOpt CONTAINS[c] 'GAMMA'", "stringOpt CONTAINS[c] 'a'",
            "stringOpt CONTAINS[c] 'É'", "stringOpt CONTAINS[c] ''", "stringReq CONTAINS[c] 'A long needle that no string holds at all'",
            "ANY stringOptList LIKE 'a*'", "ANY stringOptList CONTAINS[c] 'B'",
        ]
        for query in queries { try AgreementCheck.compare(query, on: table, in: file, place: "alltypes") }
        let big = try RealmFile(path: Fixtures.realmPath("big"))
        let items = try #require(big.tables.first { $0.className == "Item" })
        for query in ["name LIKE 'Red * #1?5*'", "name LIKE '*#1?5'", "name LIKE 'Sm?rt*'", "name CONTAINS[c] 'KETTLE'", "name CONTAINS[c] 'e #1'"] {
            try AgreementCheck.compare(query, on: items, in: big, place: "big")
        }
    }
}

/// Runs one query both ways and records any difference: the kernels on one thread, the
/// kernels split between threads (`ParallelWork`, forced to three runs of leaves whatever the
/// table's size, and to two for the general evaluator), and `count` both ways, must all give
/// exactly the general evaluator's keys, in the same order.
enum AgreementCheck {
    static func compare(_ query: String, on table: Table, in file: RealmFile, place: String,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let general = Result { try QueryEngine(file: file, strategy: .general).run(query, on: table) }
        let runs: [(String, Result<[Int64], any Error>)] = [
            ("kernels", Result { try ParallelWork.$forcedParts.withValue(1) { try QueryEngine(file: file, strategy: .kernels).run(query, on: table) } }),
            ("split kernels", Result { try ParallelWork.$forcedParts.withValue(3) { try QueryEngine(file: file, strategy: .kernels).run(query, on: table) } }),
            ("split general evaluator", Result { try ParallelWork.$forcedParts.withValue(2) { try QueryEngine(file: file, strategy: .general).run(query, on: table) } }),
            ("split count", Result { try ParallelWork.$forcedParts.withValue(3) {
                try Array(repeating: 0, count: QueryEngine(file: file, strategy: .kernels).count(query, on: table))
            } }),
        ]
        for (name, run) in runs {
            switch (run, general) {
            case let (.success(fast), .success(slow)):
                if name == "split count" {
                    #expect(fast.count == slow.count, "\(place): \(query): \(name) gave \(fast.count), the general evaluator \(slow.count) keys",
                            sourceLocation: sourceLocation)
                } else {
                    #expect(fast == slow, "\(place): \(query): \(name) gave \(fast.count) keys, the general evaluator \(slow.count)",
                            sourceLocation: sourceLocation)
                }
            case (.failure, .failure):
                break
            case let (.success(keys), .failure(error)):
                Issue.record("\(place): \(query): \(name) gave \(keys.count) keys, the general evaluator failed: \(error)", sourceLocation: sourceLocation)
            case let (.failure(error), .success(keys)):
                Issue.record("\(place): \(query): \(name) failed (\(error)), the general evaluator gave \(keys.count) keys", sourceLocation: sourceLocation)
            }
        }
    }
}
