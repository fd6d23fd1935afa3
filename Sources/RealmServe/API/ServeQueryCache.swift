import RealmShell
import RealmFormat

/// The keys of the last query `serve` ran, so that scrolling a result (the page asks for one
/// page at a time, each a request) costs a page, not the whole query again: a sort of a million
/// objects runs once, then every page is a slice of its keys. Valid only for the version the
/// query read; another process's commit (a new `openedVersion`) runs it afresh.
///
/// A query that sorts by one number, bool, date or string may first keep only its first keys
/// and the number of objects it finds (`QueryEngine.firstKeys`): the first pages of ten million
/// objects sorted then need no sort of them all. A page past those keys finds the first ones
/// again, at least twice as many, by another streamed scan while the query streams that many
/// (an eighth of the class, up to 100,000), and sorts them all only past that.
final class ServeQueryCache {
    private struct Entry {
        let className: String
        let text: String
        let version: FileVersion
        /// Every key of the result, or its first ones.
        let keys: [Int64]
        /// How many objects the query finds in all.
        let total: Int

        var isComplete: Bool { keys.count == total }
    }

    private var last: Entry?

    private func cached(_ className: String, _ text: String, _ version: FileVersion) -> Entry? {
        guard let last, last.className == className, last.text == text, last.version == version else { return nil }
        return last
    }

    /// Every key of `text` on `className` in `version`: cached, or `run`'s, then kept.
    func keys<Failure: Error>(className: String, text: String, version: FileVersion,
                              run: () throws(Failure) -> [Int64]) throws(Failure) -> [Int64] {
        if let entry = cached(className, text, version), entry.isComplete { return entry.keys }
        let keys = try run()
        last = Entry(className: className, text: text, version: version, keys: keys, total: keys.count)
        return keys
    }

    /// At least the first `through` keys of the result (all of them when it has fewer) and its
    /// size: cached, or `first`'s (given how many keys it should keep; nil when the query does
    /// not stream that many), or `run`'s.
    func page<Failure: Error>(className: String, text: String, version: FileVersion, through: Int,
                              first: (Int) throws(Failure) -> (keys: [Int64], total: Int)?,
                              run: () throws(Failure) -> [Int64]) throws(Failure) -> (keys: [Int64], total: Int) {
        let entry = cached(className, text, version)
        if let entry, entry.isComplete || entry.keys.count >= through { return (entry.keys, entry.total) }
        if let found = try first(QueryResult.keysToFind(through: through, known: entry?.keys.count ?? 0)) {
            last = Entry(className: className, text: text, version: version, keys: found.keys, total: found.total)
            if found.keys.count >= min(through, found.total) { return found }
        }
        let keys = try keys(className: className, text: text, version: version, run: run)
        return (keys, keys.count)
    }
}
