@testable import RealmQuery
import Testing

/// The compiled LIKE pattern against the rule it implements, written the slow and obvious way:
/// `*` matches any run of characters (none included), `?` exactly one, every other character
/// itself. Every pattern and string over a small alphabet up to a length is tried, so that
/// anchors, empty segments (`**`), `?` runs and overlapping occurrences all come up.
@Suite("LIKE patterns compiled to segments")
struct LikePatternTests {
    /// The rule by recursion on both ends.
    private static func reference(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let head = pattern.first else { return text.isEmpty }
        switch head {
        case UInt8(ascii: "*"):
            return (text.startIndex...text.endIndex).contains { reference(pattern.dropFirst(), text[$0...]) }
        case UInt8(ascii: "?"):
            return !text.isEmpty && reference(pattern.dropFirst(), text.dropFirst())
        default:
            return text.first == head && reference(pattern.dropFirst(), text.dropFirst())
        }
    }

    /// Every word over `alphabet` of length 0 through `length`.
    private static func words(_ alphabet: [UInt8], upTo length: Int) -> [[UInt8]] {
        var all: [[UInt8]] = [[]]
        var last: [[UInt8]] = [[]]
        for _ in 0..<length {
            last = last.flatMap { word in alphabet.map { word + [$0] } }
            all += last
        }
        return all
    }

    @Test func agreesWithTheRuleOnEveryShortPatternAndString() {
        let patterns = Self.words(Array("ab*?".utf8), upTo: 5)
        let texts = Self.words(Array("ab".utf8), upTo: 6)
        var checked = 0
        var disagreements: [String] = []
        for pattern in patterns {
            let compiled = LikePattern(pattern)
            for text in texts {
                let expected = Self.reference(pattern[...], text[...])
                let found = text.withUnsafeBytes { bytes in
                    compiled.mayMatch(bytes) && compiled.matches(bytes, folding: false)
                }
                if found != expected, disagreements.count < 10 {
                    disagreements.append("'\(String(decoding: pattern, as: UTF8.self))' on '\(String(decoding: text, as: UTF8.self))': \(found), rule \(expected)")
                }
                checked += 1
            }
        }
        #expect(checked == 1365 * 127)
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    /// `mayMatch` only ever turns down strings the rule turns down (its anchors are a
    /// necessary condition), and it does turn some down.
    @Test func anchorsOnlyRejectWhatCannotMatch() {
        let compiled = LikePattern(Array("ab*?a*b".utf8))
        let texts = Self.words(Array("ab".utf8), upTo: 7)
        var rejected = 0
        for text in texts {
            let may = text.withUnsafeBytes { compiled.mayMatch($0) }
            if !may {
                rejected += 1
                #expect(!Self.reference(Array("ab*?a*b".utf8)[...], text[...]))
            }
        }
        #expect(rejected > 200)
    }

    /// Folding compares the haystack lowered against a pattern compiled from lowered text.
    @Test func foldingLowersTheHaystack() {
        let compiled = LikePattern(Array("*-4??a-*".utf8))
        #expect(Array("XY-4QZA-1".utf8).withUnsafeBytes { compiled.matches($0, folding: true) })
        #expect(!Array("XY-4QZA-1".utf8).withUnsafeBytes { compiled.matches($0, folding: false) })
        #expect(!Array("XY-4QA-1".utf8).withUnsafeBytes { compiled.matches($0, folding: true) })
    }
}
