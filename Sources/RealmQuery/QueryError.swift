import RealmFormat

/// Why a query could not run: a syntax error, a path or type the schema does not allow, a
/// missing argument, or a damaged file. Every case but the last carries the place in the query.
public enum QueryError: Error, CustomStringConvertible, Sendable {
    case syntax(QueryParseError)
    case unknownProperty(className: String, name: String, suggestion: String?, range: SourceRange)
    case invalid(message: String, range: SourceRange)
    case file(RealmFormatError)

    public var range: SourceRange? {
        switch self {
        case let .syntax(error): return error.range
        case let .unknownProperty(_, _, _, range), let .invalid(_, range): return range
        case .file: return nil
        }
    }

    public var message: String {
        switch self {
        case let .syntax(error): return error.message
        case let .unknownProperty(className, name, suggestion, _):
            return "unknown property '\(name)' in \(className)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .invalid(message, _): return message
        case let .file(error): return error.description
        }
    }

    public var description: String { message }

    /// The query echoed with a caret under the problem and the message below it.
    public func annotated(query: String) -> String {
        guard let range else { return message }
        return CaretDiagnostic.render(query: query, range: range, message: message)
    }
}
