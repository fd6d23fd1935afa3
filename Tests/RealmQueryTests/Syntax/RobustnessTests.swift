@testable import RealmQuery
import Testing

/// Mangled input must end in a parse or a positioned error, never a crash, and whatever
/// parses must print to something that parses to the same text again.
@Suite("Robustness")
struct RobustnessTests {
    /// A small deterministic generator, so a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let seeds = [
        "name BEGINSWITH[c] 'b' SORT(name ASC) LIMIT(5)",
        "SUBQUERY(addressList, $a, $a.zip < 20000 AND NOT $a.city ==[cd] \"Kø\").@count > 0",
        "ANY @links.Specimen.category.latitude > 60 OR intDict['k0'] == 1",
        "d BETWEEN {1970-01-01@00:00:00:5, T-5:-3} AND o == oid(800000000000000000000000)",
        "(a + b) * 2 >= -1.5e3 DISTINCT(x.y) SORT(z DESC)",
        "u IN {uuid(137decc8-b300-4954-a233-f89909f4fd89), B64\"SGVsbG8=\", null, $0, 0x1F, -inf}",
        "mixedValue.@type == 'string' && arrayReference.@sum.integerValue > 5 || !list[FIRST] == 1",
    ]

    static let fragments = ["(", ")", "{", "}", "[", "]", "'", "\"", "\\", "@", "$", ".", ",", "-", "+", "*", "/", "==", "!",
                            "[c]", " AND ", " OR ", " NOT ", "@count", "@links", "T", "B64\"", "oid(", "uuid(", "2015-", "12:",
                            "中", "é", "\n", "\t", " ", "0", "9", "e", "x", "SUBQUERY(", "SORT(", "ANY ", "‘"]

    @Test func mutatedQueriesNeverCrash() {
        var generator = Generator(state: 0x5EED)
        var parsed = 0
        for round in 0..<4000 {
            var characters = Array(Self.seeds[round % Self.seeds.count])
            for _ in 0..<(1 + generator.below(4)) {
                let position = generator.below(characters.count + 1)
                switch generator.below(3) {
                case 0 where !characters.isEmpty:
                    characters.remove(at: min(position, characters.count - 1))
                case 1:
                    characters.insert(contentsOf: Self.fragments[generator.below(Self.fragments.count)], at: position)
                default:
                    let end = min(characters.count, position + generator.below(6))
                    characters.insert(contentsOf: characters[position..<end], at: position)
                }
            }
            let text = String(characters)
            do throws(QueryParseError) {
                let query = try Query.parse(text)
                parsed += 1
                let printed = query.description
                #expect((try? Query.parse(printed))?.description == printed, "\(text)")
            } catch {
                #expect(error.offset >= 0 && error.range.end <= text.utf8.count, "\(text): \(error)")
                // The caret line names the problem under the query's line that holds it.
                #expect(error.annotated(query: text).contains("^ " + error.message))
            }
        }
        #expect(parsed > 0)
    }

    @Test func everyPrefixOfAQueryIsHandled() {
        for seed in Self.seeds {
            let characters = Array(seed)
            for length in 0...characters.count {
                let text = String(characters[0..<length])
                do {
                    _ = try Query.parse(text)
                } catch {
                    #expect(error.range.end <= text.utf8.count, "\(text): \(error)")
                }
            }
        }
    }

    @Test func largeInputsParseInLinearTime() throws {
        let longList = "x IN {" + (0..<20000).map(String.init).joined(separator: ", ") + "}"
        guard case let .list(list)? = try rightOperand(longList) else {
            Issue.record("expected a list")
            return
        }
        #expect(list.elements.count == 20000)
        let longChain = (0..<5000).map { "a\($0) == \($0)" }.joined(separator: " AND ")
        guard case let .and(operands) = try predicate(longChain).kind else {
            Issue.record("expected AND")
            return
        }
        #expect(operands.count == 5000)
    }
}
