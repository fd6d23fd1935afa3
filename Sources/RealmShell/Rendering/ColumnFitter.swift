/// Fits a table's columns into the terminal width: the widest columns give up characters first
/// (their cells are cut with an ellipsis), never below what a column must keep whole (numbers,
/// dates, keys, object references: a cut number is a wrong number); when even that does not
/// fit, the columns on the right are left out and a `…` column says so.
struct ColumnFitter {
    /// Narrowest a shortened column gets (seven characters and the ellipsis): narrower columns are unreadable, so columns on the right are left out first.
    static let minimumWidth = 8

    struct Fit: Equatable {
        /// Widths of the columns kept, left to right.
        var widths: [Int]
        /// Whether columns on the right were left out (shown as one `…` column).
        var dropsColumns: Bool
    }

    /// `overhead(k)` is the width of everything but the cells in a table of `k` columns
    /// (separators and borders).
    /// `keeping[i]` is the width column i may not go below (0: any text may be cut).
    static func fit(_ natural: [Int], into available: Int, keeping: [Int] = [], overhead: (Int) -> Int) -> Fit {
        let count = natural.count
        guard count > 0, natural.reduce(0, +) + overhead(count) > available else {
            return Fit(widths: natural, dropsColumns: false)
        }
        let floors = natural.indices.map { index in
            min(natural[index], max(minimumWidth, index < keeping.count ? keeping[index] : 0))
        }
        var kept = 1
        for candidate in stride(from: count, through: 1, by: -1) {
            let drops = candidate < count
            let fixed = overhead(candidate + (drops ? 1 : 0)) + (drops ? 1 : 0)
            if floors.prefix(candidate).reduce(0, +) + fixed <= available {
                kept = candidate
                break
            }
        }
        let drops = kept < count
        let budget = available - overhead(kept + (drops ? 1 : 0)) - (drops ? 1 : 0)
        let columns = Array(natural.prefix(kept))
        let keptFloors = Array(floors.prefix(kept))
        func widths(cappedAt cap: Int) -> [Int] {
            zip(columns, keptFloors).map { min($0, max(cap, $1)) }
        }
        // The largest cap that fits, by bisection; then hand out what is left one by one.
        var low = 0
        var high = columns.max() ?? 0
        while low < high {
            let middle = (low + high + 1) / 2
            if widths(cappedAt: middle).reduce(0, +) <= budget { low = middle } else { high = middle - 1 }
        }
        var result = widths(cappedAt: low)
        var spare = budget - result.reduce(0, +)
        for index in result.indices where spare > 0 && result[index] < columns[index] {
            result[index] += 1
            spare -= 1
        }
        return Fit(widths: result, dropsColumns: drops)
    }
}
