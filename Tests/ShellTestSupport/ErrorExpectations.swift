import RealmShell
import RealmFormat
import Testing

/// Which error a test expects a command to report. Where the error is fully determined by the
/// scenario (a class name, a position, a path), tests compare the whole `BrowserError` with
/// `#expect(throws: BrowserError.case(...))`. These expectations are for the cases whose payload
/// is a message the project itself writes (`usage`, `notNow`, `invalidValue`, the reason of
/// `invalidAddress`, ...): asserting that whole text would only restate our own code, so the
/// test names the CASE and the words the message must say for the user (the offending word,
/// the usage line, the hint).
public struct ExpectedError: CustomStringConvertible {
    public let description: String
    public let matches: (BrowserError) -> Bool

    /// Exactly this error.
    public static func exactly(_ expected: BrowserError) -> ExpectedError {
        ExpectedError(description: caseText(expected)) { $0 == expected }
    }

    /// `.usage(text)` with every one of `words` in the text.
    public static func usage(mentioning words: String...) -> ExpectedError {
        message("usage", words) { if case let .usage(text) = $0 { text } else { nil } }
    }

    /// `.notNow(text)` with every one of `words` in the text.
    public static func notNow(mentioning words: String...) -> ExpectedError {
        message("notNow", words) { if case let .notNow(text) = $0 { text } else { nil } }
    }

    /// `.invalidValue(text)` with every one of `words` in the text.
    public static func invalidValue(mentioning words: String...) -> ExpectedError {
        message("invalidValue", words) { if case let .invalidValue(text) = $0 { text } else { nil } }
    }

    /// `.invalidLiteral(text)` (a value after `=` that cannot be read, with its caret line)
    /// with every one of `words` in the text.
    public static func invalidLiteral(mentioning words: String...) -> ExpectedError {
        message("invalidLiteral", words) { if case let .invalidLiteral(text) = $0 { text } else { nil } }
    }

    /// `.query(text)` (a query Realm would reject, with its caret line) with every one of
    /// `words` in the text.
    public static func query(mentioning words: String...) -> ExpectedError {
        message("query", words) { if case let .query(text) = $0 { text } else { nil } }
    }

    /// `.invalidAddress(text, reason:)` for exactly the address typed, the reason saying
    /// every one of `words`.
    public static func invalidAddress(_ address: String, reasonMentioning words: String...) -> ExpectedError {
        message("invalidAddress(\(String(reflecting: address)), reason:)", words) {
            if case let .invalidAddress(text, reason) = $0, text == address { reason } else { nil }
        }
    }

    /// `.invalidInput(path:reason:)` for exactly the input file given, the reason saying every
    /// one of `words`.
    public static func invalidInput(path: String, reasonMentioning words: String...) -> ExpectedError {
        message("invalidInput(path: \(String(reflecting: path)), reason:)", words) {
            if case let .invalidInput(inputPath, reason) = $0, inputPath == path { reason } else { nil }
        }
    }

    /// `.cannotWrite(path:reason:)` for exactly the output path given, the reason saying every
    /// one of `words`.
    public static func cannotWrite(path: String, reasonMentioning words: String...) -> ExpectedError {
        message("cannotWrite(path: \(String(reflecting: path)), reason:)", words) {
            if case let .cannotWrite(outputPath, reason) = $0, outputPath == path { reason } else { nil }
        }
    }

    /// `.file(.refusedEdit(reason))`: the file layer refused a change the schema does not
    /// allow; the reason says every one of `words`.
    public static func refusedEdit(mentioning words: String...) -> ExpectedError {
        message("file(.refusedEdit)", words) {
            if case let .file(.refusedEdit(reason)) = $0 { reason } else { nil }
        }
    }

    /// `.file(.cannotWrite(path:reason:))`: the file layer could not write exactly the path
    /// given; the reason says every one of `words`.
    public static func fileCannotWrite(path: String, reasonMentioning words: String...) -> ExpectedError {
        message("file(.cannotWrite(path: \(String(reflecting: path)), reason:))", words) {
            if case let .file(.cannotWrite(outputPath, reason)) = $0, outputPath == path { reason } else { nil }
        }
    }

    /// `.file(error)` for a `RealmFormatError` that `matches`, described as `what`.
    public static func file(_ what: String, where matches: @escaping (RealmFormatError) -> Bool) -> ExpectedError {
        ExpectedError(description: ".file(\(what))") { if case let .file(error) = $0 { matches(error) } else { false } }
    }

    private static func message(_ name: String, _ words: [String],
                                _ text: @escaping (BrowserError) -> String?) -> ExpectedError {
        ExpectedError(description: ".\(name) mentioning \(words.map { "'\($0)'" }.joined(separator: ", "))") { error in
            guard let text = text(error) else { return false }
            return words.allSatisfy { text.contains($0) }
        }
    }
}

/// An error as its case and payload (`.unknownClass("Dgo", suggestion: Optional("Dog"))`), where
/// `description` would give only the message; a case without payload as its message.
public func caseText(_ error: BrowserError) -> String {
    guard let child = Mirror(reflecting: error).children.first, let name = child.label else { return "\"\(error)\"" }
    let payload = Mirror(reflecting: child.value).displayStyle == .tuple ? "\(child.value)" : "(\(String(reflecting: child.value)))"
    return ".\(name)\(payload)"
}

/// Expects `body` to throw the `BrowserError` that `expected` describes, and records an issue
/// naming what was thrown instead (another case, the right case with other words, another
/// error type, or nothing at all).
public func expectError<R>(_ expected: ExpectedError, _ comment: Comment? = nil,
                    sourceLocation: SourceLocation = #_sourceLocation, performing body: () throws -> R) {
    let context = comment.map { " (\($0.rawValue))" } ?? ""
    do {
        _ = try body()
        Issue.record("expected \(expected) but nothing was thrown\(context)", sourceLocation: sourceLocation)
    } catch let error as BrowserError {
        if !expected.matches(error) {
            Issue.record("expected \(expected) but got \(caseText(error)): \(error)\(context)",
                         sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("expected \(expected) but got \(type(of: error)) \(String(reflecting: error))\(context)",
                     sourceLocation: sourceLocation)
    }
}
