import RealmShell
import RealmFormat
import RealmInterchange
import RealmQuery
import Testing
import TestSupport

/// Multi-line statements, help topics, and the literals `help literals` documents.
struct ScriptInputTests {
    func feed(_ lines: [String]) -> (statements: [String], open: String?) {
        var accumulator = StatementAccumulator()
        var statements: [String] = []
        for line in lines {
            if let statement = accumulator.add(line) { statements.append(statement) }
        }
        return (statements, accumulator.flush())
    }

    @Test func statementsGoOnWhileBracketsOrQuotesAreOpen() {
        #expect(feed(["classes", "info"]).statements == ["classes", "info"])
        #expect(feed(["find Specimen name BEGINSWITH 'b' AND (", "  latitude > 40 OR category == nil)"]).statements
                == ["find Specimen name BEGINSWITH 'b' AND (\n  latitude > 40 OR category == nil)"])
        #expect(feed(["find Item id IN {1,", "2}", "count Item"]).statements == ["find Item id IN {1,\n2}", "count Item"])
        #expect(feed(["set Task[0].notes = 'two", "lines'"]).statements == ["set Task[0].notes = 'two\nlines'"])
        #expect(feed(["find Specimen name == \"it's\""]).statements == ["find Specimen name == \"it's\""])
        #expect(feed(["find Specimen name == 'it\\'s'"]).statements == ["find Specimen name == 'it\\'s'"])
    }

    @Test func aTrailingBackslashJoinsLines() {
        #expect(feed(["find Specimen \\", "name == 'Barn owl'"]).statements == ["find Specimen \nname == 'Barn owl'"])
        #expect(feed(["count \\", "Specimen \\", "latitude > 0"]).statements == ["count \nSpecimen \nlatitude > 0"])
        var accumulator = StatementAccumulator()
        #expect(accumulator.add("find Specimen \\") == nil)
        #expect(accumulator.isContinuing)
    }

    @Test func commentsAndUnfinishedInput() {
        #expect(feed(["# don't stop here", "classes"]).statements == ["# don't stop here", "classes"])
        let unfinished = feed(["find Specimen name == 'abc", "classes"])
        #expect(unfinished.statements.isEmpty)
        #expect(unfinished.open == "find Specimen name == 'abc\nclasses")
        // A quote or bracket in a trailing comment opens nothing.
        #expect(feed(["count Specimen  # Bob's (all", "classes"]).statements == ["count Specimen  # Bob's (all", "classes"])
        #expect(!StatementAccumulator.isComplete("find A name == 'x # y"))
        #expect(StatementAccumulator.isComplete("show A[name = ']']"))
        #expect(!StatementAccumulator.isComplete("show A[name = 'x'"))
    }

    @Test func scriptFlagsParse() throws {
        let options = try CommandLineOptions.parse(["app.realm", "-f", "a.txt", "--bail", "--file", "b.txt", "-c", "classes"])
        #expect(options.path == "app.realm")
        #expect(options.scriptFiles == ["a.txt", "b.txt"])
        #expect(options.bail)
        #expect(options.commands == "classes")
        #expect(throws: CommandLineError.missingValue("-f")) { try CommandLineOptions.parse(["app.realm", "-f"]) }
        #expect(try CommandLineOptions.parse(["app.realm"]).bail == false)
    }

    @Test func helpTopics() throws {
        for (topic, expected) in [("queries", "Realm Query Language"), ("literals", "oid(507f1f77bcf86cd799439011)"),
                                  ("transactions", "begin"), ("addresses", "Specimen[_key = 65536]"),
                                  ("scripts", "--bail"), ("commands", "Commands:"), ("models", "models swift|kotlin|java|js|ts|csharp [CLASS] | grdb [CLASS...]")] {
            let output = BufferedOutput()
            try Session(output: output).execute("help \(topic)")
            #expect(output.text.contains(expected), "help \(topic)")
        }
        // A typo of a topic: one letter from 'literals'.
        #expect(throws: BrowserError.unknownCommand("literalz", suggestion: "literals")) {
            try Session(output: BufferedOutput()).execute("help literalz")
        }
    }

    /// Every value in `help literals` is one the query language reads, as the type it says.
    @Test func literalsInHelpParse() throws {
        let output = BufferedOutput()
        try Session(output: output).execute("help literals")
        let examples: [(String, String)] = [
            ("\"Bald eagle\"", "string"), ("'Bald eagle'", "string"), ("42", "int"), ("-7", "int"), ("0x1F", "int"),
            ("3.25", "double"), ("-1.5e3", "double"), ("inf", "double"), ("-inf", "double"), ("nan", "double"),
            ("true", "bool"), ("false", "bool"), ("null", "null"), ("nil", "null"),
            ("2015-04-01@12:00:00", "timestamp"), ("2015-04-01@12:00:00:500000000", "timestamp"), ("T1427889600:0", "timestamp"),
            ("oid(507f1f77bcf86cd799439011)", "objectId"), ("uuid(3b241101-e2bb-4255-8caf-4136c566a962)", "uuid"),
            ("B64\"aGVsbG8=\"", "binary"),
        ]
        for (literal, type) in examples {
            #expect(output.text.contains(literal), "help literals shows \(literal)")
            let value = try QueryArguments.value(of: literal)
            #expect(Self.typeName(value) == type, "\(literal)")
        }
    }

    static func typeName(_ value: RealmValue) -> String {
        switch value {
        case .null: return "null"
        case .int: return "int"
        case .bool: return "bool"
        case .double, .float: return "double"
        case .string: return "string"
        case .binary: return "binary"
        case .timestamp: return "timestamp"
        case .objectId: return "objectId"
        case .uuid: return "uuid"
        default: return "\(value)"
        }
    }
}
