/// Renders a message about a span of a query the way compilers do: the query's line, then a
/// caret under the span's start followed by the message.
///
/// Public so that later stages (the evaluator's "no such property" or type errors, which carry
/// the node's `SourceRange`) can report problems exactly like parse errors.
public enum CaretDiagnostic {
    /// For a multi-line query only the line holding `range.start` is shown, and the message
    /// names the line. The caret is placed by display width, so wide (CJK) characters and tabs
    /// before the problem keep it aligned in a terminal.
    public static func render(query: String, range: SourceRange, message: String) -> String {
        let bytes = Array(query.utf8)
        let offset = min(max(0, range.start), bytes.count)
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        let prefix = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        var padding = ""
        for character in prefix {
            if character == "\t" {
                padding += "\t"
            } else {
                padding += String(repeating: " ", count: DisplayWidth.of(character))
            }
        }
        var lineNote = ""
        if lineStart > 0 {
            let lineNumber = bytes[..<lineStart].filter { $0 == UInt8(ascii: "\n") }.count + 1
            lineNote = " (line \(lineNumber))"
        }
        return line + "\n" + padding + "^ " + message + lineNote
    }
}

/// How many terminal columns a character takes: 2 for East Asian wide and fullwidth
/// characters and most emoji, 0 for a lone combining mark, 1 otherwise.
enum DisplayWidth {
    static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if scalar.properties.generalCategory == .nonspacingMark { return 0 }
        let wideRanges: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }
}
