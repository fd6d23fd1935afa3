extension String {
    /// The text without leading and trailing whitespace (newlines included).
    public func trimmingWhitespace() -> String {
        // Most text starts and ends with a visible ASCII character: its first and last bytes
        // then answer, without Unicode properties Character by Character (4% of a script of
        // lookups). A Character whose last byte is such a character starts with it or with a
        // prepended mark, neither of them whitespace.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) { return self }
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
