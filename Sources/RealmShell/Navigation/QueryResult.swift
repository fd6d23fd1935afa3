import RealmFormat

/// The objects a query returned, by key, in result order.
///
/// Either every key, or, for a query sorted by one property over a large class, the first keys
/// and how many there are in all (`QueryEngine.firstKeys`): `find` then shows its first page
/// without sorting ten million objects, and the rest of the answer is found when a page or a
/// position past the keys in hand is asked for. The rest is found by running the query again on
/// the version the asking command reads. That is the version `find` read: when another process
/// commits, the session reopens the file and drops a result's listing (`more` then has nothing
/// to continue), and the full answer begins with the same keys the first ones were (the
/// streamed top is the whole sort's prefix, `StreamingTopTests`).
public struct QueryResult {
    public let table: Table
    private let storage: Keys

    public init(table: Table, keys: [Int64]) {
        self.table = table
        storage = Keys(known: keys, count: keys.count, rest: nil)
    }

    /// The first keys of an answer of `count` objects; `rest` gives the whole answer from a
    /// catalog of the current version.
    init(table: Table, first: [Int64], count: Int, rest: @escaping (Catalog) throws(BrowserError) -> [Int64]) {
        self.table = table
        storage = Keys(known: first, count: count, rest: rest)
    }

    /// How many objects the query found.
    public var count: Int { storage.count }

    /// Whether every key is in hand (the rest of a sorted answer found or never needed).
    var isComplete: Bool { storage.rest == nil }

    /// The key at `index` (0-based), finding the rest of the answer first when `index` lies
    /// past the keys in hand; nil past the end.
    func key(at index: Int, catalog: Catalog) throws(BrowserError) -> Int64? {
        if index >= storage.known.count, let rest = storage.rest {
            let keys = try rest(catalog)
            storage.known = keys
            storage.count = keys.count
            storage.rest = nil
        }
        return index >= 0 && index < storage.known.count ? storage.known[index] : nil
    }

    /// Shared by the copies of a result (the navigation path, the listing, `back`), so the rest
    /// is found once.
    private final class Keys {
        var known: [Int64]
        var count: Int
        var rest: ((Catalog) throws(BrowserError) -> [Int64])?

        init(known: [Int64], count: Int, rest: ((Catalog) throws(BrowserError) -> [Int64])?) {
            self.known = known
            self.count = count
            self.rest = rest
        }
    }
}
