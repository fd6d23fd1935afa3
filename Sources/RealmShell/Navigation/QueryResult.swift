import RealmFormat

/// The objects a query returned, by key, in result order.
///
/// Either every key, or, for a query sorted by one property over a large class, the first keys
/// and how many there are in all (`QueryEngine.firstKeys`): `find` then shows its first page
/// without sorting ten million objects, and more keys are found when a page or a position past
/// the keys in hand is asked for: the first ones again, at least twice as many (another
/// streamed scan, as long as the query streams that many), or all of them. They are found by
/// running the query again on the version the asking command reads. That is the version `find`
/// read: when another process commits, the session reopens the file and drops a result's
/// listing (`more` then has nothing to continue), and a longer answer begins with the same keys
/// the shorter one was (a streamed top is the whole sort's prefix, `StreamingTopTests`).
public struct QueryResult {
    public let table: Table
    private let storage: Keys

    public init(table: Table, keys: [Int64]) {
        self.table = table
        storage = Keys(known: keys, count: keys.count, more: nil)
    }

    /// The first keys of an answer of `count` objects; `more` gives at least the first `n` keys
    /// from a catalog of the current version, with the count when they are not all of them.
    init(table: Table, first: [Int64], count: Int, more: @escaping More) {
        self.table = table
        storage = Keys(known: first, count: count, more: more)
    }

    /// How many keys a sorted answer is first found with: the REPL's fifty pages of twenty,
    /// serve's ten pages of a hundred.
    public static let firstKeys = 1000

    /// How many of the first keys to find when the `known` ones end before `end`: at least
    /// twice as many, so paging deeper costs a few streamed scans, not one a page.
    public static func keysToFind(through end: Int, known: Int) -> Int { max(end, 2 * known, firstKeys) }

    /// At least the first `n` keys, and the answer's size when they are not every key.
    typealias More = (_ catalog: Catalog, _ n: Int) throws(BrowserError) -> (keys: [Int64], total: Int?)

    /// How many objects the query found.
    public var count: Int { storage.count }

    /// Whether every key is in hand (found at once, or once a page needed them all).
    var isComplete: Bool { storage.more == nil }

    /// How many of the first keys are in hand.
    var knownCount: Int { storage.known.count }

    /// Makes sure the keys before `end` are in hand: the first keys found again, at least twice
    /// as many as before, or all of them.
    func extend(through end: Int, catalog: Catalog) throws(BrowserError) {
        guard end > storage.known.count, let more = storage.more else { return }
        let (keys, total) = try more(catalog, Self.keysToFind(through: end, known: storage.known.count))
        storage.known = keys
        storage.count = total ?? keys.count
        if total == nil || keys.count >= storage.count { storage.more = nil }
    }

    /// The key at `index` (0-based), finding more keys first when `index` lies past the keys
    /// in hand; nil past the end.
    func key(at index: Int, catalog: Catalog) throws(BrowserError) -> Int64? {
        try extend(through: index + 1, catalog: catalog)
        return index >= 0 && index < storage.known.count ? storage.known[index] : nil
    }

    /// Shared by the copies of a result (the navigation path, the listing, `back`), so the rest
    /// is found once.
    private final class Keys {
        var known: [Int64]
        var count: Int
        var more: More?

        init(known: [Int64], count: Int, more: More?) {
            self.known = known
            self.count = count
            self.more = more
        }
    }
}
