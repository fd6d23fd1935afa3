import Foundation
import RealmFormat

/// BEGINSWITH, ENDSWITH, CONTAINS and LIKE on strings and binaries, with `[c]` (case) and
/// `[d]` (diacritics, an NSPredicate extension) folding.
enum StringMatcher {
    /// The text of a string or binary value as Unicode scalars; nil for anything else.
    static func text(_ value: RealmValue) -> String? {
        switch value {
        case let .string(text): return text
        case let .binary(bytes): return String(decoding: bytes, as: UTF8.self)
        default: return nil
        }
    }

    static func fold(_ text: String, _ options: StringOptions) -> String {
        var result = text
        if options.contains(.diacriticInsensitive) {
            result = result.folding(options: [.diacriticInsensitive], locale: nil)
        }
        if options.contains(.caseInsensitive) { result = result.lowercased() }
        return result
    }

    static func matches(_ text: String, _ op: ComparisonOperator, _ pattern: String, options: StringOptions) -> Bool {
        let subject = Array(fold(text, options).unicodeScalars)
        let needle = Array(fold(pattern, options).unicodeScalars)
        switch op {
        case .beginsWith: return subject.starts(with: needle)
        case .endsWith: return subject.count >= needle.count && Array(subject.suffix(needle.count)) == needle
        case .contains: return needle.isEmpty || contains(subject, needle)
        case .like: return like(subject, needle)
        default: return false
        }
    }

    private static func contains(_ subject: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        guard needle.count <= subject.count else { return false }
        for start in 0...(subject.count - needle.count) where subject[start] == needle[0] {
            if subject[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// `*` matches any run of characters, `?` exactly one; everything else matches itself.
    static func like(_ subject: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        var s = 0
        var p = 0
        var starPattern = -1
        var starSubject = 0
        while s < subject.count {
            if p < pattern.count && (pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == subject[s])) {
                s += 1
                p += 1
            } else if p < pattern.count && pattern[p] == "*" {
                starPattern = p
                starSubject = s
                p += 1
            } else if starPattern >= 0 {
                p = starPattern + 1
                starSubject += 1
                s = starSubject
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

/// Realm's TEXT operator: every word of the query must occur as a word of the text; words
/// prefixed with `-` must not. Matching ignores case.
enum FullTextMatcher {
    static func matches(_ text: String, query: String) -> Bool {
        let words = Set(tokens(text))
        for term in query.split(whereSeparator: \.isWhitespace) {
            if term.hasPrefix("-") {
                if tokens(String(term.dropFirst())).contains(where: words.contains) { return false }
            } else if term.hasSuffix("*") {
                let prefixes = tokens(String(term.dropLast()))
                if !prefixes.allSatisfy({ prefix in words.contains { $0.hasPrefix(prefix) } }) { return false }
            } else if !tokens(String(term)).allSatisfy(words.contains) {
                return false
            }
        }
        return true
    }

    static func tokens(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}
