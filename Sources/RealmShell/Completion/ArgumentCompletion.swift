import RealmFormat

/// How a command's arguments complete at the prompt: candidates for the word being typed, or nil
/// for "a file name" (readline then completes paths).
public struct ArgumentCompletion: Sendable {
    let candidates: @Sendable (ArgumentContext) -> [String]?

    init(_ candidates: @escaping @Sendable (ArgumentContext) -> [String]?) {
        self.candidates = candidates
    }

    /// A command without arguments: nothing to complete.
    static let nothing = ArgumentCompletion { _ in [] }
    /// Its arguments are file names.
    static let fileName = ArgumentCompletion { _ in nil }
    /// `options` for its first word, nothing after.
    static func firstWord(_ options: @escaping @Sendable () -> [String]) -> ArgumentCompletion {
        ArgumentCompletion { $0.position == 0 ? $0.words(options()) : [] }
    }
    /// A class name for its first word, nothing after.
    static let className = ArgumentCompletion { $0.position == 0 ? $0.classNames() : [] }
    /// `CLASS QUERY` (`find`, `count`, `update`): a class, then the query language on it;
    /// `allowsSet` offers `SET` after the predicate (`update`).
    static func query(allowsSet: Bool) -> ArgumentCompletion {
        ArgumentCompletion { context in
            guard context.position > 0 else { return context.classNames() }
            guard let catalog = context.catalog, let className = context.argumentWords.first,
                  let table = try? catalog.table(named: className) else { return [] }
            let afterClass = String(StatementSplitter.command(in: context.arguments).arguments)
            var query = QueryCompletion(table: table, keyPaths: KeyPathCompletion(file: catalog.file))
            query.allowsSet = allowsSet
            return query.candidates(before: afterClass, word: context.word)
        }
    }
    /// A path from the class or the object the user stands on (`Specimen[3].category`).
    static let objectPath = ArgumentCompletion { context in
        guard context.position == 0, let catalog = context.catalog else { return [] }
        return Completer.pathCandidates(for: context.word, catalog: catalog, session: context.session)
    }
}
