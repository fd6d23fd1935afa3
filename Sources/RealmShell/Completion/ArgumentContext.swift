import RealmFormat

/// What completion knows when it asks a command about the word being typed.
struct ArgumentContext {
    /// The word being typed (up to the cursor).
    let word: String
    /// The command's arguments before the word, and as words.
    let arguments: String
    let argumentWords: [String]
    /// The text of the statement before the word (command included).
    let before: String
    let session: Session

    /// Which argument the word is (0: the first).
    var position: Int { argumentWords.count }
    var catalog: Catalog? { session.catalog }

    /// The file's classes (and `extra`) that start with the word.
    func classNames(_ extra: [String] = []) -> [String] {
        let classes = catalog.map { $0.file.classTables.compactMap(\.className) } ?? []
        return (classes + extra).filter { $0.hasPrefix(word) }
    }

    /// `CLASS.PROPERTY` for the word: class names (with the dot) until one is typed, then its
    /// properties.
    func classProperties() -> [String] {
        guard let catalog else { return [] }
        guard let dot = word.firstIndex(of: ".") else {
            return catalog.file.classTables.compactMap(\.className).filter { $0.hasPrefix(word) }.map { $0 + "." }
        }
        let className = String(word[..<dot])
        guard let table = catalog.file.classTables.first(where: { $0.className == className }) else { return [] }
        return table.columns.map { className + "." + $0.name }.filter { $0.hasPrefix(word) }
    }

    /// The `options` that start with the word.
    func words(_ options: [String]) -> [String] { options.filter { $0.hasPrefix(word) } }
}
