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

    /// Places `back` can return to, at most. Every command saves the navigation before it
    /// runs (to undo it when another process commits meanwhile), so the first change after the
    /// save copies the whole history: unbounded, a script of 100,000 `find`s spent most of
    /// its time copying (and holding) the results of every earlier one.
    static let backLimit = 100

    /// Moves to `newPath`, remembering the current one for `back` (the last `backLimit`).
    mutating func move(to newPath: [NavigationStep]) {
        if previousPaths.count >= Navigation.backLimit { previousPaths.removeFirst(previousPaths.count - Navigation.backLimit + 1) }
        previousPaths.append(path)
        path = newPath
    }
}
