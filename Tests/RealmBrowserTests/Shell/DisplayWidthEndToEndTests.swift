import Foundation
import Testing
import TestSupport

/// Aligned output of a file holding CJK, fullwidth, emoji and combining text, run as users run
/// the browser. Column widths in the expected texts count terminal columns by Unicode's
/// EastAsianWidth.txt: 日本語, 中文, 名前, 한국어, 中文字符串… and ｆｕｌｌ are `W`/`F` (two columns a
/// character); 👩‍💻 (a ZWJ sequence), 🇯🇵 (two regional indicators), ❤️ and 1️⃣ (with VS16) are
/// one emoji glyph of two columns each; é written as e + U+0301 is one column.
@Suite("Display widths end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct DisplayWidthEndToEndTests {
    let executable = ExecutableTests()

    static let dump = """
    {
      "file_format": 24,
      "tables": [
        {"name": "metadata", "class": null, "kind": "top-level", "primary_key": null,
         "columns": [{"name": "version", "type": "int", "nullable": false, "collection": null, "target": null, "indexed": false, "fulltext": false}],
         "count": 1, "objects": [{"_key": 0, "version": 1}]},
        {"name": "class_Word", "class": "Word", "kind": "top-level", "primary_key": null,
         "columns": [
           {"name": "text", "type": "string", "nullable": false, "collection": null, "target": null, "indexed": false, "fulltext": false},
           {"name": "名前", "type": "string", "nullable": false, "collection": null, "target": null, "indexed": false, "fulltext": false},
           {"name": "n", "type": "int", "nullable": false, "collection": null, "target": null, "indexed": false, "fulltext": false}
         ],
         "count": 5, "objects": [
           {"_key": 0, "text": "plain", "名前": "abc", "n": 1},
           {"_key": 1, "text": "日本語", "名前": "中文", "n": 22},
           {"_key": 2, "text": "👩‍💻🇯🇵", "名前": "e\\u0301te\\u0301", "n": 333},
           {"_key": 3, "text": "❤️1️⃣", "名前": "한국어", "n": 4},
           {"_key": 4, "text": "中文字符串中文字符串", "名前": "ｆｕｌｌ", "n": 5}
         ]}
      ]
    }
    """

    /// `load`s the dump above into a fresh file and returns its path.
    func wordsFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("realm-browser-widths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let json = directory.appendingPathComponent("words.json").path
        let realm = directory.appendingPathComponent("words.realm").path
        try Data(Self.dump.utf8).write(to: URL(fileURLWithPath: json))
        let load = try executable.run(["-c", "load \(json) \(realm)"])
        #expect(load.status == 0, "\(load.standardError)")
        return realm
    }

    @Test func tableBoxAndMarkdownAlignWideText() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try wordsFile()
        let table = try executable.run([file, "-c", "show Word"])
        #expect(table.standardError.isEmpty)
        #expect(table.standardOutput == """
        # │ text                 │ 名前     │ n
        ──┼──────────────────────┼──────────┼────
        0 │ plain                │ abc      │   1
        1 │ 日本語               │ 中文     │  22
        2 │ 👩‍💻🇯🇵                 │ été      │ 333
        3 │ ❤️1️⃣                 │ 한국어   │   4
        4 │ 中文字符串中文字符串 │ ｆｕｌｌ │   5
        (0..5 of 5 Word objects)

        """)
        let box = try executable.run([file, "-c", "mode box; show Word 0..4"])
        #expect(box.standardOutput == """
        ┌───┬────────┬────────┬─────┐
        │ # │ text   │ 名前   │ n   │
        ├───┼────────┼────────┼─────┤
        │ 0 │ plain  │ abc    │   1 │
        │ 1 │ 日本語 │ 中文   │  22 │
        │ 2 │ 👩‍💻🇯🇵   │ été    │ 333 │
        │ 3 │ ❤️1️⃣   │ 한국어 │   4 │
        └───┴────────┴────────┴─────┘
        (0..4 of 5 Word objects; 'more' shows the next 20)

        """)
        let markdown = try executable.run([file, "-c", "mode markdown; show Word 1..3"])
        #expect(markdown.standardOutput == """
        | #   | text   | 名前 | n   |
        |----:|--------|------|----:|
        |   1 | 日本語 | 中文 |  22 |
        |   2 | 👩‍💻🇯🇵   | été  | 333 |

        (1..3 of 5 Word objects; 'more' shows the next 20)

        """)
    }

    /// Cut to a 24-column terminal (`COLUMNS` applies to pipes): a wide character that would
    /// straddle the column's edge is left out whole, so every line is 24 columns.
    @Test func cuttingToTheTerminalKeepsWideCharactersWhole() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try wordsFile()
        let box = try executable.run([file, "-c", "mode box; show Word"], environment: ["COLUMNS": "24"])
        #expect(box.standardOutput == """
        ┌───┬──────────────┬───┐
        │ # │ text         │ … │
        ├───┼──────────────┼───┤
        │ 0 │ plain        │ … │
        │ 1 │ 日本語       │ … │
        │ 2 │ 👩‍💻🇯🇵         │ … │
        │ 3 │ ❤️1️⃣         │ … │
        │ 4 │ 中文字符串…  │ … │
        └───┴──────────────┴───┘
        (0..5 of 5 Word objects)

        """)
    }

    /// The label column of the object view, `schema` and `stats` pads 名前 (four columns) like
    /// `text` (four columns), not like a two-character word.
    @Test func labelColumnsPadByDisplayWidth() throws {
        guard Fixtures.requirePresent() else { return }
        let file = try wordsFile()
        let show = try executable.run([file, "-c", "show Word[4]"])
        #expect(show.standardOutput == """
        Word[4]  (object key 4)
          text  "中文字符串中文字符串"
          名前  "ｆｕｌｌ"
          n     5

        """)
        let schema = try executable.run([file, "-c", "schema Word"])
        #expect(schema.standardOutput == """
        text  string
        名前  string
        n     int

        """)
        let stats = try executable.run([file, "-c", "mode box; stats Word 名前"])
        #expect(stats.standardOutput == """
        ┌───────┬──────────┬────────┬───────────┬───────┐
        │ class │ property │ type   │ statistic │ value │
        ├───────┼──────────┼────────┼───────────┼───────┤
        │ Word  │ 名前     │ string │ count     │ 5     │
        │ Word  │ 名前     │ string │ nulls     │ 0     │
        │ Word  │ 名前     │ string │ distinct  │ 5     │
        └───────┴──────────┴────────┴───────────┴───────┘

        """)
    }
}
