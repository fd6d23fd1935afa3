/// What changed between two outputs of one command, line by line, for `watch`: the lines only
/// the old output has (removed) and those only the new one has (added), in the order they
/// appear, each region's removals before its additions. Lines both have are left out: `watch`
/// shows the change, and the rows of a listing say by themselves which object they are.
///
/// The common start and end are matched first (a new version usually changes a few lines of a
/// long output), then the rest by Myers' algorithm: the fewest lines removed and added. Its cost
/// grows with the number of changes, so past a bound (thousands of changed lines) the rest is
/// shown as replaced whole, which is still a true account of the two outputs, only a longer one.
struct LineDiff: Equatable {
    enum Change: Equatable {
        case removed(String)
        case added(String)
    }

    let changes: [Change]

    /// Changed lines at most for a minimal diff: its trace takes (changes + 1)² × 4 bytes, 16 MB.
    static let changeLimit = 2000
    /// Line comparisons at most (a second or so): long outputs allow fewer changes.
    static let workLimit = 50_000_000

    init(from old: [String], to new: [String]) {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var oldEnd = old.count
        var newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        changes = LineDiff.middle(Array(old[start..<oldEnd]), Array(new[start..<newEnd]))
    }

    /// The lines of `text`, without the newline of the last one.
    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    var removedCount: Int { changes.count { if case .removed = $0 { true } else { false } } }
    var addedCount: Int { changes.count { if case .added = $0 { true } else { false } } }

    /// `- old line` and `+ new line`, in order.
    var text: String {
        changes.map { change in
            switch change {
            case let .removed(line): line.isEmpty ? "-" : "- " + line
            case let .added(line): line.isEmpty ? "+" : "+ " + line
            }
        }.joined(separator: "\n")
    }

    /// "1 line removed, 2 added", "3 lines added", or "output unchanged".
    var summary: String {
        let removed = removedCount
        let added = addedCount
        func lines(_ count: Int) -> String { count == 1 ? "1 line" : "\(count) lines" }
        switch (removed, added) {
        case (0, 0): return "output unchanged"
        case (0, _): return "\(lines(added)) added"
        case (_, 0): return "\(lines(removed)) removed"
        default: return "\(lines(removed)) removed, \(added) added"
        }
    }

    /// The changes between two runs of lines that differ at both ends: Myers' greedy shortest
    /// edit script, which costs (lines × changes) steps and (changes²) memory, so it is
    /// abandoned past `workLimit` steps or `changeLimit` changes.
    private static func middle(_ old: [String], _ new: [String]) -> [Change] {
        let (n, m) = (old.count, new.count)
        let whole = old.map(Change.removed) + new.map(Change.added)
        if n == 0 || m == 0 { return whole }
        let limit = min(n + m, changeLimit, workLimit / (n + m))
        // furthest[k]: the furthest x reached on diagonal k = x - y (offset by `limit + 1`);
        // trace[d]: `furthest` on diagonals -d...d before step d, for the way back.
        let offset = limit + 1
        var furthest = [Int32](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int32]] = []
        for d in 0...limit {
            trace.append(Array(furthest[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                    ? Int(furthest[offset + k + 1]) : Int(furthest[offset + k - 1]) + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + k] = Int32(x)
                if x >= n && y >= m { return backtrack(trace, old, new) }
            }
        }
        return whole
    }

    /// Follows the trace back from the end to the start, collecting the edits on the way.
    private static func backtrack(_ trace: [[Int32]], _ old: [String], _ new: [String]) -> [Change] {
        var (x, y) = (old.count, new.count)
        var changes: [Change] = []
        // Step 0 is the common start alone (both sides were trimmed of theirs, so it is empty).
        for d in stride(from: trace.count - 1, through: 1, by: -1) {
            let furthest = trace[d]
            func at(_ k: Int) -> Int { Int(furthest[k + d]) }
            let k = x - y
            let previousK = k == -d || (k != d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            // Back along the diagonal (lines both have), then the one edit of step d.
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
            }
            changes.append(x == previousX ? .added(new[previousY]) : .removed(old[previousX]))
            (x, y) = (previousX, previousY)
        }
        return changes.reversed()
    }
}
