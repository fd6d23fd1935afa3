@testable import RealmShell
import Testing

/// `TextWidth` against Unicode's own data: the East Asian Width class of each code point below
/// is the one listed in EastAsianWidth.txt (checked with Python's `unicodedata.east_asian_width`,
/// UCD 14.0), Emoji_Presentation from emoji-data.txt, general categories from UnicodeData.txt.
/// `W` (wide) and `F` (fullwidth) take two terminal columns; `Na`, `H`, `N` and `A` one; marks
/// (`Mn`, `Me`) and format characters (`Cf`) none.
@Suite("Display width of text")
struct TextWidthTests {
    @Test(arguments: [
        (0x0041, 1),   // LATIN CAPITAL LETTER A: Na
        (0x00E9, 1),   // LATIN SMALL LETTER E WITH ACUTE: A (ambiguous counts as narrow)
        (0x03B1, 1),   // GREEK SMALL LETTER ALPHA: A
        (0xFF61, 1),   // HALFWIDTH IDEOGRAPHIC FULL STOP: H
        (0x2764, 1),   // HEAVY BLACK HEART: N, Emoji_Presentation=No (text style without VS16)
        (0x3248, 1),   // CIRCLED NUMBER TEN ON BLACK SQUARE: A, inside the enclosed-CJK block
        (0x1100, 2),   // HANGUL CHOSEONG KIYEOK: W
        (0x2329, 2),   // LEFT-POINTING ANGLE BRACKET: W
        (0x231A, 2),   // WATCH: W (Emoji_Presentation=Yes)
        (0x2E80, 2),   // CJK RADICAL REPEAT: W
        (0x3000, 2),   // IDEOGRAPHIC SPACE: F
        (0x3042, 2),   // HIRAGANA LETTER A: W
        (0x30AB, 2),   // KATAKANA LETTER KA: W
        (0x4E2D, 2),   // CJK UNIFIED IDEOGRAPH-4E2D 中: W
        (0x952E, 2),   // CJK UNIFIED IDEOGRAPH-952E 键: W
        (0xA960, 2),   // HANGUL CHOSEONG TIKEUT-MIEUM: W
        (0xAC00, 2),   // HANGUL SYLLABLE GA: W
        (0xFE10, 2),   // PRESENTATION FORM FOR VERTICAL COMMA: W
        (0xFE50, 2),   // SMALL COMMA: W
        (0xFF21, 2),   // FULLWIDTH LATIN CAPITAL LETTER A: F
        (0xFFE0, 2),   // FULLWIDTH CENT SIGN: F
        (0x16FE0, 2),  // TANGUT ITERATION MARK: W
        (0x17000, 2),  // TANGUT IDEOGRAPH-17000: W
        (0x18D00, 2),  // TANGUT IDEOGRAPH-18D00 (supplement): W
        (0x1AFF0, 2),  // KATAKANA LETTER MINNAN TONE-2: W
        (0x1B000, 2),  // KATAKANA LETTER ARCHAIC E: W
        (0x1F004, 2),  // MAHJONG TILE RED DRAGON: W
        (0x1F200, 2),  // SQUARE HIRAGANA HOKA: W
        (0x1F511, 2),  // KEY 🔑: W
        (0x1F600, 2),  // GRINNING FACE: W
        (0x20BB7, 2),  // CJK UNIFIED IDEOGRAPH-20BB7 𠮷 (plane 2): W
        (0x0301, 0),   // COMBINING ACUTE ACCENT: Mn
        (0x20E3, 0),   // COMBINING ENCLOSING KEYCAP: Me
        (0x200B, 0),   // ZERO WIDTH SPACE
        (0x200D, 0),   // ZERO WIDTH JOINER: Cf
        (0x00AD, 0),   // SOFT HYPHEN: Cf
    ] as [(UInt32, Int)])
    func singleCodePoint(codePoint: UInt32, columns: Int) throws {
        let scalar = try #require(Unicode.Scalar(codePoint))
        #expect(TextWidth.of(String(Character(scalar))) == columns, "U+\(String(codePoint, radix: 16, uppercase: true))")
    }

    /// One grapheme cluster is one glyph on screen: its width is that of the glyph, not the sum
    /// of its scalars.
    @Test(arguments: [
        ("e\u{0301}", 1),                                  // e + COMBINING ACUTE ACCENT
        ("a\u{0308}\u{0323}", 1),                          // a with two combining marks
        ("\u{1100}\u{1161}", 2),                           // Hangul Jamo KIYEOK + A: one syllable block
        ("\u{1F469}\u{200D}\u{1F4BB}", 2),                 // WOMAN ZWJ PERSONAL COMPUTER: 👩‍💻
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2), // family ZWJ sequence: 👨‍👩‍👧
        ("\u{1F1EF}\u{1F1F5}", 2),                         // REGIONAL INDICATOR J + P: flag 🇯🇵
        ("\u{1F44D}\u{1F3FD}", 2),                         // THUMBS UP + skin tone modifier
        ("\u{2764}\u{FE0F}", 2),                           // HEAVY BLACK HEART + VS16: ❤️ emoji style
        ("\u{0031}\u{FE0F}\u{20E3}", 2),                   // keycap 1️⃣
        ("\u{231A}\u{FE0E}", 1),                           // WATCH + VS15: text style
    ])
    func graphemeClusters(text: String, columns: Int) {
        #expect(text.count == 1, "one Character")
        #expect(TextWidth.of(text) == columns)
    }

    @Test func stringsAddTheirClusters() {
        #expect(TextWidth.of("") == 0)
        #expect(TextWidth.of("键-🔑") == 5)
        #expect(TextWidth.of("日本語テキスト") == 14)
        #expect(TextWidth.of("Cafe\u{0301} 🇯🇵 👩‍💻") == 10)
    }

    @Test func cuttingKeepsWholeClustersAndTheWidth() {
        // 👩‍💻 is three scalars; cutting never splits it, and never leaves half a wide glyph.
        #expect(TextWidth.cut("👩‍💻👩‍💻👩‍💻", to: 5) == "👩‍💻👩‍💻…")
        #expect(TextWidth.cut("🇯🇵🇯🇵", to: 3) == "🇯🇵…")
        #expect(TextWidth.cut("e\u{0301}e\u{0301}e\u{0301}", to: 2) == "e\u{0301}…")
        #expect(TextWidth.cut("中文字", to: 6) == "中文字")
        for width in 1...8 { #expect(TextWidth.of(TextWidth.cut("中文字符串", to: width)) <= width) }
    }

    @Test func paddingFillsToTheDisplayWidth() {
        #expect("中".padding(to: 4) == "中  ")
        #expect("👩‍💻".padding(to: 3) == "👩‍💻 ")
        #expect("e\u{0301}".padding(to: 2) == "e\u{0301} ")
        #expect("中文".padding(to: 3) == "中文")
    }

    @Test func valueFormatterCutsCellsByDisplayWidth() {
        var formatter = ValueFormatter()
        formatter.maximumCellWidth = 5
        let noLinks: ValueFormatter.LinkLabeler = { _, _ in "" }
        #expect(formatter.cell(.string("中文字符串"), link: noLinks) == "中文…")
        #expect(formatter.cell(.string("abcdef"), link: noLinks) == "abcd…")
    }
}
