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

    /// The `options` that start with the word.
    func words(_ options: [String]) -> [String] { options.filter { $0.hasPrefix(word) } }
}
