import RealmFormat

/// The objects a query returned, by key, in result order.
///
/// Either every key, or, for a query sorted by one property over a large class, the first keys
/// and how many there are in all (`QueryEngine.firstKeys`): `find` then shows its first page
/// without sorting ten million objects, and more keys are found when a page or a position past
/// the keys in hand is asked for: the first ones again, at least twice as many (another
/// streamed scan, as long as the query streams that many), or all of them. A page nearer the
/// end than the start (the last page, `show [-1]`) is found from the other end instead: the
/// last keys, by a streamed scan that keeps the end of the order (`QueryEngine.lastKeys`),
/// growing the same way. They are found by
/// running the query again on the version the asking command reads. That is the version `find`
/// read: when another process commits, the session reopens the file and drops a result's
/// listing (`more` then has nothing to continue), and a longer answer begins with the same keys
/// the shorter one was (a streamed top is the whole sort's prefix or suffix, `StreamingTopTests`).
public struct QueryResult {
    public let table: Table
    private let storage: Keys

    public init(table: Table, keys: [Int64]) {
        self.table = table
        storage = Keys(known: keys, count: keys.count, more: nil)
    }

    /// The first keys of an answer of `count` objects; `more` gives at least the first (or,
    /// `fromEnd`, the last) `n` keys from a catalog of the current version, with the count when
    /// they are not all of them.
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

    /// At least the first (or the last) `n` keys in the answer's order, and the answer's size
    /// when they are not every key.
    typealias More = (_ catalog: Catalog, _ n: Int, _ fromEnd: Bool) throws(BrowserError) -> (keys: [Int64], total: Int?)

    /// How many objects the query found.
    public var count: Int { storage.count }

    /// Whether every key is in hand (found at once, or once a page needed them all).
    var isComplete: Bool { storage.more == nil }

    /// Every key, when every key is in hand.
    public var allKeys: [Int64]? { storage.more == nil ? storage.known : nil }

    /// How many of the first keys are in hand.
    var knownCount: Int { storage.known.count }

    /// How many of the last keys are in hand (beside the first ones).
    var knownLastCount: Int { storage.last.count }

    /// Makes sure the keys at `positions` are in hand. Positions nearer the end than the start
    /// come from the last keys, found again from the end (at least twice as many as before);
    /// others from the first keys, found again the same way; past what a streamed scan keeps,
    /// from all of them.
    func load(_ positions: Range<Int>, catalog: Catalog) throws(BrowserError) {
        guard let more = storage.more, !positions.isEmpty else { return }
        let known = storage.known.count
        let lastStart = storage.count - storage.last.count
        guard positions.upperBound > known, positions.lowerBound < lastStart else { return }
        let fromEnd = positions.lowerBound > known && storage.count - positions.lowerBound < positions.lowerBound
        let wanted = fromEnd
            ? Self.keysToFind(through: storage.count - positions.lowerBound, known: storage.last.count)
            : Self.keysToFind(through: positions.upperBound, known: known)
        let (keys, total) = try more(catalog, wanted, fromEnd)
        guard let total, keys.count < total else {
            // Every key.
            storage.known = keys
            storage.last = []
            storage.count = keys.count
            storage.more = nil
            return
        }
        storage.count = total
        if fromEnd { storage.last = keys } else { storage.known = keys }
    }

    /// The key at `index` (0-based), finding more keys first when `index` lies past the keys
    /// in hand; nil past the end.
    func key(at index: Int, catalog: Catalog) throws(BrowserError) -> Int64? {
        guard index >= 0 else { return nil }
        try load(index..<index + 1, catalog: catalog)
        if index < storage.known.count { return storage.known[index] }
        let lastStart = storage.count - storage.last.count
        return index >= lastStart && index < storage.count ? storage.last[index - lastStart] : nil
    }

    /// Shared by the copies of a result (the navigation path, the listing, `back`), so the rest
    /// is found once.
    private final class Keys {
        var known: [Int64]
        /// The last keys, when they were asked for before the first ones reached them.
        var last: [Int64] = []
        var count: Int
        var more: More?

        init(known: [Int64], count: Int, more: More?) {
            self.known = known
            self.count = count
            self.more = more
        }
    }
}
