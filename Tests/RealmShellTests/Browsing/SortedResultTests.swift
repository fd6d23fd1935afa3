import Foundation
import RealmInterchange
@testable import RealmShell
import ShellTestSupport
import Testing
import TestSupport

/// `find` on a large class sorted by one property shows its first page from the first keys
/// alone (`QueryEngine.firstKeys`), and finds more only when a page or a position past them is
/// asked for (`QueryResult`): at least twice the keys by another streamed scan, or all of them
/// past what a streamed scan keeps. Every page and position must be what the
/// whole sort gives: here the same commands run after the same query with a LIMIT as large as
/// the class, which is never streamed and so sorts every match at once.
@Suite("Sorted results found a page at a time", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct SortedResultTests {
    /// big.realm's 200,000 Items: ties (qty, category), strings (name), a filter.
    static let queries = ["TRUEPREDICATE SORT(qty ASC)", "price < 500 SORT(name DESC)", "active == true SORT(category ASC)",
                          "TRUEPREDICATE SORT(created DESC)"]

    @Test(arguments: queries)
    func everyPageIsTheWholeSorts(query: String) throws {
        guard Fixtures.requirePresent() else { return }
        let streamed = Session(output: BufferedOutput())
        try streamed.open(path: Fixtures.realmPath("big"))
        let whole = Session(output: BufferedOutput())
        try whole.open(path: Fixtures.realmPath("big"))

        let first = try output(of: "find Item \(query)", in: streamed)
        #expect(try output(of: "find Item \(query) LIMIT(200000)", in: whole) == first)
        // Only the first keys are in hand, yet the footer counts every match.
        let result = try #require(try Self.result(of: streamed))
        #expect(!result.isComplete)
        #expect(first.contains(" of \(result.count) matching Item objects"))
        #expect(result.count > 20_000)

        // Inside the first keys, across their end, past it, from the end (the last keys, then
        // twice as many of them), in the middle past what a streamed scan keeps (an eighth of
        // the class: every key); `more` after each.
        let count = result.count
        for command in ["show 980..1000", "more", "show 995..1010", "more", "show 5000..5020", "more", "show \(count - 3)..\(count)",
                        "show [-1]", "show \(count - 1500)..\(count - 1480)", "more", "show \(count / 2)..\(count / 2 + 20)", "more"] {
            let expected = try output(of: command, in: whole)
            #expect(try output(of: command, in: streamed) == expected, "\(query): \(command)")
            switch command {
            case "show 980..1000":
                #expect(result.knownCount == 1000 && !result.isComplete, "\(query): still the first keys")
            case "show 995..1010":
                // Twice the keys, from another streamed scan.
                #expect(result.knownCount == 2000 && !result.isComplete, "\(query): \(result.knownCount) keys")
            case "show 5000..5020":
                #expect(result.knownCount == 5020 && result.knownLastCount == 0 && !result.isComplete, "\(query): \(result.knownCount) keys")
            case "show \(count - 3)..\(count)", "show [-1]":
                // The last keys, from a scan that keeps the end of the order; the first stay.
                #expect(result.knownCount == 10_040 && result.knownLastCount == 1000 && !result.isComplete,
                        "\(query): \(command): \(result.knownCount) first, \(result.knownLastCount) last keys")
            case "show \(count - 1500)..\(count - 1480)":
                #expect(result.knownLastCount == 2000 && !result.isComplete, "\(query): \(result.knownLastCount) last keys")
            default:
                break
            }
        }
        #expect(result.isComplete)
        #expect(result.knownCount == count && result.knownLastCount == 0)
        for position in ["[999]", "[1000]", "[-1]", "[12345]"] {
            try streamed.execute("find Item \(query)")
            try whole.execute("find Item \(query) LIMIT(200000)")
            #expect(try output(of: "show \(position)", in: streamed) == output(of: "show \(position)", in: whole), "\(query): \(position)")
        }
    }

    @Test("sort re-sorts the whole answer, and a class too small to stream is answered whole")
    func sortAndSmallClasses() throws {
        guard Fixtures.requirePresent() else { return }
        let session = Session(output: BufferedOutput())
        try session.open(path: Fixtures.realmPath("big"))
        try session.execute("find Item qty > 100")
        #expect(try Self.result(of: session)?.isComplete == true)
        try session.execute("sort price desc")
        let sorted = try #require(try Self.result(of: session))
        #expect(!sorted.isComplete)
        let species = Session(output: BufferedOutput())
        try species.open(path: Fixtures.realmPath("species"))
        try species.execute("find Specimen TRUEPREDICATE SORT(name ASC)")
        #expect(try Self.result(of: species)?.isComplete == true)
    }

    private func output(of command: String, in session: Session) throws -> String {
        let (text, error) = session.capture { () throws(BrowserError) in try session.execute(command) }
        if let error { throw error }
        return text
    }

    private static func result(of session: Session) throws -> QueryResult? {
        guard case let .results(result)? = session.path.last?.location else { return nil }
        return result
    }
}
