@testable import RealmShell
import Foundation
@testable import RealmInterchange
import ShellTestSupport
import Testing

/// The renderers on hand-made rows: the expected texts are written out from the formats'
/// definitions (sqlite3's box and line modes, GitHub Markdown tables, RFC 4180, JSON).
@Suite("Output rendering")
struct OutputRenderingTests {
    let columns = [OutputColumn("#", alignment: .right), OutputColumn("name"), OutputColumn("link")]
    let rows: [[Cell]] = [
        [.number(9), .string("a|b"), Cell(text: "T[0] \"x\"", json: "{\"$link\": [\"class_T\", 0]}", kind: .link)],
        [.number(10), .string("two\nlines, \"quoted\""), .null],
    ]

    func render(_ mode: OutputMode, headers: Bool = true, colors: Bool = false, width: Int? = nil,
                layout: RowPrinter.Layout = .grid, notes: [String] = ["(2 rows)"]) -> String {
        let output = BufferedOutput()
        let printer = RowPrinter(columns: columns, style: OutputStyle(mode: mode, showsHeaders: headers, colors: colors, width: width),
                                 layout: layout, output: output)
        for row in rows { printer.add(row) }
        printer.finish(notes: notes)
        return output.text
    }

    @Test func table() {
        #expect(render(.table) == """
        #  │ name                   │ link
        ───┼────────────────────────┼─────────
         9 │ a|b                    │ T[0] "x"
        10 │ two\\nlines, \\"quoted\\" │ null
        (2 rows)

        """)
        #expect(render(.table, headers: false) == """
         9 │ a|b                    │ T[0] "x"
        10 │ two\\nlines, \\"quoted\\" │ null
        (2 rows)

        """)
    }

    @Test func box() {
        #expect(render(.box) == """
        ┌────┬────────────────────────┬──────────┐
        │ #  │ name                   │ link     │
        ├────┼────────────────────────┼──────────┤
        │  9 │ a|b                    │ T[0] "x" │
        │ 10 │ two\\nlines, \\"quoted\\" │ null     │
        └────┴────────────────────────┴──────────┘
        (2 rows)

        """)
        #expect(render(.box, headers: false, notes: []) == """
        ┌────┬────────────────────────┬──────────┐
        │  9 │ a|b                    │ T[0] "x" │
        │ 10 │ two\\nlines, \\"quoted\\" │ null     │
        └────┴────────────────────────┴──────────┘

        """)
    }

    @Test func markdownEscapesPipesAndAlwaysHasAHeader() {
        let expected = """
        | #   | name                   | link     |
        |----:|------------------------|----------|
        |   9 | a\\|b                   | T[0] "x" |
        |  10 | two\\nlines, \\"quoted\\" | null     |

        (2 rows)

        """
        #expect(render(.markdown) == expected)
        #expect(render(.markdown, headers: false) == expected)
    }

    @Test func csvQuotesFieldsAndLeavesNullEmpty() {
        #expect(render(.csv) == "#,name,link\r\n9,a|b,\"T[0] \"\"x\"\"\"\r\n10,\"two\nlines, \"\"quoted\"\"\",\r\n")
        #expect(render(.csv, headers: false) == "9,a|b,\"T[0] \"\"x\"\"\"\r\n10,\"two\nlines, \"\"quoted\"\"\",\r\n")
        let output = BufferedOutput()
        RowPrinter(columns: columns, style: OutputStyle(mode: .csv), output: output).finish()
        #expect(output.text == "#,name,link\r\n", "an empty result still names its columns")
    }

    @Test func jsonIsOneArrayAndJsonlOneObjectPerLine() throws {
        let objects = [
            "{\"#\": 9, \"name\": \"a|b\", \"link\": {\"$link\": [\"class_T\", 0]}}",
            "{\"#\": 10, \"name\": \"two\\nlines, \\\"quoted\\\"\", \"link\": null}",
        ]
        let json = render(.json)
        #expect(json == "[\n" + objects.joined(separator: ",\n") + "\n]\n")
        let parsed = try JSONParser.parse(json)
        #expect(parsed.array?[1]["name"]?.string == "two\nlines, \"quoted\"")
        #expect(render(.jsonl) == objects.joined(separator: "\n") + "\n")
        let empty = BufferedOutput()
        RowPrinter(columns: columns, style: OutputStyle(mode: .json), output: empty).finish(notes: ["(none)"])
        #expect(empty.text == "[]\n")
    }

    @Test func lineModeAlignsNames() {
        #expect(render(.line) == """
           # = 9
        name = a|b
        link = T[0] "x"

           # = 10
        name = two\\nlines, \\"quoted\\"
        link = null

        (2 rows)

        """)
    }

    @Test func recordsReadDownThePage() {
        let fields = [OutputColumn("path"), OutputColumn("size")]
        let record: [Cell] = [.string("a.realm"), Cell(text: "8192 bytes", raw: "8192", json: "8192", kind: .number)]
        func render(_ mode: OutputMode) -> String {
            let output = BufferedOutput()
            let printer = RowPrinter(columns: fields, style: OutputStyle(mode: mode), layout: .record, output: output)
            printer.add(record)
            printer.finish()
            return output.text
        }
        #expect(render(.table) == "path  a.realm\nsize  8192 bytes\n")
        #expect(render(.csv) == "path,size\r\na.realm,8192\r\n")
        #expect(render(.jsonl) == "{\"path\": \"a.realm\", \"size\": 8192}\n")
        #expect(render(.box) == """
        ┌───────┬────────────┐
        │ field │ value      │
        ├───────┼────────────┤
        │ path  │ a.realm    │
        │ size  │ 8192 bytes │
        └───────┴────────────┘

        """)
    }

    @Test func listsAreCompactInTableMode() {
        let output = BufferedOutput()
        let printer = RowPrinter(columns: [OutputColumn("class"), OutputColumn("objects", alignment: .right), OutputColumn("kind")],
                                 style: OutputStyle(), layout: .list, output: output)
        printer.add([.string("Category"), .number(5), Cell(text: "", raw: "class", json: "\"class\"")])
        printer.add([.string("metadata"), .number(1), Cell(text: "(internal)", raw: "internal", json: "\"internal\"")])
        printer.finish()
        #expect(output.text == "Category  5\nmetadata  1  (internal)\n")
    }

    @Test func colorsMarkHeadersNullsLinksAndNotes() {
        let bold = "\u{1B}[1m", dim = "\u{1B}[2m", cyan = "\u{1B}[36m", reset = "\u{1B}[0m"
        let table = render(.table, colors: true)
        #expect(table.hasPrefix(bold + "#" + reset + "  │ " + bold + "name" + reset))
        #expect(table.contains(cyan + "T[0] \"x\"" + reset))
        #expect(table.contains(dim + "null" + reset + "\n"))
        #expect(table.hasSuffix(dim + "(2 rows)" + reset + "\n"))
        #expect(render(.line, colors: true).contains(bold + "name" + reset + " = a|b"))
        for mode in [OutputMode.csv, .json, .jsonl, .markdown] {
            #expect(!render(mode, colors: true).contains("\u{1B}"), "\(mode)")
        }
    }

    @Test func tablesFitTheWidth() {
        // Natural widths 2, 22, 8 plus separators (3 + 3) make 38 columns.
        #expect(render(.table, width: 38) == render(.table))
        // 24 for the cells: the name column gives up 8 characters.
        let narrow = render(.table, width: 30, notes: [])
        #expect(narrow == """
        #  │ name           │ link
        ───┼────────────────┼─────────
         9 │ a|b            │ T[0] "x"
        10 │ two\\nlines, \\… │ null

        """)
        #expect(narrow.split(separator: "\n").allSatisfy { $0.count <= 30 })
        // Three columns of at least 8 do not fit in 22: the link column makes way for `…`.
        let tiny = render(.table, width: 22, notes: [])
        #expect(tiny == """
        #  │ name          │ …
        ───┼───────────────┼──
         9 │ a|b           │ …
        10 │ two\\nlines, … │ …

        """)
        #expect(render(.box, width: 30, notes: []).split(separator: "\n").allSatisfy { $0.count == 30 })
        #expect(render(.markdown, width: 20).contains("two\\nlines, \\\"quoted\\\""), "markdown is never cut")
        #expect(render(.line, width: 10).contains("two\\nlines, \\\"quoted\\\""), "line mode is never cut")
    }

    @Test func longCellsAreCutInTablesOnly() {
        let long = String(repeating: "x", count: 50)
        let output = BufferedOutput()
        let printer = RowPrinter(columns: [OutputColumn("text")], style: OutputStyle(), output: output)
        printer.add([.string(long)])
        printer.finish()
        #expect(output.text.contains(String(repeating: "x", count: 39) + "…\n"))
        let record = BufferedOutput()
        let view = RowPrinter(columns: [OutputColumn("text")], style: OutputStyle(mode: .box), layout: .record, output: record)
        view.add([.string(long)])
        view.finish()
        #expect(record.text.contains(long), "one record shows the full value")
    }

    @Test func fitterShrinksTheWidestFirstThenDropsColumns() {
        let table: (Int) -> Int = { 3 * max(0, $0 - 1) }
        #expect(ColumnFitter.fit([2, 10, 30], into: 100, overhead: table) == .init(widths: [2, 10, 30], dropsColumns: false))
        // 36 for cells: the 30-wide column gives up 6.
        #expect(ColumnFitter.fit([2, 10, 30], into: 42, overhead: table) == .init(widths: [2, 10, 24], dropsColumns: false))
        // 27 for cells: both long columns are capped at 12, the spare one goes left to right.
        #expect(ColumnFitter.fit([2, 20, 30], into: 33, overhead: table) == .init(widths: [2, 13, 12], dropsColumns: false))
        // Eight characters per column at least: the third column is dropped for a one-wide `…`.
        #expect(ColumnFitter.fit([2, 20, 30], into: 20, overhead: table) == .init(widths: [2, 11], dropsColumns: true))
    }

    @Test func fitterNeverGoesBelowWhatAColumnKeepsWhole() {
        let table: (Int) -> Int = { 3 * max(0, $0 - 1) }
        // 30 for cells; the 20-wide number column keeps all 20: the text column gives up the rest.
        #expect(ColumnFitter.fit([2, 20, 30], into: 36, keeping: [2, 20, 0], overhead: table) == .init(widths: [2, 20, 8], dropsColumns: false))
        // Not even eight left for the text: it is dropped, the number stays whole.
        #expect(ColumnFitter.fit([2, 20, 30], into: 33, keeping: [2, 20, 0], overhead: table) == .init(widths: [2, 20], dropsColumns: true))
    }

    /// Issue 15's narrow terminal: text columns shrink, numbers, dates and references stay whole,
    /// and the object column of a one-class listing shows `[493]`.
    @Test func narrowTablesNeverCutNumbersDatesOrReferences() {
        let columns = [OutputColumn("#", alignment: .right), OutputColumn("object"), OutputColumn("count", alignment: .right),
                       OutputColumn("created"), OutputColumn("name"), OutputColumn("category")]
        let output = BufferedOutput()
        let printer = RowPrinter(columns: columns, style: OutputStyle(mode: .table, width: 100), output: output)
        printer.add([.number(0), Cell(text: "RealmTestClass1[493]", kind: .link, shortText: "[493]"),
                     Cell(text: "9223372036854775807", kind: .number),
                     Cell(text: "2017-06-04T11:22:33.123Z", keepsWhole: true), .string(String(repeating: "word ", count: 20)),
                     Cell(text: "Category[2] \"Birds of the world and their habitats\"", kind: .link)])
        printer.finish()
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { TextWidth.of($0) <= 100 }, "\(output.text)")
        let row = lines[2]
        #expect(row == "0 │ [493]  │ 9223372036854775807 │ 2017-06-04T11:22:33.123Z │ word word word wo… │ Category[2] \"Bir…", "\(row)")
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("键-🔑") == 5)
        #expect(TextWidth.of("e\u{301}") == 1, "a combining accent takes no column")
        #expect(TextWidth.cut("abcdef", to: 4) == "abc…")
        #expect(TextWidth.cut("abc", to: 4) == "abc")
        #expect(TextWidth.cut("键键键", to: 4) == "键…", "a wide character that does not fit is left out whole")
        let output = BufferedOutput()
        let printer = RowPrinter(columns: [OutputColumn("_id"), OutputColumn("n", alignment: .right)],
                                 style: OutputStyle(mode: .box), output: output)
        printer.add([.string("键-🔑"), .number(1)])
        printer.add([.string("plain"), .number(22)])
        printer.finish()
        #expect(output.text == """
        ┌───────┬────┐
        │ _id   │ n  │
        ├───────┼────┤
        │ 键-🔑 │  1 │
        │ plain │ 22 │
        └───────┴────┘

        """)
    }

    @Test(arguments: [("0", true), ("-12", true), ("0.5", true), ("1e-05", true), ("-0.0", true), ("2.5E+3", true),
                      ("", false), ("-", false), (".5", false), ("5.", false), ("+1", false), ("01", false), ("nan", false),
                      ("inf", false), ("1e", false), ("12 (left out)", false)])
    func jsonNumbers(text: String, isNumber: Bool) {
        #expect(Cell.isJSONNumber(text) == isNumber)
    }

    @Test func modeNames() throws {
        #expect(try OutputMode.named("CSV") == .csv)
        expectError(.usage(mentioning: "mode table|box|json|jsonl|csv|line|markdown", "'yaml'")) { try OutputMode.named("yaml") }
        #expect(OutputMode.allNames == "table|box|json|jsonl|csv|line|markdown")
        #expect(OutputMode.allCases.filter(\.isMachineReadable) == [.json, .jsonl, .csv])
    }

    @Test func commandLineFlags() throws {
        #expect(try CommandLineOptions.parse(["a.realm", "--mode", "box"]).mode == .box)
        #expect(try CommandLineOptions.parse(["a.realm", "--json"]).json)
        #expect(try CommandLineOptions.parse(["a.realm", "--no-headers"]).noHeaders)
        #expect(throws: CommandLineError.invalidValue(flag: "--mode", value: "yaml")) { try CommandLineOptions.parse(["--mode", "yaml"]) }
        #expect(throws: CommandLineError.missingValue("--mode")) { try CommandLineOptions.parse(["--mode"]) }
    }
}

@Suite("Output destinations")
struct OutputDestinationTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)").path
    }

    @Test func modeAndHeadersArgumentsComplete() {
        let session = Session(output: BufferedOutput())
        #expect(Completer.complete("mode j", session: session) == ["json", "jsonl"])
        #expect(Completer.complete("mode ", session: session) == OutputMode.allCases.map(\.rawValue))
        #expect(Completer.complete("headers o", session: session) == ["on", "off"])
        #expect(Completer.complete("mode csv x", session: session) == [])
        #expect(Completer.complete("output ", session: session) == nil, "a file name")
    }

    @Test func onceCoversOnlyTheNextCommand() throws {
        let screen = BufferedOutput()
        let session = Session(output: screen)
        let path = temporaryPath("once.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try session.execute("once \(path)")
        try session.execute("mode")
        try session.execute("headers")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "table\n")
        #expect(screen.text == "on\n")
    }

    @Test func outputStaysUntilReset() throws {
        let screen = BufferedOutput()
        let session = Session(output: screen)
        let path = temporaryPath("output.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        session.terminal = TerminalSettings(isTerminal: true, colors: true, columnsOverride: 20)
        #expect(session.outputStyle.colors)
        #expect(session.outputStyle.width == 20)
        try session.execute("output \(path)")
        #expect(!session.outputStyle.colors, "a file gets no color codes")
        #expect(session.outputStyle.width == nil, "nor a terminal's width")
        try session.execute("mode")
        try session.execute("headers")
        try session.execute("output")
        try session.execute("mode")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "table\non\n")
        #expect(screen.text == "table\n")
        expectError(.usage(mentioning: "once FILE")) { try session.execute("once") }
        #expect(throws: BrowserError.cannotWrite(path: "/nonexistent/dir/x", reason: "No such file or directory")) { try session.execute("output /nonexistent/dir/x") }
    }

    @Test func pagerStartsOnlyForTallOutput() throws {
        let screen = BufferedOutput()
        let paged = temporaryPath("paged.txt")
        defer { try? FileManager.default.removeItem(atPath: paged) }
        let pager = PagingOutput(base: screen, command: "cat > '\(paged)'", height: { 5 })
        pager.write("one\ntwo\n")
        pager.flush()
        #expect(screen.text.isEmpty, "held back until the command ends")
        pager.commandFinished()
        #expect(screen.text == "one\ntwo\n")
        #expect(!FileManager.default.fileExists(atPath: paged))
        for number in 1...8 { pager.write("line \(number)\n") }
        #expect(pager.isPaging)
        pager.commandFinished()
        #expect(!pager.isPaging)
        #expect(try String(contentsOfFile: paged, encoding: .utf8) == (1...8).map { "line \($0)\n" }.joined())
        #expect(screen.text == "one\ntwo\n", "a paged result does not also reach the screen")
    }

    @Test func wrappedLinesCountAsTheRowsTheyTake() throws {
        let screen = BufferedOutput()
        let paged = temporaryPath("wrapped.txt")
        defer { try? FileManager.default.removeItem(atPath: paged) }
        let pager = PagingOutput(base: screen, command: "cat > '\(paged)'", height: { 4 }, width: { 10 })
        // 3 rows: 25 characters wrap twice in 10 columns; the color codes take no room.
        pager.write("\u{1B}[1m" + String(repeating: "x", count: 25) + "\u{1B}[0m\n")
        #expect(!pager.isPaging)
        pager.write("1234567890\n")  // exactly one row: the 4th
        #expect(pager.isPaging)
        pager.commandFinished()
        #expect(screen.text.isEmpty)
        #expect(try String(contentsOfFile: paged, encoding: .utf8).hasSuffix("1234567890\n"))
    }

    @Test func wideTextWrapsByTerminalColumns() {
        let wide = PagingOutput(base: BufferedOutput(), command: "exit 0", height: { 3 }, width: { 10 })
        // Six CJK ideographs (East Asian Width W) are 12 columns: two rows in 10 columns.
        wide.write("中文字符串中\n")
        #expect(!wide.isPaging)
        wide.write("x\n")  // the 3rd row
        #expect(wide.isPaging)
        wide.commandFinished()

        let combining = PagingOutput(base: BufferedOutput(), command: "exit 0", height: { 2 }, width: { 10 })
        // Ten e + COMBINING ACUTE ACCENT clusters are 10 columns though 20 scalars: one row.
        combining.write(String(repeating: "e\u{301}", count: 10) + "\n")
        #expect(!combining.isPaging)
        combining.commandFinished()
    }

    @Test func aPagerThatCannotRunLeavesTheOutputOnScreen() {
        let screen = BufferedOutput()
        let pager = PagingOutput(base: screen, command: "exit 0", height: { 2 })
        for number in 1...4 { pager.write("\(number)\n") }
        pager.commandFinished()
        // `exit 0` reads nothing: the browser must survive the closed pipe (SIGPIPE ignored).
        pager.write("after\n")
        pager.commandFinished()
        #expect(screen.text == "after\n")
    }
}
