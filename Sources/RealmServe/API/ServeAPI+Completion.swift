import RealmShell
import RealmFormat

/// `/api/complete`: what the REPL's tab completion offers (`Completer.candidates`, the one
/// completer), for the page's query box and class finder. The page's text becomes the line
/// `find CLASS TEXT` (or `find TEXT` without a class, whose word is a class name), the same
/// line a user would complete at the prompt; nothing is run.
extension ServeAPI {
    /// Candidates sent at most (the REPL lists them all; a page shows a few).
    static let completionLimit = 200

    /// `/api/complete?class=C&q=TEXT` (the text up to the cursor): `{"word": W, "candidates": [...]}`,
    /// W being the end of TEXT the candidates replace.
    func complete(_ request: HTTPRequest) -> HTTPResponse {
        let text = request.arguments["q"] ?? ""
        guard text.utf8.count <= Self.queryLimit else { return .error(414, "the query is longer than \(Self.queryLimit) bytes") }
        guard !text.contains(where: \.isNewline) else { return .error(400, "complete one line") }
        let className = request.arguments["class"].flatMap { $0.isEmpty ? nil : $0 }
        return answer { () throws(BrowserError) -> String in
            var line = "find "
            if let className {
                // The class must exist, and goes into the line by the name the file gives it.
                line += try session.requireCatalog().table(named: className).displayName + " "
            }
            line += text
            let start = Completer.wordStart(in: line)
            let candidates = Completer.candidates(line: line, wordStart: start, session: session) ?? []
            let word = String(line.dropFirst(start))
            let listed = candidates.prefix(Self.completionLimit).map(Self.string).joined(separator: ", ")
            return "{\"word\": \(Self.string(word)), \"candidates\": [\(listed)], \"more\": \(max(0, candidates.count - Self.completionLimit))}"
        }
    }
}
