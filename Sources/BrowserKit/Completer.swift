import RealmFormat

/// Tab completion: commands first, then class names and key paths where a path is expected.
public enum Completer {
    /// Commands whose first argument is a class or key path.
    static let pathArgumentCommands: Set<String> = ["show", "ls", "schema", "describe", "cd", "backlinks", "links", "dump", "count", "find", "filter", "where"]

    /// Candidates for the word that starts at `wordStart` (a character offset) in `line`;
    /// nil means "complete a file name" (after `open`).
    public static func candidates(line: String, wordStart: Int, session: Session) -> [String]? {
        let before = String(line.prefix(wordStart))
        let word = String(line.dropFirst(wordStart).prefix { !$0.isWhitespace })
        let previousWords = StatementSplitter.words(in: before)
        guard let command = previousWords.first?.lowercased() else {
            return CommandRegistry.allNames.filter { $0.hasPrefix(word.lowercased()) }.sorted()
        }
        if command == "open" { return nil }
        if command == "help" && previousWords.count == 1 {
            return (CommandRegistry.commands.map(\.name) + ["addresses", "queries"]).filter { $0.hasPrefix(word) }.sorted()
        }
        if command == "classes" { return ["--all"].filter { $0.hasPrefix(word) } }
        guard pathArgumentCommands.contains(command), previousWords.count == 1, let catalog = session.catalog else { return [] }
        return pathCandidates(for: word, catalog: catalog, session: session).sorted()
    }

    /// `Specimen[3].cat` → `Specimen[3].category`; a bare word → classes, plus the properties of
    /// the object the user stands on.
    static func pathCandidates(for word: String, catalog: Catalog, session: Session) -> [String] {
        guard let dot = word.lastIndex(of: ".") else {
            var names = catalog.file.classTables.compactMap(\.className)
            if case let .object(object)? = session.path.last?.location { names += object.table.columns.map(\.name) }
            return names.filter { $0.hasPrefix(word) }
        }
        let base = String(word[..<dot])
        let partial = String(word[word.index(after: dot)...])
        guard let path = try? PathResolver(catalog: catalog).resolve(base, from: session.path),
              case let .object(object)? = path.last?.location else { return [] }
        return object.table.columns.map(\.name).filter { $0.hasPrefix(partial) }.map { base + "." + $0 }
    }
}
