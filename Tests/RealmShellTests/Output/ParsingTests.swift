import Foundation
import RealmShell
import ShellTestSupport
import Testing

@Suite("Parsing what users type")
struct ParsingTests {
    @Test func statementsSplitOnSemicolonsOutsideQuotesAndBrackets() {
        #expect(StatementSplitter.statements(in: "classes; schema Dog ;show Dog[0]") == ["classes", "schema Dog", "show Dog[0]"])
        #expect(StatementSplitter.statements(in: "show A[name = \"x;y\"]; info") == ["show A[name = \"x;y\"]", "info"])
        #expect(StatementSplitter.statements(in: "show A[name = 'it\\'s;']") == ["show A[name = 'it\\'s;']"])
        #expect(StatementSplitter.statements(in: " ; ;  ") == [])
    }

    @Test func hashStartsACommentOnlyAfterASpaceOutsideQuotesAndBrackets() {
        #expect(StatementSplitter.statements(in: "count Specimen   # how many") == ["count Specimen"])
        #expect(StatementSplitter.statements(in: "classes # one; info") == ["classes"])
        #expect(StatementSplitter.statements(in: "classes;# note") == ["classes"])
        #expect(StatementSplitter.statements(in: "find A name == '#1' # it's") == ["find A name == '#1'"])
        #expect(StatementSplitter.statements(in: "find A name == \"a #b\"") == ["find A name == \"a #b\""])
        #expect(StatementSplitter.statements(in: "show A[name = #x]") == ["show A[name = #x]"])
        #expect(StatementSplitter.statements(in: "export csv out#2.csv") == ["export csv out#2.csv"])
        #expect(StatementSplitter.statements(in: "find A x > 1 # first\nAND y < 2") == ["find A x > 1 \nAND y < 2"])
    }

    @Test func wordsKeepBracketedAddressesTogether() {
        #expect(StatementSplitter.words(in: "Item[id = 42]  10..20") == ["Item[id = 42]", "10..20"])
        #expect(StatementSplitter.words(in: "\"my file.realm\"") == ["my file.realm"])
        #expect(StatementSplitter.command(in: "  show   Dog 1..2 ") == ("show", "Dog 1..2"))
    }

    /// The command ends at its first whitespace Character, which ASCII text finds from its
    /// bytes: every ASCII character between two words (and CR LF, and a non-ASCII space, which
    /// goes Character by Character) splits where `Character.isWhitespace` says.
    @Test func commandEndsAtTheFirstWhitespaceCharacter() {
        for separator in (0..<0x80).map({ String(UnicodeScalar(UInt8($0))) }) + ["\r\n", "\u{A0}", "\u{3000}", "\u{301}"] {
            let text = "count" + separator + "Dog"
            let expected = text.firstIndex(where: \.isWhitespace).map { (String(text[..<$0]), String(text[$0...]).trimmingCharacters(in: .whitespacesAndNewlines)) }
                ?? (text, "")
            #expect(StatementSplitter.command(in: text) == expected, "\(Array(separator.unicodeScalars))")
        }
    }

    @Test func rangesAreHalfOpen() throws {
        #expect(try RowRange.parse("20..40") == RowRange(lowerBound: 20, upperBound: 40))
        #expect(try RowRange.parse("5..") == RowRange(lowerBound: 5, upperBound: nil))
        #expect(try RowRange.parse("..7") == RowRange(lowerBound: 0, upperBound: 7))
        #expect(try RowRange.parse("3") == RowRange(lowerBound: 3, upperBound: nil))
        for bad in ["40..20", "a..b", "-1..3", "x", ""] {
            #expect(throws: BrowserError.invalidRange(bad), "\(bad)") { try RowRange.parse(bad) }
        }
    }

    @Test func objectAddresses() throws {
        #expect(try ObjectAddress.parse("Specimen") == nil)
        #expect(try ObjectAddress.parse("Specimen[3]") == ObjectAddress(className: "Specimen", selector: .position(3)))
        #expect(try ObjectAddress.parse("Specimen[-1]") == ObjectAddress(className: "Specimen", selector: .position(-1)))
        #expect(try ObjectAddress.parse("Specimen[_key = 65536]") == ObjectAddress(className: "Specimen", selector: .key(65536)))
        #expect(try ObjectAddress.parse("Item[id == 42]") == ObjectAddress(className: "Item", selector: .primaryKey(property: "id", literal: "42")))
        #expect(try ObjectAddress.parse("B[acc = \"x y\"]") == ObjectAddress(className: "B", selector: .primaryKey(property: "acc", literal: "\"x y\"")))
        let reasons = [("Specimen[3", "missing the closing ']'"), ("[3]", "the class name is missing"),
                       ("Specimen[abc]", "a position like Specimen[0]"), ("Specimen[_key = x]", "an object key is an integer, not 'x'"),
                       ("Specimen[= 3]", "PROPERTY = VALUE")]
        for (bad, reason) in reasons {
            expectError(.invalidAddress(bad, reasonMentioning: reason), "\(bad)") { try ObjectAddress.parse(bad) }
        }
    }

    @Test func commandLineOptions() throws {
        let options = try CommandLineOptions.parse(["a.realm", "-c", "classes", "--command", "info", "--page-size", "5"])
        #expect(options.path == "a.realm")
        #expect(options.commands == "classes; info")
        #expect(options.pageSize == 5)
        #expect(try CommandLineOptions.parse(["--help"]).showHelp)
        #expect(throws: CommandLineError.unknownOption("--bogus")) { try CommandLineOptions.parse(["--bogus"]) }
        #expect(throws: CommandLineError.missingValue("-c")) { try CommandLineOptions.parse(["x.realm", "-c"]) }
        #expect(throws: CommandLineError.unexpectedArgument("b.realm")) { try CommandLineOptions.parse(["a.realm", "b.realm"]) }
        #expect(throws: CommandLineError.invalidValue(flag: "--page-size", value: "0")) { try CommandLineOptions.parse(["--page-size", "0"]) }
        let generate = try CommandLineOptions.parse(["generate", "demo", "my demo.realm", "--rows", "5"])
        #expect(generate.path == nil)
        #expect(generate.commands == "generate demo \"my demo.realm\" --rows 5")
        // diff keeps its words as they are, so a path with spaces or quotes stays one path.
        let diff = try CommandLineOptions.parse(["diff", "my \"old\".realm", "new.realm", "--json"])
        #expect(diff.diffArguments == ["my \"old\".realm", "new.realm", "--json"])
        #expect(diff.path == nil && diff.commands == nil)
        #expect(try CommandLineOptions.parse(["a.realm"]).diffArguments == nil)
    }
}
