/// Where the user stands and what follows from it: the path `cd` moved to, the earlier paths
/// `back` returns to, the listing `more` continues and the last query `sort` re-sorts. One
/// value, so that a command run again after another process committed puts all of it back at
/// once (`ConsistentRead`), and a reload keeps what still resolves.
struct Navigation {
    /// Where the user stands (`cd`); empty at the top.
    var path: [NavigationStep] = []
    /// Earlier paths, for `back`.
    var previousPaths: [[NavigationStep]] = []
    /// What `more` continues.
    var listing: Listing?
    /// The class and text of the last `find`, for `sort`.
    var lastQuery: (tableName: String, text: String)?

    /// Moves to `newPath`, remembering the current one for `back`.
    mutating func move(to newPath: [NavigationStep]) {
        previousPaths.append(path)
        path = newPath
    }
}
