import RealmShell
import RealmFormat

/// The keys of the last query `serve` ran, so that scrolling a result (the page asks for one
/// page at a time, each a request) costs a page, not the whole query again: a sort of a million
/// objects runs once, then every page is a slice of its keys. Valid only for the version the
/// query read; another process's commit (a new `openedVersion`) runs it afresh.
final class ServeQueryCache {
    private struct Entry {
        let className: String
        let text: String
        let version: FileVersion
        let keys: [Int64]
    }

    private var last: Entry?

    /// The cached keys of `text` on `className` in `version`, or `run`'s, then kept.
    func keys<Failure: Error>(className: String, text: String, version: FileVersion,
                              run: () throws(Failure) -> [Int64]) throws(Failure) -> [Int64] {
        if let last, last.className == className, last.text == text, last.version == version { return last.keys }
        let keys = try run()
        last = Entry(className: className, text: text, version: version, keys: keys)
        return keys
    }
}
