/// How many terminal columns text takes, so aligned output (table, box and markdown modes,
/// `show`, `schema`, `stats`, `help`) pads and cuts by what the eye sees, not by the number of
/// characters: `键-🔑` takes five columns, not three.
///
/// The unit is the extended grapheme cluster (Swift's `Character`), which is what a terminal
/// draws as one glyph:
/// * two columns when any scalar is East Asian Wide or Fullwidth (Unicode's EastAsianWidth.txt,
///   `W`/`F`), or has Emoji_Presentation (emoji, flags made of two regional indicators, ZWJ
///   sequences like 👩‍💻 that are one cluster), or is an emoji followed by VS16 (U+FE0F, as in
///   ❤️ and the keycap 1️⃣);
/// * no columns when every scalar is a combining or enclosing mark, a format character
///   (ZWJ, soft hyphen, bidi marks) or U+200B, so a cluster of only such scalars is invisible;
/// * one column otherwise (a base letter with combining accents is still one column).
///
/// Ambiguous-width characters (`A`, e.g. Greek and Cyrillic) count as one, as terminals outside
/// CJK locales draw them.
enum TextWidth {
    static func of(_ text: String) -> Int {
        // Plain ASCII (nearly every cell) is one column per byte; a CR LF pair is one
        // character, so it takes the general path.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return text.utf8.count }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    static func of(_ character: Character) -> Int {
        if character.utf8.count == 1, let byte = character.utf8.first, byte < 0x80 { return 1 }
        let scalars = character.unicodeScalars
        let asText = scalars.contains("\u{FE0E}")
        let asEmoji = scalars.contains("\u{FE0F}")
        var sawVisible = false
        for scalar in scalars {
            if isEastAsianWide(scalar) { return 2 }
            if !asText && (scalar.properties.isEmojiPresentation || (asEmoji && scalar.properties.isEmoji)) { return 2 }
            if !isZeroWidth(scalar) { sawVisible = true }
        }
        return sawVisible ? 1 : 0
    }

    /// The longest prefix of `text` that fits in `width` columns, with `…` when anything was cut.
    /// Whole clusters only: a wide character that would straddle the edge is left out.
    static func cut(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let next = of(character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B
        }
    }

    /// East Asian Width `W` or `F` outside the emoji (which Emoji_Presentation covers). Blocks
    /// whose unassigned code points EastAsianWidth.txt also defaults to `W` are taken whole.
    private static func isEastAsianWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F,      // Hangul Jamo initial consonants
             0x2329...0x232A,      // angle brackets
             0x2E80...0x303E,      // CJK radicals, Kangxi, ideographic description, CJK punctuation, ideographic space
             0x3041...0x3247,      // kana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed CJK
             0x3250...0x33FF,      // more enclosed CJK, CJK compatibility (U+3248…U+324F are ambiguous)
             0x3400...0x4DBF,      // CJK Extension A
             0x4E00...0x9FFF,      // CJK Unified Ideographs
             0xA000...0xA4CF,      // Yi
             0xA960...0xA97F,      // Hangul Jamo Extended-A
             0xAC00...0xD7A3,      // Hangul syllables
             0xF900...0xFAFF,      // CJK compatibility ideographs
             0xFE10...0xFE19,      // vertical forms
             0xFE30...0xFE6B,      // CJK compatibility forms, small form variants
             0xFF01...0xFF60,      // fullwidth forms
             0xFFE0...0xFFE6,      // fullwidth signs
             0x16FE0...0x16FE4, 0x16FF0...0x16FF1,  // ideographic symbols
             0x17000...0x18D7F,    // Tangut, Khitan, Tangut supplement
             0x1AFF0...0x1B2FF,    // kana extended-B, kana supplement and extensions, Nüshu
             0x1F200...0x1F2FF,    // enclosed ideographic supplement
             0x20000...0x2FFFD, 0x30000...0x3FFFD:  // CJK planes 2 and 3
            return true
        default:
            return false
        }
    }
}

extension String {
    /// The text followed by spaces up to `width` terminal columns (`TextWidth`), for aligned
    /// label columns; text already that wide is returned unchanged.
    func padding(to width: Int) -> String {
        let used = TextWidth.of(self)
        return used >= width ? self : self + String(repeating: " ", count: width - used)
    }
}
