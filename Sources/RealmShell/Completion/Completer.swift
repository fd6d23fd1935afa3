import RealmFormat
import RealmInterchange
import RealmModels

/// Tab completion by context: command names first; then, by command, class names where a
/// class is expected, key paths where a path is (`Specimen[3].cat` → `Specimen[3].category`,
/// `category.na` → `category.name` in a query), operators after a property inside a query
/// (only those its type supports), literals and keywords (`AND`, `SORT(`, `LIMIT(`) after that.
public enum Completer {
    /// Characters that end the word readline completes. Dots, `@`, `[`/`]` and `$` are not among
    /// them, so a key path such as `tasks.@count` or `Item[3].name` is one word.
    public static let wordBreakCharacters = " \t\n\"'=<>!;(){},|&"

    /// Where the word being completed at the end of `line` starts (a character offset): after
    /// the last of `wordBreakCharacters` outside brackets, so `Specimen[_key = 41].cat` is one
    /// word. Readline breaks inside brackets too; the line editor trims candidates to its word.
    public static func wordStart(in line: String) -> Int {
        var start = 0
        var depth = 0
        for (offset, character) in line.enumerated() {
            if character == "[" { depth += 1 } else if character == "]" { depth = max(0, depth - 1) }
            if depth == 0, wordBreakCharacters.contains(character) { start = offset + 1 }
        }
        return start
    }

    /// Candidates for the end of `line` as the user typed it (the cursor at the end).
    public static func complete(_ line: String, session: Session) -> [String]? {
        candidates(line: line, wordStart: wordStart(in: line), session: session)
    }

    /// Candidates for the word that starts at `wordStart` (a character offset) in `line`, which
    /// ends at the cursor; nil means "complete a file name" (after `open`, `compact`, ...).
    public static func candidates(line: String, wordStart: Int, session: Session) -> [String]? {
        let statementStart = lastStatementStart(in: String(line.prefix(wordStart)))
        let before = String(line.prefix(wordStart).dropFirst(statementStart))
        let word = String(line.dropFirst(wordStart))
        let (command, arguments) = StatementSplitter.command(in: before)
        guard !command.isEmpty, before.contains(where: \.isWhitespace) else {
            return commandNames.filter { $0.hasPrefix(word.lowercased()) }
        }
        // Unknown commands complete nothing; each known one says how its arguments complete.
        guard let spec = CommandRegistry.command(named: command) else { return [] }
        let context = ArgumentContext(word: word, arguments: arguments, argumentWords: StatementSplitter.words(in: arguments),
                                      before: before, session: session)
        return spec.completion.candidates(context)
    }

    /// `watch [SECONDS] [--count N] [--full] COMMAND`: its options, the commands it runs, then
    /// the command's own words as if it were typed alone.
    static func watchCandidates(before: String, arguments: String, word: String, session: Session) -> [String]? {
        if StatementSplitter.words(in: arguments).last == "--count" { return [] }
        guard let statement = (try? WatchCommand.parse(arguments))?.statement else { return [] }
        guard !statement.isEmpty else {
            let choices = word.hasPrefix("-") ? ["--count", "--full"] : WatchCommand.watchable
            return choices.filter { $0.hasPrefix(word.lowercased()) }.sorted()
        }
        // `before` ends with the command as typed, then the break character(s) before the word.
        let trailing = before.reversed().prefix { $0.isWhitespace }.count
        let inner = String(before.dropFirst(before.count - trailing - statement.count)) + word
        return candidates(line: inner, wordStart: inner.count - word.count, session: session)
    }

    /// Command names as typed at the start of a statement (not the punctuation aliases).
    static var commandNames: [String] {
        CommandRegistry.allNames.filter { $0.first?.isLetter == true }.sorted()
    }

    /// `create Category name = "Fungi", ` offers the properties again after each comma.
    static func assignmentCandidates(_ text: String, word: String, query: QueryCompletion) -> [String] {
        var assignment = QueryCompletion(table: query.table, keyPaths: query.keyPaths)
        assignment.allowsSet = true
        let expectation = assignment.expectation(after: "TRUEPREDICATE SET " + text)
        return assignment.candidates(forExpectation: expectation, word: word)
    }

    /// `Specimen[3].cat` → `Specimen[3].category`; a bare word → classes, plus the properties of
    /// the object the user stands on. Paths are completed by the schema, so null links still complete.
    static func pathCandidates(for word: String, catalog: Catalog, session: Session) -> [String] {
        let current: Table? = {
            switch session.path.last?.location {
            case let .object(object)?: return object.table
            case let .table(table)?: return table
            default: return nil
            }
        }()
        let keyPaths = KeyPathCompletion(file: catalog.file)
        let segments = KeyPathCompletion.segments(of: word)
        guard segments.count > 1 else {
            let names = catalog.file.classTables.compactMap(\.className) + (current?.columns.map(\.name) ?? [])
            return Array(Set(names.filter { $0.hasPrefix(word) })).sorted()
        }
        let first = segments[0]
        let rest = segments.dropFirst().joined(separator: ".")
        if let table = catalog.file.classTables.first(where: { $0.className == KeyPathCompletion.stripSubscript(first) }) {
            return keyPaths.candidates(for: rest, from: table).map { first + "." + $0 }
        }
        guard let current else { return [] }
        return keyPaths.candidates(for: word, from: current)
    }

    /// After `set PATH = `: `true`/`false` for a bool, `nil` where null fits, the target class
    /// for a link (`set Specimen[3].category = Cat` → `Category`).
    static func valueCandidates(forPath path: String, word: String, catalog: Catalog, session: Session) -> [String] {
        let segments = KeyPathCompletion.segments(of: path)
        let keyPaths = KeyPathCompletion(file: catalog.file)
        var column: Column?
        if segments.count > 1, let table = catalog.file.classTables.first(where: { $0.className == KeyPathCompletion.stripSubscript(segments[0]) }) {
            column = keyPaths.column(at: segments.dropFirst().joined(separator: "."), from: table)
        } else if case let .object(object)? = session.path.last?.location {
            column = keyPaths.column(at: path, from: object.table)
        }
        guard let column else { return [] }
        var values: [String] = []
        if column.type == .bool { values += ["true", "false"] }
        if column.isLink, let key = column.targetTableKey, let target = catalog.file.table(withKey: key)?.className { values.append(target) }
        if column.isNullable || column.isLink || column.type == .mixed { values.append("nil") }
        return values.filter { $0.lowercased().hasPrefix(word.lowercased()) }
    }

    /// Where the statement being typed starts: after the last `;` outside quotes and brackets.
    static func lastStatementStart(in text: String) -> Int {
        var start = 0
        var scanner = QuoteBracketScanner(clampsDepth: true)
        for (offset, character) in text.enumerated() where scanner.isPlain(character) && scanner.depth == 0 && character == ";" {
            start = offset + 1
        }
        return start
    }
}
