/// Finds the word a user probably meant, for "did you mean …?" hints.
///
/// Uses the optimal-string-alignment edit distance (insertions, deletions, substitutions and
/// swaps of neighbours each cost 1), ignoring letter case, so `BEGINSWTIH` is one edit from
/// `BEGINSWITH` and `@cnt` one from `@count`.
enum SpellingSuggester {
    /// The closest candidate, if it is close enough to be a plausible typo: at most 2 edits,
    /// and fewer than a third of the word's length.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            let limit = min(2, max(1, candidate.count / 3))
            guard distance <= limit, distance < typed.count else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
