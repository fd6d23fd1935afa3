/// "Did you mean ...?" for mistyped commands, classes and properties.
enum Suggestion {
    /// The candidate within a small edit distance of `word` (case-insensitive), if any.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if let sameLetters = candidates.first(where: { $0.lowercased() == lowered }) { return sameLetters }
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, word.count / 3) ? best.0 : nil
    }

    /// Edit distance counting insertions, deletions, substitutions and swaps of neighbours
    /// (the typo "shwo" is one edit from "show").
    static func distance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
