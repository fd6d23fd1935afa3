import RealmShell
import RealmFormat

/// The answer of the last query `serve` ran, so that scrolling a result (the page asks for one
/// page at a time, each a request) costs a page, not the whole query again: a sort of a million
/// objects runs once, then every page is a slice of its keys. Valid only for the version the
/// query read; another process's commit (a new `openedVersion`) runs it afresh.
///
/// The answer is the REPL's `QueryResult`: a query that sorts by one number, bool, date or
/// string may first keep only its first keys and the number of objects it finds
/// (`QueryEngine.firstKeys`), find more as deeper pages are asked for, and a page near the end
/// from the end (`QueryResult.load`): the first and last pages of ten million objects sorted
/// need no sort of them all.
final class ServeQueryCache {
    private struct Entry {
        let className: String
        let text: String
        let version: FileVersion
        let result: QueryResult
    }

    private var last: Entry?

    private func cached(_ className: String, _ text: String, _ version: FileVersion) -> Entry? {
        guard let last, last.className == className, last.text == text, last.version == version else { return nil }
        return last
    }

    /// Every key of `text` on `className` in `version`: cached, or `run`'s, then kept.
    func keys<Failure: Error>(className: String, text: String, version: FileVersion, table: Table,
                              run: () throws(Failure) -> [Int64]) throws(Failure) -> [Int64] {
        if let keys = cached(className, text, version)?.result.allKeys { return keys }
        let keys = try run()
        last = Entry(className: className, text: text, version: version, result: QueryResult(table: table, keys: keys))
        return keys
    }

    /// The answer of `text` on `className` in `version`: cached, or `find`'s, then kept.
    func result<Failure: Error>(className: String, text: String, version: FileVersion,
                                find: () throws(Failure) -> QueryResult) throws(Failure) -> QueryResult {
        if let entry = cached(className, text, version) { return entry.result }
        let result = try find()
        last = Entry(className: className, text: text, version: version, result: result)
        return result
    }
}
