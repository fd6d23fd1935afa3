import Foundation
import RealmInterchange
import RealmQuery
import TestSupport
import Testing

/// Every query of the oracle (`../shared/queries/*.jsonl`, the answers of realm-core's own
/// parser) must be understood the way Realm understood it, as far as syntax goes.
@Suite("Oracle queries", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct OracleQueryTests {
    struct OracleQuery {
        let file: String
        let line: Int
        let query: String
        let error: String?
    }

    static var queriesDirectory: URL {
        Fixtures.directory.deletingLastPathComponent().appendingPathComponent("queries", isDirectory: true)
    }

    static func loadQueries() throws -> [OracleQuery] {
        let names = try FileManager.default.contentsOfDirectory(atPath: queriesDirectory.path)
            .filter { $0.hasSuffix(".jsonl") }
            .sorted()
        var result: [OracleQuery] = []
        for name in names {
            let text = try String(contentsOf: queriesDirectory.appendingPathComponent(name), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
                let value = try JSONParser.parse(String(line))
                guard let query = value["query"]?.string else {
                    Issue.record("\(name):\(number + 1) has no query")
                    continue
                }
                result.append(OracleQuery(file: name, line: number + 1, query: query, error: value["error"]?.string))
            }
        }
        return result
    }

    /// How Realm's error text says which stage rejected the query. Only the parser stage is
    /// ours to reproduce here; the rest need a schema or arguments and belong to the evaluator.
    enum RealmRejection: Equatable {
        case syntax
        case semantic(reason: String)
        case unclassified
    }

    static func classify(_ realmError: String) -> RealmRejection {
        // Realm's parser reports "Invalid predicate: '<query>': syntax error, …" (bison) or
        // "…: invalid character: …" (its lexer).
        if realmError.contains("syntax error") || realmError.contains("invalid character") { return .syntax }
        if realmError.contains("has no property") {
            return .semantic(reason: "names a property the class lacks (needs the schema)")
        }
        if realmError.contains("Unsupported comparison between type") {
            return .semantic(reason: "compares values of incompatible types (needs the schema)")
        }
        if realmError.contains("Request for argument at index") {
            return .semantic(reason: "uses an argument $n, and no arguments are supplied")
        }
        if realmError.contains("Cannot use aggregate") {
            return .semantic(reason: "asks for an aggregate the property's type has none of (needs the schema)")
        }
        if realmError.contains("between two primitive lists") || realmError.contains("between two lists") {
            return .semantic(reason: "compares two collections (needs the schema to know they are)")
        }
        if realmError.contains("Unable to parse the type attribute string") {
            return .semantic(reason: "names a type @type does not know (a string constant, checked when bound)")
        }
        return .unclassified
    }

    @Test func everyAcceptedQueryParses() throws {
        guard Fixtures.requirePresent() else { return }
        let queries = try Self.loadQueries().filter { $0.error == nil }
        #expect(queries.count > 100)
        for entry in queries {
            do {
                _ = try Query.parse(entry.query)
            } catch {
                Issue.record("\(entry.file):\(entry.line) Realm accepts this query but it did not parse:\n\(error.annotated(query: entry.query))")
            }
        }
    }

    @Test func everyAcceptedQueryRoundTripsThroughThePrinter() throws {
        guard Fixtures.requirePresent() else { return }
        for entry in try Self.loadQueries() where entry.error == nil {
            guard let parsed = try? Query.parse(entry.query) else { continue }
            let printed = parsed.description
            do {
                let reparsed = try Query.parse(printed)
                #expect(reparsed.description == printed, "\(entry.file):\(entry.line): \(entry.query)")
            } catch {
                Issue.record("\(entry.file):\(entry.line) printed form does not parse:\n\(error.annotated(query: printed))")
            }
        }
    }

    @Test func rejectedQueriesAreRejectedAtTheRightStage() throws {
        guard Fixtures.requirePresent() else { return }
        let rejected = try Self.loadQueries().filter { $0.error != nil }
        #expect(!rejected.isEmpty)
        var syntaxCount = 0
        for entry in rejected {
            guard let realmError = entry.error else { continue }
            switch Self.classify(realmError) {
            case .syntax:
                syntaxCount += 1
                do {
                    let parsed = try Query.parse(entry.query)
                    Issue.record("\(entry.file):\(entry.line) Realm reports a syntax error (\(realmError)) but it parsed as \(parsed)")
                } catch {
                    if realmError.contains("unexpected end of file") {
                        #expect(error.offset == entry.query.utf8.count, "\(entry.file):\(entry.line) \(error.annotated(query: entry.query))")
                    }
                }
            case .semantic:
                // Syntactically valid: the parser must accept it, and the evaluator reject it.
                #expect(throws: Never.self, "\(entry.file):\(entry.line)") { try Query.parse(entry.query) }
            case .unclassified:
                Issue.record("\(entry.file):\(entry.line) unclassified Realm error '\(realmError)'; decide whether it is syntax or semantics")
            }
        }
        #expect(syntaxCount > 0)
    }
}
