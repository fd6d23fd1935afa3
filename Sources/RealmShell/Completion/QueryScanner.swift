import RealmInterchange

/// A forgiving tokenizer for unfinished queries: it never fails, it only sorts what was typed
/// into words (key paths, keywords), literals and punctuation, which is all completion needs.
enum QueryScanner {
    enum Token: Equatable {
        /// A key path, a keyword or an operator word, with any `[c]`/`[d]` options attached.
        case word(String)
        /// A string, number, date, `$0`, `{...}` list or `oid(...)`-style value.
        case literal
        case comparisonSymbol
        case logicalSymbol
        case open
        case close
        case comma
    }

    static func tokens(in text: String) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        func skipQuoted(from start: Int) -> Int {
            let quote = characters[start]
            var position = start + 1
            while position < characters.count {
                if characters[position] == "\\" { position += 2; continue }
                if characters[position] == quote { return position + 1 }
                position += 1
            }
            return position
        }
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace { index += 1; continue }
            switch character {
            case "'", "\"":
                index = skipQuoted(from: index)
                tokens.append(.literal)
            case "{":
                var depth = 0
                while index < characters.count {
                    if characters[index] == "'" || characters[index] == "\"" { index = skipQuoted(from: index); continue }
                    if characters[index] == "{" { depth += 1 }
                    if characters[index] == "}" { depth -= 1; if depth == 0 { index += 1; break } }
                    index += 1
                }
                tokens.append(.literal)
            case "(":
                tokens.append(.open); index += 1
            case ")":
                tokens.append(.close); index += 1
            case ",":
                tokens.append(.comma); index += 1
            case "=", "<", ">", "!":
                var end = index + 1
                while end < characters.count, "=<>".contains(characters[end]) { end += 1 }
                let symbol = String(characters[index..<end])
                tokens.append(symbol == "!" ? .logicalSymbol : .comparisonSymbol)
                index = end
                // `==[c]`: options belong to the operator.
                if index < characters.count, characters[index] == "[", let close = characters[index...].firstIndex(of: "]") { index = close + 1 }
            case "&", "|":
                while index < characters.count, characters[index] == character { index += 1 }
                tokens.append(.logicalSymbol)
            default:
                var end = index
                var depth = 0
                while end < characters.count {
                    let next = characters[end]
                    if next == "[" { depth += 1 } else if next == "]" { depth = max(0, depth - 1) }
                    if depth == 0 && (next.isWhitespace || "(),={}<>!&|'\"".contains(next)) { break }
                    end += 1
                }
                let text = String(characters[index..<max(end, index + 1)])
                index = max(end, index + 1)
                tokens.append(isLiteral(text) ? .literal : .word(text))
                // `oid(...)`, `uuid(...)`, `B64"..."`: a value with its argument.
                if isLiteralFunction(text), index < characters.count {
                    if characters[index] == "(", let close = characters[index...].firstIndex(of: ")") {
                        index = close + 1
                        tokens[tokens.count - 1] = .literal
                    } else if characters[index] == "\"" || characters[index] == "'" {
                        index = skipQuoted(from: index)
                        tokens[tokens.count - 1] = .literal
                    }
                }
            }
        }
        return tokens
    }

    /// Numbers, dates (`2015-03-01@12:00:00`, `T12:0`), arguments (`$0`), `inf`/`nan`.
    static func isLiteral(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        if first.isNumber || first == "$" || ((first == "-" || first == "+") && text.count > 1) { return true }
        if first == "T", text.dropFirst().first?.isNumber == true { return true }
        return ["inf", "-inf", "nan", "infinity"].contains(text.lowercased())
    }

    static func isLiteralFunction(_ text: String) -> Bool {
        ["oid", "uuid", "b64"].contains(text.lowercased())
    }

    /// `BEGINSWITH[c]` → `BEGINSWITH`.
    static func stripOptions(_ word: String) -> String {
        guard word.hasSuffix("]"), let open = word.firstIndex(of: "[") else { return word }
        return String(word[..<open])
    }

    /// In `... SET isCompleted = `, the property being assigned.
    static func lastAssignedProperty(in text: String) -> String? {
        guard let equals = text.lastIndex(of: "=") else { return nil }
        let before = String(text[..<equals]).trimmingWhitespace()
        return before.split(whereSeparator: { $0.isWhitespace || $0 == "," }).last.map(String.init)
    }
}
