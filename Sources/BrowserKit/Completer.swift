/// Tab completion: commands first, then class names where a class is expected.
public enum Completer {
    /// Commands whose first argument is a class name.
    static let classArgumentCommands: Set<String> = ["show", "ls", "schema", "describe"]

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
            return (CommandRegistry.commands.map(\.name) + ["addresses"]).filter { $0.hasPrefix(word) }.sorted()
        }
        if command == "classes" { return ["--all"].filter { $0.hasPrefix(word) } }
        guard classArgumentCommands.contains(command), previousWords.count == 1, let file = session.file else { return [] }
        return file.classTables.compactMap(\.className).filter { $0.hasPrefix(word) }.sorted()
    }
}
