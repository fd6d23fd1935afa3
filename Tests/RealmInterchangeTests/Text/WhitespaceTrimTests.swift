import RealmInterchange
import Testing

/// `trimmingWhitespace` answers from the first and last bytes when both are visible ASCII; it
/// must give what trimming Character by Character gives, on text built from the characters
/// that could make the shortcut wrong: CR LF (one Character), combining marks, a prepended
/// mark, non-ASCII spaces, tabs and the edges of the visible range (`!`, `~`, DEL).
@Suite("Trimming whitespace")
struct WhitespaceTrimTests {
    static func byCharacters(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }

    @Test func asCharacterByCharacter() {
        let pieces = ["a", "!", "~", "\u{7F}", " ", "\t", "\r\n", "\n", "\u{301}", "\u{600}", "\u{A0}", "\u{3000}", "é", "x\u{301}", "\u{85}"]
        var checked = 0
        for first in pieces {
            for middle in pieces {
                for last in pieces {
                    let text = first + middle + last
                    #expect(text.trimmingWhitespace() == Self.byCharacters(text), "\(Array(text.unicodeScalars))")
                    checked += 1
                }
            }
        }
        #expect(checked == 15 * 15 * 15)
        #expect("".trimmingWhitespace() == "")
        #expect("  find Item id == 3 \t".trimmingWhitespace() == "find Item id == 3")
    }
}
